import type { DateState } from '@bid/contract';
import { beforeAll, expect } from 'vitest';
import { createDateJob } from '../../src/modules/dates/date.job.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { insertAuction } from './auctions.js';
import { buyNowAs, HOUR, MINUTE } from './charges.js';
import type { TestDatabase } from './databases.js';
import { expectLedgerBalanced } from './ledger.js';
import { suiteWorld, type Member, type World } from './world.js';

/**
 * The people of a date suite (docs/the-date.md): the host, a stranger, a moderator, and fresh
 * winners, one per date, so no date of one test meets another's.
 */
export interface DateCast {
  host: Member;
  stranger: Member;
  moderator: Member;
  winners: Member[];
  /** The next winner not yet used by a date. */
  nextWinner(): Member;
}

export async function signUpDateCast(world: World, winnerCount: number): Promise<DateCast> {
  const host = await world.signUp('Hana', { card: false });
  const stranger = await world.signUp('Sam');
  const moderator = await world.signUp('Mona', { card: false });
  await world.makeModerator(moderator);
  const winners: Member[] = [];
  for (let i = 0; i < winnerCount; i += 1) winners.push(await world.signUp(`Wes${i}`));
  let next = 0;
  return {
    host,
    stranger,
    moderator,
    winners,
    nextWinner: () => {
      const winner = winners[next++];
      if (!winner) throw new Error(`only ${winnerCount} winners were signed up for this suite`);
      return winner;
    },
  };
}

/**
 * The world of a date suite for one `describe` block (docs/the-date.md): the app on a clock that
 * starts at `start`, with its cast (`winnerCount` winners) signed up before the block's tests.
 */
export function dateWorld(factory: { open(): Promise<TestDatabase> }, start: Date, winnerCount: number) {
  const world = suiteWorld(factory, { clock: start });
  const now = () => world.clock;
  const suite = {
    world,
    now,
    /** The suite's people, signed up before its tests. */
    cast: undefined as unknown as DateCast,
    /** Moves the world's clock on by `ms`. */
    advance: (ms: number) => advanceClock(world, ms),
    /** One run of the date job on the world's database, app and clock, as every instance runs it. */
    runDateJob: () =>
      createDateJob({
        db: world.db,
        paymentProvider: createSandboxProvider(world.db, { now }),
        logger: world.app.log,
        now,
        realtime: world.app.realtime,
      }).runOnce(),
  };
  beforeAll(async () => {
    suite.cast = await signUpDateCast(world, winnerCount);
  }, 120_000);
  return suite;
}

/** Moves the world's clock on by `ms`. */
export function advanceClock(world: World, ms: number): void {
  world.clock = new Date(world.clock.getTime() + ms);
}

/**
 * A paid date: an auction of the host's of `expectedDuration` minutes, bought now at $100 by the
 * next winner; the ledger balances after it.
 */
export async function paidDate(
  world: World,
  cast: DateCast,
  expectedDuration = 60,
): Promise<{ auctionId: string; winner: Member }> {
  const winner = cast.nextWinner();
  const auctionId = await insertAuction(world.db, {
    creatorId: cast.host.id,
    endTime: new Date(world.clock.getTime() + 48 * HOUR),
    buyNowPrice: '100.00',
    expectedDuration,
  });
  const bought = await buyNowAs(world.app, auctionId, winner);
  expect(bought.statusCode, bought.body).toBe(200);
  await expectLedgerBalanced(world.db);
  return { auctionId, winner };
}

/** `proposer` proposes a plan starting `inMinutes` from now and `accepter` accepts it. */
export async function agreePlan(
  world: World,
  auctionId: string,
  proposer: Member,
  accepter: Member,
  inMinutes = 60,
): Promise<DateState> {
  const startsAt = new Date(world.clock.getTime() + inMinutes * MINUTE).toISOString();
  const proposed = await world.call(proposer, 'POST', `/api/auctions/${auctionId}/plan`, {
    place: 'Blue Bottle, 5th Ave',
    startsAt,
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const accepted = await world.call(accepter, 'POST', `/api/auctions/${auctionId}/plan/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json<DateState>();
}

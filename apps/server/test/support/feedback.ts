import { expect } from 'vitest';
import { insertAuction } from './auctions.js';
import { buyNowAs, HOUR, MINUTE } from './charges.js';
import { advanceClock, agreePlan } from './dates.js';
import type { Member, World } from './world.js';

/**
 * Dates that are over, for the feedback suites (docs/the-date.md "Feedback after the date"),
 * driven through the API with the world's clock (the app's injectable `now`). When the sandbox
 * test clock exists, a browser journey can play the same steps with it instead of `advanceClock`.
 */

/** A $100 Buy Now date of `host`'s, paid by `winner`. */
export async function paidDateOf(world: World, host: Member, winner: Member, expectedDuration = 60): Promise<string> {
  const auctionId = await insertAuction(world.db, {
    creatorId: host.id,
    endTime: new Date(world.clock.getTime() + 48 * HOUR),
    buyNowPrice: '100.00',
    expectedDuration,
  });
  const bought = await buyNowAs(world.app, auctionId, winner);
  expect(bought.statusCode, bought.body).toBe(200);
  return auctionId;
}

/**
 * A date both people came to and the host ended: plan agreed 30 minutes ahead, both check in
 * at the start, ended HOST_NO_SHOW_GRACE_MINUTES (30) after it. The feedback window opens at the
 * clock's time when it returns.
 */
export async function dateEndedByHost(world: World, host: Member, winner: Member): Promise<string> {
  const auctionId = await paidDateOf(world, host, winner);
  await agreePlan(world, auctionId, winner, host, 30);
  advanceClock(world, 30 * MINUTE);
  const ok = async (who: Member, path: string, body?: object) => {
    const res = await world.call(who, 'POST', `/api/auctions/${auctionId}/${path}`, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  };
  await ok(host, 'date-mode/start');
  await ok(host, 'date-mode/check-in', { kind: 'arrived' });
  await ok(winner, 'date-mode/check-in', { kind: 'arrived' });
  advanceClock(world, 30 * MINUTE);
  await ok(host, 'date-mode/end');
  return auctionId;
}

/**
 * A date the host did not come to: the plan starts 30 minutes ahead; the clock passes the grace
 * time and `runDateJob` settles it as a host no-show (the window opens then).
 */
export async function hostNoShowDate(
  world: World,
  host: Member,
  winner: Member,
  runDateJob: () => Promise<unknown>,
): Promise<string> {
  const auctionId = await paidDateOf(world, host, winner);
  await agreePlan(world, auctionId, winner, host, 30);
  advanceClock(world, 61 * MINUTE);
  await runDateJob();
  return auctionId;
}

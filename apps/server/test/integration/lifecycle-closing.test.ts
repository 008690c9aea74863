import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import { auctions, bids, notifications, users, type Notification } from '../../src/db/schema/index.js';
import { closeDueAuctions, type ClosedAuction } from '../../src/modules/auctions/lifecycle/close-due-auctions.js';
import { notifyEndingSoon } from '../../src/modules/auctions/lifecycle/notify-ending-soon.js';
import { connectionUrlOf, postgresOnlyFactories, testDatabaseFactories } from '../support/databases.js';
import { suiteWorld } from '../support/world.js';
import { insertAuction } from '../support/auctions.js';

const MINUTE = 60_000;

/** Users seeded as rows, one per label: the people of a closing test, their ids by label. */
async function createUsers<Label extends string>(db: Db, labels: Label[]): Promise<Record<Label, string>> {
  const ids = {} as Record<Label, string>;
  for (const label of labels) ids[label] = await createUser(db, label);
  return ids;
}

async function createUser(db: Db, label: string): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
      firstName: label,
      lastName: 'Tester',
      age: 30,
      location: 'Austin, TX',
      sex: 'female',
      openToDatesWith: ['male'],
    })
    .returning({ id: users.id });
  return user!.id;
}

function notificationsFor(db: Db, auctionIds: string[]): Promise<Notification[]> {
  return db.select().from(notifications).where(inArray(notifications.relatedAuctionId, auctionIds));
}

/** "auctionId|userId|type" for each notification, to count duplicates. */
function keysOf(rows: Notification[]): string[] {
  return rows.map((n) => `${n.relatedAuctionId}|${n.userId}|${n.type}`).sort();
}

describe.each(testDatabaseFactories())('closing due auctions on $kind', (factory) => {
  const now = new Date('2031-03-01T12:00:00.000Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const world = suiteWorld(factory, { clock: now });
  let creator: string;
  let ann: string;
  let ben: string;
  let cat: string;

  beforeAll(async () => {
    ({ creator, ann, ben, cat } = await createUsers(world.db, ['creator', 'ann', 'ben', 'cat']));
  });

  it('makes the highest bidder the winner and tells every bidder once', async () => {
    const auctionId = await insertAuction(world.db, {
      creatorId: creator,
      endTime: ago(1),
      title: 'Sunset kayak trip',
      bids: [
        { bidderId: ann, amount: '30.00', at: ago(50) },
        { bidderId: ben, amount: '41.00', at: ago(40) },
        { bidderId: ann, amount: '55.00', at: ago(30) },
        { bidderId: cat, amount: '75.50', at: ago(20) },
      ],
    });

    const closed = await closeDueAuctions(world.db, now);

    expect(closed).toEqual([
      {
        auctionId,
        title: 'Sunset kayak trip',
        creatorId: creator,
        winnerId: cat,
        winningBid: '75.50',
        closedAt: now,
      } satisfies ClosedAuction,
    ]);
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({ isActive: false, winnerId: cat, closedAt: now });

    const sent = await notificationsFor(world.db, [auctionId]);
    expect(keysOf(sent)).toEqual(
      [
        `${auctionId}|${ann}|auction_lost`,
        `${auctionId}|${ben}|auction_lost`,
        `${auctionId}|${cat}|auction_won`,
        `${auctionId}|${creator}|auction_ended`,
      ].sort(),
    );
    const won = sent.find((n) => n.type === 'auction_won')!;
    expect(won).toMatchObject({ title: 'You won!', relatedUserId: creator, isRead: false });
    // Cents when the amount has any: the message travels by mail and push too (docs/notifications.md).
    expect(won.message).toBe('You won "Sunset kayak trip"! Your winning bid: $75.50.');
    const lost = sent.find((n) => n.userId === ann)!;
    expect(lost).toMatchObject({
      title: 'Auction ended',
      message: '"Sunset kayak trip" has ended and another bidder won. You will not be charged.',
    });
    const hostNotice = sent.find((n) => n.userId === creator)!;
    expect(hostNotice).toMatchObject({ title: 'Your auction ended', relatedUserId: cat });
    expect(hostNotice.message).toMatch(/^"Sunset kayak trip" ended\. .+ won with \$75\.50: say hello in Messages\.$/);
  });

  it('breaks a tie on the amount in favour of the earliest bid', async () => {
    const auctionId = await insertAuction(world.db, {
      creatorId: creator,
      endTime: ago(1),
      bids: [
        { bidderId: ben, amount: '60.00', at: ago(9) },
        { bidderId: ann, amount: '60.00', at: ago(10) },
      ],
    });
    const closed = await closeDueAuctions(world.db, now);
    expect(closed.map((a) => [a.auctionId, a.winnerId])).toEqual([[auctionId, ann]]);
  });

  it('closes an auction nobody bid on without a winner, telling only the host', async () => {
    const auctionId = await insertAuction(world.db, { creatorId: creator, endTime: ago(5) });
    const closed = await closeDueAuctions(world.db, now);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ auctionId, winnerId: null, winningBid: null });
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({ isActive: false, winnerId: null, closedAt: now });
    const sent = await notificationsFor(world.db, [auctionId]);
    expect(sent.map((n) => [n.userId, n.type, n.message])).toEqual([
      [creator, 'auction_ended', `"${row!.title}" ended without bids.`],
    ]);
  });

  it('leaves auctions that are not due, already closed or cancelled alone, and a second run does nothing', async () => {
    const future = await insertAuction(world.db, {
      creatorId: creator,
      endTime: new Date(now.getTime() + 1),
      bids: [{ bidderId: ann, amount: '25.00', at: ago(3) }],
    });
    const cancelled = await insertAuction(world.db, { creatorId: creator, endTime: ago(30) });
    await world.db
      .update(auctions)
      .set({ isActive: false, cancelledAt: ago(40), closedAt: ago(40) })
      .where(eq(auctions.id, cancelled));
    const due = await insertAuction(world.db, {
      creatorId: creator,
      endTime: now, // end time ≤ now is due
      bids: [{ bidderId: ben, amount: '25.00', at: ago(3) }],
    });

    const first = await closeDueAuctions(world.db, now);
    expect(first.map((a) => a.auctionId)).toEqual([due]);
    const [futureRow] = await world.db.select().from(auctions).where(eq(auctions.id, future));
    expect(futureRow).toMatchObject({ isActive: true, closedAt: null, winnerId: null });
    const [cancelledRow] = await world.db.select().from(auctions).where(eq(auctions.id, cancelled));
    expect(cancelledRow).toMatchObject({ isActive: false, closedAt: ago(40), winnerId: null });

    const before = await world.db.select().from(notifications);
    expect(await closeDueAuctions(world.db, now)).toEqual([]);
    expect(await world.db.select().from(notifications)).toHaveLength(before.length);
    expect(await notificationsFor(world.db, [future, cancelled])).toEqual([]);
  });

  it('closes at most `limit` auctions per call, the earliest ending first', async () => {
    const later = await insertAuction(world.db, { creatorId: creator, endTime: ago(2) });
    const earlier = await insertAuction(world.db, { creatorId: creator, endTime: ago(3) });
    const first = await closeDueAuctions(world.db, now, 1);
    expect(first.map((a) => a.auctionId)).toEqual([earlier]);
    const second = await closeDueAuctions(world.db, now, 1);
    expect(second.map((a) => a.auctionId)).toEqual([later]);
    expect(await closeDueAuctions(world.db, now, 1)).toEqual([]);
  });
});

describe.each(testDatabaseFactories())('ending-soon notifications on $kind', (factory) => {
  const now = new Date('2031-04-01T09:00:00.000Z');
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  const world = suiteWorld(factory, { clock: now });
  let creator: string;
  let ann: string;
  let ben: string;

  beforeAll(async () => {
    ({ creator, ann, ben } = await createUsers(world.db, ['creator', 'ann', 'ben']));
  });

  it('tells each distinct bidder once when the end is within the lead time, and never twice', async () => {
    const soon = await insertAuction(world.db, {
      creatorId: creator,
      endTime: inMinutes(30),
      title: 'Tacos downtown',
      bids: [
        { bidderId: ann, amount: '25.00', at: inMinutes(-50) },
        { bidderId: ben, amount: '26.00', at: inMinutes(-40) },
        { bidderId: ann, amount: '27.00', at: inMinutes(-30) },
      ],
    });
    const later = await insertAuction(world.db, {
      creatorId: creator,
      endTime: inMinutes(61),
      bids: [{ bidderId: ann, amount: '25.00', at: inMinutes(-5) }],
    });
    const ended = await insertAuction(world.db, {
      creatorId: creator,
      endTime: inMinutes(-1),
      bids: [{ bidderId: ben, amount: '25.00', at: inMinutes(-5) }],
    });
    const soonWithoutBids = await insertAuction(world.db, { creatorId: creator, endTime: inMinutes(20) });

    const first = await notifyEndingSoon(world.db, now, 60);
    expect(first).toEqual([{ auctionId: soon, bidderCount: 2 }]);
    const sent = await notificationsFor(world.db, [soon, later, ended, soonWithoutBids]);
    expect(keysOf(sent)).toEqual([`${soon}|${ann}|auction_ending_soon`, `${soon}|${ben}|auction_ending_soon`].sort());
    expect(sent[0]).toMatchObject({
      title: 'Auction ending soon',
      message: '"Tacos downtown" ends within 1 hour. Place your final bid!',
    });
    const [soonRow] = await world.db.select().from(auctions).where(eq(auctions.id, soon));
    expect(soonRow!.endingSoonNotifiedAt).toEqual(now);

    // Again now, and again later when the other auction is within the lead time too: `soon` never repeats.
    expect(await notifyEndingSoon(world.db, now, 60)).toEqual([]);
    const second = await notifyEndingSoon(world.db, inMinutes(2), 60);
    expect(second).toEqual([{ auctionId: later, bidderCount: 1 }]);
    const all = await notificationsFor(world.db, [soon, later, ended, soonWithoutBids]);
    expect(keysOf(all)).toEqual(
      [
        `${soon}|${ann}|auction_ending_soon`,
        `${soon}|${ben}|auction_ending_soon`,
        `${later}|${ann}|auction_ending_soon`,
      ].sort(),
    );

    // The auction without bids was not claimed: its first bidder will still hear.
    const [unclaimed] = await world.db.select().from(auctions).where(eq(auctions.id, soonWithoutBids));
    expect(unclaimed!.endingSoonNotifiedAt).toBeNull();
    await world.db.insert(bids).values({ auctionId: soonWithoutBids, bidderId: ben, amount: '20.00', createdAt: now });
    await world.db.update(auctions).set({ bidCount: 1 }).where(eq(auctions.id, soonWithoutBids));
    expect(await notifyEndingSoon(world.db, inMinutes(3), 60)).toEqual([
      { auctionId: soonWithoutBids, bidderCount: 1 },
    ]);
  });
});

function poolOf(database: Database): pg.Pool {
  if (database.driver.kind !== 'postgres') throw new Error('not PostgreSQL');
  return database.driver.pool;
}

describe.each(postgresOnlyFactories())('closing exactly once across instances on $kind', (factory) => {
  const now = new Date('2031-05-01T18:00:00.000Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const world = suiteWorld(factory, { clock: now });
  // A second pool on the world's database stands in for a second app instance.
  let second: Database;

  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: connectionUrlOf(world.testDb.database), poolSize: 10 });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('closes 50 due auctions once each while two instances race, with one notification per person', async () => {
    const creator = await createUser(world.db, 'creator');
    const bidders = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(world.db, `bidder${i}`)));
    const expectedWinner = new Map<string, string | null>();
    const expectedLosers = new Map<string, Set<string>>();
    for (let i = 0; i < 50; i += 1) {
      // Every tenth auction has no bids; the others 1 to 5 bids, some bidders twice.
      const count = i % 10 === 0 ? 0 : 1 + (i % 5);
      const placed = Array.from({ length: count }, (_, k) => ({
        bidderId: bidders[(i + k * 2) % bidders.length]!,
        amount: `${25 + k * 5}.00`,
        at: ago(100 - k),
      }));
      const auctionId = await insertAuction(world.db, { creatorId: creator, endTime: ago(50 - i / 2), bids: placed });
      const winner = placed.at(-1)?.bidderId ?? null;
      expectedWinner.set(auctionId, winner);
      expectedLosers.set(auctionId, new Set(placed.map((b) => b.bidderId).filter((id) => id !== winner)));
    }
    const notYetDue = await insertAuction(world.db, {
      creatorId: creator,
      endTime: new Date(now.getTime() + MINUTE),
      bids: [{ bidderId: bidders[0]!, amount: '30.00', at: ago(1) }],
    });

    // Three workers per instance, small batches, each looping until it finds nothing: many interleavings.
    const worker = async (instance: Db) => {
      const mine: ClosedAuction[] = [];
      for (;;) {
        const batch = await closeDueAuctions(instance, now, 4);
        if (batch.length === 0) return mine;
        mine.push(...batch);
      }
    };
    const results = await Promise.all([world.db, world.db, world.db, second.db, second.db, second.db].map(worker));
    const closedIds = results.flat().map((a) => a.auctionId);

    // Each auction reported closed exactly once, and by both instances between them (the work was shared).
    expect(closedIds).toHaveLength(50);
    expect(new Set(closedIds).size).toBe(50);
    expect(new Set(closedIds)).toEqual(new Set(expectedWinner.keys()));

    const rows = await world.db
      .select()
      .from(auctions)
      .where(inArray(auctions.id, [...expectedWinner.keys()]));
    for (const row of rows) {
      expect(row.isActive).toBe(false);
      expect(row.closedAt).toEqual(now);
      expect(row.winnerId).toBe(expectedWinner.get(row.id));
    }
    const [open] = await world.db.select().from(auctions).where(eq(auctions.id, notYetDue));
    expect(open).toMatchObject({ isActive: true, closedAt: null });

    const sent = await notificationsFor(world.db, [...expectedWinner.keys()]);
    const keys = keysOf(sent);
    expect(new Set(keys).size).toBe(keys.length); // no duplicates
    const expectedKeys: string[] = [];
    for (const [auctionId, winner] of expectedWinner) {
      expectedKeys.push(`${auctionId}|${creator}|auction_ended`);
      if (winner) expectedKeys.push(`${auctionId}|${winner}|auction_won`);
      for (const loser of expectedLosers.get(auctionId)!) expectedKeys.push(`${auctionId}|${loser}|auction_lost`);
    }
    expect(keys).toEqual(expectedKeys.sort());

    // A later run on either instance finds nothing.
    expect(await closeDueAuctions(second.db, now)).toEqual([]);
    expect(await closeDueAuctions(world.db, now)).toEqual([]);
  });

  it('skips an auction whose row a bid is writing, and closes it with that bid on the next run', async () => {
    const creator = await createUser(world.db, 'creator3');
    const early = await createUser(world.db, 'early');
    const late = await createUser(world.db, 'late');
    const auctionId = await insertAuction(world.db, {
      creatorId: creator,
      endTime: ago(1),
      bids: [{ bidderId: early, amount: '40.00', at: ago(10) }],
    });
    // Another instance accepting a last bid holds the row lock in an open transaction.
    const client = await poolOf(second).connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE auctions SET current_bid = 90, bid_count = bid_count + 1 WHERE id = $1', [auctionId]);
      await client.query('INSERT INTO bids (auction_id, bidder_id, amount, created_at) VALUES ($1, $2, 90, $3)', [
        auctionId,
        late,
        ago(2).toISOString(),
      ]);
      expect(await closeDueAuctions(world.db, now)).toEqual([]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const closed = await closeDueAuctions(world.db, now);
    expect(closed.map((a) => [a.auctionId, a.winnerId, a.winningBid])).toEqual([[auctionId, late, '90.00']]);
  });

  it('sends ending-soon notices once while two instances race', async () => {
    const soonAt = new Date('2031-06-01T10:00:00.000Z');
    const creator = await createUser(world.db, 'creator2');
    const bidders = await Promise.all(Array.from({ length: 4 }, (_, i) => createUser(world.db, `soon${i}`)));
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(
        await insertAuction(world.db, {
          creatorId: creator,
          endTime: new Date(soonAt.getTime() + (10 + i) * MINUTE),
          bids: [
            { bidderId: bidders[i % 4]!, amount: '25.00', at: new Date(soonAt.getTime() - 5 * MINUTE) },
            { bidderId: bidders[(i + 1) % 4]!, amount: '30.00', at: new Date(soonAt.getTime() - 4 * MINUTE) },
          ],
        }),
      );
    }
    // Four racing calls (two per instance) take a batch each, then one loop claims the rest.
    const racing = await Promise.all(
      [world.db, second.db, world.db, second.db].map((instance) => notifyEndingSoon(instance, soonAt, 60, 5)),
    );
    const claimed = racing.flat();
    for (let round = 0; round < 10; round += 1) {
      const batch = await notifyEndingSoon(second.db, soonAt, 60, 5);
      if (batch.length === 0) break;
      claimed.push(...batch);
    }
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed.map((c) => c.auctionId))).toEqual(new Set(ids));
    expect(claimed.every((c) => c.bidderCount === 2)).toBe(true);

    const sent = await world.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.relatedAuctionId, ids), eq(notifications.type, 'auction_ending_soon')));
    const keys = keysOf(sent);
    expect(keys).toHaveLength(60);
    expect(new Set(keys).size).toBe(60);
  });
});

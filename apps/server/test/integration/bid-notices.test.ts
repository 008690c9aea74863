import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { auctions, bids, notificationDeliveries, notifications, pendingBidNotices } from '../../src/db/schema/index.js';
import { BID_NOTIFICATION_TEMPLATES } from '../../src/modules/auctions/auction-notices.js';
import { writeBidNotices } from '../../src/modules/auctions/bid-notices.repository.js';
import { createBidQueue } from '../../src/modules/auctions/bid-queue.js';
import { placeBidsStatement, type BidOutcome, type BidRequest } from '../../src/modules/auctions/bids.repository.js';
import { createLifecycleJob } from '../../src/use-cases/close-due-auctions.job.js';
import { connectionUrlOf, describePostgresOnly, testDatabaseFactories } from '../support/databases.js';
import { suiteWorld, type Member, type World } from '../support/world.js';

/**
 * A bid's notices are written right after the bid commits, off the auction's row lock, from the
 * one pending row `accept_bid` leaves (docs/notifications.md, "A bid's notices"); bids that
 * arrive together on one auction are decided in one `place_bids` call (docs/performance.md,
 * "Bids on one auction in batches").
 */
/** As POST /api/bids passes it on: a checked amount with its cents. */
const request = (who: Member, dollars: string): BidRequest => ({
  bidderId: who.id,
  amount: `${dollars}.00`,
  maxAmount: undefined,
  cardConfirmed: true,
  now: new Date(),
  softCloseSeconds: 0,
});

function queueOf(world: World) {
  return createBidQueue({ db: world.db, bidsPerMinute: 1000 });
}

/** A host's auction, two members to bid on it (Ann, then Ben), and this instance's bid queue. */
async function auctionWithTwoBidders(world: World) {
  const host = await world.signUp('Host');
  const ann = await world.signUp('Ann');
  const ben = await world.signUp('Ben');
  const auction = await world.createAuction(host);
  return { host, ann, ben, auction, queue: queueOf(world) };
}

async function noticesOf(world: World, auctionId: string) {
  return world.db
    .select({ userId: notifications.userId, type: notifications.type, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.relatedAuctionId, auctionId));
}

async function pendingOf(world: World, auctionId: string) {
  return world.db.select().from(pendingBidNotices).where(eq(pendingBidNotices.auctionId, auctionId));
}

describe.each(testDatabaseFactories())("a bid's notices on $kind", (factory) => {
  const world = suiteWorld(factory);

  it('are written by POST /api/bids before it answers: the host told of the bid, the beaten leader outbid', async () => {
    const host = await world.signUp('Host');
    const ann = await world.signUp('Ann', { lastName: 'Lee' });
    const ben = await world.signUp('Ben', { lastName: 'Ng' });
    const auction = await world.createAuction(host, { title: 'Picnic in the park' });
    expect((await world.bid(ann, { auctionId: auction.id, amount: '20' })).statusCode).toBe(201);
    expect((await world.bid(ben, { auctionId: auction.id, amount: '25' })).statusCode).toBe(201);

    expect(await pendingOf(world, auction.id)).toEqual([]);
    const notices = await noticesOf(world, auction.id);
    expect(notices).toEqual(
      expect.arrayContaining([
        { userId: host.id, type: 'bid_received', message: 'Ann L. bid $20 on "Picnic in the park".' },
        { userId: host.id, type: 'bid_received', message: 'Ben N. bid $25 on "Picnic in the park".' },
        {
          userId: ann.id,
          type: 'outbid',
          message: 'Someone bid $25 on "Picnic in the park". Bid at least $26 to take the lead.',
        },
      ]),
    );
    expect(notices).toHaveLength(3);
    // The outbox trigger gave each its e-mail, in the same statement.
    const emails = await world.db
      .select({ userId: notificationDeliveries.userId })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.relatedAuctionId, auction.id), eq(notificationDeliveries.channel, 'email')));
    expect(emails).toHaveLength(3);
  });

  it('wait as one pending row until written, and are written exactly once', async () => {
    const { host, ann, ben, auction, queue } = await auctionWithTwoBidders(world);
    const first = await queue.place(auction.id, request(ann, '20'));
    const second = await queue.place(auction.id, request(ben, '25'));
    if (!first.accepted || !second.accepted) throw new Error('both bids should stand');

    // Decided, not yet told: the rows wait, with the texts as they will read.
    const pending = await pendingOf(world, auction.id);
    expect(pending.map((row) => [row.bidId, row.hostId, row.outbidId])).toEqual(
      expect.arrayContaining([
        [first.bidId, host.id, null],
        [second.bidId, host.id, ann.id],
      ]),
    );
    expect(await noticesOf(world, auction.id)).toEqual([]);

    expect((await writeBidNotices(world.db, [first.bidId, second.bidId])).sort()).toEqual([host.id, ann.id].sort());
    expect(await noticesOf(world, auction.id)).toHaveLength(3);
    expect(await pendingOf(world, auction.id)).toEqual([]);
    // Again: nothing left to write.
    expect(await writeBidNotices(world.db, [first.bidId, second.bidId])).toEqual([]);
    expect(await noticesOf(world, auction.id)).toHaveLength(3);
  });

  it('left behind by a request are written by the lifecycle job once they are 10 s old, and only then', async () => {
    const host = await world.signUp('Host');
    const ann = await world.signUp('Ann');
    const auction = await world.createAuction(host);
    const outcome = await queueOf(world).place(auction.id, request(ann, '20'));
    if (!outcome.accepted) throw new Error('the bid should stand');
    const job = createLifecycleJob({ db: world.db, logger: world.app.log, endingSoonMinutes: 60 });

    // Fresh: its request may still be writing it.
    await job.runOnce();
    expect(await pendingOf(world, auction.id)).toHaveLength(1);
    expect(await noticesOf(world, auction.id)).toEqual([]);

    await world.db.execute(
      sql`UPDATE pending_bid_notices SET created_at = created_at - interval '11 seconds' WHERE bid_id = ${outcome.bidId}`,
    );
    const run = await job.runOnce();
    expect(run.leftBehindBidNoticesWritten).toBe(1);
    expect(await pendingOf(world, auction.id)).toEqual([]);
    expect(await noticesOf(world, auction.id)).toEqual([
      expect.objectContaining({ userId: host.id, type: 'bid_received' }),
    ]);
  });

  it("waiting when a member deletes their account are written first, so they name 'Deleted user'", async () => {
    const host = await world.signUp('Host');
    const ann = await world.signUp('Ann', { lastName: 'Gone' });
    const auction = await world.createAuction(host, { title: 'Hike' });
    await queueOf(world).place(auction.id, request(ann, '20'));
    expect(await pendingOf(world, auction.id)).toHaveLength(1);

    const deleted = await world.call(ann, 'DELETE', '/api/account', { confirm: 'DELETE' });
    expect(deleted.statusCode).toBe(200);
    expect(await pendingOf(world, auction.id)).toEqual([]);
    expect(await noticesOf(world, auction.id)).toEqual([
      { userId: host.id, type: 'bid_received', message: 'Deleted user bid $20 on "Hike".' },
    ]);
  });

  it('skip a recipient deleted in the meantime, and still leave nothing behind', async () => {
    const host = await world.signUp('Host');
    const ann = await world.signUp('Ann');
    const auction = await world.createAuction(host);
    const bidId = randomUUID();
    await world.db.insert(pendingBidNotices).values({
      bidId,
      auctionId: auction.id,
      bidderId: ann.id,
      hostId: randomUUID(), // no such member (any more)
      receivedTitle: 'New bid on your auction',
      receivedMessage: 'Ann bid $20.00.',
    });
    expect(await writeBidNotices(world.db, [bidId])).toEqual([]);
    expect(await pendingOf(world, auction.id)).toEqual([]);
  });
});

describe.each(testDatabaseFactories())('bids on one auction arriving together on $kind', (factory) => {
  const world = suiteWorld(factory);

  it('are decided in one call, in arrival order, each with its own answer', async () => {
    const host = await world.signUp('Host');
    const bidders = await Promise.all(['Ann', 'Ben', 'Cat', 'Dan'].map((name) => world.signUp(name)));
    const auction = await world.createAuction(host);
    const queue = queueOf(world);
    const calls: string[] = [];
    const counting = world.db.execute.bind(world.db);
    world.db.execute = (query: Parameters<typeof counting>[0]) => {
      calls.push('call');
      return counting(query);
    };
    try {
      // Placed in one tick: the first goes at once, the other three wait for it and go together.
      const outcomes = await Promise.all([
        queue.place(auction.id, request(bidders[0]!, '20')),
        queue.place(auction.id, request(bidders[1]!, '22')),
        queue.place(auction.id, request(bidders[2]!, '22')), // as much as the bid before it: too low
        queue.place(auction.id, request(bidders[3]!, '30')),
      ]);
      expect(calls).toHaveLength(2);
      expect(outcomes.map((o) => (o.accepted ? o.amount : o.refusal))).toEqual(['20.00', '22.00', 'refused', '30.00']);
      const last = outcomes[3];
      if (!last.accepted) throw new Error('the last bid should stand');
      expect(last.previousLeaderId).toBe(bidders[1]!.id);
      expect(last.auction.bidCount).toBe(3);
    } finally {
      world.db.execute = counting;
    }
  });

  it('are decided in one call exactly as they would be one call each: random sequences of bids and maximums', async () => {
    const host = await world.signUp('Host');
    const people = [host, ...(await Promise.all(['Ann', 'Ben', 'Cat'].map((name) => world.signUp(name))))];
    const requestArb = fc.record({
      who: fc.integer({ min: 0, max: 3 }), // the host now and then: refused as their own auction
      dollars: fc.integer({ min: 1, max: 160 }),
      extra: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
      // 0 now and then: amounts the app refused itself ('checked': the checks made, nothing written).
      checked: fc.integer({ min: 0, max: 7 }),
    });
    const base = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb, { minLength: 1, maxLength: 30 }), async (items) => {
        // Twins: the same auction twice; one gets the bids in one call, the other one call per bid.
        const [together, alone] = [
          await world.createAuction(host, { startingBid: '20', buyNowPrice: '150' }),
          await world.createAuction(host, { startingBid: '20', buyNowPrice: '150' }),
        ];
        await world.db
          .update(auctions)
          .set({ endTime: new Date(base + 3_600_000) })
          .where(sql`${auctions.id} IN (${together.id}, ${alone.id})`);
        const requests = items.map((item, index): BidRequest => ({
          bidderId: people[item.who]!.id,
          amount: item.checked === 0 ? null : `${item.dollars}.00`,
          maxAmount: item.extra === undefined ? undefined : `${item.dollars + item.extra}.00`,
          cardConfirmed: true,
          // Every bid moves the end (a soft close longer than the time left), so the end carried from
          // bid to bid is compared too.
          now: new Date(base + index),
          softCloseSeconds: 7200 + index,
        }));
        const call = (auctionId: string, batch: readonly BidRequest[]) =>
          placeBidsStatement(world.db, {
            auctionId,
            bids: batch,
            texts: BID_NOTIFICATION_TEMPLATES,
            bidsPerMinute: 1000,
          });
        const inOneCall = await call(together.id, requests);
        const oneByOne: BidOutcome[] = [];
        for (const bid of requests) oneByOne.push((await call(alone.id, [bid]))[0]!);

        const comparable = (outcome: BidOutcome) => {
          const auction = outcome.auction && { ...outcome.auction, id: undefined };
          return outcome.accepted
            ? { ...outcome, bidId: undefined, createdAt: undefined, auction }
            : { ...outcome, auction };
        };
        expect(inOneCall.map(comparable)).toEqual(oneByOne.map(comparable));

        const stateOf = async (auctionId: string) => ({
          row: (
            await world.db
              .select({
                currentBid: auctions.currentBid,
                bidCount: auctions.bidCount,
                watcherCount: auctions.watcherCount,
                leaderId: auctions.leaderId,
                leaderMax: auctions.leaderMax,
                endTime: auctions.endTime,
                updatedAt: auctions.updatedAt,
              })
              .from(auctions)
              .where(eq(auctions.id, auctionId))
          )[0],
          bids: await world.db
            .select({
              bidderId: bids.bidderId,
              amount: bids.amount,
              maxAmount: bids.maxAmount,
              isAutomatic: bids.isAutomatic,
            })
            .from(bids)
            .where(eq(bids.auctionId, auctionId))
            .orderBy(asc(bids.createdAt)),
          notices: (await pendingOf(world, auctionId))
            .map((notice) => [notice.bidderId, notice.receivedMessage, notice.outbidId, notice.outbidMessage].join('|'))
            .sort(),
        });
        expect(await stateOf(together.id)).toEqual(await stateOf(alone.id));
        // Their createdAt are strictly increasing in the order of acceptance, within the call too.
        const times = await world.db
          .select({ all: sql<number>`count(*)::int`, distinct: sql<number>`count(DISTINCT ${bids.createdAt})::int` })
          .from(bids)
          .where(eq(bids.auctionId, together.id));
        expect(times[0]!.distinct).toBe(times[0]!.all);
      }),
      { numRuns: 12 },
    );
  }, 180_000);

  it('are decided one by one when their shared call fails, so one bad bid fails alone', async () => {
    const host = await world.signUp('Host');
    const [ann, ben, cat] = await Promise.all([world.signUp('Ann'), world.signUp('Ben'), world.signUp('Cat')]);
    const auction = await world.createAuction(host);
    const queue = queueOf(world);
    const first = queue.place(auction.id, request(ann, '20'));
    // Not a number: the database refuses the whole statement it is in.
    const broken = queue.place(auction.id, { ...request(ben, '21'), amount: 'twenty-one' });
    const after = queue.place(auction.id, request(cat, '25'));
    expect((await first).accepted).toBe(true);
    await expect(broken).rejects.toThrow();
    expect(await after).toMatchObject({ accepted: true, amount: '25.00' });
  });

  it('on different auctions never wait for one another', async () => {
    const host = await world.signUp('Host');
    const ann = await world.signUp('Ann');
    const [one, two] = [await world.createAuction(host), await world.createAuction(host)];
    const queue = queueOf(world);
    const outcomes = await Promise.all([
      queue.place(one.id, request(ann, '20')),
      queue.place(two.id, request(ann, '20')),
    ]);
    expect(outcomes.map((o) => o.accepted)).toEqual([true, true]);
  });
});

describePostgresOnly("a bid's notices raced for by two instances", (factory) => {
  const world = suiteWorld(factory);

  it('are written once: the second writer finds the row gone', async () => {
    const { ann, ben, auction, queue } = await auctionWithTwoBidders(world);
    await queue.place(auction.id, request(ann, '20'));
    const outcome = await queue.place(auction.id, request(ben, '25'));
    if (!outcome.accepted) throw new Error('the bid should stand');
    const other = await openDatabase({ databaseUrl: connectionUrlOf(world.testDb.database), poolSize: 2 });
    try {
      await Promise.all([writeBidNotices(world.db, [outcome.bidId]), writeBidNotices(other.db, [outcome.bidId])]);
    } finally {
      await other.close();
    }
    const notices = await noticesOf(world, auction.id);
    expect(notices.filter((n) => n.type === 'outbid')).toHaveLength(1);
    expect(notices.filter((n) => n.type === 'bid_received')).toHaveLength(1); // the first bid's is still pending
  });

  it("are written while another call holds the auction's row: the two take no turns (migration 0029)", async () => {
    const { host, ann, ben, auction, queue } = await auctionWithTwoBidders(world);
    const first = await queue.place(auction.id, request(ann, '20'));
    if (!first.accepted) throw new Error('the bid should stand');
    const other = await openDatabase({ databaseUrl: connectionUrlOf(world.testDb.database), poolSize: 2 });
    try {
      // The other instance's call holds the hot auction's row lock, as a batch does while it runs.
      await other.db.transaction(async (bidCall) => {
        const [held] = await placeBidsStatement(bidCall, {
          auctionId: auction.id,
          bids: [request(ben, '25')],
          texts: BID_NOTIFICATION_TEMPLATES,
          bidsPerMinute: 1000,
        });
        expect(held?.accepted).toBe(true);
        // The notices' foreign-key check on the auction must not wait for that lock. Under FOR
        // UPDATE it did, and since the call cannot commit while this waits, the pool's statement
        // timeout ended the wait with an error ("while locking tuple ... in relation auctions").
        await writeBidNotices(world.db, [first.bidId]);
      });
    } finally {
      await other.close();
    }
    const notices = await noticesOf(world, auction.id);
    expect(notices).toContainEqual(expect.objectContaining({ userId: host.id, type: 'bid_received' }));
  });

  it('and bids from two instances with overlapping bidders never deadlock', async () => {
    const host = await world.signUp('Host');
    const bidders = await Promise.all(['Ann', 'Ben', 'Cat', 'Dan', 'Eve'].map((name) => world.signUp(name)));
    const auction = await world.createAuction(host);
    const other = await openDatabase({ databaseUrl: connectionUrlOf(world.testDb.database), poolSize: 5 });
    try {
      const queues = [queueOf(world), createBidQueue({ db: other.db, bidsPerMinute: 1000 })];
      // Each instance's bids come in an order the other's do not share, batch after batch.
      let amount = 20;
      const all: Array<Promise<unknown>> = [];
      for (let round = 0; round < 10; round += 1) {
        for (const [i, queue] of queues.entries()) {
          const order = i === 0 ? bidders : [...bidders].reverse();
          for (const who of order) all.push(queue.place(auction.id, request(who, String((amount += 1)))));
        }
      }
      const outcomes = await Promise.allSettled(all);
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

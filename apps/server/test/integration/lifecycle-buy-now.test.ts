import { randomUUID } from 'node:crypto';
import { INCOMPLETE_PROFILE_FOR_BID } from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { auctions, bids, notifications } from '../../src/db/schema/index.js';
import { closeDueAuctions } from '../../src/modules/auctions/lifecycle/close-due-auctions.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { postgresOnlyFactories, testDatabaseFactories } from '../support/databases.js';
import { expectRefusal } from '../support/refusals.js';
import { suiteWorld, type Member, type World } from '../support/world.js';

const MINUTE = 60_000;

async function createAuction(
  db: Db,
  input: {
    creatorId: string;
    endTime: Date;
    buyNowPrice?: string | null;
    currentBid?: string;
    bids?: Array<{ bidderId: string; amount: string }>;
    title?: string;
  },
): Promise<string> {
  const placed = input.bids ?? [];
  const [auction] = await db
    .insert(auctions)
    .values({
      creatorId: input.creatorId,
      title: input.title ?? 'Rooftop dinner',
      description: 'Dinner on a rooftop with a view of the mountains.',
      dateType: 'dinner',
      location: 'Denver, CO',
      startingBid: '20.00',
      currentBid: input.currentBid ?? placed.at(-1)?.amount ?? '20.00',
      buyNowPrice: input.buyNowPrice === undefined ? '80.00' : input.buyNowPrice,
      endTime: input.endTime,
      bidCount: placed.length,
      expectedDuration: 60,
    })
    .returning({ id: auctions.id });
  for (const [index, bid] of placed.entries()) {
    await db.insert(bids).values({
      auctionId: auction!.id,
      bidderId: bid.bidderId,
      amount: bid.amount,
      createdAt: new Date(Date.now() - (placed.length - index) * MINUTE),
    });
  }
  return auction!.id;
}

/** A member with a complete profile and a card, or (`complete` false) with neither (docs/product.md §5). */
function signUp(world: World, label: string, complete = true): Promise<Member> {
  return world.signUp(label, complete ? { lastName: 'Lovelace' } : { profile: false });
}

/** POST /api/auctions/{id}/buy-now on the world's app, as `member` or a visitor. */
function buyNow(world: World, auctionId: string, member?: Member) {
  return world.call(member, 'POST', `/api/auctions/${auctionId}/buy-now`);
}

describe.each(testDatabaseFactories())('Buy Now on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: new Date() });
  let host: Member;
  let buyer: Member;
  let rival: Member;
  let newcomer: Member;
  const inHours = (hours: number) => new Date(world.clock.getTime() + hours * 60 * MINUTE);

  beforeAll(async () => {
    host = await signUp(world, 'Hana');
    buyer = await signUp(world, 'Bea');
    rival = await signUp(world, 'Rita');
    newcomer = await signUp(world, 'Nell', false);
  });

  it('closes the auction at the buy-now price, records the bid and tells everyone', async () => {
    world.clock = new Date(Math.floor(Date.now() / 1000) * 1000);
    const auctionId = await createAuction(world.db, {
      creatorId: host.id,
      endTime: inHours(24),
      title: 'Jazz brunch',
      bids: [
        { bidderId: rival.id, amount: '30.00' },
        { bidderId: buyer.id, amount: '35.00' },
        { bidderId: rival.id, amount: '40.00' },
      ],
    });

    const res = await buyNow(world, auctionId, buyer);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      auction: {
        id: auctionId,
        currentBid: '80.00',
        bidCount: 4,
        isActive: false,
        winnerId: buyer.id,
        endTime: world.clock.toISOString(),
      },
    });
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({
      isActive: false,
      winnerId: buyer.id,
      currentBid: '80.00',
      bidCount: 4,
      closedAt: world.clock,
      endTime: world.clock,
    });
    const buyerBids = await world.db
      .select()
      .from(bids)
      .where(and(eq(bids.auctionId, auctionId), eq(bids.bidderId, buyer.id)));
    expect(buyerBids.map((b) => b.amount).sort()).toEqual(['35.00', '80.00']);
    // Stamped by the database world.clock after the row lock, like any bid: the newest bid of the auction.
    const buyNowBid = buyerBids.find((b) => b.amount === '80.00')!;
    const latest = await world.db.select().from(bids).where(eq(bids.auctionId, auctionId));
    expect(Math.max(...latest.map((b) => b.createdAt.getTime()))).toBe(buyNowBid.createdAt.getTime());

    const sent = await world.db.select().from(notifications).where(eq(notifications.relatedAuctionId, auctionId));
    const summary = sent.map((n) => [n.userId, n.type]).sort();
    expect(summary).toEqual(
      [
        [buyer.id, 'auction_won'],
        [host.id, 'auction_ended'],
        [rival.id, 'auction_lost'],
        // The buyer is charged at once (docs/charging-and-ledger.md); both sides hear it.
        [buyer.id, 'payment_succeeded'],
        [host.id, 'payment_succeeded'],
      ].sort(),
    );
    expect(sent.find((n) => n.type === 'auction_won')).toMatchObject({
      title: 'You won!',
      message: 'You won "Jazz brunch"! You bought it with Buy Now for $80.',
      relatedUserId: host.id,
    });
    expect(sent.find((n) => n.type === 'auction_ended')).toMatchObject({
      title: 'Your auction sold',
      message: 'Bea L. bought "Jazz brunch" with Buy Now for $80.',
      relatedUserId: buyer.id,
    });
    expect(sent.find((n) => n.type === 'auction_lost')!.message).toBe(
      '"Jazz brunch" was bought with Buy Now by another member. You will not be charged.',
    );

    // The closing job leaves a bought auction alone: nobody hears twice.
    expect(await closeDueAuctions(world.db, new Date(world.clock.getTime() + MINUTE))).toEqual([]);
    const after = await world.db.select().from(notifications).where(eq(notifications.relatedAuctionId, auctionId));
    expect(after).toHaveLength(sent.length);

    // And it cannot be bought again.
    const again = await buyNow(world, auctionId, rival);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Auction has ended' });
  });

  it('asks nobody to sign in (401)', async () => {
    const auctionId = await createAuction(world.db, { creatorId: host.id, endTime: inHours(5) });
    const res = await buyNow(world, auctionId);
    expectRefusal(res, 401, 'Unauthorized', 'unauthorized');
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row!.isActive).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1%20OR%201=1']) {
      const res = await buyNow(world, id, buyer);
      expectRefusal(res, 404, 'Auction not found', 'not_found');
    }
  });

  it('refuses a member whose profile is incomplete', async () => {
    const auctionId = await createAuction(world.db, { creatorId: host.id, endTime: inHours(5) });
    const res = await buyNow(world, auctionId, newcomer);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INCOMPLETE_PROFILE_FOR_BID });
  });

  it('refuses the creator (403)', async () => {
    const auctionId = await createAuction(world.db, { creatorId: host.id, endTime: inHours(5) });
    const res = await buyNow(world, auctionId, host);
    expectRefusal(res, 403, 'You cannot buy your own auction', 'forbidden');
  });

  it('refuses when there is no buy-now price or the current bid has reached it', async () => {
    const withoutPrice = await createAuction(world.db, { creatorId: host.id, endTime: inHours(5), buyNowPrice: null });
    const reached = await createAuction(world.db, {
      creatorId: host.id,
      endTime: inHours(5),
      buyNowPrice: '50.00',
      bids: [{ bidderId: rival.id, amount: '50.00' }],
    });
    for (const auctionId of [withoutPrice, reached]) {
      const res = await buyNow(world, auctionId, buyer);
      expectRefusal(res, 400, 'Buy Now is not available for this auction', 'bad_request');
    }
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, reached));
    expect(row).toMatchObject({ isActive: true, winnerId: null, bidCount: 1 });
  });

  it('refuses an auction that has ended, was closed or was cancelled', async () => {
    const closed = await createAuction(world.db, { creatorId: host.id, endTime: inHours(-1) });
    await closeDueAuctions(world.db, world.clock);
    // Past its end but not yet closed by the job: ended all the same (docs/product.md §4).
    const pastEnd = await createAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() - 1000),
    });
    const cancelled = await createAuction(world.db, { creatorId: host.id, endTime: inHours(5) });
    await world.db
      .update(auctions)
      .set({ isActive: false, cancelledAt: world.clock, closedAt: world.clock })
      .where(eq(auctions.id, cancelled));
    for (const auctionId of [pastEnd, closed, cancelled]) {
      const res = await buyNow(world, auctionId, buyer);
      expectRefusal(res, 400, 'Auction has ended', 'bad_request');
    }
    const count = await world.db.select().from(bids).where(eq(bids.bidderId, buyer.id));
    expect(count.some((b) => [pastEnd, closed, cancelled].includes(b.auctionId))).toBe(false);
  });

  it('refuses a cross-site request', async () => {
    const auctionId = await createAuction(world.db, { creatorId: host.id, endTime: inHours(5) });
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/buy-now`,
      cookies: { [SESSION_COOKIE]: buyer.cookie },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row!.isActive).toBe(true);
  });
});

describe.each(postgresOnlyFactories())('Buy Now races on $kind', (factory) => {
  const world = suiteWorld(factory);
  let host: Member;
  let buyers: Member[];

  beforeAll(async () => {
    host = await signUp(world, 'Host');
    buyers = [];
    for (const name of ['Ana', 'Bo', 'Cy', 'Di']) buyers.push(await signUp(world, name));
  });

  it('lets exactly one of several concurrent buyers win, every time', async () => {
    for (let round = 0; round < 10; round += 1) {
      const racers = round % 2 === 0 ? buyers.slice(0, 2) : buyers;
      const auctionId = await createAuction(world.db, {
        creatorId: host.id,
        endTime: new Date(Date.now() + 60 * MINUTE),
        bids: [{ bidderId: buyers[3]!.id, amount: '25.00' }],
      });

      const responses = await Promise.all(racers.map((member) => buyNow(world, auctionId, member)));

      const winners = responses.flatMap((res, i) => (res.statusCode === 200 ? [racers[i]!.id] : []));
      expect(winners).toHaveLength(1);
      for (const res of responses.filter((r) => r.statusCode !== 200)) {
        expectRefusal(res, 400, 'Auction has ended', 'bad_request');
      }
      const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect(row).toMatchObject({ isActive: false, winnerId: winners[0], currentBid: '80.00', bidCount: 2 });
      const buyNowBids = await world.db
        .select()
        .from(bids)
        .where(and(eq(bids.auctionId, auctionId), eq(bids.amount, '80.00')));
      expect(buyNowBids.map((b) => b.bidderId)).toEqual(winners);
      const won = await world.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedAuctionId, auctionId), eq(notifications.type, 'auction_won')));
      expect(won.map((n) => n.userId)).toEqual(winners);
    }
  });
});

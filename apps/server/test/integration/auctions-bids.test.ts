import {
  INCOMPLETE_PROFILE_FOR_BID,
  parseMoneyToCents,
  type AuctionDetail,
  type AuctionListItem,
  type PlaceBidResponse,
} from '@bid/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, bids, notifications } from '../../src/db/schema/index.js';
import { HOUR, startOfThisMinute } from '../support/clock.js';
import { postgresOnlyFactories, testDatabaseFactories } from '../support/databases.js';
import { withSession } from '../support/session.js';
import { createWorld, type Member } from '../support/world.js';

const START = startOfThisMinute();

const cents = (amount: string) => parseMoneyToCents(amount)!;

type Person = Member;

describe.each(testDatabaseFactories())('POST /api/bids on $kind', (factory) => {
  const h = createWorld(factory, { clock: START });
  let host: Person;
  let ann: Person;
  let ben: Person;

  beforeAll(async () => {
    await h.open();
    host = await h.signUp('Host');
    ann = await h.signUp('Ann');
    ben = await h.signUp('Ben');
  });
  afterAll(() => h.close());

  const detail = async (id: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/auctions/${id}` })).json<AuctionDetail>();

  it('refuses nobody with 401, whatever the body', async () => {
    const auction = await h.createAuction(host);
    expect((await h.bid(undefined, { auctionId: auction.id, amount: '25' })).statusCode).toBe(401);
    expect((await h.bid(undefined, { amount: 'garbage' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed auction, and 400 without one', async () => {
    for (const auctionId of ['00000000-0000-4000-8000-000000000000', 'abc', '1']) {
      const res = await h.bid(ann, { auctionId, amount: '25' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Auction not found');
    }
    const missing = await h.bid(ann, { amount: '25' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Auction is required');
  });

  it('checks in order: auction exists, profile complete, not the creator, open, amount', async () => {
    const incomplete = await h.signUp('Half', { profile: false });
    const unknown = await h.bid(incomplete, { auctionId: '00000000-0000-4000-8000-000000000000', amount: '1' });
    expect(unknown.statusCode).toBe(404);

    const auction = await h.createAuction(host, { endTime: new Date(h.clock.getTime() + HOUR).toISOString() });
    const notComplete = await h.bid(incomplete, { auctionId: auction.id, amount: 'abc' });
    expect(notComplete.statusCode).toBe(400);
    expect(notComplete.json().message).toBe(INCOMPLETE_PROFILE_FOR_BID);

    const own = await h.bid(host, { auctionId: auction.id, amount: '1' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot bid on your own auction');

    h.clock = new Date(START.getTime() + 2 * HOUR);
    try {
      const ended = await h.bid(ann, { auctionId: auction.id, amount: '1' });
      expect(ended.statusCode).toBe(400);
      expect(ended.json().message).toBe('Auction has ended');
      expect((await h.bid(ann, { auctionId: auction.id, amount: '500' })).json().message).toBe('Auction has ended');
    } finally {
      h.clock = START;
    }
    expect((await detail(auction.id)).bidCount).toBe(0);
  });

  it.each([['abc'], ['-5'], ['12.345'], [''], [null], [{}], [[20]], [undefined]])(
    'refuses the malformed amount %j with 400',
    async (amount) => {
      const auction = await h.createAuction(host);
      const res = await h.bid(ann, { auctionId: auction.id, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please enter a valid bid amount', field: 'amount' });
    },
  );

  it('lets the first bid equal the starting bid, then asks for $1 more than the current bid', async () => {
    const auction = await h.createAuction(host, { startingBid: '20' });
    const below = await h.bid(ann, { auctionId: auction.id, amount: '19.99' });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('Bid must be at least 20');

    const first = await h.bid(ann, { auctionId: auction.id, amount: '20' });
    expect(first.statusCode).toBe(201);
    const body = first.json<PlaceBidResponse>();
    expect(body).toEqual({
      bid: { id: expect.any(String), auctionId: auction.id, amount: '20.00', createdAt: expect.any(String) },
      auction: { id: auction.id, currentBid: '20.00', bidCount: 1, endTime: auction.endTime },
      outbidByAutomaticBid: false,
      maxAmount: null,
    });

    for (const amount of ['20', '20.99']) {
      const res = await h.bid(ben, { auctionId: auction.id, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Bid must be at least 21');
    }
    const second = await h.bid(ben, { auctionId: auction.id, amount: 21 });
    expect(second.statusCode).toBe(201);
    expect(second.json().auction).toMatchObject({ currentBid: '21.00', bidCount: 2 });

    const rows = await h.testDb.database.db
      .select()
      .from(bids)
      .where(eq(bids.auctionId, auction.id))
      .orderBy(asc(bids.createdAt));
    expect(rows.map((r) => [r.bidderId, r.amount])).toEqual([
      [ann.id, '20.00'],
      [ben.id, '21.00'],
    ]);
    expect(await detail(auction.id)).toMatchObject({ currentBid: '21.00', bidCount: 2, bidderCount: 2 });
  });

  it('names cents in the minimum when the amounts have them', async () => {
    const auction = await h.createAuction(host, { startingBid: '20.50' });
    expect((await h.bid(ann, { auctionId: auction.id, amount: '20' })).json().message).toBe(
      'Bid must be at least 20.50',
    );
    await h.bid(ann, { auctionId: auction.id, amount: '20.50' });
    expect((await h.bid(ben, { auctionId: auction.id, amount: '21' })).json().message).toBe(
      'Bid must be at least 21.50',
    );
  });

  it('moves the end of an auction when a bid lands in the soft-close window', async () => {
    const endTime = new Date(h.clock.getTime() + 60_000).toISOString();
    const auction = await h.createAuction(host, { endTime });
    const res = await h.bid(ann, { auctionId: auction.id, amount: '20' });
    expect(res.json().auction.endTime).toBe(new Date(h.clock.getTime() + 120_000).toISOString());

    h.clock = new Date(START.getTime() + 30_000);
    try {
      const later = await h.bid(ben, { auctionId: auction.id, amount: '21' });
      expect(later.json().auction.endTime).toBe(new Date(START.getTime() + 150_000).toISOString());
      expect((await detail(auction.id)).endTime).toBe(new Date(START.getTime() + 150_000).toISOString());
    } finally {
      h.clock = START;
    }
  });

  it('leaves the end alone for a bid before the window', async () => {
    const endTime = new Date(h.clock.getTime() + 121_000).toISOString();
    const auction = await h.createAuction(host, { endTime });
    const res = await h.bid(ann, { auctionId: auction.id, amount: '20' });
    expect(res.json().auction.endTime).toBe(endTime);
  });

  it('tells the creator about every bid and the previous leader when outbid', async () => {
    const auction = await h.createAuction(host, { title: 'Sunset kayak' });
    const db = h.testDb.database.db;
    const about = async () =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.relatedAuctionId, auction.id))
        .orderBy(asc(notifications.createdAt));

    await h.bid(ann, { auctionId: auction.id, amount: '20' });
    expect(await about()).toMatchObject([
      {
        userId: host.id,
        type: 'bid_received',
        title: 'New bid on your auction',
        message: 'Ann T. bid $20 on "Sunset kayak".',
        relatedUserId: ann.id,
        isRead: false,
      },
    ]);

    await h.bid(ben, { auctionId: auction.id, amount: '25.50' });
    const afterBen = await about();
    expect(afterBen).toHaveLength(3);
    expect(afterBen.filter((n) => n.type === 'bid_received').map((n) => n.userId)).toEqual([host.id, host.id]);
    expect(afterBen.find((n) => n.type === 'outbid')).toMatchObject({
      userId: ann.id,
      title: "You've been outbid",
      message: 'Someone bid $25.50 on "Sunset kayak". Bid at least $26.50 to take the lead.',
      relatedAuctionId: auction.id,
      relatedUserId: ben.id,
    });

    // The leader's new bid only raises their maximum (docs/auctions.md): nobody is told.
    expect((await h.bid(ben, { auctionId: auction.id, amount: '30' })).statusCode).toBe(201);
    const afterRaise = await about();
    expect(afterRaise.filter((n) => n.type === 'outbid')).toHaveLength(1);
    expect(afterRaise.filter((n) => n.type === 'bid_received')).toHaveLength(2);
    expect(afterRaise.every((n) => n.userId !== ben.id)).toBe(true);
  });

  it('tells each signed-in bidder where they stand on the page, in lists and in My Bids', async () => {
    const auction = await h.createAuction(host, { title: 'Standing check', buyNowPrice: '200' });
    const get = (url: string, who?: Person) => h.app.inject({ method: 'GET', url, cookies: withSession(who?.cookie) });
    const standingOn = async (who?: Person) =>
      (await get(`/api/auctions/${auction.id}`, who)).json<AuctionDetail>().viewerStanding;
    const standingInList = async (who: Person) =>
      (await get('/api/auctions?limit=100', who)).json<AuctionListItem[]>().find((a) => a.id === auction.id)
        ?.viewerStanding;
    const myBidStandings = async (who: Person) =>
      (await get('/api/my-bids', who))
        .json<Array<{ auctionId: string; auction: { viewerStanding: string | null } }>>()
        .filter((row) => row.auctionId === auction.id)
        .map((row) => row.auction.viewerStanding);

    expect(await standingOn(ann)).toBeNull();
    await h.bid(ann, { auctionId: auction.id, amount: '20' });
    expect(await standingOn(ann)).toBe('winning');
    await h.bid(ben, { auctionId: auction.id, amount: '30' });
    expect(await standingOn(ann)).toBe('outbid');
    expect(await standingOn(ben)).toBe('winning');
    expect(await standingInList(ann)).toBe('outbid');
    expect(await standingInList(ben)).toBe('winning');
    // The host and visitors have no standing; nobody learns another member's.
    expect(await standingOn(host)).toBeNull();
    expect(await standingOn()).toBeNull();
    expect(await myBidStandings(ann)).toEqual(['outbid']);

    const bought = await h.app.inject({
      method: 'POST',
      url: `/api/auctions/${auction.id}/buy-now`,
      payload: {},
      cookies: withSession(ann.cookie),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await standingOn(ann)).toBe('won');
    expect(await standingOn(ben)).toBe('lost');
    expect(await myBidStandings(ben)).toEqual(['lost']);
    // Buy Now is a bid of its own: both of ann's rows say where she stands.
    expect(await myBidStandings(ann)).toEqual(['won', 'won']);
  });

  it('refuses a bid that a faster bid made too low, with the fresh minimum', async () => {
    const auction = await h.createAuction(host);
    const [first, second] = await Promise.all([
      h.bid(ann, { auctionId: auction.id, amount: '30' }),
      h.bid(ben, { auctionId: auction.id, amount: '30' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json().message).toBe('Bid must be at least 31');
    expect(await detail(auction.id)).toMatchObject({ currentBid: '30.00', bidCount: 1 });
  });
});

describe.each(testDatabaseFactories())('soft close turned off on $kind', (factory) => {
  const h = createWorld(factory, { clock: START, env: { SOFT_CLOSE_SECONDS: '0' } });
  beforeAll(() => h.open());
  afterAll(() => h.close());

  it('keeps the end time of a last-second bid', async () => {
    const host = await h.signUp('Host');
    const ann = await h.signUp('Ann');
    const endTime = new Date(h.clock.getTime() + 5_000).toISOString();
    const auction = await h.createAuction(host, { endTime });
    const res = await h.bid(ann, { auctionId: auction.id, amount: '20' });
    expect(res.statusCode).toBe(201);
    expect(res.json().auction.endTime).toBe(endTime);
  });
});

describe.each(postgresOnlyFactories())('concurrent bids on one auction on $kind', (factory) => {
  const h = createWorld(factory, { clock: START });
  beforeAll(() => h.open());
  afterAll(() => h.close());

  it('loses and reorders nothing under 240 racing bids from 12 bidders', async () => {
    const host = await h.signUp('Host');
    const bidders: Person[] = [];
    for (let i = 0; i < 12; i++) bidders.push(await h.signUp(`Racer${i}`));
    const auction = await h.createAuction(host, { startingBid: '10' });

    // A deterministic mix: many bidders race with the very same amounts, some jump ahead.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const attempts = Array.from({ length: 240 }, (_, i) => {
      const bidder = bidders[i % bidders.length]!;
      const whole = 10 + Math.floor(random() * 120);
      const amount = random() < 0.2 ? `${whole}.50` : String(whole);
      return { bidder, amount };
    });

    const responses = await Promise.all(
      attempts.map(({ bidder, amount }) => h.bid(bidder, { auctionId: auction.id, amount })),
    );

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([201, 400]));
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json().message).toMatch(/^Bid must be at least \d+(\.\d{2})?$/);
    }
    const accepted = responses.filter((r) => r.statusCode === 201).map((r) => r.json<PlaceBidResponse>());

    const db = h.testDb.database.db;
    const rows = await db
      .select()
      .from(bids)
      .where(eq(bids.auctionId, auction.id))
      .orderBy(asc(bids.createdAt), asc(bids.id));
    const [row] = await db.select().from(auctions).where(eq(auctions.id, auction.id));

    // Every row of a bidder's own is a 201, and every 201 names a row: its own, or (a leader's new
    // bid only raises their maximum, docs/auctions.md) the leader's standing one.
    const ids = new Set(rows.map((r) => r.id));
    for (const answer of accepted) expect(ids.has(answer.bid.id)).toBe(true);
    const answeredIds = new Set(accepted.map((a) => a.bid.id));
    const own = rows.filter((r) => !r.isAutomatic);
    expect(own.every((r) => answeredIds.has(r.id))).toBe(true);
    expect(row!.bidCount).toBe(rows.length);
    expect(own.length).toBeGreaterThan(1);

    // In acceptance order no row went down; the first met the starting bid; the last is the
    // leader's, at the current bid.
    expect(cents(rows[0]!.amount)).toBeGreaterThanOrEqual(cents('10'));
    for (let i = 1; i < rows.length; i++) {
      expect(cents(rows[i]!.amount)).toBeGreaterThanOrEqual(cents(rows[i - 1]!.amount));
    }
    expect(rows.at(-1)!.bidderId).toBe(row!.leaderId);
    expect(rows.at(-1)!.amount).toBe(row!.currentBid);
    // The highest amount anyone tried is the leader's maximum.
    const highestTried = Math.max(...attempts.map((a) => cents(a.amount)));
    expect(cents(row!.leaderMax!)).toBe(highestTried);

    // Each request that stored a row saw the auction as it left it, counted in order: its own row,
    // or the leader's automatic answer right after it.
    const answered = (i: number) => rows[i + 1]?.isAutomatic === true && rows[i + 1]!.bidderId !== rows[i]!.bidderId;
    const named = (id: string) => accepted.filter((a) => a.bid.id === id).length;
    for (const answer of accepted) {
      const position = rows.findIndex((r) => r.id === answer.bid.id);
      // A row a leader's later bid also named was seen again later, as it then stood.
      if (rows[position]!.isAutomatic || named(answer.bid.id) > 1) continue;
      const last = answered(position) ? position + 1 : position;
      expect(answer.auction.bidCount).toBe(last + 1);
      expect(answer.auction.currentBid).toBe(rows[last]!.amount);
      expect(answer.outbidByAutomaticBid).toBe(answered(position));
    }

    // One 'bid_received' per request that stored a row; one 'outbid' per change of leader, to the
    // member who lost the lead, never to one whose automatic bid answered.
    const sent = await db.select().from(notifications).where(eq(notifications.relatedAuctionId, auction.id));
    expect(sent.filter((n) => n.type === 'bid_received')).toHaveLength(own.length);
    const beaten = rows.flatMap((r, i) =>
      i > 0 && !r.isAutomatic && !answered(i) && r.bidderId !== rows[i - 1]!.bidderId ? [rows[i - 1]!.bidderId] : [],
    );
    const outbid = sent.filter((n) => n.type === 'outbid');
    expect(outbid.map((n) => n.userId).sort()).toEqual(beaten.sort());
  }, 60_000);
});

describe.each(testDatabaseFactories())('the bid rate limit on $kind', (factory) => {
  const h = createWorld(factory, { clock: START, env: { BIDS_PER_MINUTE: '3' } });
  beforeAll(() => h.open());
  afterAll(() => h.close());

  it('refuses a member’s bids past BIDS_PER_MINUTE with a 429 that writes nothing, and counts per member', async () => {
    const host = await h.signUp('Host');
    const eager = await h.signUp('Eager');
    const calm = await h.signUp('Calm');
    const first = await h.createAuction(host, { startingBid: '10' });
    const second = await h.createAuction(host, { startingBid: '10' });

    // The limit counts bids across auctions: two here (Calm bids between, so Eager's second bid
    // is not a leader's, which only raises a maximum), one there.
    for (const [who, auction, amount] of [
      [calm, first, '10'],
      [eager, first, '11'],
      [calm, first, '12'],
      [eager, first, '13'],
      [eager, second, '10'],
    ] as const) {
      expect((await h.bid(who, { auctionId: auction.id, amount })).statusCode).toBe(201);
    }
    const refused = await h.bid(eager, { auctionId: first.id, amount: '15' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You are bidding too quickly. Please wait a moment and try again.',
      code: 'rate_limited',
      requestId: expect.any(String),
    });
    const db = h.testDb.database.db;
    const stored = await db.select().from(bids).where(eq(bids.bidderId, eager.id));
    expect(stored).toHaveLength(3);
    const [auction] = await db.select().from(auctions).where(eq(auctions.id, first.id));
    expect(auction!.currentBid).toBe('13.00');

    // Another member is not held back by the eager one.
    expect((await h.bid(calm, { auctionId: first.id, amount: '14' })).statusCode).toBe(201);
  });
});

import {
  parseMoneyToCents,
  replayBidRequests,
  standingFromMaximums,
  type AuctionBidView,
  type AuctionDetail,
  type BidRequest,
  type PlaceBidResponse,
} from '@bid/contract';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, bids, notifications } from '../../src/db/schema/index.js';
import { postgresOnlyFactories, testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app.js';
import { withSession } from '../support/session.js';
import { openTwoInstances, type TwoInstances } from '../support/charges.js';
import { createWorld, signUpMember, type Member } from '../support/world.js';

const HOUR = 3_600_000;
const cents = (amount: string) => parseMoneyToCents(amount)!;

type Person = Member;

/** The bid tests' world, with the rows a test reads back to check the stored bids. */
function harness(factory: { open(): Promise<TestDatabase> }) {
  const world = createWorld(factory, { env: { BIDS_PER_MINUTE: '10000' }, listen: true });
  return Object.assign(world, {
    rows(auctionId: string) {
      return world.testDb.database.db
        .select()
        .from(bids)
        .where(eq(bids.auctionId, auctionId))
        .orderBy(asc(bids.createdAt), asc(bids.id));
    },
    async auctionRow(auctionId: string) {
      const [row] = await world.testDb.database.db.select().from(auctions).where(eq(auctions.id, auctionId));
      return row!;
    },
  });
}

describe.each(testDatabaseFactories())('automatic bids on $kind', (factory) => {
  const h = harness(factory);
  let host: Person;
  let ann: Person;
  let ben: Person;
  let cat: Person;

  beforeAll(async () => {
    await h.open();
    host = await h.signUp('Host');
    ann = await h.signUp('Ann');
    ben = await h.signUp('Ben');
    cat = await h.signUp('Cat');
  });
  afterAll(() => h.close());

  it('bids for the leader one step at a time, only as far as needed, and labels the steps', async () => {
    const auction = await h.createAuction(host);
    const first = await h.bid(ann, { auctionId: auction.id, amount: '20', maxAmount: '100' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PlaceBidResponse>()).toMatchObject({
      bid: { amount: '20.00' },
      auction: { currentBid: '20.00', bidCount: 1 },
      outbidByAutomaticBid: false,
      maxAmount: '100.00',
    });

    // A rival's bid below the maximum is stored and answered at once.
    const rival = await h.bid(ben, { auctionId: auction.id, amount: '50' });
    expect(rival.statusCode, rival.body).toBe(201);
    const rivalAnswer = rival.json<PlaceBidResponse>();
    expect(rivalAnswer).toMatchObject({
      bid: { amount: '50.00' },
      auction: { currentBid: '51.00', bidCount: 3 },
      outbidByAutomaticBid: true,
      maxAmount: null,
    });
    expect(JSON.stringify(rivalAnswer)).not.toContain('100');

    // A higher maximum takes the lead one step above the beaten one; its owner is told.
    const beat = await h.bid(ben, { auctionId: auction.id, amount: '52', maxAmount: '150' });
    expect(beat.json<PlaceBidResponse>()).toMatchObject({
      bid: { amount: '101.00' },
      auction: { currentBid: '101.00', bidCount: 5 },
      outbidByAutomaticBid: false,
    });
    const rows = await h.rows(auction.id);
    expect(rows.map((r) => [r.bidderId, r.amount, r.isAutomatic])).toEqual([
      [ann.id, '20.00', false],
      [ben.id, '50.00', false],
      [ann.id, '51.00', true],
      [ann.id, '100.00', true],
      [ben.id, '101.00', false],
    ]);
    expect((await h.auctionRow(auction.id)).bidCount).toBe(rows.length);

    const sent = await h.testDb.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.relatedAuctionId, auction.id));
    const outbid = sent.filter((n) => n.type === 'outbid');
    // Ann was not told about each automatic step, only when her maximum was beaten.
    expect(outbid.map((n) => [n.userId, n.message])).toEqual([
      [ann.id, 'Someone bid $101 on "Coffee and a walk by the river". Bid at least $102 to take the lead.'],
    ]);
    expect(sent.filter((n) => n.type === 'bid_received').map((n) => n.message)).toEqual(
      expect.arrayContaining(['Ben T. bid $50 on "Coffee and a walk by the river".']),
    );

    // Raising your own maximum while you lead does not raise the price.
    const raise = await h.bid(ben, { auctionId: auction.id, amount: '102', maxAmount: '300' });
    expect(raise.statusCode).toBe(201);
    expect(raise.json<PlaceBidResponse>().auction).toMatchObject({ currentBid: '101.00', bidCount: 5 });

    // History: newest first, names as "Ann T.", automatic steps marked, no maximums anywhere.
    const history = (await h.get(`/api/auctions/${auction.id}/bids`)).json<AuctionBidView[]>();
    expect(history.map((b) => [b.bidder.displayName, b.amount, b.isAutomatic])).toEqual([
      ['Ben T.', '101.00', false],
      ['Ann T.', '100.00', true],
      ['Ann T.', '51.00', true],
      ['Ben T.', '50.00', false],
      ['Ann T.', '20.00', false],
    ]);
  });

  it('keeps every maximum private: detail, lists, history, search and the live event', async () => {
    const auction = await h.createAuction(host, { title: 'Private maximum coffee' });
    const socket = await h.live();
    await socket.request({ type: 'subscribe_auction', auctionId: auction.id });

    // 876.54 appears nowhere but in its owner's own answers.
    expect((await h.bid(cat, { auctionId: auction.id, amount: '20', maxAmount: '876.54' })).statusCode).toBe(201);
    expect((await h.bid(ben, { auctionId: auction.id, amount: '30' })).statusCode).toBe(201);
    const updates = [
      await socket.take((m) => m.type === 'bid_update'),
      await socket.take((m) => m.type === 'bid_update'),
    ];
    await socket.sync();
    const events = [...updates, ...socket.messages].map((m) => JSON.stringify(m));
    socket.close();

    const secret = '876.54';
    const forOthers = [
      await h.get(`/api/auctions/${auction.id}`),
      await h.get(`/api/auctions/${auction.id}`, ben),
      await h.get(`/api/auctions/${auction.id}`, host),
      await h.get(`/api/auctions/${auction.id}/bids`, ben),
      await h.get('/api/auctions?limit=100', ben),
      await h.get('/api/auctions?limit=100'),
      await h.get('/api/watchlist', ben),
      await h.get('/api/search?q=Private', ben),
      await h.get('/api/my-auctions', host),
      await h.get('/api/my-bids', ben),
    ];
    for (const res of forOthers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(secret);
    }
    for (const event of events) expect(event).not.toContain(secret);

    const own = (await h.get(`/api/auctions/${auction.id}`, cat)).json<AuctionDetail>();
    expect(own.myMaxAmount).toBe(secret);
    expect((await h.get(`/api/auctions/${auction.id}`, ben)).json<AuctionDetail>().myMaxAmount).toBeNull();
  });

  it('tells a leader answered by their own maximum nothing, and says nothing of a raised maximum', async () => {
    // Finding 1 of the third hostile test: Bob was told "outbid" while still leading. Finding 6: a
    // leader raising their maximum published a bid_update with nothing public changed.
    const auction = await h.createAuction(host, { title: 'Still leading coffee' });
    const bob = await h.live(ann);
    const watcher = await h.live();
    await watcher.request({ type: 'subscribe_auction', auctionId: auction.id });
    expect((await h.bid(ann, { auctionId: auction.id, amount: '20', maxAmount: '200' })).statusCode).toBe(201);
    await watcher.take((m) => m.type === 'bid_update');
    const eve = await h.bid(ben, { auctionId: auction.id, amount: '50' });
    expect(eve.json<PlaceBidResponse>()).toMatchObject({
      outbidByAutomaticBid: true,
      auction: { currentBid: '51.00' },
    });
    expect(await watcher.take((m) => m.type === 'bid_update')).toMatchObject({ newBid: '51.00' });

    // The leader raises their maximum, then bids by hand: neither is anyone else's news.
    expect((await h.bid(ann, { auctionId: auction.id, amount: '60', maxAmount: '300' })).statusCode).toBe(201);
    expect((await h.bid(ann, { auctionId: auction.id, amount: '310' })).statusCode).toBe(201);
    const sent = await h.testDb.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.relatedAuctionId, auction.id));
    expect(sent.filter((n) => n.type === 'outbid')).toEqual([]);

    // Rule 8: the leader's plain bid of $310 raised their maximum, not the price.
    const row = await h.auctionRow(auction.id);
    expect([row.currentBid, row.bidCount, row.leaderId, row.leaderMax]).toEqual(['51.00', 3, ann.id, '310.00']);
    // A rival above the maximum does outbid: now the leader hears it. Events arrive in the order
    // they were published, so anything the bids above had published has arrived by then.
    expect((await h.bid(cat, { auctionId: auction.id, amount: '320' })).statusCode).toBe(201);
    await watcher.take((m) => m.type === 'bid_update' && m.newBid === '320.00');
    await bob.take((m) => m.type === 'outbid' && m.newBid === '320.00');
    expect(watcher.messages.filter((m) => m.type === 'bid_update')).toEqual([]);
    expect(bob.messages.filter((m) => m.type === 'outbid')).toEqual([]);
    bob.close();
    watcher.close();
  });

  it('refuses a maximum below the bid or the minimum, and says why', async () => {
    const auction = await h.createAuction(host);
    const below = await h.bid(ann, { auctionId: auction.id, amount: '30', maxAmount: '25' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ message: 'Your maximum must be at least your bid', field: 'maxAmount' });
    const bad = await h.bid(ann, { auctionId: auction.id, amount: '30', maxAmount: 'lots' });
    expect(bad.json()).toMatchObject({ message: 'Please enter a valid maximum bid' });
    const low = await h.bid(ann, { auctionId: auction.id, amount: '5', maxAmount: '19' });
    expect(low.json()).toMatchObject({ message: 'Bid must be at least 20' });
    // The amount of a bid with a maximum only says where it starts: below the minimum it starts there.
    const starts = await h.bid(ann, { auctionId: auction.id, amount: '5', maxAmount: '40' });
    expect(starts.json<PlaceBidResponse>().bid.amount).toBe('20.00');
    expect(await h.rows(auction.id)).toHaveLength(1);
  });

  // Leaders bid again often in these sequences (three bidders), plain and with maximums: rule 8.
  // Half the auctions have a reserve price (docs/auctions.md, "Reserve price"), within reach of
  // the maximums, so the reserve rule is replayed through place_bids and the contract alike.
  it('agrees with the rule in packages/contract on random sequences of bids, maximums and reserves', async () => {
    const people = [ann, ben, cat];
    const requestArb = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 300 }),
      extra: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 })), { nil: undefined }),
      half: fc.boolean(),
    });
    const reserveArb = fc.option(fc.integer({ min: 20, max: 400 }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(reserveArb, fc.array(requestArb, { minLength: 1, maxLength: 25 }), async (reserve, items) => {
        const auction = await h.createAuction(host, {
          startingBid: '20',
          ...(reserve === undefined ? {} : { reservePrice: String(reserve) }),
        });
        const requests: BidRequest[] = [];
        for (const item of items) {
          const amountCents = item.amount * 100 + (item.half ? 50 : 0);
          const maxCents = item.extra === undefined ? undefined : amountCents + item.extra * 100;
          const request = { bidderId: people[item.who]!.id, amountCents, maxCents };
          const res = await h.bid(people[item.who], {
            auctionId: auction.id,
            amount: (amountCents / 100).toFixed(2),
            ...(maxCents === undefined ? {} : { maxAmount: (maxCents / 100).toFixed(2) }),
          });
          expect([201, 400]).toContain(res.statusCode);
          requests.push(request);
        }
        const expected = replayBidRequests(2000, requests, reserve === undefined ? null : reserve * 100);
        const rows = await h.rows(auction.id);
        const row = await h.auctionRow(auction.id);
        expect(
          rows.map((r) => ({ bidderId: r.bidderId, amountCents: cents(r.amount), automatic: r.isAutomatic })),
        ).toEqual(expected.rows);
        expect(cents(row.currentBid)).toBe(expected.state.priceCents);
        expect(row.bidCount).toBe(expected.state.bidCount);
        expect(row.leaderId).toBe(expected.state.leaderId);
        if (expected.state.leaderId) expect(cents(row.leaderMax!)).toBe(expected.state.leaderMaxCents);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe.each(testDatabaseFactories())('bounded money on $kind', (factory) => {
  const h = harness(factory);
  let host: Person;
  let mallory: Person;
  let ann: Person;

  beforeAll(async () => {
    await h.open();
    host = await h.signUp('Host');
    mallory = await h.signUp('Mallory');
    ann = await h.signUp('Ann');
  });
  afterAll(() => h.close());

  it('refuses 99,999,999.99 on an auction with a $150 Buy Now, and Buy Now still works', async () => {
    const auction = await h.createAuction(host, { buyNowPrice: '150' });
    const huge = await h.bid(mallory, { auctionId: auction.id, amount: '99999999.99' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ message: 'Buy it now for $150 instead', field: 'amount' });
    const atBuyNow = await h.bid(mallory, { auctionId: auction.id, amount: '150' });
    expect(atBuyNow.json().message).toBe('Buy it now for $150 instead');
    const maxAtBuyNow = await h.bid(mallory, { auctionId: auction.id, amount: '20', maxAmount: '150' });
    expect(maxAtBuyNow.json()).toMatchObject({ message: 'Buy it now for $150 instead', field: 'maxAmount' });
    expect(await h.rows(auction.id)).toHaveLength(0);

    // A maximum just below Buy Now is fine; Buy Now then ends it at its price whatever the maximums.
    expect((await h.bid(mallory, { auctionId: auction.id, amount: '20', maxAmount: '149.99' })).statusCode).toBe(201);
    const bought = await h.app.inject({
      method: 'POST',
      url: `/api/auctions/${auction.id}/buy-now`,
      cookies: withSession(ann.cookie),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const row = await h.auctionRow(auction.id);
    expect(row.currentBid).toBe('150.00');
    expect(row.winnerId).toBe(ann.id);
  });

  it('refuses a bid or maximum above the greater of $1,000 and 10 × the minimum', async () => {
    const auction = await h.createAuction(host);
    const over = await h.bid(mallory, { auctionId: auction.id, amount: '1000.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'Bids on this auction can be at most $1,000 for now. Please enter a smaller amount.',
    );
    const overMax = await h.bid(mallory, { auctionId: auction.id, amount: '20', maxAmount: '5000' });
    expect(overMax.json()).toMatchObject({ field: 'maxAmount' });
    expect(await h.rows(auction.id)).toHaveLength(0);
    expect((await h.bid(mallory, { auctionId: auction.id, amount: '1000' })).statusCode).toBe(201);
    // Now the minimum is $1,001: up to $10,010 is allowed.
    expect((await h.bid(ann, { auctionId: auction.id, amount: '10010.01' })).json().message).toBe(
      'Bids on this auction can be at most $10,010 for now. Please enter a smaller amount.',
    );
    expect((await h.bid(ann, { auctionId: auction.id, amount: '10010' })).statusCode).toBe(201);
  });
});

describe.each(postgresOnlyFactories())('racing maximums on two instances on $kind', (factory) => {
  let testDb: TestDatabase;
  let instances: TwoInstances;
  /** Signs the 51 members up: the instances keep the default limit on codes per address. */
  let signUps: FastifyInstance;

  beforeAll(async () => {
    testDb = await factory.open();
    instances = await openTwoInstances(testDb, () => new Date());
    signUps = await createTestApp(testDb.database, { OTP_MAX_PER_IP: '1000' });
  });
  afterAll(async () => {
    await signUps.close();
    await instances.close();
    await testDb.cleanup();
  });

  it('50 bidders: the leader and the price are what the rule computes from the stored maximums', async () => {
    const { a, b } = instances;
    const host = await signUpMember(signUps, 'Host');
    const bidders = [];
    for (let i = 0; i < 50; i++) bidders.push(await signUpMember(signUps, `Racer${i}`));
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/auctions',
      payload: {
        title: 'A hot coffee',
        description: 'A relaxed coffee at a busy cafe, then a walk.',
        dateType: 'coffee',
        location: 'Austin, TX',
        locationRadius: 25,
        startingBid: '10',
        endTime: new Date(Date.now() + 24 * HOUR).toISOString(),
        paymentResponsibility: '50_50',
        expectedDuration: 60,
      },
      cookies: withSession(host.cookie),
    });
    expect(created.statusCode, created.body).toBe(201);
    const auctionId = created.json<{ id: string }>().id;

    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // Many equal maximums beside plain bids, each bidder once, half on each instance.
    const attempts = bidders.map((bidder, i) => {
      const amount = 10 + Math.floor(random() * 60);
      const max = random() < 0.7 ? amount + Math.floor(random() * 5) * 25 : undefined;
      return { bidder, app: i % 2 ? b.app : a.app, amount, max };
    });
    const responses = await Promise.all(
      attempts.map(({ bidder, app, amount, max }) =>
        app.inject({
          method: 'POST',
          url: '/api/bids',
          payload: { auctionId, amount: String(amount), ...(max === undefined ? {} : { maxAmount: String(max) }) },
          cookies: withSession(bidder.cookie),
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json().message).toMatch(/^Bid must be at least \d+(\.\d{2})?$/);
    }

    const db = testDb.database.db;
    const rows = await db
      .select()
      .from(bids)
      .where(eq(bids.auctionId, auctionId))
      .orderBy(asc(bids.createdAt), asc(bids.id));
    const [auction] = await db.select().from(auctions).where(eq(auctions.id, auctionId));

    // Every invariant of plain bidding still holds: rows counted, none going down, the last one is the price.
    expect(auction!.bidCount).toBe(rows.length);
    for (let i = 1; i < rows.length; i++)
      expect(cents(rows[i]!.amount)).toBeGreaterThanOrEqual(cents(rows[i - 1]!.amount));
    expect(rows.at(-1)!.amount).toBe(auction!.currentBid);
    expect(rows.at(-1)!.bidderId).toBe(auction!.leaderId);
    const accepted = responses.filter((r) => r.statusCode === 201).map((r) => r.json<PlaceBidResponse>());
    for (const answer of accepted) expect(rows.some((r) => r.id === answer.bid.id)).toBe(true);

    // The rule on the stored maximums: each bidder's highest, in the order they were set.
    const byBidder = new Map<string, { maxCents: number; setOrder: number; highestAmountCents: number }>();
    rows.forEach((row, order) => {
      const entry = byBidder.get(row.bidderId) ?? { maxCents: 0, setOrder: order, highestAmountCents: 0 };
      const max = row.isAutomatic ? 0 : cents(row.maxAmount ?? row.amount);
      if (max > entry.maxCents) {
        entry.maxCents = max;
        entry.setOrder = order;
      }
      entry.highestAmountCents = Math.max(entry.highestAmountCents, cents(row.amount));
      byBidder.set(row.bidderId, entry);
    });
    const standing = standingFromMaximums(
      1000,
      [...byBidder].map(([bidderId, entry]) => ({ bidderId, ...entry })),
    );
    expect(auction!.leaderId).toBe(standing.leaderId);
    expect(cents(auction!.leaderMax!)).toBe(standing.leaderMaxCents);
    expect(cents(auction!.currentBid)).toBe(standing.priceCents);
    expect(accepted.length).toBeGreaterThan(1);

    // One 'outbid' per beaten maximum, never to the member whose automatic bid answered.
    const sent = await db.select().from(notifications).where(eq(notifications.relatedAuctionId, auctionId));
    // A request that took the lead is a bidder's own row not answered by someone else's automatic
    // row; the leader it beat owns the row before it (their last bid, or their automatic bid at
    // their maximum). An automatic row of the same bidder right after is the next request's doing.
    const answered = (i: number) => rows[i + 1]?.isAutomatic === true && rows[i + 1]!.bidderId !== rows[i]!.bidderId;
    const beaten = rows.flatMap((r, i) =>
      i > 0 && !r.isAutomatic && !answered(i) && r.bidderId !== rows[i - 1]!.bidderId ? [rows[i - 1]!.bidderId] : [],
    );
    const outbid = sent.filter((n) => n.type === 'outbid').map((n) => n.userId);
    expect(outbid.sort()).toEqual(beaten.sort());
    expect(sent.filter((n) => n.type === 'bid_received')).toHaveLength(accepted.length);
  }, 120_000);
});

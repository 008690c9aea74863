import { displayNameOf, isProfileComplete, type AuctionListItem, type CreateAuctionInput } from '@bid/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, notifications, users } from '../../src/db/schema/index.js';
import { createTestApp } from '../support/app.js';
import { HOUR, startOfThisMinute } from '../support/clock.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { addSandboxCard } from '../support/payments.js';
import { completeProfile } from '../support/profiles.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createAuctionAs } from '../support/world.js';

/**
 * POST /api/bids decides a bid in one statement (`place_bid`, migration 0024; docs/auctions.md).
 * Its checks must answer exactly what the app answered when it made them itself: the same status,
 * code, message and field, in the same order, and a refused bid writes nothing. Each request
 * below fails its own check AND every later one it can, so only the order picks the answer.
 */

const START = startOfThisMinute();
const UNKNOWN_AUCTION = '00000000-0000-4000-8000-000000000000';

interface Person {
  id: string;
  cookie: string;
}

interface Expected {
  status: number;
  code: string;
  message: string;
  field?: string;
}

const NOT_FOUND: Expected = { status: 404, code: 'not_found', message: 'Auction not found' };
const INCOMPLETE: Expected = {
  status: 400,
  code: 'bad_request',
  message:
    'Please complete all mandatory profile fields (name, age, gender, location, and dating preferences) before placing a bid.',
};
const OWN: Expected = { status: 403, code: 'forbidden', message: 'You cannot bid on your own auction' };
const BLOCKED: Expected = {
  status: 403,
  code: 'forbidden',
  message: 'You cannot bid on this auction because one of you has blocked the other',
};
const ENDED: Expected = { status: 400, code: 'bad_request', message: 'Auction has ended' };
const NO_CARD: Expected = {
  status: 400,
  code: 'payment_method_required',
  message: 'Add a payment method before bidding. Your card is only charged if you win.',
};
const BAD_AMOUNT: Expected = {
  status: 400,
  code: 'validation',
  message: 'Please enter a valid bid amount',
  field: 'amount',
};
const BAD_MAX: Expected = {
  status: 400,
  code: 'validation',
  message: 'Please enter a valid maximum bid',
  field: 'maxAmount',
};
const MAX_BELOW: Expected = {
  status: 400,
  code: 'bad_request',
  message: 'Your maximum must be at least your bid',
  field: 'maxAmount',
};
const TOO_FAST: Expected = {
  status: 429,
  code: 'rate_limited',
  message: 'You are bidding too quickly. Please wait a moment and try again.',
};

describe.each(testDatabaseFactories())('POST /api/bids refusals on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let clock = START;
  let emails = 0;

  async function signUp(firstName: string, options: { complete?: boolean; card?: boolean } = {}): Promise<Person> {
    const { cookie, body } = await signInByEmail(app, `${firstName.toLowerCase()}.${++emails}@example.com`);
    if (options.complete ?? true) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/profile',
        payload: completeProfile(firstName),
        cookies: withSession(cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (options.card ?? true) {
      await addSandboxCard(app, cookie);
      // Listing the cards remembers one (users.card_on_file), so a refused bid's first look at the
      // provider does not show up below as a change.
      const listed = await app.inject({
        method: 'GET',
        url: '/api/stripe/payment-methods',
        cookies: withSession(cookie),
      });
      expect(listed.statusCode, listed.body).toBe(200);
    }
    return { id: body.user.id, cookie };
  }

  const createAuction = (who: Person, overrides: Partial<CreateAuctionInput> = {}) =>
    createAuctionAs(app, who, { endTime: new Date(clock.getTime() + 24 * HOUR).toISOString(), ...overrides });

  const bid = (who: Person, payload: object) =>
    app.inject({ method: 'POST', url: '/api/bids', payload, cookies: withSession(who.cookie) });

  /** Everything a bid may write: bids, notices and their deliveries, watches, the auctions' bidding state, cards remembered. */
  async function everythingABidWrites(): Promise<unknown> {
    const result = await testDb.database.db.execute(sql`
      SELECT (SELECT count(*)::int FROM bids) AS bids,
             (SELECT count(*)::int FROM notifications) AS notifications,
             (SELECT count(*)::int FROM notification_deliveries) AS deliveries,
             (SELECT count(*)::int FROM auction_watches) AS watches,
             (SELECT json_agg(a ORDER BY a.id) FROM (
                SELECT id, current_bid, bid_count, end_time, leader_id, leader_max, watcher_count, updated_at
                FROM auctions) AS a)::text AS auctions,
             (SELECT json_agg(u ORDER BY u.id) FROM (SELECT id, card_on_file FROM users) AS u)::text AS users`);
    return (result as { rows: unknown[] }).rows[0];
  }

  /** The request is refused with exactly `expected`, and nothing a bid writes changed. */
  async function expectRefused(who: Person, payload: object, expected: Expected): Promise<void> {
    const before = await everythingABidWrites();
    const res = await bid(who, payload);
    expect(res.statusCode, res.body).toBe(expected.status);
    const { requestId, ...body } = res.json<Record<string, unknown>>();
    expect(requestId).toEqual(expect.any(String));
    expect(body).toEqual({
      message: expected.message,
      code: expected.code,
      ...(expected.field ? { field: expected.field } : {}),
    });
    expect(await everythingABidWrites()).toEqual(before);
  }

  async function whileEnded(body: () => Promise<void>): Promise<void> {
    clock = new Date(START.getTime() + 2 * HOUR);
    try {
      await body();
    } finally {
      clock = START;
    }
  }

  let host: Person;
  let bidder: Person;
  let half: Person;
  let cardless: Person;
  let blockedByHost: Person;
  let blockingHost: Person;
  let eager: Person;
  let open: AuctionListItem;
  let withBuyNow: AuctionListItem;
  let ending: AuctionListItem;
  let hidden: AuctionListItem;

  beforeAll(async () => {
    testDb = await factory.open();
    app = await createTestApp(testDb.database, { OTP_MAX_PER_IP: '1000', BIDS_PER_MINUTE: '2' }, { now: () => clock });
    host = await signUp('Host');
    bidder = await signUp('Bidder');
    half = await signUp('Half', { complete: false, card: false });
    cardless = await signUp('Cardless', { card: false });
    blockedByHost = await signUp('Blocked', { card: false });
    blockingHost = await signUp('Blocking', { card: false });
    eager = await signUp('Eager');
    open = await createAuction(host);
    withBuyNow = await createAuction(host, { buyNowPrice: '150' });
    ending = await createAuction(host, { endTime: new Date(START.getTime() + HOUR).toISOString() });
    hidden = await createAuction(host);
    await testDb.database.db.update(auctions).set({ hiddenAt: START }).where(eq(auctions.id, hidden.id));
    for (const blocked of [blockedByHost, half]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/blocks',
        payload: { userId: blocked.id },
        cookies: withSession(host.cookie),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const blocking = await app.inject({
      method: 'POST',
      url: '/api/blocks',
      payload: { userId: host.id },
      cookies: withSession(blockingHost.cookie),
    });
    expect(blocking.statusCode, blocking.body).toBe(201);
    // The eager bidder uses up BIDS_PER_MINUTE on other auctions (one bid each: a leader's second
    // bid only raises their maximum and stores no bid, docs/auctions.md).
    for (let i = 0; i < 2; i++) {
      const spent = await createAuction(host);
      expect((await bid(eager, { auctionId: spent.id, amount: '20' })).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('answers a member past BIDS_PER_MINUTE 429 before anything else', async () => {
    await expectRefused(eager, { auctionId: hidden.id, amount: 'abc' }, TOO_FAST);
    await expectRefused(eager, { auctionId: UNKNOWN_AUCTION, amount: '25' }, TOO_FAST);
    await expectRefused(eager, { auctionId: open.id, amount: '25' }, TOO_FAST);
  });

  it('answers an unknown or hidden auction 404, whatever else is wrong', async () => {
    await expectRefused(bidder, { auctionId: UNKNOWN_AUCTION, amount: 'abc' }, NOT_FOUND);
    await expectRefused(bidder, { auctionId: UNKNOWN_AUCTION, amount: '25', maxAmount: '5' }, NOT_FOUND);
    await expectRefused(half, { auctionId: UNKNOWN_AUCTION, amount: 'abc' }, NOT_FOUND);
    await expectRefused(half, { auctionId: hidden.id, amount: 'abc' }, NOT_FOUND);
    await expectRefused(bidder, { auctionId: hidden.id, amount: '25' }, NOT_FOUND);
  });

  it('then an incomplete profile, before the host, a block, the end, the card and the amount', async () => {
    // Half is blocked by the host, has no card, and the auction has ended.
    await whileEnded(() => expectRefused(half, { auctionId: ending.id, amount: 'abc', maxAmount: 'x' }, INCOMPLETE));
    await expectRefused(half, { auctionId: open.id, amount: '25' }, INCOMPLETE);
  });

  it('then the host’s own auction, before the end and the amount', async () => {
    await whileEnded(() => expectRefused(host, { auctionId: ending.id, amount: 'abc' }, OWN));
    await expectRefused(host, { auctionId: open.id, amount: '25' }, OWN);
  });

  it('then a block either way, before the end, the card and the amount', async () => {
    for (const member of [blockedByHost, blockingHost]) {
      await whileEnded(() => expectRefused(member, { auctionId: ending.id, amount: 'abc' }, BLOCKED));
      await expectRefused(member, { auctionId: open.id, amount: '25' }, BLOCKED);
    }
  });

  it('then the end, before the card and the amount', async () => {
    await whileEnded(async () => {
      await expectRefused(cardless, { auctionId: ending.id, amount: 'abc' }, ENDED);
      await expectRefused(bidder, { auctionId: ending.id, amount: '25' }, ENDED);
    });
  });

  it('then the card on file, before the amount', async () => {
    await expectRefused(cardless, { auctionId: open.id, amount: 'abc', maxAmount: '1' }, NO_CARD);
    await expectRefused(cardless, { auctionId: open.id, amount: '25' }, NO_CARD);
  });

  it('then the amount, the maximum, the maximum against the amount, the minimum and the bounds', async () => {
    await expectRefused(bidder, { auctionId: open.id, amount: 'abc', maxAmount: 'x' }, BAD_AMOUNT);
    await expectRefused(bidder, { auctionId: open.id, amount: '1.234', maxAmount: '5' }, BAD_AMOUNT);
    await expectRefused(bidder, { auctionId: open.id, amount: '5', maxAmount: 'x' }, BAD_MAX);
    await expectRefused(bidder, { auctionId: open.id, amount: '10', maxAmount: '5' }, MAX_BELOW);
    const tooLow = { status: 400, code: 'bad_request', message: 'Bid must be at least 20' };
    await expectRefused(bidder, { auctionId: open.id, amount: '10' }, { ...tooLow, field: 'amount' });
    await expectRefused(
      bidder,
      { auctionId: open.id, amount: '10', maxAmount: '15' },
      { ...tooLow, field: 'maxAmount' },
    );
    await expectRefused(
      bidder,
      { auctionId: open.id, amount: '1000.01' },
      {
        status: 400,
        code: 'bad_request',
        message: 'Bids on this auction can be at most $1,000 for now. Please enter a smaller amount.',
        field: 'amount',
      },
    );
    await expectRefused(
      bidder,
      { auctionId: withBuyNow.id, amount: '25', maxAmount: '150' },
      { status: 400, code: 'bad_request', message: 'Buy it now for $150 instead', field: 'maxAmount' },
    );
  });

  it('accepts the bid once nothing is wrong, and refuses one too low after it with the new minimum', async () => {
    const accepted = await bid(bidder, { auctionId: open.id, amount: '20' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    await expectRefused(
      cardless,
      { auctionId: open.id, amount: '20' },
      NO_CARD, // still the card first
    );
    await expectRefused(
      bidder,
      { auctionId: open.id, amount: '20.50' },
      { status: 400, code: 'bad_request', message: 'Bid must be at least 21', field: 'amount' },
    );
  });

  it('names the bidder and the title in the notices as before, whatever the title holds', async () => {
    const odd = await createAuction(host, { title: '100% fun, {amount} %s %1$s' });
    expect((await bid(bidder, { auctionId: odd.id, amount: '20' })).statusCode).toBe(201);
    const [notice] = await testDb.database.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.relatedAuctionId, odd.id));
    // {amount} is filled in wherever it stands, as accept_bid always did.
    expect(notice).toEqual({
      title: 'New bid on your auction',
      message: 'Bidder T. bid $20 on "100% fun, 20 %s %1$s".',
    });
  });

  it('asks the payment provider only when no card is remembered, and remembers the one it finds', async () => {
    const fresh = await signUp('Fresh');
    const db = testDb.database.db;
    await db.update(users).set({ cardOnFile: false }).where(eq(users.id, fresh.id));
    const cardOnFile = async () =>
      (await db.select({ cardOnFile: users.cardOnFile }).from(users).where(eq(users.id, fresh.id)))[0]!.cardOnFile;

    // An earlier refusal does not reach the card.
    await expectRefused(fresh, { auctionId: UNKNOWN_AUCTION, amount: '25' }, NOT_FOUND);
    expect(await cardOnFile()).toBe(false);
    // A malformed amount comes after the card: the provider is asked and the card remembered, as before.
    const malformed = await bid(fresh, { auctionId: open.id, amount: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: BAD_AMOUNT.message, field: 'amount' });
    expect(await cardOnFile()).toBe(true);

    await db.update(users).set({ cardOnFile: false }).where(eq(users.id, fresh.id));
    const accepted = await bid(fresh, { auctionId: withBuyNow.id, amount: '20' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await cardOnFile()).toBe(true);
  });

  it('restates trim, profile completeness and display names of the contract exactly in SQL', async () => {
    const samples: Array<[string | null, string | null]> = [
      ['Ada', 'Lovelace'],
      ['  Ada ', ' lovelace  '],
      ['Ada', ''],
      ['Ada', '   '],
      ['Ada', null],
      ['', 'Lovelace'],
      [null, 'Lovelace'],
      ['\u00a0\t', 'x'],
      ['\ufeffZoë\u3000', '\u2003émile'],
      ['Ann', '\n\u2028o’Brien'],
      ['Bob', 'ábel'],
    ];
    for (const [first, last] of samples) {
      const result = await testDb.database.db.execute(
        sql`SELECT display_name_of(${first}, ${last}) AS name, js_trim(${first}) AS trimmed`,
      );
      const row = (result as { rows: Array<{ name: string; trimmed: string | null }> }).rows[0]!;
      expect(row.name).toBe(displayNameOf({ firstName: first, lastName: last }));
      expect(row.trimmed).toBe(first === null ? null : first.trim());
    }
    // A profile the contract calls incomplete is refused by the statement too (whitespace-only fields).
    const spaces = await signUp('Spaces');
    await testDb.database.db.update(users).set({ location: '\u00a0 \u2003' }).where(eq(users.id, spaces.id));
    const [row] = await testDb.database.db.select().from(users).where(eq(users.id, spaces.id));
    expect(isProfileComplete(row!)).toBe(false);
    await expectRefused(spaces, { auctionId: open.id, amount: '25' }, INCOMPLETE);
  });
});

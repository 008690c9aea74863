import {
  INCOMPLETE_PROFILE_FOR_AUCTION,
  type AuctionDetail,
  type AuctionListItem,
  type CreateAuctionInput,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auctions, notifications } from '../../src/db/schema/index.js';
import { HOUR, startOfThisMinute } from '../support/clock.js';
import { testDatabaseFactories } from '../support/databases.js';
import { addSandboxCard } from '../support/payments.js';
import { saveProfile } from '../support/profiles.js';
import { auctionInput as worldAuctionInput, suiteWorld, type Member } from '../support/world.js';

const START = startOfThisMinute();

const profileOf = (firstName: string, place: { location: string; zipCode: string }) => ({
  firstName,
  lastName: 'Tester',
  bio: '',
  age: 30,
  location: place.location,
  country: 'United States',
  zipCode: place.zipCode,
  interests: [],
  sex: 'female',
  openToDatesWith: ['male'],
});

const AUSTIN = { location: 'Austin, TX', zipCode: '78701' };
const NEW_YORK = { location: 'New York, NY', zipCode: '10001' };
const NOWHERE = { location: 'Somewhere nice', zipCode: 'none' };

/** The seeded cards P1..P7 of the listing tests, in the order each sort puts them. */
const SORTED_TITLES: Array<[string, string[]]> = [
  ['ending-soon', ['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7']],
  ['most-popular', ['P1', 'P4', 'P2', 'P5', 'P3', 'P6', 'P7']],
  ['newest', ['P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1']],
  ['price-low', ['P1', 'P7', 'P5', 'P6', 'P2', 'P3', 'P4']],
  ['price-high', ['P4', 'P3', 'P2', 'P6', 'P5', 'P7', 'P1']],
  // Every host here is new (score 0): equal scores run by end time, and pages by cursor across them.
  ['best-hosts', ['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7']],
];

/** The body of POST /api/auctions (see the world's), ending a day after the suite's start unless `now` is given. */
const auctionInput = (overrides: Partial<CreateAuctionInput> = {}, now = START) => worldAuctionInput(overrides, now);

describe.each(testDatabaseFactories())('auctions API on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: START });

  /** A member with a complete profile at `place` and a saved card, or with neither (`null`). */
  async function signUp(firstName: string, place: { location: string; zipCode: string } | null): Promise<Member> {
    const member = await world.signUp(firstName, { profile: false });
    if (place) {
      await saveProfile(world.app, member.cookie, profileOf(firstName, place));
      await addSandboxCard(world.app, member.cookie);
    }
    return member;
  }

  const post = (url: string, payload: object, who?: Member) => world.call(who, 'POST', url, payload);
  const put = (id: string, payload: object, who?: Member) => world.call(who, 'PUT', `/api/auctions/${id}`, payload);
  const cancel = (id: string, who?: Member) => world.call(who, 'DELETE', `/api/auctions/${id}`);
  const get = (url: string, who?: Member) => world.get(url, who);

  async function create(who: Member, overrides: Partial<CreateAuctionInput> = {}): Promise<AuctionListItem> {
    const res = await post('/api/auctions', auctionInput(overrides, world.clock), who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AuctionListItem>();
  }

  async function bid(who: Member, auctionId: string, amount: string) {
    const res = await post('/api/bids', { auctionId, amount }, who);
    expect(res.statusCode, res.body).toBe(201);
  }

  const titles = (res: LightMyRequestResponse) => res.json<AuctionListItem[]>().map((a) => a.title);

  describe('GET /api/auctions: filters, sorts and pages', () => {
    let viewer: Member;
    let lost: Member;
    const created: Record<string, AuctionListItem> = {};

    beforeAll(async () => {
      world.clock = START;
      const host = await signUp('Hostess', AUSTIN);
      const farHost = await signUp('Farhost', NEW_YORK);
      const b1 = await signUp('Bidder', AUSTIN);
      const b2 = await signUp('Rival', AUSTIN);
      viewer = await signUp('Viewer', AUSTIN);
      lost = await signUp('Lost', NOWHERE);
      const at = (hours: number) => new Date(START.getTime() + hours * HOUR).toISOString();
      // Distances from the viewer (78701): Kyle 20 mi, Bastrop 28, San Antonio 72, Houston 143.
      const plan: Array<[string, Member, Partial<CreateAuctionInput>]> = [
        ['P1', host, { location: 'Kyle, TX', startingBid: '10', endTime: at(3), dateType: 'coffee' }],
        ['P2', host, { location: 'Bastrop, TX', startingBid: '60', endTime: at(1), dateType: 'dinner' }],
        ['P3', host, { location: 'San Antonio, TX', startingBid: '100', endTime: at(5), dateType: 'activity' }],
        ['P4', host, { location: 'Houston, TX', startingBid: '150', endTime: at(2), dateType: 'coffee' }],
        ['P5', farHost, { location: 'New York, NY', startingBid: '49.99', endTime: at(4), dateType: 'dinner' }],
        ['P6', host, { location: 'Austin, TX 78701', startingBid: '50', endTime: at(6), dateType: 'activity' }],
        // Not in the gazetteer: placed at its host's coordinates (Austin).
        ['P7', host, { location: 'The secret garden', startingBid: '20', endTime: at(7), dateType: 'coffee' }],
        ['ENDED', host, { endTime: at(0.25) }],
        ['CANCELLED', host, { endTime: at(8) }],
      ];
      for (const [title, who, overrides] of plan) {
        created[title] = await create(who, { ...overrides, title });
      }
      for (const [i, amount] of ['10', '11', '12', '13', '14', '15'].entries()) {
        await bid(i % 2 === 0 ? b1 : b2, created.P1!.id, amount);
      }
      await bid(b2, created.P4!.id, '150');
      expect((await cancel(created.CANCELLED!.id, host)).statusCode).toBe(200);
      world.clock = new Date(START.getTime() + 20 * 60_000);
    });

    it('lists only open auctions, ending soonest first by default, with numeric bid counts and creators', async () => {
      const res = await get('/api/auctions');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-has-more']).toBe('false');
      expect(titles(res)).toEqual(['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7']);
      const p1 = res.json<AuctionListItem[]>().find((a) => a.title === 'P1')!;
      expect(p1).toMatchObject({
        bidCount: 6,
        currentBid: '15.00',
        startingBid: '10.00',
        isActive: true,
        cancelledAt: null,
        coverImageUrl: null,
        creator: { firstName: 'Hostess', lastName: 'Tester', displayName: 'Hostess T.', profileImageUrl: null },
      });
      // The host's main photo is the card's picture when the auction has no cover (docs/uploads.md).
      expect(Object.keys(p1.creator).sort()).toEqual([
        'displayName',
        'firstName',
        'id',
        'identityVerified',
        'lastName',
        'profileImageUrl',
        // Issue 35: the host's reliability (docs/trust-and-safety.md).
        'reputation',
      ]);
      expect(res.body).not.toContain('@example.com');
      expect(res.body).not.toContain('email');
    });

    it.each(SORTED_TITLES)('sorts by %s', async (sortBy, expected) => {
      expect(titles(await get(`/api/auctions?sortBy=${sortBy}`))).toEqual(expected);
    });

    it.each([
      ['dateType=coffee', ['P4', 'P1', 'P7']],
      ['dateType=dinner', ['P2', 'P5']],
      ['dateType=all', ['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7']],
      // Bounds on the current bid: under $50; $50 to $100 inclusive; above $100.
      ['priceRange=under-50', ['P1', 'P5', 'P7']],
      ['priceRange=50-100', ['P2', 'P3', 'P6']],
      ['priceRange=over-100', ['P4']],
      ['priceRange=any', ['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7']],
      ['dateType=coffee&priceRange=under-50&sortBy=price-high', ['P7', 'P1']],
      // Highest first, the bounds are stated on the index's negated price (open-auctions.query.ts).
      ['priceRange=under-50&sortBy=price-high', ['P5', 'P7', 'P1']],
      ['priceRange=50-100&sortBy=price-high', ['P3', 'P2', 'P6']],
      ['priceRange=over-100&sortBy=price-high', ['P4']],
    ])('filters by %s', async (query, expected) => {
      expect(titles(await get(`/api/auctions?${query}`))).toEqual(expected);
    });

    it.each([
      ['25', ['P1', 'P6', 'P7']],
      ['50', ['P2', 'P1', 'P6', 'P7']],
      ['100', ['P2', 'P1', 'P3', 'P6', 'P7']],
      ['any', ['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7']],
    ])('keeps auctions within %s miles of the signed-in viewer', async (miles, expected) => {
      expect(titles(await get(`/api/auctions?location=${miles}`, viewer))).toEqual(expected);
    });

    it('combines the distance filter with the others', async () => {
      expect(titles(await get('/api/auctions?location=25&dateType=coffee&priceRange=under-50', viewer))).toEqual([
        'P1',
        'P7',
      ]);
    });

    it('ignores the distance filter for visitors and for users without coordinates', async () => {
      const all = ['P2', 'P4', 'P1', 'P5', 'P3', 'P6', 'P7'];
      expect(titles(await get('/api/auctions?location=25'))).toEqual(all);
      expect(titles(await get('/api/auctions?location=25', lost))).toEqual(all);
    });

    it('pages with limit and offset and says whether more follow', async () => {
      const first = await get('/api/auctions?limit=3');
      expect(titles(first)).toEqual(['P2', 'P4', 'P1']);
      expect(first.headers['x-has-more']).toBe('true');
      const second = await get('/api/auctions?limit=3&offset=3');
      expect(titles(second)).toEqual(['P5', 'P3', 'P6']);
      expect(second.headers['x-has-more']).toBe('true');
      const last = await get('/api/auctions?limit=3&offset=6');
      expect(titles(last)).toEqual(['P7']);
      expect(last.headers['x-has-more']).toBe('false');
      const exact = await get('/api/auctions?limit=7');
      expect(exact.json()).toHaveLength(7);
      expect(exact.headers['x-has-more']).toBe('false');
      const beyond = await get('/api/auctions?offset=50');
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-has-more']).toBe('false');
    });

    it.each(SORTED_TITLES)(
      'pages %s by cursor: X-Next-Cursor leads through every card once, in order',
      async (sortBy, expected) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page += 1) {
          const query = `sortBy=${sortBy}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const res = await get(`/api/auctions?${query}`, viewer);
          expect(res.statusCode, res.body).toBe(200);
          seen.push(...titles(res));
          const next = res.headers['x-next-cursor'];
          // A cursor exactly when another page follows.
          expect(next !== undefined).toBe(res.headers['x-has-more'] === 'true');
          if (next === undefined) break;
          cursor = String(next);
        }
        expect(seen).toEqual(expected);
      },
    );

    it('starts a cursor page right after the card the cursor names', async () => {
      const first = await get('/api/auctions?limit=3');
      const cursor = String(first.headers['x-next-cursor']);
      expect(cursor).toMatch(/^ending-soon~/);
      // The first page ended with P1; the next starts after it (as offset=3 would, without skipping).
      expect(titles(await get(`/api/auctions?limit=3&cursor=${encodeURIComponent(cursor)}`))).toEqual([
        'P5',
        'P3',
        'P6',
      ]);
    });

    it.each([
      'cursor=abc',
      // A cursor of another sort than the one asked for.
      'sortBy=newest&cursor=ending-soon~2026-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000',
      'cursor=ending-soon~2026-01-01T00:00:00Z~00000000-0000-4000-8000-000000000000',
      'sortBy=price-high&cursor=price-high~abc~2026-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000',
      'sortBy=best-hosts&cursor=best-hosts~-5~2026-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000',
      'sortBy=best-hosts&cursor=ending-soon~2026-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000',
    ])('refuses %s with 400', async (query) => {
      const res = await get(`/api/auctions?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        message: 'cursor must be the X-Next-Cursor of a page of this list',
      });
    });

    it.each(['limit=101', 'limit=0', 'limit=abc', 'offset=-1', 'sortBy=random', 'priceRange=cheap', 'location=10'])(
      'refuses %s with 400',
      async (query) => {
        const res = await get(`/api/auctions?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('validation');
      },
    );

    it('says how to fix a page size that is too large', async () => {
      expect((await get('/api/auctions?limit=101')).json().message).toBe('limit must be a whole number from 1 to 100');
    });

    it('answers the detail of an open auction with creator card fields and the latest 5 bids', async () => {
      const res = await get(`/api/auctions/${created.P1!.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json<AuctionDetail>();
      expect(detail).toMatchObject({
        id: created.P1!.id,
        title: 'P1',
        currentBid: '15.00',
        bidCount: 6,
        bidderCount: 2,
        creator: { firstName: 'Hostess', lastName: 'Tester', age: 30, profileImageUrl: null, location: 'Austin, TX' },
      });
      expect(Object.keys(detail.creator).sort()).toEqual([
        'age',
        'firstName',
        'id',
        'identityVerified',
        'lastName',
        'location',
        'profileImageUrl',
        'reputation',
      ]);
      expect(detail.bids.map((b) => b.amount)).toEqual(['15.00', '14.00', '13.00', '12.00', '11.00']);
      expect(detail.bids.map((b) => b.bidder.firstName)).toEqual(['Rival', 'Bidder', 'Rival', 'Bidder', 'Rival']);
      expect(Object.keys(detail.bids[0]!.bidder).sort()).toEqual(['displayName', 'firstName', 'id']);
      expect(res.body).not.toContain('@example.com');
      expect(res.body).not.toContain('email');
    });

    it('keeps cancelled and ended auctions readable', async () => {
      const cancelled = (await get(`/api/auctions/${created.CANCELLED!.id}`)).json<AuctionDetail>();
      expect(cancelled).toMatchObject({ isActive: false, bids: [], bidderCount: 0 });
      expect(cancelled.cancelledAt).not.toBeNull();
      const ended = await get(`/api/auctions/${created.ENDED!.id}`);
      expect(ended.statusCode).toBe(200);
      expect(new Date(ended.json<AuctionDetail>().endTime).getTime()).toBeLessThan(world.clock.getTime());
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '42'])(
      'answers 404 Auction not found for %s',
      async (id) => {
        const res = await get(`/api/auctions/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Auction not found' });
      },
    );
  });

  describe('POST /api/auctions', () => {
    let creator: Member;
    let incomplete: Member;

    beforeAll(async () => {
      world.clock = START;
      creator = await signUp('Creator', AUSTIN);
      incomplete = await signUp('Incomplete', null);
    });

    it('refuses nobody with 401', async () => {
      expect((await post('/api/auctions', auctionInput())).statusCode).toBe(401);
    });

    it('asks for a complete profile before anything else', async () => {
      for (const payload of [auctionInput(), {}, auctionInput({ title: '', endTime: '2000-01-01T00:00:00Z' })]) {
        const res = await post('/api/auctions', payload, incomplete);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(INCOMPLETE_PROFILE_FOR_AUCTION);
      }
    });

    it.each([
      [{ title: '' }, 'Title is required', 'title'],
      [{ title: 'x'.repeat(256) }, 'Title too long', 'title'],
      [{ description: 'too short' }, 'Description must be at least 10 characters', 'description'],
      [{ dateType: 'picnic' }, 'Please select a date type', 'dateType'],
      [{ location: '' }, 'Location is required', 'location'],
      [{ locationRadius: 0 }, 'Radius must be at least 1 mile', 'locationRadius'],
      [{ locationRadius: 501 }, 'Radius too large', 'locationRadius'],
      [{ startingBid: '0.99' }, 'Starting bid must be at least $1', 'startingBid'],
      [{ startingBid: 'abc' }, 'Starting bid must be at least $1', 'startingBid'],
      [{ buyNowPrice: '0.5' }, 'Buy now price must be at least $1', 'buyNowPrice'],
      // The third hostile test: prices no bid can reach (docs/reliability.md).
      [{ startingBid: '5000000' }, 'Starting bid can be at most $100,000', 'startingBid'],
      [{ startingBid: '100000.01' }, 'Starting bid can be at most $100,000', 'startingBid'],
      [{ buyNowPrice: '9999999' }, 'Buy now price can be at most $100,000', 'buyNowPrice'],
      [{ paymentResponsibility: 'nobody' }, 'Please select who pays for the date', 'paymentResponsibility'],
      [{ paymentNotes: 'x'.repeat(501) }, 'Payment notes must be less than 500 characters', 'paymentNotes'],
      [{ expectedDuration: 0 }, 'Duration must be at least 15 minutes', 'expectedDuration'],
      [{ expectedDuration: 10_095 }, 'Duration cannot exceed 7 days', 'expectedDuration'],
      [{ expectedDuration: 50 }, 'Duration must be in 15-minute increments', 'expectedDuration'],
      [
        { dateType: 'dinner', expectedDuration: 15 },
        'Duration must meet minimum requirements for selected date type',
        'expectedDuration',
      ],
      [{ endTime: undefined }, 'Please select an end date for your auction.', 'endTime'],
      [{ endTime: 'tomorrow' }, 'Please select an end date for your auction.', 'endTime'],
    ])('refuses %j with %j', async (patch, message, field) => {
      const res = await post('/api/auctions', { ...auctionInput(), ...patch }, creator);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'validation', field });
    });

    it('gives the form messages before the pre-submit checks', async () => {
      const res = await post('/api/auctions', auctionInput({ title: '', endTime: '2000-01-01T00:00:00Z' }), creator);
      expect(res.json().message).toBe('Title is required');
    });

    it('runs the pre-submit checks in order: end in the future, then buy-now above the starting bid', async () => {
      const past = new Date(world.clock.getTime() - 60_000).toISOString();
      const both = await post('/api/auctions', auctionInput({ endTime: past, buyNowPrice: '20' }), creator);
      expect(both.statusCode).toBe(400);
      expect(both.json().message).toBe('End time must be in the future.');
      const atNow = await post('/api/auctions', auctionInput({ endTime: world.clock.toISOString() }), creator);
      expect(atNow.json().message).toBe('End time must be in the future.');
      for (const buyNowPrice of ['20', '19.99']) {
        const res = await post('/api/auctions', auctionInput({ buyNowPrice }), creator);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Buy now price must be higher than starting bid.');
      }
    });

    it('creates the auction: 201, current bid = starting bid, no bids, placed on the map', async () => {
      const res = await post(
        '/api/auctions',
        auctionInput({ startingBid: '25.5', buyNowPrice: '80', paymentNotes: '  pastries on me  ' }),
        creator,
      );
      expect(res.statusCode).toBe(201);
      const auction = res.json<AuctionListItem>();
      expect(auction).toMatchObject({
        creatorId: creator.id,
        startingBid: '25.50',
        currentBid: '25.50',
        buyNowPrice: '80.00',
        paymentNotes: 'pastries on me',
        bidCount: 0,
        isActive: true,
        winnerId: null,
        cancelledAt: null,
        creator: { id: creator.id, displayName: 'Creator T.' },
      });
      expect(auction.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(auction.latitude)).toBeCloseTo(30.3, 0);
      expect(Number(auction.longitude)).toBeCloseTo(-97.7, 0);
      const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auction.id));
      expect(row).toMatchObject({ currentBid: '25.50', bidCount: 0, paymentNotes: 'pastries on me' });
    });

    it('stores no coordinates when neither the location nor the host is on the map', async () => {
      const nowhere = await signUp('Nowhere', NOWHERE);
      const auction = await create(nowhere, { location: 'A quiet place' });
      expect(auction.latitude).toBeNull();
      expect(auction.longitude).toBeNull();
    });
  });

  describe('PUT and DELETE /api/auctions/{id}', () => {
    let owner: Member;
    let other: Member;
    let bidder: Member;

    beforeAll(async () => {
      world.clock = START;
      owner = await signUp('Owner', AUSTIN);
      other = await signUp('Other', AUSTIN);
      bidder = await signUp('Fan', AUSTIN);
    });

    const read = async (id: string) => (await get(`/api/auctions/${id}`)).json<AuctionDetail>();
    const notificationsOf = (userId: string) =>
      world.db.select().from(notifications).where(eq(notifications.userId, userId));

    it('refuses nobody (401), another user (403) and unknown or malformed ids (404)', async () => {
      const auction = await create(owner);
      expect((await put(auction.id, { title: 'Mine now' })).statusCode).toBe(401);
      expect((await cancel(auction.id)).statusCode).toBe(401);
      const edit = await put(auction.id, { title: 'Mine now' }, other);
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe('You can only edit your own auctions.');
      const cancelled = await cancel(auction.id, other);
      expect(cancelled.statusCode).toBe(403);
      expect(cancelled.json().message).toBe('You can only cancel your own auctions.');
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect((await put(id, { title: 'x' }, owner)).json()).toMatchObject({ message: 'Auction not found' });
        expect((await cancel(id, owner)).statusCode).toBe(404);
      }
      expect(await read(auction.id)).toMatchObject({ title: auction.title, isActive: true });
    });

    it('lets the owner change only the fields that differ', async () => {
      const auction = await create(owner, { buyNowPrice: '90' });
      const res = await put(auction.id, { title: '  Dinner instead  ' }, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'Dinner instead',
        description: auction.description,
        location: auction.location,
        buyNowPrice: '90.00',
      });
      const afterTitle = await read(auction.id);
      // Nothing differs: no write at all (updatedAt stays).
      for (const body of [{}, { title: 'Dinner instead' }, { title: 'Dinner instead', buyNowPrice: '90' }]) {
        const same = await put(auction.id, body, owner);
        expect(same.statusCode).toBe(200);
        expect(same.json().updatedAt).toBe(afterTitle.updatedAt);
      }
      const noBody = await world.call(owner, 'PUT', `/api/auctions/${auction.id}`);
      expect(noBody.statusCode).toBe(200);
      const moved = await put(auction.id, { location: 'Houston, TX', description: 'Somewhere new entirely' }, owner);
      expect(moved.json()).toMatchObject({ location: 'Houston, TX', description: 'Somewhere new entirely' });
      expect(Number(moved.json().latitude)).toBeCloseTo(29.8, 0);
      const cleared = await put(auction.id, { buyNowPrice: '' }, owner);
      expect(cleared.json().buyNowPrice).toBeNull();
      expect(await read(auction.id)).toMatchObject({
        title: 'Dinner instead',
        buyNowPrice: null,
        startingBid: '20.00',
      });
    });

    it('refuses invalid edits with the contract messages', async () => {
      const auction = await create(owner);
      for (const [body, message] of [
        [{ title: '' }, 'Title is required'],
        [{ description: '' }, 'Description is required'],
        [{ buyNowPrice: 'lots' }, 'Buy now price must be a positive number'],
        [{ buyNowPrice: '0' }, 'Buy now price must be a positive number'],
        [{ buyNowPrice: '9999999' }, 'Buy now price can be at most $100,000'],
      ] as const) {
        const res = await put(auction.id, body, owner);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
        expect(res.json().field).toBe(Object.keys(body)[0]);
      }
      const unknownField = await put(auction.id, { startingBid: '1' }, owner);
      expect(unknownField.statusCode).toBe(400);
      expect((await read(auction.id)).startingBid).toBe('20.00');
    });

    it('keeps a buy-now price above the current bid', async () => {
      const auction = await create(owner, { startingBid: '20' });
      const atStart = await put(auction.id, { buyNowPrice: '20' }, owner);
      expect(atStart.statusCode).toBe(400);
      expect(atStart.json().message).toBe('Buy now price must be higher than starting bid.');
      await bid(bidder, auction.id, '30');
      const atCurrent = await put(auction.id, { buyNowPrice: '30' }, owner);
      expect(atCurrent.statusCode).toBe(400);
      expect(atCurrent.json().message).toBe('Buy now price must be higher than the current bid.');
      expect((await put(auction.id, { buyNowPrice: '30.01' }, owner)).json().buyNowPrice).toBe('30.01');
    });

    it('refuses to edit or cancel an auction that has ended', async () => {
      const auction = await create(owner, { endTime: new Date(world.clock.getTime() + HOUR).toISOString() });
      world.clock = new Date(START.getTime() + 2 * HOUR);
      try {
        const edit = await put(auction.id, { title: 'Too late' }, owner);
        expect(edit.statusCode).toBe(409);
        expect(edit.json().message).toBe('This auction has ended and can no longer be edited.');
        const cancelled = await cancel(auction.id, owner);
        expect(cancelled.statusCode).toBe(409);
        expect(cancelled.json().message).toBe('This auction has ended and can no longer be cancelled.');
      } finally {
        world.clock = START;
      }
    });

    it('cancels for good: inactive, cancelled and closed now, no winner, no more bids, edits or cancels', async () => {
      const auction = await create(owner);
      await bid(bidder, auction.id, '20');
      const res = await cancel(auction.id, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: auction.id,
        isActive: false,
        winnerId: null,
        cancelledAt: world.clock.toISOString(),
      });
      const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auction.id));
      expect(row).toMatchObject({ isActive: false, winnerId: null });
      expect(row!.cancelledAt?.toISOString()).toBe(world.clock.toISOString());
      expect(row!.closedAt?.toISOString()).toBe(world.clock.toISOString());

      const again = await cancel(auction.id, owner);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This auction has already been cancelled.');
      const edit = await put(auction.id, { title: 'Back on' }, owner);
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe('This auction has been cancelled and can no longer be edited.');
      const lateBid = await post('/api/bids', { auctionId: auction.id, amount: '50' }, bidder);
      expect(lateBid.statusCode).toBe(400);
      expect(lateBid.json().message).toBe('Auction has ended');
      const list = await get('/api/auctions?limit=100');
      expect(list.json<AuctionListItem[]>().map((a) => a.id)).not.toContain(auction.id);
      // Bidders hear about the cancellation once (docs/product.md §4).
      const told = await notificationsOf(bidder.id);
      const cancelled = told.filter((n) => n.relatedAuctionId === auction.id && n.type === 'auction_cancelled');
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]!.message).toContain('There is no winner and no one will be charged.');
    });

    it('lists my auctions newest first, cancelled ones included, with bid counts', async () => {
      const mine = await signUp('Lister', AUSTIN);
      const first = await create(mine, { title: 'First' });
      const second = await create(mine, { title: 'Second' });
      await bid(bidder, first.id, '20');
      await cancel(second.id, mine);
      const res = await get('/api/my-auctions', mine);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject([
        { id: second.id, title: 'Second', isActive: false, bidCount: 0 },
        { id: first.id, title: 'First', isActive: true, bidCount: 1, currentBid: '20.00' },
      ]);
      expect((await get('/api/my-auctions')).statusCode).toBe(401);
    });

    it('lists my bids newest first with their auction', async () => {
      const fan = await signUp('Collector', AUSTIN);
      const a = await create(owner, { title: 'Bid target A' });
      const b = await create(owner, { title: 'Bid target B' });
      await bid(fan, a.id, '20');
      await bid(fan, b.id, '25');
      await bid(bidder, b.id, '30');
      const res = await get('/api/my-bids', fan);
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        auctionId: b.id,
        amount: '25.00',
        auction: { title: 'Bid target B', currentBid: '30.00', isActive: true, endTime: b.endTime },
      });
      // What the row's picture needs (issue 38: My Bids shows one), and nothing more of the host.
      expect(rows[0].auction).toMatchObject({ dateType: b.dateType, coverImageUrl: null });
      expect(Object.keys(rows[0].auction.creator)).toEqual(['profileImageUrl']);
      expect(rows[1]).toMatchObject({ auctionId: a.id, amount: '20.00', auction: { title: 'Bid target A' } });
      expect(typeof rows[0].createdAt).toBe('string');
    });
  });
});

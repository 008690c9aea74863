import type { SearchResults, SearchUser } from '@bid/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, users, type NewAuction, type NewUser } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/db/sql-helpers.js';
import {
  escapeLikePattern,
  searchOpenAuctionsQuery,
  searchUsersQuery,
} from '../../src/modules/search/search.repository.js';
import { postgresOnlyFactories, testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld, suiteWorld } from '../support/world.js';

const HOUR = 3_600_000;
const USER_KEYS = [
  'age',
  'bio',
  'firstName',
  'id',
  'identityVerified',
  'interests',
  'lastName',
  'location',
  'profileImageUrl',
];
const AUCTION_KEYS = [
  'bidCount',
  'creator',
  'currentBid',
  'dateType',
  'description',
  'endTime',
  'id',
  'location',
  'title',
];

async function insertUser(db: TestDatabase['database']['db'], values: Partial<NewUser>) {
  const [row] = await db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, ...values })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

function auctionRow(creatorId: string, values: Partial<NewAuction>): NewAuction {
  return {
    creatorId,
    title: 'An auction',
    description: 'A date worth bidding on.',
    dateType: 'coffee',
    location: 'Austin, TX',
    startingBid: '20.00',
    currentBid: '20.00',
    endTime: new Date(Date.now() + 24 * HOUR),
    ...values,
  };
}

describe.each(testDatabaseFactories())('search API on $kind', (factory) => {
  const world = createWorld(factory);
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;
  let callerId: string;
  let hostId: string;

  const search = async (query: string, path = '/api/search') => {
    const res = await app.inject({ method: 'GET', url: `${path}?${query}`, cookies: withSession(cookie) });
    return res;
  };
  const found = async (q: string, extra = '') => {
    const res = await search(`q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResults>();
  };

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
    const signedIn = await signInByEmail(app, 'searcher@example.com');
    cookie = signedIn.cookie;
    callerId = signedIn.body.user.id;
    const db = testDb.database.db;
    // The caller has a searchable name too, to check that /api/search/users leaves them out.
    await db.update(users).set({ firstName: 'Quincy', lastName: 'Searcher' }).where(eq(users.id, callerId));

    hostId = await insertUser(db, {
      firstName: 'Harriet',
      lastName: 'Host',
      age: 34,
      location: 'Austin, TX',
      bio: 'Hosting dates.',
      interests: ['coffee', 'hiking', 'jazz', 'books', 'chess'],
      passwordHash: 'secret-hash',
      stripeCustomerId: 'cus_secret',
      reviewerNotes: 'private note',
    });
    await insertUser(db, { firstName: 'Alexandra', lastName: 'Smith', age: 29 });
    await insertUser(db, { firstName: 'Alex', lastName: 'Johnson', age: 31 });
    await insertUser(db, { firstName: 'Maria', lastName: 'Alexander', age: 40 });
    await insertUser(db, { firstName: 'Bob', lastName: 'Malexis' });
    // No first name: never found, whatever the last name says.
    await insertUser(db, { firstName: null, lastName: 'Alexnameless' });
    await insertUser(db, { firstName: '', lastName: 'Alexblank' });
    // Names with LIKE's special characters, stored literally.
    await insertUser(db, { firstName: '100%', lastName: 'Percent' });
    await insertUser(db, { firstName: 'Under_score', lastName: 'Person' });
    await insertUser(db, { firstName: 'Back\\slash', lastName: 'Person' });
    await insertUser(db, { firstName: 'Underxscore', lastName: 'Decoy' });
    // Many of one name, for the limits.
    for (let i = 0; i < 55; i++) await insertUser(db, { firstName: 'Zanzibar', lastName: `Number ${i}` });

    await db.insert(auctions).values([
      auctionRow(hostId, { title: 'Sunset kayak adventure', dateType: 'activity', currentBid: '45.50', bidCount: 3 }),
      auctionRow(hostId, { title: 'Kayak and coffee' }),
      auctionRow(hostId, { title: 'Dinner then a kayak ride', dateType: 'dinner' }),
      auctionRow(hostId, { title: 'Closed kayak trip', isActive: false }),
      auctionRow(hostId, { title: 'Ended kayak trip', endTime: new Date(Date.now() - HOUR) }),
      auctionRow(hostId, { title: '50% off kayak lesson' }),
      auctionRow(hostId, { title: 'Snake_case coding date' }),
      // A term in the description or the place finds the auction too, as browse does.
      auctionRow(hostId, { title: 'Evening walk', description: 'We end at the old LIGHTHOUSE for the view.' }),
      auctionRow(hostId, { title: 'Lighthouse tour' }),
      auctionRow(hostId, { title: 'Fish and chips', location: 'Lighthouse Point, FL' }),
      auctionRow(hostId, { title: 'Closed lighthouse walk', description: 'lighthouse', isActive: false }),
      ...Array.from({ length: 55 }, (_, i) => auctionRow(hostId, { title: `Quokka picnic ${i}` })),
    ]);
  });
  afterAll(() => world.close());

  it('refuses nobody with 401 on both routes, even with a bad query', async () => {
    for (const url of ['/api/search?q=alex', '/api/search/users?q=alex', '/api/search?limit=9999']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers empty lists for empty or blank text, and 400 beyond 100 characters', async () => {
    for (const query of ['', 'q=', 'q=%20%20%20', 'q=%09']) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toEqual({ users: [], auctions: [] });
    }
    expect((await search('q=', '/api/search/users')).json()).toEqual({ users: [] });
    expect((await search(`q=${'a'.repeat(100)}`)).statusCode).toBe(200);
    const tooLong = await search(`q=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'validation', field: 'q' });
    // Surrounding spaces do not count toward the length or the match.
    expect((await found(`  Harriet  `)).users.map((u) => u.firstName)).toEqual(['Harriet']);
  });

  it('finds people by any part of their name, case-insensitively, prefix matches first', async () => {
    const { users: people } = await found('alex');
    const names = people.map((u) => `${u.firstName} ${u.lastName}`);
    expect(names).toHaveLength(4);
    expect(new Set(names.slice(0, 2))).toEqual(new Set(['Alexandra Smith', 'Alex Johnson']));
    // A last name starting with the term ranks before a match inside a word.
    expect(names.slice(2)).toEqual(['Maria Alexander', 'Bob Malexis']);
    expect(names).not.toContain('null Alexnameless');
    // The closest spelling of a prefix match ranks first.
    expect((await found('ALEX JOHN')).users.map((u) => u.firstName)).toEqual(['Alex']);
    expect((await found('smith')).users.map((u) => u.firstName)).toEqual(['Alexandra']);
  });

  it('shows only public profile fields, never e-mail or private data', async () => {
    const res = await search('q=harriet');
    expect(res.body).not.toMatch(/@example\.com|email|secret|cus_|private note|password/i);
    const { users: people, auctions: found } = res.json<SearchResults>();
    expect(Object.keys(people[0] ?? {}).sort()).toEqual(USER_KEYS);
    expect(people[0]).toEqual({
      id: hostId,
      firstName: 'Harriet',
      lastName: 'Host',
      profileImageUrl: null,
      location: 'Austin, TX',
      age: 34,
      bio: 'Hosting dates.',
      interests: ['coffee', 'hiking', 'jazz', 'books', 'chess'],
      identityVerified: false,
    });
    expect(found).toEqual([]);
    const auctionsRes = await search('q=kayak');
    expect(auctionsRes.body).not.toMatch(/@example\.com|email|secret|cus_|password/i);
  });

  it('finds open auctions by title, prefix matches first, with the card fields', async () => {
    const { auctions: list, users: people } = await found('kayak');
    expect(people).toEqual([]);
    const titles = list.map((a) => a.title);
    expect(titles[0]).toBe('Kayak and coffee');
    expect(new Set(titles)).toEqual(
      new Set(['Kayak and coffee', 'Sunset kayak adventure', 'Dinner then a kayak ride', '50% off kayak lesson']),
    );
    expect(titles).not.toContain('Closed kayak trip');
    expect(titles).not.toContain('Ended kayak trip');
    const sunset = list.find((a) => a.title === 'Sunset kayak adventure');
    expect(Object.keys(sunset ?? {}).sort()).toEqual(AUCTION_KEYS);
    expect(sunset).toMatchObject({
      dateType: 'activity',
      currentBid: '45.50',
      location: 'Austin, TX',
      description: 'A date worth bidding on.',
      bidCount: 3,
      creator: { id: hostId, firstName: 'Harriet', lastName: 'Host' },
    });
    expect(Object.keys(sunset?.creator ?? {}).sort()).toEqual(['firstName', 'id', 'identityVerified', 'lastName']);
    expect(Date.parse(sunset?.endTime ?? '')).toBeGreaterThan(Date.now());
  });

  it('finds open auctions by their description or place as well, after those whose title matches', async () => {
    const titles = (await found('lighthouse')).auctions.map((a) => a.title);
    expect(titles[0]).toBe('Lighthouse tour');
    expect(new Set(titles)).toEqual(new Set(['Lighthouse tour', 'Evening walk', 'Fish and chips']));
  });

  it("treats LIKE's wildcards and the escape character literally", async () => {
    expect((await found('%')).users.map((u) => u.firstName)).toEqual(['100%']);
    expect((await found('%')).auctions.map((a) => a.title)).toEqual(['50% off kayak lesson']);
    expect((await found('under_')).users.map((u) => u.firstName)).toEqual(['Under_score']);
    expect((await found('_')).auctions.map((a) => a.title)).toEqual(['Snake_case coding date']);
    expect((await found('\\')).users.map((u) => u.firstName)).toEqual(['Back\\slash']);
    expect((await found('%%')).users).toEqual([]);
    expect(await found('__')).toEqual({ users: [], auctions: [] });
  });

  it('keeps SQL-looking input harmless', async () => {
    for (const q of ["' OR 1=1 --", "'; DROP TABLE users; --", '" OR ""="', "Harriet' --", "\\%' OR '1'='1"]) {
      const body = await found(q);
      expect(body, q).toEqual({ users: [], auctions: [] });
      expect((await search(`q=${encodeURIComponent(q)}`, '/api/search/users')).json(), q).toEqual({ users: [] });
    }
    // The tables are all still there and still answer.
    expect((await found('harriet')).users).toHaveLength(1);
  });

  it('returns 20 of each by default, accepts a limit up to 50 and refuses others', async () => {
    expect((await found('zanzibar')).users).toHaveLength(20);
    expect((await found('quokka')).auctions).toHaveLength(20);
    expect((await found('zanzibar', '&limit=50')).users).toHaveLength(50);
    expect((await found('quokka', '&limit=50')).auctions).toHaveLength(50);
    expect((await found('zanzibar', '&limit=3')).users).toHaveLength(3);
    for (const limit of ['0', '51', '-1', '2.5', 'abc']) {
      const res = await search(`q=zanzibar&limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
    }
  });

  it('GET /api/search/users finds people but never the caller', async () => {
    const res = await search('q=quincy', '/api/search/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: [] });
    // The general search does show the caller's own profile.
    expect((await found('quincy')).users.map((u) => u.id)).toEqual([callerId]);
    const alex = (await search('q=alex', '/api/search/users')).json<{ users: SearchUser[] }>();
    expect(alex.users).toHaveLength(4);
    expect(Object.keys(alex.users[0] ?? {}).sort()).toEqual(USER_KEYS);
    expect((await search('q=zanzibar&limit=50', '/api/search/users')).json<{ users: unknown[] }>().users).toHaveLength(
      50,
    );
  });
});

describe.each(postgresOnlyFactories())('search query plans on $kind', (factory) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await factory.open();
    const db = testDb.database.db;
    await db.execute(sql`
      insert into users (email, first_name, last_name)
      select 'user' || g || '@example.com', 'First' || md5(g::text), 'Last' || md5((g * 7)::text)
      from generate_series(1, 4000) g`);
    await db.execute(sql`
      insert into auctions (creator_id, title, description, date_type, starting_bid, current_bid, end_time, is_active)
      select (select id from users order by id limit 1), 'Auction ' || md5(g::text), 'Description', 'coffee',
             20, 20, now() + interval '1 day', g % 5 <> 0
      from generate_series(1, 4000) g`);
    // VACUUM also refreshes the GIN indexes' own statistics (built on an empty table by the
    // migration), as autovacuum does in production; ANALYZE alone leaves them saying "empty".
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze auctions`);
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  /** EXPLAINs the exact statement the repository runs, with sequential scans priced out. */
  async function plan(query: { sql: string; params: unknown[] }): Promise<string> {
    if (testDb.database.driver.kind !== 'postgres') throw new Error('postgres only');
    const client = await testDb.database.driver.pool.connect();
    try {
      await client.query('begin');
      // Proves the index is usable for the query as written; on a small table the planner may
      // otherwise prefer a scan, which at 1M rows it does not (docs/engineering.md §7).
      await client.query('set local enable_seqscan = off');
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  it('finds users through users_name_trgm_idx', async () => {
    const db = testDb.database.db;
    const text = await plan(searchUsersQuery(db, 'abcdef', { limit: 20 }).toSQL());
    expect(text).toContain('users_name_trgm_idx');
    const excluding = await plan(
      searchUsersQuery(db, 'abcdef', { limit: 20, excludeUserId: '00000000-0000-4000-8000-000000000000' }).toSQL(),
    );
    expect(excluding).toContain('users_name_trgm_idx');
  });

  it('finds open auctions through auctions_title_trgm_idx', async () => {
    const text = await plan(
      searchOpenAuctionsQuery(testDb.database.db, 'abcdef', { limit: 20, now: new Date() }).toSQL(),
    );
    expect(text).toContain('auctions_title_trgm_idx');
    // The description and the place, when the title pools leave room, through their own index.
    expect(text).toContain('auctions_details_trgm_idx');
  });
});

describe.each(testDatabaseFactories())('later words kept by triggers on $kind', (factory) => {
  const world = suiteWorld(factory);

  /** A text's stored later words (migration 0028), in position order, with each row's xmin (which transaction wrote it). */
  async function wordsOf(kind: 'user' | 'auction', id: string) {
    const query =
      kind === 'user'
        ? sql`select position, suffix, xmin::text as xmin from user_name_later_words
              where user_id = ${id} order by position`
        : sql`select position, suffix, xmin::text as xmin from auction_title_later_words
              where auction_id = ${id} order by position`;
    return rowsOf<{ position: number; suffix: string; xmin: string }>(await world.db.execute(query));
  }
  const suffixes = async (kind: 'user' | 'auction', id: string) =>
    (await wordsOf(kind, id)).map((r) => [Number(r.position), r.suffix]);

  it('stores the lowered rest of the text after every space, and follows inserts, edits and deletes', async () => {
    const db = world.db;
    const [user] = await db
      .insert(users)
      .values({ email: 'mary.ann@example.com', firstName: 'Mary Ann', lastName: 'Smith-Jones' })
      .returning({ id: users.id });
    expect(await suffixes('user', user!.id)).toEqual([
      [6, 'ann smith-jones'],
      [10, 'smith-jones'],
    ]);
    const [auction] = await db
      .insert(auctions)
      .values(auctionRow(user!.id, { title: 'Sunset  Kayak paddle' }))
      .returning({ id: auctions.id });
    // Two spaces: a suffix after each, so '% kayak%' and '%  kayak%' both have theirs.
    expect(await suffixes('auction', auction!.id)).toEqual([
      [8, ' kayak paddle'],
      [9, 'kayak paddle'],
      [15, 'paddle'],
    ]);

    await db.update(auctions).set({ title: 'Jazz night downtown' }).where(eq(auctions.id, auction!.id));
    expect(await suffixes('auction', auction!.id)).toEqual([
      [6, 'night downtown'],
      [12, 'downtown'],
    ]);
    await db.update(users).set({ lastName: null }).where(eq(users.id, user!.id));
    // The name is 'Mary Ann ' now: nothing after its last space, so no suffix there.
    expect(await suffixes('user', user!.id)).toEqual([[6, 'ann ']]);

    await db.delete(auctions).where(eq(auctions.id, auction!.id));
    expect(await suffixes('auction', auction!.id)).toEqual([]);
    await db.delete(users).where(eq(users.id, user!.id));
    expect(await suffixes('user', user!.id)).toEqual([]);
  });

  it('holds a suffix starting with the term exactly for the texts where ILIKE finds it after a space', async () => {
    const db = world.db;
    const host = await world.signUp('Wordhost', { lastName: 'Van der Berg' });
    const titles = ['Kayak at dawn', 'Dawn kayak', 'Sushi  night', 'ÉCLAIRS and Éclats', 'x 100% off', 'a_b c_d'];
    await db.insert(auctions).values(titles.map((title) => auctionRow(host.id, { title })));
    for (const term of ['kayak', 'dawn', 'night', ' night', 'éclats', 'éc', '100%', 'c_d', 'der berg', 'berg']) {
      const pattern = escapeLikePattern(term);
      const byIlike = rowsOf<{ id: string }>(
        await db.execute(sql`
          select id::text from auctions where title ILIKE ${`% ${pattern}%`}
          union select id::text from users where coalesce(first_name, '') || ' ' || coalesce(last_name, '') ILIKE ${`% ${pattern}%`}
          order by 1`),
      );
      const bySuffix = rowsOf<{ id: string }>(
        await db.execute(sql`
          select auction_id::text as id from auction_title_later_words where suffix LIKE lower(${`${pattern}%`})
          union select user_id::text from user_name_later_words where suffix LIKE lower(${`${pattern}%`})
          order by 1`),
      );
      expect(bySuffix, term).toEqual(byIlike);
    }
  });

  it('leaves the words alone when a bid updates the auction, or an edit keeps the title', async () => {
    const host = await world.signUp('Bidhost');
    const bidder = await world.signUp('Bidder');
    const auction = await world.createAuction(host, { title: 'Picnic by the lake' });
    const before = await wordsOf('auction', auction.id);
    expect(before.map((r) => r.suffix)).toEqual(['by the lake', 'the lake', 'lake']);

    // An accepted bid updates the auction's row (current_bid, bid_count, the leader, end_time…).
    const res = await world.bid(bidder, { auctionId: auction.id, amount: '30' });
    expect(res.statusCode, res.body).toBe(201);
    await world.db.update(auctions).set({ title: 'Picnic by the lake' }).where(eq(auctions.id, auction.id));
    // Same rows, written by the same transaction: the triggers never ran.
    expect(await wordsOf('auction', auction.id)).toEqual(before);
  });
});

/**
 * `npx tsx bench/plans.ts`: the plans of the hot queries at a million rows (docs/performance.md,
 * "Plans at a million rows"). Creates a database beside BENCH_DATABASE_URL's (default the local
 * server), migrates it with the app's migrations, seeds 1,000,000 users and 1,000,000 auctions
 * (the benchmark's marketplace), their bid history and notifications, then prints
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement the hot paths run, captured from the app's own
 * query code. The database is dropped at the end unless `--keep`.
 *
 *   --database=NAME (default bidyourdate_plans)  --users=N --auctions=N (default 1,000,000 each)
 *   --keep (do not drop)  --reuse (skip creating and seeding: explain an existing database)
 */
import { AUCTION_SORTS, parseAuctionCursor, type AuctionSort } from '@bid/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import {
  countBidders,
  findAuctionWithCreator,
  listOpenAuctions,
  listRecentBids,
} from '../apps/server/src/modules/auctions/auctions.repository.js';
import {
  countUnreadForUser,
  listNotificationsForUser,
} from '../apps/server/src/modules/notifications/notifications.repository.js';
import { searchOpenAuctions, searchUsers } from '../apps/server/src/modules/search/search.repository.js';
import { benchServerUrl, LATER_WORD_TABLES, withIndexesDropped, withLaterWordsFilledAfter } from './lib/database.js';
import { Marketplace } from './lib/marketplace.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const name = args.get('database') ?? 'bidyourdate_plans';
const userCount = Number(args.get('users') ?? 1_000_000);
const auctionCount = Number(args.get('auctions') ?? 1_000_000);
const log = (line: string) => console.log(line);

function urlOf(database: string): string {
  const url = new URL(benchServerUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: benchServerUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function seed(pool: pg.Pool) {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const tables = ['users', 'auctions', ...LATER_WORD_TABLES, 'bids', 'notifications'];
  await withIndexesDropped(pool, tables, log, async () => {
    const marketplace = new Marketplace(pool);
    await withLaterWordsFilledAfter(pool, log, () =>
      marketplace.grow({ users: userCount, auctions: auctionCount }, { analyze: false }),
    );
    log(`  ${userCount} users and ${auctionCount} auctions: ${elapsed()}`);
    // Bid history for every fourth auction with bids, as many as its bid count (the marketplace
    // sets the counts only), rising by a dollar; bidders spread over every user. One statement,
    // generate_series. (Every auction's would be about 4 million rows: a quarter of that gives the
    // planner the same shape of table in a quarter of the time.)
    await pool.query(`CREATE TEMP TABLE user_numbers AS SELECT row_number() OVER () AS n, id FROM users`);
    await pool.query(`CREATE UNIQUE INDEX ON user_numbers (n)`);
    await pool.query(
      `INSERT INTO bids (auction_id, bidder_id, amount, created_at)
       SELECT a.id, u.id, a.current_bid - (a.bid_count - g), a.created_at + g * interval '1 minute'
       FROM auctions a
       CROSS JOIN LATERAL generate_series(1, a.bid_count) g
       JOIN user_numbers u ON u.n = 1 + abs(hashtext(a.id::text || g)) % $1
       WHERE a.bid_count > 0 AND (hashtext(a.id::text) & 3) = 0`,
      [userCount],
    );
    // One auction with a long history: 20,000 bids (a hot auction's page and its bid list).
    await pool.query(
      `WITH hot AS (SELECT id FROM auctions WHERE is_active ORDER BY bid_count DESC, id LIMIT 1)
       INSERT INTO bids (auction_id, bidder_id, amount, created_at)
       SELECT hot.id, u.id, 1000 + g, now() - (20001 - g) * interval '1 second'
       FROM hot CROSS JOIN generate_series(1, 20000) g JOIN user_numbers u ON u.n = 1 + (g * 7919) % $1`,
      [userCount],
    );
    log(`  bids: ${elapsed()}`);
    // Seeded history, not new events: no e-mail or push rows for it (the outbox trigger, migration 0019).
    await pool.query('ALTER TABLE notifications DISABLE TRIGGER notifications_enqueue_deliveries');
    // Notifications: one per user, spread over the last 30 days, a quarter unread; one member
    // (the first) with 5,000.
    await pool.query(
      `INSERT INTO notifications (user_id, type, title, message, is_read, created_at)
       SELECT u.id, 'outbid'::notification_type, 'You were outbid', 'Someone bid more on an auction you follow.',
              n % 4 <> 0, now() - (abs(hashtext(u.id::text)) % 2592000) * interval '1 second'
       FROM user_numbers u
       UNION ALL
       SELECT (SELECT id FROM user_numbers WHERE n = 1), 'outbid'::notification_type, 'You were outbid',
              'Someone bid more.', g % 4 <> 0, now() - g * interval '1 minute'
       FROM generate_series(1, 5000) g`,
    );
    await pool.query('ALTER TABLE notifications ENABLE TRIGGER notifications_enqueue_deliveries');
    log(`  notifications: ${elapsed()}`);
  });
  for (const table of tables) await pool.query(`VACUUM ANALYZE ${table}`);
  log(`  indexes and VACUUM ANALYZE: ${elapsed()}`);
}

interface Captured {
  sql: string;
  params: unknown[];
}

async function main() {
  if (args.get('reuse') !== 'true') {
    log(`creating ${name}`);
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin(`CREATE DATABASE "${name}"`);
    const migrating = await openDatabase({ databaseUrl: urlOf(name), poolSize: 2 });
    await runMigrations(migrating);
    await migrating.close();
  }
  const pool = new pg.Pool({ connectionString: urlOf(name), max: 4 });
  try {
    if (args.get('reuse') !== 'true') await seed(pool);
    await explainHotPaths(pool);
  } finally {
    await pool.end();
    if (args.get('keep') !== 'true' && args.get('reuse') !== 'true') {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      log(`dropped ${name}`);
    }
  }
}

async function explainHotPaths(pool: pg.Pool) {
  // The app's own query code, through a Drizzle instance that records every statement it runs.
  let captured: Captured[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => void captured.push({ sql, params }) },
  }) as unknown as Db;
  const capture = async (run: () => Promise<unknown>) => {
    captured = [];
    await run();
    return captured;
  };
  const now = new Date();
  const one = async (statement: string) => (await pool.query<Record<string, unknown>>(statement)).rows[0]!;
  const viewer = (await one(`SELECT id FROM users ORDER BY id LIMIT 1`)).id as string;
  const hot = (await one(`SELECT auction_id AS id FROM bids GROUP BY auction_id ORDER BY count(*) DESC LIMIT 1`))
    .id as string;
  const typical = (await one(`SELECT id FROM auctions WHERE is_active AND bid_count = 5 LIMIT 1`)).id as string;
  const heavyNotified = (
    await one(`SELECT user_id AS id FROM notifications GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`)
  ).id as string;
  const { rows: sizes } = await pool.query<{ relname: string; n: string }>(
    `SELECT relname, n_live_tup::text AS n FROM pg_stat_user_tables
     WHERE relname IN ('users', 'auctions', 'bids', 'notifications') ORDER BY relname`,
  );
  log(`rows: ${sizes.map((s) => `${s.relname} ${s.n}`).join(', ')}`);

  const list = (sortBy: AuctionSort, extra: { offset?: number; after?: string[] } = {}) =>
    capture(() =>
      listOpenAuctions(db, { now, sortBy, limit: 25, offset: extra.offset ?? 0, after: extra.after, viewerId: viewer }),
    );
  /** The cursor of the card at `offset` (what paging by cursor to that depth would carry). */
  const cursorAt = async (sortBy: AuctionSort, offset: number) => {
    const rows = await listOpenAuctions(db, { now, sortBy, limit: 1, offset, viewerId: viewer });
    return parseAuctionCursor(`${sortBy}~${rows[0]!.cursorKeys}`)!.keys;
  };

  const cases: Array<[string, () => Promise<Captured[]>]> = [];
  for (const sortBy of AUCTION_SORTS) cases.push([`list ${sortBy}, first page`, () => list(sortBy)]);
  // 10,000 and 100,000 (the most the API allows) at a million auctions; less on a smaller trial.
  const [shallow, deep] = [Math.min(10_000, auctionCount / 100), Math.min(100_000, auctionCount / 10)];
  for (const sortBy of AUCTION_SORTS) {
    cases.push([`list ${sortBy}, offset ${shallow}`, () => list(sortBy, { offset: shallow })]);
    cases.push([`list ${sortBy}, offset ${deep}`, () => list(sortBy, { offset: deep })]);
    cases.push([
      `list ${sortBy}, cursor at ${deep}`,
      async () => list(sortBy, { after: await cursorAt(sortBy, deep - 1) }),
    ]);
  }
  for (const term of ['james', 'john smith', 'jo', 'mar', 'garcia']) {
    cases.push([
      `search people "${term}"`,
      () => capture(() => searchUsers(db, term, { limit: 20, viewerId: viewer })),
    ]);
  }
  for (const term of ['coffee', 'sushi', 'jazz night', 'xylophone', 'ka']) {
    cases.push([
      `search auctions "${term}"`,
      () => capture(() => searchOpenAuctions(db, term, { limit: 20, now, viewerId: viewer })),
    ]);
  }
  cases.push([
    `auction detail (the auction row with its host)`,
    () => capture(() => findAuctionWithCreator(db, typical)),
  ]);
  cases.push([`bids of an auction with 20,000 bids`, () => capture(() => listRecentBids(db, hot, 50))]);
  cases.push([`bidder count of an auction with 20,000 bids`, () => capture(() => countBidders(db, hot))]);
  cases.push([
    `notifications of a member with 5,000`,
    () => capture(() => listNotificationsForUser(db, heavyNotified, 20)),
  ]);
  cases.push([`unread count of a member with 5,000`, () => capture(() => countUnreadForUser(db, heavyNotified))]);

  for (const [label, run] of cases) {
    const statements = await run();
    for (const statement of statements) {
      const client = await pool.connect();
      try {
        // Warm once (the plans compare shapes, not cold disks), then explain.
        await client.query(statement.sql, statement.params);
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
          statement.params,
        );
        log(`\n### ${label}\n`);
        log(rows.map((r) => r['QUERY PLAN']).join('\n'));
      } finally {
        client.release();
      }
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

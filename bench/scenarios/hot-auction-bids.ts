import { performance } from 'node:perf_hooks';
import { parseMoneyToCents } from '@bid/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config/env.js';
import type { Db } from '../../apps/server/src/db/client.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { bidNotificationTexts } from '../../apps/server/src/modules/auctions/auction-notices.js';
import { acceptBid, insertBidNotifications } from '../../apps/server/src/modules/auctions/bids.repository.js';
import type { Scenario } from '../lib/context.js';
import { HttpConnection } from '../lib/http.js';
import { addSandboxCards, createMembers, type Member } from '../lib/members.js';
import { summarizeLatencies } from '../lib/stats.js';
import { APP_POOL_SIZE, freePort, startServer } from '../lib/servers.js';

/**
 * 50+ signed-in bidders hammer one auction through POST /api/bids; the ceiling is the bid
 * statement itself (the conditional-UPDATE CTE of bids.repository.ts) sent straight through
 * `pg` by the same number of concurrent callers over a pool of the app's size. Both sides draw
 * amounts from one rising counter ($1, $2, …), so bids racing each other arrive out of order
 * and some lose: value and ceiling count accepted + rejected bids per second.
 */
export const hotAuctionBids: Scenario = {
  name: 'hot-auction-bids',
  unit: 'bids/s',
  target: { of: 'ratio', op: '>=', bound: 0.5 },
  invariant: 'final current bid = highest accepted bid; accepted bids rise strictly; bidCount = accepted',
  async run(ctx) {
    const bidderCount = ctx.quick ? 50 : 64;
    const seconds = ctx.quick ? 6 : 20;
    const database = await ctx.scratchDatabase('bids');
    const [host, ...bidders] = await createMembers(database.pool, {
      count: bidderCount + 1,
      sessionSecret: ctx.sessionSecret,
      label: 'Bidder',
    });
    const [warmUpAuction, httpAuction, driverAuction, transactionAuction, splitAuction] = await createOpenAuctions(
      database.pool,
      host!.id,
      5,
    );
    const server = await startServer({
      kind: 'app',
      databaseUrl: database.url,
      port: await freePort(),
      sessionSecret: ctx.sessionSecret,
      poolSize: APP_POOL_SIZE,
      serveWeb: false,
    });
    try {
      const cardsAdded = await addSandboxCards(server.url, bidders);
      ctx.log(`  ${bidders.length} bidders${cardsAdded ? ' with sandbox cards' : ''}; warming up`);
      await bidOverHttp(server.url, bidders, warmUpAuction!, 2);
      ctx.log(`  HTTP: ${seconds} s of bids`);
      const overHttp = await bidOverHttp(server.url, bidders, httpAuction!, seconds);
      ctx.log(`  driver: ${seconds} s of the bare statement`);
      const overDriver = await bidThroughDriver(database.url, bidders, driverAuction!, seconds);
      // Diagnosis, not the ceiling: the app's bid transaction without HTTP, session or checks.
      ctx.log(`  transaction: ${seconds} s of the app's bid transaction, without HTTP`);
      const inTransaction = await bidInTransaction(database.url, bidders, transactionAuction!, seconds, true);
      ctx.log(`  split: ${seconds} s of the accepting statement alone, notifications after it`);
      const split = await bidInTransaction(database.url, bidders, splitAuction!, seconds, false);
      const httpCheck = await checkAuction(database.pool, httpAuction!, overHttp.acceptedIds);
      const driverCheck = await checkAuction(database.pool, driverAuction!, overDriver.acceptedIds);
      const { acceptedIds: _h, ...http } = overHttp;
      const { acceptedIds: _d, ...driver } = overDriver;
      const { acceptedIds: _t, ...transaction } = inTransaction;
      const { acceptedIds: _s, ...notifyingAfterCommit } = split;
      return {
        value: http.bidsPerSecond,
        ceiling: driver.bidsPerSecond,
        invariantHeld: httpCheck.held && driverCheck.held && http.errors === 0 && driver.errors === 0,
        detail: {
          unit: 'bids/s',
          bidders: bidders.length,
          seconds,
          appPoolSize: APP_POOL_SIZE,
          sandboxCards: cardsAdded,
          http,
          driver,
          appTransactionWithoutHttp: transaction,
          notifyingAfterCommitWithoutHttp: notifyingAfterCommit,
          httpCheck,
          driverCheck,
        },
      };
    } finally {
      await server.stop();
    }
  },
};

async function createOpenAuctions(pool: pg.Pool, creatorId: string, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO auctions (creator_id, title, description, date_type, location, starting_bid, current_bid,
                           expected_duration, end_time)
     SELECT $1, 'Hot auction ' || n, 'Everyone wants this coffee date.', 'coffee', 'Austin, TX', 1, 1, 60,
            now() + interval '1 day'
     FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [creatorId, count],
  );
  return rows.map((r) => r.id);
}

interface BidRun {
  accepted: number;
  rejected: number;
  errors: number;
  elapsedSeconds: number;
  bidsPerSecond: number;
  acceptedPerSecond: number;
  latencyMs?: ReturnType<typeof summarizeLatencies>;
  statuses?: Record<string, number>;
  acceptedIds: string[];
}

function finish(run: Omit<BidRun, 'elapsedSeconds' | 'bidsPerSecond' | 'acceptedPerSecond'>, started: number) {
  const elapsedSeconds = (performance.now() - started) / 1000;
  return {
    ...run,
    elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
    bidsPerSecond: Math.round((run.accepted + run.rejected) / elapsedSeconds),
    acceptedPerSecond: Math.round(run.accepted / elapsedSeconds),
  };
}

const dollars = (n: number) => `${n}.00`;

/** Each bidder on its own keep-alive connection sends its next bid as soon as the last one was answered. */
async function bidOverHttp(baseUrl: string, bidders: Member[], auctionId: string, seconds: number): Promise<BidRun> {
  let counter = 0;
  let accepted = 0;
  let rejected = 0;
  let errors = 0;
  const statuses: Record<string, number> = {};
  const acceptedIds: string[] = [];
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    bidders.map(async (bidder) => {
      const connection = new HttpConnection(baseUrl, bidder.cookie);
      try {
        while (performance.now() < deadline) {
          counter += 1;
          const answer = await connection
            .post('/api/bids', { auctionId, amount: dollars(counter) })
            .catch(() => ({ status: 0, body: '', ms: 0 }));
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          latencies.push(answer.ms);
          if (answer.status === 201) {
            accepted += 1;
            acceptedIds.push((JSON.parse(answer.body) as { bid: { id: string } }).bid.id);
          } else if (answer.status === 400 || answer.status === 409) {
            rejected += 1;
          } else {
            errors += 1;
          }
        }
      } finally {
        connection.close();
      }
    }),
  );
  return {
    ...finish({ accepted, rejected, errors, acceptedIds }, started),
    latencyMs: summarizeLatencies(latencies),
    statuses,
  };
}

const MARK = {
  auctionId: '00000000-0000-4000-8000-0000000000a1',
  bidderId: '00000000-0000-4000-8000-0000000000b1',
  amount: '__amount__',
  now: new Date('2001-02-03T04:05:06.789Z'),
};

/**
 * The exact text and parameter order of the statement `acceptBid` sends, captured by running
 * it against a recorder instead of a database, so the ceiling follows any change to it.
 */
async function captureBidStatement(softCloseSeconds: number) {
  const dialect = new PgDialect();
  let captured: { sql: string; params: unknown[] } | undefined;
  const recorder = {
    execute: async (query: SQL) => {
      captured = dialect.sqlToQuery(query);
      return { rows: [] };
    },
  } as unknown as Db;
  await acceptBid(recorder, { ...MARK, softCloseSeconds });
  if (!captured) throw new Error('acceptBid sent no statement');
  const nowText = MARK.now.toISOString();
  const softEndText = new Date(MARK.now.getTime() + softCloseSeconds * 1000).toISOString();
  const roles = captured.params.map((p) => {
    if (p === MARK.auctionId) return 'auction';
    if (p === MARK.bidderId) return 'bidder';
    if (p === MARK.amount) return 'amount';
    if (p === nowText) return 'now';
    if (p === softEndText) return 'softEnd';
    throw new Error(`unexpected parameter in the bid statement: ${String(p)}`);
  });
  return {
    text: captured.sql,
    values(input: { auctionId: string; bidderId: string; amount: string }): unknown[] {
      const now = Date.now();
      const byRole = {
        auction: input.auctionId,
        bidder: input.bidderId,
        amount: input.amount,
        now: new Date(now).toISOString(),
        softEnd: new Date(now + softCloseSeconds * 1000).toISOString(),
      };
      return roles.map((role) => byRole[role]);
    },
  };
}

async function bidThroughDriver(url: string, bidders: Member[], auctionId: string, seconds: number): Promise<BidRun> {
  const statement = await captureBidStatement(loadConfig({}).softCloseSeconds);
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL_SIZE });
  let counter = 0;
  let accepted = 0;
  let rejected = 0;
  let errors = 0;
  const acceptedIds: string[] = [];
  try {
    // Open the pool's connections first, as the app's are open after its warm-up.
    await Promise.all(Array.from({ length: APP_POOL_SIZE }, () => pool.query('SELECT 1')));
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      bidders.map(async (bidder) => {
        while (performance.now() < deadline) {
          counter += 1;
          const values = statement.values({ auctionId, bidderId: bidder.id, amount: dollars(counter) });
          try {
            const { rows } = await pool.query<{ bid_id: string }>(statement.text, values);
            if (rows[0]) {
              accepted += 1;
              acceptedIds.push(rows[0].bid_id);
            } else {
              rejected += 1;
            }
          } catch {
            errors += 1;
          }
        }
      }),
    );
    return finish({ accepted, rejected, errors, acceptedIds }, started);
  } finally {
    await pool.end();
  }
}

/**
 * What placeBid runs once its checks passed (bids.service.ts): the accepting statement and the
 * notifications, through Drizzle on a pool of the app's size; `inOneTransaction` as the app
 * does, or else the statement alone (it commits, releasing the row) and the notifications after.
 */
async function bidInTransaction(
  url: string,
  bidders: Member[],
  auctionId: string,
  seconds: number,
  inOneTransaction: boolean,
): Promise<BidRun> {
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL_SIZE });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const softCloseSeconds = loadConfig({}).softCloseSeconds;
  let counter = 0;
  let accepted = 0;
  let rejected = 0;
  let errors = 0;
  const acceptedIds: string[] = [];
  try {
    await Promise.all(Array.from({ length: APP_POOL_SIZE }, () => pool.query('SELECT 1')));
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      bidders.map(async (bidder) => {
        while (performance.now() < deadline) {
          counter += 1;
          const amount = dollars(counter);
          try {
            const accept = async (on: Db) => {
              const found = await acceptBid(on, {
                auctionId,
                bidderId: bidder.id,
                amount,
                now: new Date(),
                softCloseSeconds,
              });
              if (found) {
                const texts = bidNotificationTexts({
                  bidderName: bidder.firstName,
                  amount: found.amount,
                  title: found.title,
                });
                await insertBidNotifications(on, { bid: found, bidderId: bidder.id, texts });
              }
              return found;
            };
            const bid = inOneTransaction ? await db.transaction((tx) => accept(tx)) : await accept(db);
            if (bid) {
              accepted += 1;
              acceptedIds.push(bid.bidId);
            } else {
              rejected += 1;
            }
          } catch {
            errors += 1;
          }
        }
      }),
    );
    return finish({ accepted, rejected, errors, acceptedIds }, started);
  } finally {
    await pool.end();
  }
}

/** The invariant, read back from the database after the run. */
async function checkAuction(pool: pg.Pool, auctionId: string, acceptedIds: string[]) {
  const { rows: auctionRows } = await pool.query<{ current_bid: string; bid_count: number }>(
    'SELECT current_bid::text, bid_count FROM auctions WHERE id = $1',
    [auctionId],
  );
  const { rows: bidRows } = await pool.query<{ id: string; amount: string }>(
    'SELECT id, amount::text FROM bids WHERE auction_id = $1 ORDER BY created_at, id',
    [auctionId],
  );
  const auction = auctionRows[0]!;
  const amounts = bidRows.map((b) => parseMoneyToCents(b.amount) ?? Number.NaN);
  const highest = amounts.length ? Math.max(...amounts) : Number.NaN;
  const risesStrictly = amounts.every((a, i) => i === 0 || a > amounts[i - 1]!);
  const stored = new Set(bidRows.map((b) => b.id));
  const answeredAreStored = acceptedIds.length === stored.size && acceptedIds.every((id) => stored.has(id));
  const finalIsHighest = parseMoneyToCents(auction.current_bid) === highest;
  const countMatches = auction.bid_count === bidRows.length && bidRows.length === acceptedIds.length;
  return {
    held: finalIsHighest && risesStrictly && countMatches && answeredAreStored,
    finalCurrentBid: auction.current_bid,
    highestAcceptedBid: amounts.length ? (highest / 100).toFixed(2) : null,
    finalIsHighest,
    risesStrictly,
    bidCount: auction.bid_count,
    storedBids: bidRows.length,
    acceptedAnswers: acceptedIds.length,
    countMatches,
    everyAcceptedAnswerStored: answeredAreStored,
  };
}

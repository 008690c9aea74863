import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config/env.js';
import type { Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { bidNotificationTexts } from '../../apps/server/src/modules/auctions/auction-notices.js';
import { acceptBid, insertBidNotifications } from '../../apps/server/src/modules/auctions/bids.repository.js';
import type { Member } from './members.js';

/** How one bid attempt ended: the bid's id when it was accepted, null when it was refused. */
export type Attempt = (bidder: Member, amount: string) => Promise<string | null>;

const MARK = {
  auctionId: '00000000-0000-4000-8000-0000000000a1',
  bidderId: '00000000-0000-4000-8000-0000000000b1',
  amount: '__amount__',
  now: new Date('2001-02-03T04:05:06.789Z'),
};

const softCloseSeconds = loadConfig({}).softCloseSeconds;

/**
 * The exact text and parameter order of the statement `acceptBid` sends, captured by running
 * it against a recorder instead of a database, so the ceiling follows any change to it.
 */
async function captureBidStatement() {
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

/** A pool of `size` open connections, as the app's are once it has warmed up. */
export async function openPool(url: string, size: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: size });
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  for (const client of clients) client.release();
  return pool;
}

/** The ceiling: the accepting statement alone, straight through `pg`. */
export async function bareStatementAttempt(pool: pg.Pool, auctionId: string): Promise<Attempt> {
  const statement = await captureBidStatement();
  return async (bidder, amount) => {
    const { rows } = await pool.query<{ bid_id: string }>(
      statement.text,
      statement.values({ auctionId, bidderId: bidder.id, amount }),
    );
    return rows[0]?.bid_id ?? null;
  };
}

/**
 * For diagnosis: what placeBid runs once its checks passed (bids.service.ts), through Drizzle
 * and without HTTP; in one transaction as the app does, or the accepting statement alone (which
 * commits and releases the row at once) and the notifications after it.
 */
export function appStatementsAttempt(pool: pg.Pool, auctionId: string, inOneTransaction: boolean): Attempt {
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return async (bidder, amount) => {
    const accept = async (on: Db) => {
      const bid = await acceptBid(on, { auctionId, bidderId: bidder.id, amount, now: new Date(), softCloseSeconds });
      if (bid) {
        const texts = bidNotificationTexts({ bidderName: bidder.firstName, amount: bid.amount, title: bid.title });
        await insertBidNotifications(on, { bid, bidderId: bidder.id, texts });
      }
      return bid;
    };
    const bid = inOneTransaction ? await db.transaction((tx) => accept(tx)) : await accept(db);
    return bid?.bidId ?? null;
  };
}

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config/env.js';
import type { Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { createBidQueue } from '../../apps/server/src/modules/auctions/bid-queue.js';
import type { Member } from './members.js';

/**
 * How one bid attempt ended: the bid's id when it was accepted, null when it was refused.
 * `caller` is which of the load's concurrent callers sends it (each has its own connection).
 */
export type Attempt = (bidder: Member, amount: string, caller: number) => Promise<string | null>;

const softCloseSeconds = loadConfig({}).softCloseSeconds;
/** As the benchmark's app runs (bench/run.ts): the per-member limit out of the way. */
const bidsPerMinute = loadConfig({ BIDS_PER_MINUTE: '100000' }).bidsPerMinute;

/**
 * The ceiling's statement: the conditional UPDATE that decides a plain bid, as the `accept_bid`
 * function of migration 0008 ran it (since 0018 it locks the row first and applies the
 * automatic-bid rule, docs/auctions.md, still in one call), with the bid's INSERT fed by
 * its result, as one statement straight through the driver. What the app adds on top of it (the
 * HTTP request, the session, the checks and the two notifications) is what the ratio measures.
 */
const CONDITIONAL_UPDATE = `
  WITH updated AS (
    UPDATE auctions AS a
    SET current_bid = $3::numeric,
        bid_count = a.bid_count + 1,
        end_time = CASE WHEN a.end_time <= $5::timestamptz THEN $5::timestamptz ELSE a.end_time END,
        updated_at = $4::timestamptz
    WHERE a.id = $1::uuid
      AND a.is_active
      AND a.closed_at IS NULL
      AND a.end_time > $4::timestamptz
      AND a.creator_id <> $2::uuid
      AND ((a.bid_count = 0 AND a.starting_bid <= $3::numeric)
        OR (a.bid_count > 0 AND a.current_bid + 1 <= $3::numeric))
    RETURNING a.id, a.current_bid
  )
  INSERT INTO bids (auction_id, bidder_id, amount, created_at)
  SELECT id, $2::uuid, current_bid, clock_timestamp() FROM updated
  RETURNING id AS bid_id`;

/** A pool of `size` open connections, as the app's are once it has warmed up. */
export async function openPool(url: string, size: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: size });
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  for (const client of clients) client.release();
  return pool;
}

/** The ceiling: the conditional UPDATE alone, straight through `pg`. */
export function bareStatementAttempt(pool: pg.Pool, auctionId: string): Attempt {
  return async (bidder, amount) => {
    const now = Date.now();
    const { rows } = await pool.query<{ bid_id: string }>(CONDITIONAL_UPDATE, [
      auctionId,
      bidder.id,
      amount,
      new Date(now).toISOString(),
      new Date(now + softCloseSeconds * 1000).toISOString(),
    ]);
    return rows[0]?.bid_id ?? null;
  };
}

/**
 * For diagnosis: the statements placeBid sends (bids.service.ts), the `place_bids` calls of the
 * app's bid queue with their checks, through Drizzle and without HTTP, sessions or the notices
 * written after the commit.
 */
export function appCallAttempt(pool: pg.Pool, auctionId: string): Attempt {
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const bids = createBidQueue({ db, bidsPerMinute });
  return async (bidder, amount) => {
    const bid = await bids.place(auctionId, {
      bidderId: bidder.id,
      amount,
      maxAmount: undefined,
      cardConfirmed: true,
      now: new Date(),
      softCloseSeconds,
    });
    return bid.accepted ? bid.bidId : null;
  };
}

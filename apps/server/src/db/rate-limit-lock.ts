import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Makes a rate limit atomic: inside a transaction, takes a transaction-scoped advisory lock per
 * key (for example `messages:<userId>`), so that "count the recent rows, then insert one" runs
 * for one key at a time on every instance. Without it a burst of concurrent requests all count
 * the same old total and all pass (docs/reliability.md). Keys are locked in a fixed order, so two
 * requests that share several keys cannot deadlock. Call it first in the transaction.
 */
export async function lockRateLimitKeys(tx: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    // The second argument seeds the hash so these keys stay apart from the app's fixed lock keys.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${key}`}, 0))`);
  }
}

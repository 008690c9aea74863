import type { Db } from '../client.js';

/** Replaced by the demo data set; see docs/architecture.md. */
export async function seedDemoDataIfEmpty(_db: Db): Promise<{ users: number; auctions: number; bids: number } | null> {
  return null;
}

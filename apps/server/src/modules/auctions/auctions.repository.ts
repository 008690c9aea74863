import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, bids } from '../../db/schema/index.js';

/** Upper bound on one profile list; the full auction work adds paging. */
const PROFILE_LIST_LIMIT = 100;

export function listAuctionsByCreator(db: Db, creatorId: string) {
  return db
    .select()
    .from(auctions)
    .where(eq(auctions.creatorId, creatorId))
    .orderBy(desc(auctions.createdAt))
    .limit(PROFILE_LIST_LIMIT);
}

export function listBidsByBidder(db: Db, bidderId: string) {
  return db
    .select({
      id: bids.id,
      auctionId: bids.auctionId,
      amount: bids.amount,
      createdAt: bids.createdAt,
      auction: { title: auctions.title, currentBid: auctions.currentBid, isActive: auctions.isActive },
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .where(eq(bids.bidderId, bidderId))
    .orderBy(desc(bids.createdAt))
    .limit(PROFILE_LIST_LIMIT);
}

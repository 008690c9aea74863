import type { AuctionListItem } from '@bid/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import {
  AUCTION_NOT_FOUND,
  assertAuctionId,
  type AuctionsDeps,
  findAuction,
  viewerStandings,
} from '../auctions/auctions.service.js';
import { presentAuctionListItem } from '../auctions/auctions.presenter.js';
import { isBlockedBetween } from '../blocks/blocks.service.js';
import { deleteWatch, insertWatch, listWatchedAuctions } from './watchlist.repository.js';

export const BLOCKED_WATCH_MESSAGE = 'You cannot watch this auction because one of you has blocked the other';

/**
 * PUT /api/auctions/{id}/watch (idempotent). A hidden auction does not exist for anyone but its
 * host (docs/trust-and-safety.md); a block either way refuses, as it refuses a bid.
 */
export async function watchAuction(deps: AuctionsDeps, userId: string, id: unknown): Promise<void> {
  assertAuctionId(id);
  const auction = await findAuction(deps.db, id);
  if (!auction || (auction.hiddenAt && auction.creatorId !== userId)) throw notFound(AUCTION_NOT_FOUND);
  if (auction.creatorId !== userId && (await isBlockedBetween(deps.db, userId, auction.creatorId))) {
    throw forbidden(BLOCKED_WATCH_MESSAGE);
  }
  await insertWatch(deps.db, userId, id);
}

/** DELETE /api/auctions/{id}/watch (idempotent): always allowed, so a member can tidy any list. */
export async function unwatchAuction(deps: AuctionsDeps, userId: string, id: unknown): Promise<void> {
  assertAuctionId(id);
  const auction = await findAuction(deps.db, id);
  if (!auction) throw notFound(AUCTION_NOT_FOUND);
  await deleteWatch(deps.db, userId, id);
}

/** GET /api/watchlist: the member's watched auctions in the list format of GET /api/auctions. */
export async function listWatchlist(deps: AuctionsDeps, userId: string): Promise<AuctionListItem[]> {
  const rows = await listWatchedAuctions(deps.db, userId, deps.now());
  const standingOf = await viewerStandings(
    deps,
    userId,
    rows.map((row) => row.auction),
  );
  return rows.map((row) => presentAuctionListItem(row.auction, row.creator, true, standingOf(row.auction)));
}

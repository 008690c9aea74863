import { isAuctionOpen, isBuyNowAvailable } from '@bid/contract';

export type AuctionStatus = 'open' | 'ended' | 'cancelled';

interface StatusFields {
  isActive: boolean;
  endTime: string;
  winnerId: string | null;
  cancelledAt?: string | null;
}

/**
 * docs/product.md §4: open while active and before its end time. A host's cancellation ('Auction not
 * active') is marked by cancelledAt, or shows as inactive without a winner before its end
 * time; anything else that is not open has ended.
 */
export function auctionStatusOf(auction: StatusFields, now: Date = new Date()): AuctionStatus {
  if (isAuctionOpen(auction, now)) return 'open';
  if (auction.cancelledAt) return 'cancelled';
  const beforeEnd = new Date(auction.endTime).getTime() > now.getTime();
  return !auction.isActive && auction.winnerId === null && beforeEnd ? 'cancelled' : 'ended';
}

/** docs/product.md §6: only the winner or the creator of a closed auction that has a winner may message. */
export function canMessageAbout(
  auction: StatusFields & { creatorId: string },
  viewerId: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!viewerId || auction.winnerId === null || isAuctionOpen(auction, now)) return false;
  return viewerId === auction.winnerId || viewerId === auction.creatorId;
}

/** Buy Now is offered while the current bid is still below the buy-now price. */
export function canBuyNow(auction: {
  buyNowPrice: string | null;
  currentBid: string;
  reserveMet?: boolean | undefined;
}): auction is { buyNowPrice: string; currentBid: string } {
  // The contract's rule: below the Buy Now price and, with a reserve, until it is met.
  return isBuyNowAvailable(auction);
}

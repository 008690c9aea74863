import { isAuctionOpen, parseMoneyToCents, type ViewerStanding } from '@bid/contract';

export type MyAuctionStatus = 'active' | 'sold' | 'ended' | 'cancelled';

/**
 * The badge of one of my auctions: cancelled once the owner cancelled it; active while open
 * (docs/product.md §4); otherwise ended, or sold when it ended with a winner.
 */
export function myAuctionStatus(
  auction: { isActive: boolean; endTime: string; cancelledAt: string | null; winnerId: string | null },
  now: Date = new Date(),
): MyAuctionStatus {
  if (auction.cancelledAt) return 'cancelled';
  if (isAuctionOpen(auction, now)) return 'active';
  return auction.winnerId ? 'sold' : 'ended';
}

export type MyBidStanding = 'leading' | 'outbid' | 'won' | 'ended';

/** Where one of my bids stands: the auction is over; or my amount is its current bid (leading); or not (outbid). */
export function myBidStanding(
  bid: {
    amount: string;
    auction: { currentBid: string; isActive: boolean; endTime: string; viewerStanding?: ViewerStanding };
  },
  now: Date = new Date(),
): MyBidStanding {
  // The server's standing, when it sent one, knows the winner (docs/web-app.md "Where you stand").
  switch (bid.auction.viewerStanding) {
    case 'winning':
      return isAuctionOpen(bid.auction, now) ? 'leading' : 'ended';
    case 'outbid':
      return isAuctionOpen(bid.auction, now) ? 'outbid' : 'ended';
    case 'won':
      return 'won';
    case 'lost':
      return 'ended';
    default:
      break;
  }
  if (!isAuctionOpen(bid.auction, now)) return 'ended';
  const mine = parseMoneyToCents(bid.amount);
  return mine !== undefined && mine === parseMoneyToCents(bid.auction.currentBid) ? 'leading' : 'outbid';
}

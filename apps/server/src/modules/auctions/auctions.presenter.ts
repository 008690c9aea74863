import { displayNameOf, type AuctionBidView, type AuctionDetail, type AuctionListItem } from '@bid/contract';
import type { Auction } from '../../db/schema/index.js';

/** The auction's own fields as every response shows them: money as "12.50", times as ISO text. */
export function presentAuctionFields(auction: Auction): Omit<AuctionListItem, 'creator'> {
  return {
    id: auction.id,
    creatorId: auction.creatorId,
    title: auction.title,
    description: auction.description,
    dateType: auction.dateType,
    location: auction.location,
    latitude: auction.latitude,
    longitude: auction.longitude,
    locationRadius: auction.locationRadius,
    startingBid: auction.startingBid,
    currentBid: auction.currentBid,
    buyNowPrice: auction.buyNowPrice,
    paymentResponsibility: auction.paymentResponsibility,
    paymentNotes: auction.paymentNotes,
    expectedDuration: auction.expectedDuration,
    endTime: auction.endTime.toISOString(),
    isActive: auction.isActive,
    winnerId: auction.winnerId,
    cancelledAt: auction.cancelledAt?.toISOString() ?? null,
    coverImageUrl: auction.coverImageUrl,
    bidCount: auction.bidCount,
    createdAt: auction.createdAt.toISOString(),
    updatedAt: auction.updatedAt.toISOString(),
  };
}

export interface CreatorNames {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** users.identityVerificationStatus: only 'verified' shows the badge. */
  identityVerificationStatus: string;
  /** The host's main photo: a card's picture when the auction has no cover. */
  profileImageUrl: string | null;
}

/** A card in a list: the auction with its creator's name only (never contact details). */
export function presentAuctionListItem(auction: Auction, creator: CreatorNames): AuctionListItem {
  return {
    ...presentAuctionFields(auction),
    creator: {
      id: creator.id,
      firstName: creator.firstName,
      lastName: creator.lastName,
      displayName: displayNameOf(creator),
      identityVerified: creator.identityVerificationStatus === 'verified',
      profileImageUrl: creator.profileImageUrl,
    },
  };
}

export interface DetailCreator extends CreatorNames {
  age: number | null;
  location: string | null;
}

export interface RecentBidRow {
  id: string;
  amount: string;
  createdAt: Date;
  bidder: { id: string; firstName: string | null };
}

/** The auction page: creator card fields (SPEC §3, no email) and the latest bids. */
export function presentAuctionDetail(
  auction: Auction,
  creator: DetailCreator,
  recentBids: RecentBidRow[],
  bidderCount: number,
): AuctionDetail {
  return {
    ...presentAuctionFields(auction),
    creator: {
      id: creator.id,
      firstName: creator.firstName,
      lastName: creator.lastName,
      age: creator.age,
      profileImageUrl: creator.profileImageUrl,
      location: creator.location,
      identityVerified: creator.identityVerificationStatus === 'verified',
    },
    bids: recentBids.map(presentBidView),
    bidderCount,
  };
}

function presentBidView(bid: RecentBidRow): AuctionBidView {
  return {
    id: bid.id,
    amount: bid.amount,
    createdAt: bid.createdAt.toISOString(),
    bidder: { id: bid.bidder.id, firstName: bid.bidder.firstName },
  };
}

export interface OwnBidRow {
  id: string;
  auctionId: string;
  amount: string;
  createdAt: Date;
  auction: { title: string; currentBid: string; isActive: boolean; endTime: Date };
}

/** A row of the profile's My Bids tab (SPEC §3: the bid plus its auction's title, current bid and state). */
export function presentOwnBid(bid: OwnBidRow) {
  return {
    id: bid.id,
    auctionId: bid.auctionId,
    amount: bid.amount,
    createdAt: bid.createdAt.toISOString(),
    auction: {
      title: bid.auction.title,
      currentBid: bid.auction.currentBid,
      isActive: bid.auction.isActive,
      endTime: bid.auction.endTime.toISOString(),
    },
  };
}

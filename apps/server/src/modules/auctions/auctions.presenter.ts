import {
  displayNameOf,
  isReserveMet,
  parseMoneyToCents,
  type AuctionBidView,
  type AuctionDetail,
  type AuctionListItem,
  type DateType,
  type ViewerStanding,
} from '@bid/contract';
import type { Auction } from '../../db/schema/index.js';
import { reputationFromColumns, type ReputationColumns } from '../feedback/reputation.js';

/**
 * `reserveMet` when the auction has a reserve price (docs/auctions.md, "Reserve price"); the
 * amount itself is the host's alone (presentOwnAuctionFields).
 */
function reserveMetOf(auction: Pick<Auction, 'reservePrice' | 'currentBid' | 'bidCount'>): { reserveMet?: boolean } {
  const reserveMet = isReserveMet({
    reserveCents: auction.reservePrice === null ? null : (parseMoneyToCents(auction.reservePrice) ?? null),
    priceCents: parseMoneyToCents(auction.currentBid) ?? 0,
    bidCount: auction.bidCount,
  });
  return reserveMet === undefined ? {} : { reserveMet };
}

/** The auction's own fields as every response shows them: money as "12.50", times as ISO text. */
export function presentAuctionFields(auction: Auction): Omit<AuctionListItem, 'creator' | 'viewerStanding'> {
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
    isWatched: false,
    watcherCount: auction.watcherCount,
    ...reserveMetOf(auction),
    // Only a held or refused listing carries its review, and only its host and moderators can see one.
    ...(auction.reviewStatus === 'approved'
      ? {}
      : { review: { status: auction.reviewStatus, reasons: auction.reviewReasons } }),
  };
}

/** The host's own view of their auction: the public fields plus their reserve price (null: none). */
export function presentOwnAuctionFields(auction: Auction) {
  return { ...presentAuctionFields(auction), reservePrice: auction.reservePrice };
}

export interface CreatorNames extends ReputationColumns {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** users.identityVerificationStatus: only 'verified' shows the badge. */
  identityVerificationStatus: string;
  /** The host's main photo: a card's picture when the auction has no cover. */
  profileImageUrl: string | null;
}

/** A card in a list: the auction with its creator's name only (never contact details). */
export function presentAuctionListItem(
  auction: Auction,
  creator: CreatorNames,
  isWatched = false,
  viewerStanding: ViewerStanding = null,
): AuctionListItem {
  return {
    ...presentAuctionFields(auction),
    isWatched,
    viewerStanding,
    creator: {
      id: creator.id,
      firstName: creator.firstName,
      lastName: creator.lastName,
      displayName: displayNameOf(creator),
      identityVerified: creator.identityVerificationStatus === 'verified',
      profileImageUrl: creator.profileImageUrl,
      reputation: reputationFromColumns(creator),
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
  isAutomatic: boolean;
  bidder: { id: string; firstName: string | null; lastName: string | null };
}

/** The auction page: creator card fields (docs/product.md §3, no email) and the latest bids. */
export function presentAuctionDetail(
  auction: Auction,
  creator: DetailCreator,
  recentBids: RecentBidRow[],
  bidderCount: number,
  viewer: { id: string | undefined; isWatched: boolean; standing: ViewerStanding },
): AuctionDetail {
  return {
    ...presentAuctionFields(auction),
    isWatched: viewer.isWatched,
    viewerStanding: viewer.standing,
    creator: {
      id: creator.id,
      firstName: creator.firstName,
      lastName: creator.lastName,
      age: creator.age,
      profileImageUrl: creator.profileImageUrl,
      location: creator.location,
      identityVerified: creator.identityVerificationStatus === 'verified',
      reputation: reputationFromColumns(creator),
    },
    bids: recentBids.map(presentBidView),
    bidderCount,
    // The reserve price is the host's: only their own page carries it.
    ...(viewer.id !== undefined && viewer.id === auction.creatorId ? { reservePrice: auction.reservePrice } : {}),
    // The leader's maximum is private: only the leader themselves ever reads it here.
    myMaxAmount: viewer.id !== undefined && auction.leaderId === viewer.id ? auction.leaderMax : null,
  };
}

export function presentBidView(bid: RecentBidRow): AuctionBidView {
  return {
    id: bid.id,
    amount: bid.amount,
    createdAt: bid.createdAt.toISOString(),
    isAutomatic: bid.isAutomatic,
    bidder: { id: bid.bidder.id, firstName: bid.bidder.firstName, displayName: displayNameOf(bid.bidder) },
  };
}

export interface OwnBidRow {
  id: string;
  auctionId: string;
  amount: string;
  createdAt: Date;
  auction: {
    title: string;
    currentBid: string;
    isActive: boolean;
    endTime: Date;
    winnerId: string | null;
    cancelledAt: Date | null;
    dateType: DateType;
    coverImageUrl: string | null;
    creatorImageUrl: string | null;
  };
}

/** A row of the profile's My Bids tab (docs/product.md §3: the bid plus its auction's title, current bid and state). */
/** `viewerStanding`: where I stand on the bid's auction (docs/web-app.md "Where you stand"). */
export function presentOwnBid(bid: OwnBidRow, viewerStanding: ViewerStanding = null) {
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
      winnerId: bid.auction.winnerId,
      cancelledAt: bid.auction.cancelledAt?.toISOString() ?? null,
      viewerStanding,
      dateType: bid.auction.dateType,
      coverImageUrl: bid.auction.coverImageUrl,
      creator: { profileImageUrl: bid.auction.creatorImageUrl },
    },
  };
}

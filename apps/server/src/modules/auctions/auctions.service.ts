import type { RealtimePublisher } from '../realtime/hub.js';
import {
  AUCTION_PAGE_SIZE_DEFAULT,
  parseAuctionCursor,
  type AuctionBidView,
  type AuctionDetail,
  type AuctionListItem,
  BID_HISTORY_LIMIT,
  centsToMoneyString,
  isUuid,
  type ListAuctionsQuery,
  PRICE_RANGE_BOUNDS,
  RECENT_BIDS_ON_DETAIL,
  type ViewerStanding,
  viewerStandingOf,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { boundingBox, type Coordinates } from '../../lib/geo.js';
import { isModerator } from '../../plugins/moderators.js';
import { findMember } from '../users/users.service.js';
import {
  presentAuctionDetail,
  presentOwnAuctionFields,
  presentAuctionListItem,
  presentBidView,
  presentOwnBid,
} from './auctions.presenter.js';
import {
  countBidders,
  findAuctionById,
  findAuctionWithCreator,
  findViewerHighestBids,
  isWatching,
  listAuctionsByCreator,
  listBidsByBidder,
  listOpenAuctions,
  listRecentBids,
  type OpenAuctionFilter,
} from './auctions.repository.js';
import { writePendingBidNoticesOf } from './bid-notices.repository.js';

export interface AuctionsDeps {
  db: Db;
  now: () => Date;
  /** REQUIRE_VERIFIED_HOSTS: only members with a verified identity may host (docs/trust-and-safety.md). */
  requireVerifiedHosts?: boolean;
  /**
   * Matches a just-published auction against the saved searches after its transaction committed,
   * without the request waiting (`SavedSearchAnnouncer`); absent in some tests, where the
   * lifecycle job matches it.
   */
  announceAuction?: ((auctionId: string) => void) | undefined;
  /** Pages showing an auction hear a price a lowered reserve lifted (docs/auctions.md, "Reserve price"). */
  realtime?: RealtimePublisher | undefined;
}

export const AUCTION_NOT_FOUND = 'Auction not found';

/** Auction ids are uuids; anything else names no auction (404, never a database error). */
export function isAuctionId(id: unknown): id is string {
  return typeof id === 'string' && isUuid(id);
}

export function assertAuctionId(id: unknown): asserts id is string {
  if (!isAuctionId(id)) throw notFound(AUCTION_NOT_FOUND);
}

/** A user's stored coordinates (set from the profile's zip code or location), if any. */
export function coordinatesOfUser(user: { latitude: string | null; longitude: string | null }): Coordinates | null {
  if (user.latitude === null || user.longitude === null) return null;
  return { latitude: Number(user.latitude), longitude: Number(user.longitude) };
}

export interface AuctionPage {
  items: AuctionListItem[];
  /** Whether another page follows (the X-Has-More header; Load More stops when false). */
  hasMore: boolean;
  /** Where the next page starts, when one follows (the X-Next-Cursor header). */
  nextCursor: string | null;
}

/**
 * The home feed and public browse (docs/product.md §2 filters): open auctions only. The distance filter
 * measures from the signed-in viewer's stored coordinates and is ignored for visitors and for
 * users whose profile location is unknown to the gazetteer.
 */
export async function listAuctions(
  deps: AuctionsDeps,
  viewerId: string | undefined,
  query: ListAuctionsQuery,
): Promise<AuctionPage> {
  const limit = query.limit ?? AUCTION_PAGE_SIZE_DEFAULT;
  const bounds = query.priceRange && query.priceRange !== 'any' ? PRICE_RANGE_BOUNDS[query.priceRange] : {};
  const filter: OpenAuctionFilter = {
    now: deps.now(),
    dateType: query.dateType && query.dateType !== 'all' ? query.dateType : undefined,
    minBid: bounds.minCents === undefined ? undefined : centsToMoneyString(bounds.minCents),
    maxBid: bounds.maxCents === undefined ? undefined : centsToMoneyString(bounds.maxCents),
    near: await findViewerArea(deps.db, viewerId, query.location),
    sortBy: query.sortBy ?? 'ending-soon',
    limit: limit + 1,
    offset: query.offset ?? 0,
    // The contract checked the cursor's form and that it belongs to this sort.
    after: query.cursor === undefined ? undefined : parseAuctionCursor(query.cursor)?.keys,
    viewerId,
  };
  const rows = await listOpenAuctions(deps.db, filter);
  const now = deps.now();
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    items: rows.slice(0, limit).map((row) => {
      const standing = viewerId
        ? viewerStandingOf(row.auction, { id: viewerId, highestBid: row.viewerHighestBid }, now)
        : null;
      return presentAuctionListItem(row.auction, row.creator, row.isWatched, standing);
    }),
    hasMore: rows.length > limit,
    nextCursor: last ? `${filter.sortBy}~${last.cursorKeys}` : null,
  };
}

type StandingAuction = Parameters<typeof viewerStandingOf>[0] & { id: string; bidCount: number };

/**
 * Where the viewer stands on each of `auctions` (docs/web-app.md "Where you stand"). Visitors
 * cost nothing; a member costs one read, and none when no auction has a bid.
 */
export async function viewerStandings(
  deps: Pick<AuctionsDeps, 'db' | 'now'>,
  viewerId: string | undefined,
  auctions: readonly StandingAuction[],
): Promise<(auction: StandingAuction) => ViewerStanding> {
  if (!viewerId) return () => null;
  const withBids = auctions.filter((auction) => auction.bidCount > 0).map((auction) => auction.id);
  const highest =
    withBids.length > 0 ? await findViewerHighestBids(deps.db, viewerId, withBids) : new Map<string, string>();
  const now = deps.now();
  return (auction) => viewerStandingOf(auction, { id: viewerId, highestBid: highest.get(auction.id) ?? null }, now);
}

async function findViewerArea(db: Db, viewerId: string | undefined, location: ListAuctionsQuery['location']) {
  if (!viewerId || !location || location === 'any') return undefined;
  const viewer = await findMember(db, viewerId);
  const center = viewer ? coordinatesOfUser(viewer) : null;
  if (!center) return undefined;
  const miles = Number(location);
  return { center, miles, box: boundingBox(center, miles) };
}

/**
 * The auction page (public): cancelled and ended auctions stay readable so the page can show
 * their state. One hidden by a moderator is a 404 for everyone but its host and moderators.
 */
export async function getAuctionDetail(deps: AuctionsDeps, id: unknown, viewerId?: string): Promise<AuctionDetail> {
  assertAuctionId(id);
  const [found, recentBids, bidderCount, watched] = await Promise.all([
    findAuctionWithCreator(deps.db, id),
    listRecentBids(deps.db, id, RECENT_BIDS_ON_DETAIL),
    countBidders(deps.db, id),
    viewerId ? isWatching(deps.db, viewerId, id) : false,
  ]);
  if (!found) throw notFound(AUCTION_NOT_FOUND);
  await assertVisible(deps, found.auction, viewerId);
  const standingOf = await viewerStandings(deps, viewerId, [found.auction]);
  return presentAuctionDetail(found.auction, found.creator, recentBids, bidderCount, {
    id: viewerId,
    isWatched: watched,
    standing: standingOf(found.auction),
  });
}

/** One hidden by a moderator is a 404 for everyone but its host and moderators. */
async function assertVisible(
  deps: AuctionsDeps,
  auction: { hiddenAt: Date | null; creatorId: string },
  viewerId?: string,
) {
  if (auction.hiddenAt && viewerId !== auction.creatorId) {
    if (!viewerId || !(await isModerator(deps.db, viewerId))) throw notFound(AUCTION_NOT_FOUND);
  }
}

/**
 * GET /api/auctions/{id}/bids (public, like the page): the bid history, newest first, up to
 * BID_HISTORY_LIMIT, each with the bidder as "Ada L." and automatic steps marked. Maximums are
 * private and never listed.
 */
export async function getBidHistory(deps: AuctionsDeps, id: unknown, viewerId?: string): Promise<AuctionBidView[]> {
  assertAuctionId(id);
  const [auction, rows] = await Promise.all([
    findAuctionById(deps.db, id),
    listRecentBids(deps.db, id, BID_HISTORY_LIMIT),
  ]);
  if (!auction) throw notFound(AUCTION_NOT_FOUND);
  await assertVisible(deps, auction, viewerId);
  return rows.map(presentBidView);
}

/** Profile tab "My Auctions": every auction the user created, newest first. */
export async function listMyAuctions(db: Db, userId: string) {
  const rows = await listAuctionsByCreator(db, userId);
  // The host's own list: their reserve prices too.
  return rows.map(presentOwnAuctionFields);
}

/** Profile tab "My Bids": the user's bids, newest first, each with its auction's state. */
export async function listMyBids(db: Db, userId: string, now: Date = new Date()) {
  const rows = await listBidsByBidder(db, userId);
  // Rows are newest first and bids only rise, so the first row of an auction is my highest bid on it.
  const highest = new Map<string, string>();
  for (const row of rows) if (!highest.has(row.auctionId)) highest.set(row.auctionId, row.amount);
  return rows.map((row) =>
    presentOwnBid(
      row,
      viewerStandingOf(row.auction, { id: userId, highestBid: highest.get(row.auctionId) ?? row.amount }, now),
    ),
  );
}

// ── What other modules ask of auctions ─────────────────────────────────────────────────────────
// Other modules reach the auction tables through these, never through auctions' repositories
// (docs/architecture.md, "Folders of the server").

/** An auction's row by id, hidden or not: the caller decides who may see it. */
export function findAuction(db: Db, id: string) {
  return findAuctionById(db, id);
}

/**
 * Deleting an account, in its transaction: every bid notice still waiting that involves the
 * member (as bidder, host or outbid member) is written now (docs/notifications.md, "A bid's
 * notices"), so it goes with the member's other notices and the others' can be renamed.
 */
export function writeWaitingBidNoticesOf(tx: Db, userId: string): Promise<string[]> {
  return writePendingBidNoticesOf(tx, userId);
}

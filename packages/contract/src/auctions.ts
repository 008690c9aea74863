import type { DateType } from './constants.js';

// Auctions' rules, words and shapes, free of zod so the web app's first pages load without the
// schema library (docs/performance.md); the API's schemas, and the answers' types inferred from
// them (AuctionListItem, AuctionDetail, AuctionBidView, PlaceBidResponse), are in auction-schemas.ts.
import { formatAmountPlain, parseMoneyToCents } from './money.js';
import { SECOND_CHANCE_OFFER_HOURS } from './payments.js';

/** docs/product.md §9: the shortest outing each date type allows. */
export const MIN_DURATION_BY_DATE_TYPE: Record<DateType, number> = {
  coffee: 15,
  dinner: 30,
  activity: 15,
  virtual: 15,
};

export const DURATION_TYPE_MINIMUM_MESSAGE = 'Duration must meet minimum requirements for selected date type';

export const PRE_SUBMIT_MESSAGES = {
  endDateRequired: { title: 'End Date Required', description: 'Please select an end date for your auction.' },
  endTimeInPast: { title: 'Invalid End Time', description: 'End time must be in the future.' },
  buyNowTooLow: { title: 'Invalid Buy Now Price', description: 'Buy now price must be higher than starting bid.' },
} as const;

/**
 * docs/product.md §5 "Pre-submit checks" after profile completeness, in order: end date present, end
 * time in the future, buy-now above the starting bid. Returns the first failure, or null.
 */
export function findPreSubmitProblem(
  input: { endTime: string | Date | null | undefined; startingBid: string; buyNowPrice?: string | null | undefined },
  now: Date = new Date(),
): (typeof PRE_SUBMIT_MESSAGES)[keyof typeof PRE_SUBMIT_MESSAGES] | null {
  if (!input.endTime) return PRE_SUBMIT_MESSAGES.endDateRequired;
  const end = new Date(input.endTime);
  if (Number.isNaN(end.getTime())) return PRE_SUBMIT_MESSAGES.endDateRequired;
  if (end.getTime() <= now.getTime()) return PRE_SUBMIT_MESSAGES.endTimeInPast;
  if (input.buyNowPrice) {
    const buyNow = parseMoneyToCents(input.buyNowPrice);
    const starting = parseMoneyToCents(input.startingBid);
    if (buyNow !== undefined && starting !== undefined && buyNow <= starting) return PRE_SUBMIT_MESSAGES.buyNowTooLow;
  }
  return null;
}

export const AUCTION_SORTS = [
  'ending-soon',
  'most-popular',
  'newest',
  'price-low',
  'price-high',
  'best-hosts',
] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];
export const PRICE_RANGES = ['under-50', '50-100', 'over-100'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const LOCATION_FILTERS = ['25', '50', '100'] as const;

/** Bounds of each price-range filter in cents, lower inclusive, upper exclusive. */
export const PRICE_RANGE_BOUNDS: Record<PriceRange, { minCents?: number; maxCents?: number }> = {
  'under-50': { maxCents: 5000 },
  '50-100': { minCents: 5000, maxCents: 10_001 },
  'over-100': { minCents: 10_001 },
};

export const AUCTION_PAGE_SIZE_DEFAULT = 24;
export const AUCTION_PAGE_SIZE_MAX = 100;
/**
 * The one list the public browse page reads (docs/product.md §2). The server names it in browse's
 * index.html with a preload, so it downloads beside the scripts (docs/performance.md, item 17).
 */
export const BROWSE_LIST_PATH = `/api/auctions?limit=${AUCTION_PAGE_SIZE_MAX}`;

const CURSOR_TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z`;
const CURSOR_ID = String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`;
const CURSOR_MONEY = String.raw`\d{1,8}\.\d{2}`;
/**
 * An auction list cursor: the sort, then the last card's sort keys, joined by `~` (URL-safe as
 * it is). Times are UTC to the microsecond, as stored, so no card is repeated or skipped.
 */
export const AUCTION_CURSOR_PATTERN = new RegExp(
  `^(?:(?:ending-soon|newest)~${CURSOR_TIME}|most-popular~\\d{1,9}~${CURSOR_TIME}|best-hosts~\\d{1,15}~${CURSOR_TIME}|price-(?:low|high)~${CURSOR_MONEY}~${CURSOR_TIME})~${CURSOR_ID}$`,
);
export const AUCTION_CURSOR_MESSAGE = 'cursor must be the X-Next-Cursor of a page of this list';

/** The sort a cursor belongs to and the last card's keys, or null when it is not a cursor. */
export function parseAuctionCursor(cursor: string): { sortBy: AuctionSort; keys: string[] } | null {
  if (!AUCTION_CURSOR_PATTERN.test(cursor)) return null;
  const [sortBy, ...keys] = cursor.split('~');
  return { sortBy: sortBy as AuctionSort, keys };
}

/**
 * The lowest acceptable next bid (docs/product.md §5: current bid + 1). Before any bid the starting
 * bid itself is acceptable, so a host's asking price can be met exactly.
 */
export function minimumNextBidCents(auction: { currentBid: string; startingBid: string; bidCount: number }): number {
  if (auction.bidCount === 0) return parseMoneyToCents(auction.startingBid) ?? 100;
  return (parseMoneyToCents(auction.currentBid) ?? 0) + 100;
}

export const bidTooLowMessage = (minCents: number) => `Bid must be at least ${formatAmountPlain(minCents)}`;

/** docs/product.md §4: active while isActive and the end time is in the future. */
export function isAuctionOpen(auction: { isActive: boolean; endTime: string | Date }, now: Date = new Date()): boolean {
  return auction.isActive && new Date(auction.endTime).getTime() > now.getTime();
}

/** docs/product.md §9: the card's progress bar fills at 20 bids. */
export function bidProgressPercent(bidCount: number): number {
  return Math.min(100, Math.max(0, (bidCount / 20) * 100));
}

/**
 * Where a bidder stands (docs/web-app.md "Where you stand"): leading an open auction
 * ('winning'), beaten by a higher bid ('outbid'), its winner ('won'), or on an ended auction
 * someone else won or nobody did ('lost'). null when the viewer never bid (or is a visitor).
 */
export const VIEWER_STANDINGS = ['winning', 'outbid', 'won', 'lost'] as const;
export type ViewerStanding = (typeof VIEWER_STANDINGS)[number] | null;

/**
 * The rule behind `viewerStanding`. `viewerHighestBid` is the viewer's highest bid on the auction
 * (null when they never bid). Bids only ever rise, so the viewer leads exactly when their highest
 * bid equals the current bid. An auction past its end time that the closing job has not closed
 * yet still shows its leader as 'winning' (the job makes it 'won' within seconds).
 */
export function viewerStandingOf(
  auction: {
    isActive: boolean;
    endTime: string | Date;
    winnerId: string | null;
    cancelledAt: string | Date | null;
    currentBid: string;
  },
  viewer: { id: string; highestBid: string | null } | null,
  now: Date = new Date(),
): ViewerStanding {
  if (!viewer) return null;
  // A Buy Now winner may have no bid of their own.
  if (auction.winnerId === viewer.id) return 'won';
  if (viewer.highestBid === null) return null;
  const isLeader = parseMoneyToCents(viewer.highestBid) === parseMoneyToCents(auction.currentBid);
  const isClosed = Boolean(auction.cancelledAt) || !auction.isActive || auction.winnerId !== null;
  if (isClosed) return 'lost';
  if (isAuctionOpen(auction, now)) return isLeader ? 'winning' : 'outbid';
  // Past its end, waiting for the closing job.
  return isLeader ? 'winning' : 'lost';
}

/** The most bids GET /api/auctions/{id}/bids answers with (the auction page's bid history). */
export const BID_HISTORY_LIMIT = 100;

/** Header of GET /api/auctions telling the Load More button whether another page exists. */
export const HAS_MORE_HEADER = 'X-Has-More';

/** Header of GET /api/auctions naming where the next page starts (`cursor=`), when one follows. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** 'Ada L.' — first name plus last initial, or 'Anonymous' (docs/product.md §2 creator card). */
export function displayNameOf(person: { firstName?: string | null; lastName?: string | null }): string {
  const first = person.firstName?.trim();
  if (!first) return 'Anonymous';
  const initial = person.lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** What an auction's card and page show at their top (docs/uploads.md): never nothing. */
export type AuctionPicture = { kind: 'photo'; url: string } | { kind: 'drawing'; dateType: DateType };

/** The auction's cover when it has one, else its host's main photo, else the drawing of its date type. */
export function auctionPictureOf(auction: {
  coverImageUrl: string | null;
  dateType: DateType;
  creator: { profileImageUrl: string | null };
}): AuctionPicture {
  const url = auction.coverImageUrl ?? auction.creator.profileImageUrl;
  return url ? { kind: 'photo', url } : { kind: 'drawing', dateType: auction.dateType };
}

/** The drawn cover of each date type, shipped with the web app (apps/web/public/covers/). */
export const dateTypeDrawingUrl = (dateType: DateType) => `/covers/${dateType}.svg`;

/** The reserve price's words (docs/auctions.md, "Reserve price"), asserted word for word by the tests. */
export const RESERVE_WORDS = {
  notMet: 'Reserve not met',
  met: 'Reserve met',
  /** The notice's title to the host and the highest bidder when an auction ends below its reserve. */
  closedBelow: 'The reserve was not met',
} as const;

export const RESERVE_PRICE_MESSAGES = {
  invalid: 'Reserve price must be a whole number of dollars',
  tooHigh: 'Reserve price can be at most $100,000',
  belowStartingBid: 'Reserve price must be at least the starting bid',
  onlyLower: 'Once bids are in, the reserve price can only be lowered',
} as const;

/** The second-chance offer a host sends the highest bidder of an auction that ended below its reserve. */
export const RESERVE_SECOND_CHANCE_MESSAGES = {
  reserveMet: 'A second-chance offer is only for an auction that ended below its reserve.',
  notEnded: 'The auction has not ended yet.',
  noBids: 'Nobody bid on this auction.',
  alreadySent: 'A second-chance offer was already sent for this auction.',
  notYours: 'Only the host can send a second-chance offer.',
} as const;

export const SECOND_CHANCE_SENT_TITLE = 'Second-chance offer sent';
export const secondChanceSentMessage = (bidderName: string) =>
  `${bidderName} can accept your offer within ${SECOND_CHANCE_OFFER_HOURS} hours.`;

/** The answer to POST /api/auctions/{id}/second-chance (201). */
export interface SecondChanceOfferResponse {
  /** The charge row of the offer: the bidder accepts or declines it in Payments. */
  id: string;
  auctionId: string;
  status: 'offered';
  amount: string;
  payBy: string;
  bidder: { id: string; displayName: string };
}

/**
 * Whether Buy Now can still be used (docs/auctions.md, "Reserve price"): a Buy Now price the
 * current bid has not reached, and, on an auction with a reserve, only until the reserve is met
 * (as on eBay). `reserveMet` is the public flag (absent: no reserve).
 */
export function isBuyNowAvailable(auction: {
  buyNowPrice: string | null;
  currentBid: string;
  reserveMet?: boolean | undefined;
}): boolean {
  if (auction.buyNowPrice === null || auction.reserveMet === true) return false;
  return (parseMoneyToCents(auction.currentBid) ?? 0) < (parseMoneyToCents(auction.buyNowPrice) ?? 0);
}

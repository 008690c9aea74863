import { z } from 'zod';
import {
  ALL_DATE_TYPES,
  DATE_TYPES,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  DURATION_STEP_MINUTES,
  PAYMENT_NOTES_MAX,
  PAYMENT_RESPONSIBILITIES,
  RADIUS_MAX_MILES,
  RADIUS_MIN_MILES,
  TITLE_MAX,
} from './constants.js';
import {
  AUCTION_CURSOR_MESSAGE,
  AUCTION_CURSOR_PATTERN,
  AUCTION_PAGE_SIZE_MAX,
  AUCTION_SORTS,
  DURATION_TYPE_MINIMUM_MESSAGE,
  LOCATION_FILTERS,
  MIN_DURATION_BY_DATE_TYPE,
  PRICE_RANGES,
  VIEWER_STANDINGS,
} from './auctions.js';
import { BID_CEILING_ABSOLUTE_CENTS } from './auto-bids.js';
import { centsToMoneyString, parseMoneyToCents } from './money.js';
import { plainText } from './text.js';
import { RESERVE_PRICE_MESSAGES } from './auctions.js';
import type { Reputation } from './feedback.js';
import { REVIEW_STATUSES, SCREENING_CATEGORIES, type ScreeningReason } from './screening.js';

// The auction API's schemas (docs/product.md §5, §7), apart from auctions.ts so that pages which
// only show auctions do not load zod (docs/performance.md).

/**
 * A money field of the API: a decimal string (or number) with at most 2 decimals, turned
 * into the canonical "12.50" string. Anything else is refused with `message`.
 */
export const moneyString = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = parseMoneyToCents(value);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return centsToMoneyString(cents);
  });

/**
 * The highest starting bid and Buy Now price: what the highest bid may be (docs/auctions.md,
 * "Bounded money"). Above it no bid could ever be placed, or Buy Now would charge more than a
 * charge may be.
 */
export const AUCTION_PRICE_MAX_CENTS = BID_CEILING_ABSOLUTE_CENTS;
export const STARTING_BID_TOO_HIGH_MESSAGE = 'Starting bid can be at most $100,000';
export const BUY_NOW_TOO_HIGH_MESSAGE = 'Buy now price can be at most $100,000';
const atMostPriceMax = (amount: string) => (parseMoneyToCents(amount) ?? 0) <= AUCTION_PRICE_MAX_CENTS;

/**
 * A reserve price (docs/auctions.md, "Reserve price"): whole dollars, at most $100,000; null or ""
 * means none. Whether it reaches the starting bid is checked with the whole form (create) or the
 * stored auction (edit). One transform, so each refusal keeps its own message.
 */
const reservePriceSchema = z
  .union([z.null(), z.string(), z.number()], { error: RESERVE_PRICE_MESSAGES.invalid })
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const cents = parseMoneyToCents(value);
    if (cents === undefined || cents <= 0 || cents % 100 !== 0) {
      ctx.addIssue({ code: 'custom', message: RESERVE_PRICE_MESSAGES.invalid });
      return z.NEVER;
    }
    if (cents > AUCTION_PRICE_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: RESERVE_PRICE_MESSAGES.tooHigh });
      return z.NEVER;
    }
    return centsToMoneyString(cents);
  });
/** Absent, null or "" mean no reserve. */
const optionalReservePrice = reservePriceSchema.optional().transform((value) => value ?? undefined);

const durationSchema = z.coerce
  .number({ error: 'Duration must be at least 15 minutes' })
  .int('Duration must be in 15-minute increments')
  .min(DURATION_MIN_MINUTES, 'Duration must be at least 15 minutes')
  .max(DURATION_MAX_MINUTES, 'Duration cannot exceed 7 days')
  .refine((minutes) => minutes % DURATION_STEP_MINUTES === 0, 'Duration must be in 15-minute increments');

/** docs/product.md §5 "Auction create form", as the API receives it (docs/product.md §7 POST /api/auctions). */
export const createAuctionSchema = z
  .object({
    title: plainText(
      z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(TITLE_MAX, 'Title too long'),
      'Title',
    ),
    description: plainText(
      z
        .string({ error: 'Description must be at least 10 characters' })
        .trim()
        .min(10, 'Description must be at least 10 characters')
        .max(5000, 'Description must be at most 5000 characters'),
      'Description',
    ),
    dateType: z.enum(DATE_TYPES, { error: 'Please select a date type' }),
    location: plainText(
      z
        .string({ error: 'Location is required' })
        .trim()
        .min(1, 'Location is required')
        .max(255, 'Location is too long'),
      'Location',
    ),
    locationRadius: z.coerce
      .number({ error: 'Radius must be at least 1 mile' })
      .int('Radius must be a whole number of miles')
      .min(RADIUS_MIN_MILES, 'Radius must be at least 1 mile')
      .max(RADIUS_MAX_MILES, 'Radius too large'),
    startingBid: moneyString('Starting bid must be at least $1')
      .refine((amount) => (parseMoneyToCents(amount) ?? 0) >= 100, 'Starting bid must be at least $1')
      .refine(atMostPriceMax, STARTING_BID_TOO_HIGH_MESSAGE),
    buyNowPrice: z
      .union([z.null(), z.literal(''), moneyString('Buy now price must be at least $1')])
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) => value === undefined || (parseMoneyToCents(value) ?? 0) >= 100,
        'Buy now price must be at least $1',
      )
      .refine((value) => value === undefined || atMostPriceMax(value), BUY_NOW_TOO_HIGH_MESSAGE),
    reservePrice: optionalReservePrice,
    endTime: z.iso.datetime({ offset: true, error: 'Please select an end date for your auction.' }),
    paymentResponsibility: z.enum(PAYMENT_RESPONSIBILITIES, { error: 'Please select who pays for the date' }),
    paymentNotes: plainText(
      z.string().trim().max(PAYMENT_NOTES_MAX, 'Payment notes must be less than 500 characters'),
      'Payment notes',
    )
      .optional()
      .transform((notes) => (notes ? notes : undefined)),
    expectedDuration: durationSchema,
  })
  .superRefine((auction, ctx) => {
    if (auction.expectedDuration < MIN_DURATION_BY_DATE_TYPE[auction.dateType]) {
      ctx.addIssue({ code: 'custom', path: ['expectedDuration'], message: DURATION_TYPE_MINIMUM_MESSAGE });
    }
    if (
      auction.reservePrice !== undefined &&
      (parseMoneyToCents(auction.reservePrice) ?? 0) < (parseMoneyToCents(auction.startingBid) ?? 0)
    ) {
      ctx.addIssue({ code: 'custom', path: ['reservePrice'], message: RESERVE_PRICE_MESSAGES.belowStartingBid });
    }
  });

export type CreateAuctionInput = z.input<typeof createAuctionSchema>;
export type CreateAuction = z.output<typeof createAuctionSchema>;

const BUY_NOW_POSITIVE_MESSAGE = 'Buy now price must be a positive number';

/**
 * docs/product.md §5 "Auction edit": only changed fields are sent; empty buy-now clears it. Failure
 * shows 'Validation Error' with the field path and message.
 */
export const editAuctionSchema = z
  .object({
    title: plainText(z.string().trim().min(1, 'Title is required').max(TITLE_MAX, 'Title too long'), 'Title'),
    description: plainText(
      z.string().trim().min(1, 'Description is required').max(5000, 'Description is too long'),
      'Description',
    ),
    location: plainText(z.string().trim().max(255, 'Location is too long'), 'Location'),
    buyNowPrice: z
      .union([z.null(), z.literal(''), z.string(), z.number()], { error: BUY_NOW_POSITIVE_MESSAGE })
      .transform((value, ctx) => {
        if (value === null || value === '') return null;
        const cents = parseMoneyToCents(value);
        if (cents === undefined || cents <= 0) {
          ctx.addIssue({ code: 'custom', message: BUY_NOW_POSITIVE_MESSAGE });
          return z.NEVER;
        }
        if (cents > AUCTION_PRICE_MAX_CENTS) {
          ctx.addIssue({ code: 'custom', message: BUY_NOW_TOO_HIGH_MESSAGE });
          return z.NEVER;
        }
        return centsToMoneyString(cents);
      }),
    /** null or "" removes the reserve; once bids are in it may only go down (the service checks). */
    reservePrice: reservePriceSchema,
  })
  .partial()
  .strict();

export type EditAuction = z.output<typeof editAuctionSchema>;

export const placeBidSchema = z.object({
  auctionId: z.string({ error: 'Auction is required' }).min(1, 'Auction is required').max(64),
  amount: moneyString('Please enter a valid bid amount'),
  /** An automatic bid's maximum (docs/auctions.md): private to the bidder, at least `amount`. */
  maxAmount: z
    .union([z.null(), z.literal(''), moneyString('Please enter a valid maximum bid')], {
      error: 'Please enter a valid maximum bid',
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
});

/** GET /api/auctions query (docs/product.md §7; 'all'/'any' mean no filter). */
export const listAuctionsQuerySchema = z
  .object({
    location: z.union([z.enum(LOCATION_FILTERS), z.literal('any')]).optional(),
    dateType: z.union([z.enum(DATE_TYPES), z.literal('all')]).optional(),
    priceRange: z.union([z.enum(PRICE_RANGES), z.literal('any')]).optional(),
    sortBy: z.enum(AUCTION_SORTS).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .int('limit must be a whole number from 1 to 100')
      .min(1, 'limit must be a whole number from 1 to 100')
      .max(AUCTION_PAGE_SIZE_MAX, 'limit must be a whole number from 1 to 100')
      .optional(),
    offset: z.coerce
      .number({ error: 'offset must be a whole number from 0 to 100000' })
      .int('offset must be a whole number from 0 to 100000')
      .min(0, 'offset must be a whole number from 0 to 100000')
      .max(100_000, 'offset must be a whole number from 0 to 100000')
      .optional(),
    /**
     * Where the previous page ended (its `X-Next-Cursor` header, docs/auctions.md "Listing"): the
     * next page starts after that card however deep it is, instead of skipping `offset` cards.
     */
    cursor: z
      .string()
      .max(200, AUCTION_CURSOR_MESSAGE)
      .regex(AUCTION_CURSOR_PATTERN, AUCTION_CURSOR_MESSAGE)
      .optional(),
  })
  .superRefine((query, ctx) => {
    // A cursor is a position in one order: it means nothing under another sort.
    if (query.cursor !== undefined && !query.cursor.startsWith(`${query.sortBy ?? 'ending-soon'}~`)) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: AUCTION_CURSOR_MESSAGE });
    }
  });

export type ListAuctionsQuery = z.output<typeof listAuctionsQuerySchema>;

export const viewerStandingSchema = z.enum(VIEWER_STANDINGS).nullable();

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────
// The auction API's answers (docs/product.md §3, §7). Each type is `z.infer` of its schema; the
// server encodes every answer with it, so a field not named here never leaves the server.

/** What a host's past dates say (issue 35); the figures of `Reputation` in feedback.ts. */
export const reputationSchema = z.object({
  datesCompleted: z.number().int(),
  showUpRate: z.number().nullable(),
  reviewCount: z.number().int(),
  averageRating: z.number().nullable(),
}) satisfies z.ZodType<Reputation>;

const reviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  reasons: z.array(
    z.object({ category: z.enum(SCREENING_CATEGORIES), field: z.string(), excerpt: z.string() }),
  ) satisfies z.ZodType<ScreeningReason[]>,
});

/** The auction's own fields, as every answer shows them: money as "12.50", times as ISO text. */
const auctionFieldsSchema = z.object({
  id: z.string(),
  creatorId: z.string(),
  title: z.string(),
  description: z.string(),
  dateType: z.enum(ALL_DATE_TYPES),
  location: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  locationRadius: z.number().int(),
  startingBid: z.string(),
  currentBid: z.string(),
  buyNowPrice: z.string().nullable(),
  paymentResponsibility: z.enum(PAYMENT_RESPONSIBILITIES),
  paymentNotes: z.string().nullable(),
  expectedDuration: z.number().int(),
  endTime: z.string(),
  isActive: z.boolean(),
  winnerId: z.string().nullable(),
  /** Set when the owner cancelled the auction (irreversible); null otherwise. */
  cancelledAt: z.string().nullable(),
  /** The host's own cover photo (docs/uploads.md); null shows the default (`auctionPictureOf`). */
  coverImageUrl: z.string().nullable(),
  bidCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True when the signed-in viewer watches this auction (always false for visitors). */
  isWatched: z.boolean(),
  /** How many members watch it (the host sees the interest). */
  watcherCount: z.number().int(),
  /** Present only while screening held it or after a moderator refused it (docs/trust-and-safety.md "Screening"). */
  review: reviewSchema.optional(),
  /**
   * Whether a bid has met the host's reserve price; absent when the auction has none
   * (docs/auctions.md, "Reserve price"). The reserve itself is never here for anyone else.
   */
  reserveMet: z.boolean().optional(),
  /**
   * The reserve price (null: none), only in the host's own answers (create, edit, cancel, their
   * list and their auction page); absent from everyone else's.
   */
  reservePrice: z.string().nullable().optional(),
});

/** What lists return for each auction (docs/product.md §3 plus bidCount and the creator's display name). */
export const auctionListItemSchema = auctionFieldsSchema.extend({
  /** Where the signed-in viewer stands on this auction; null for visitors and members who never bid on it. */
  viewerStanding: viewerStandingSchema,
  creator: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    displayName: z.string(),
    /** True when the host's identity is verified (docs/trust-and-safety.md): the card shows the badge. */
    identityVerified: z.boolean(),
    /** The host's main photo, the card's picture when the auction has no cover. */
    profileImageUrl: z.string().nullable(),
    /** What the host's past dates say (issue 35, docs/trust-and-safety.md "Reliability"). */
    reputation: reputationSchema,
  }),
});
export type AuctionListItem = z.infer<typeof auctionListItemSchema>;
export const auctionListSchema = z.array(auctionListItemSchema);

/** A row of the profile's My Auctions tab: the host's own auction, its reserve price included. */
export const myAuctionSchema = auctionFieldsSchema.extend({ reservePrice: z.string().nullable() });
export type MyAuction = z.infer<typeof myAuctionSchema>;
export const myAuctionListSchema = z.array(myAuctionSchema);

export const auctionBidViewSchema = z.object({
  id: z.string(),
  amount: z.string(),
  createdAt: z.string(),
  /** A step the product placed for the bidder's maximum, answering a rival ("automatic"). */
  isAutomatic: z.boolean(),
  /** `displayName`: first name + last initial, as everyone (host and moderators too) sees it. */
  bidder: z.object({ id: z.string(), firstName: z.string().nullable(), displayName: z.string() }),
});
export type AuctionBidView = z.infer<typeof auctionBidViewSchema>;
export const auctionBidHistorySchema = z.array(auctionBidViewSchema);

/** The auction page (docs/product.md §3): the creator card (no e-mail) and the latest bids. */
export const auctionDetailSchema = auctionFieldsSchema.extend({
  viewerStanding: viewerStandingSchema,
  creator: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    age: z.number().int().nullable(),
    profileImageUrl: z.string().nullable(),
    location: z.string().nullable(),
    identityVerified: z.boolean(),
    /** What the host's past dates say (issue 35). */
    reputation: reputationSchema,
  }),
  /** The latest bids, newest first (docs/product.md §9: 5). */
  bids: z.array(auctionBidViewSchema),
  /** Distinct people who have bid (the detail page's "bidder count" tile). */
  bidderCount: z.number().int(),
  /**
   * The viewer's own maximum while it stands (they lead with an automatic bid), else null.
   * Private: it is only ever in the answer to its owner.
   */
  myMaxAmount: z.string().nullable(),
});
export type AuctionDetail = z.infer<typeof auctionDetailSchema>;

/** A row of the profile's My Bids tab (docs/product.md §3: the bid plus its auction's title, current bid and state). */
export const myBidSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  amount: z.string(),
  createdAt: z.string(),
  auction: z.object({
    title: z.string(),
    currentBid: z.string(),
    isActive: z.boolean(),
    endTime: z.string(),
    winnerId: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /** Where I stand on the bid's auction (docs/web-app.md "Where you stand"). */
    viewerStanding: viewerStandingSchema,
    dateType: z.enum(ALL_DATE_TYPES),
    coverImageUrl: z.string().nullable(),
    creator: z.object({ profileImageUrl: z.string().nullable() }),
  }),
});
export type MyBid = z.infer<typeof myBidSchema>;
export const myBidListSchema = z.array(myBidSchema);

/** The answer to POST /api/bids (201). */
export const placeBidResponseSchema = z.object({
  /** The bidder's own bid as it now stands (for a leader raising their maximum: their standing bid). */
  bid: z.object({ id: z.string(), auctionId: z.string(), amount: z.string(), createdAt: z.string() }),
  /** `reserveMet`: absent when the auction has no reserve price (docs/auctions.md, "Reserve price"). */
  auction: z.object({
    id: z.string(),
    currentBid: z.string(),
    bidCount: z.number().int(),
    endTime: z.string(),
    reserveMet: z.boolean().optional(),
  }),
  /** True when the bid did not beat another member's maximum and was answered at once. */
  outbidByAutomaticBid: z.boolean(),
  /** The bidder's maximum when they set one: only ever in their own answer. */
  maxAmount: z.string().nullable(),
});
export type PlaceBidResponse = z.infer<typeof placeBidResponseSchema>;

/** The answer to POST /api/auctions/{id}/buy-now (docs/auction-lifecycle.md, "Buy Now"). */
export const buyNowResponseSchema = z.object({
  auction: z.object({
    id: z.string(),
    currentBid: z.string(),
    bidCount: z.number().int(),
    isActive: z.boolean(),
    winnerId: z.string().nullable(),
    endTime: z.string(),
  }),
});
export type BuyNowResponse = z.infer<typeof buyNowResponseSchema>;

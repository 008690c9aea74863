import { z } from 'zod';
import {
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

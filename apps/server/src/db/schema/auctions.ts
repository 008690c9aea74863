import { sql } from 'drizzle-orm';
import type { ReviewStatus, ScreeningReason } from '@bid/contract';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, latitude, longitude, money, requiredRef, timestamptz, updatedAt } from './columns.js';
import { dateTypeEnum, paymentResponsibilityEnum } from './enums.js';
import { users } from './users.js';

export const auctions = pgTable(
  'auctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: requiredRef('creator_id', () => users.id),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull(),
    dateType: dateTypeEnum('date_type').notNull(),
    location: varchar('location', { length: 255 }),
    latitude: latitude('latitude'),
    longitude: longitude('longitude'),
    locationRadius: integer('location_radius').notNull().default(25),
    startingBid: money('starting_bid').notNull(),
    currentBid: money('current_bid').notNull(),
    buyNowPrice: money('buy_now_price'),
    /**
     * The host's reserve price (docs/auctions.md, "Reserve price"): below it the auction ends with
     * no winner. PRIVATE to the host: public answers and events carry only `reserveMet`.
     */
    reservePrice: money('reserve_price'),
    paymentResponsibility: paymentResponsibilityEnum('payment_responsibility').notNull().default('50_50'),
    paymentNotes: varchar('payment_notes', { length: 500 }),
    expectedDuration: integer('expected_duration').notNull().default(15),
    endTime: timestamptz('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    winnerId: uuid('winner_id').references(() => users.id),
    /**
     * Accepted bids, kept on the row by the same statement that accepts a bid, so lists
     * and the most-popular sort need no COUNT over bids.
     */
    bidCount: integer('bid_count').notNull().default(0),
    /**
     * The host's place in browse's "Best hosts" order (the SQL function `host_score`, the
     * contract's `hostScore`; docs/the-date.md "Best hosts"): set at creation and rewritten on the
     * host's open auctions whenever their reputation is recounted, so the sort is an index walk.
     */
    hostScore: bigint('host_score', { mode: 'number' }).notNull().default(0),
    /** Set when the owner cancels (irreversible); distinguishes a cancelled auction from an ended one. */
    cancelledAt: timestamptz('cancelled_at'),
    /** Set once, by whichever instance closes the auction (time, buy now or cancel). */
    closedAt: timestamptz('closed_at'),
    /** Set once when the 'ending soon' notifications went out, so they are sent exactly once. */
    endingSoonNotifiedAt: timestamptz('ending_soon_notified_at'),
    /** Hidden by a moderator, or because its host was suspended (docs/trust-and-safety.md). */
    hiddenAt: timestamptz('hidden_at'),
    /**
     * Hidden because its host was suspended while it was open (not by a decision about the
     * auction itself): lifting the suspension reopens it if its end is still ahead.
     */
    hiddenBySuspension: boolean('hidden_by_suspension').notNull().default(false),
    /**
     * Who leads and their maximum (automatic bids, docs/auctions.md), kept by `place_bids` under
     * the row lock so a bid never scans the auction's bids. `leaderMax` is PRIVATE to the leader:
     * no presenter may ever copy it into an answer or an event.
     */
    leaderId: uuid('leader_id').references(() => users.id),
    leaderMax: money('leader_max'),
    /** Members watching the auction, kept by the watch and unwatch calls (lists need no COUNT). */
    watcherCount: integer('watcher_count').notNull().default(0),
    /**
     * Screening (docs/trust-and-safety.md "Screening"): 'pending' while a moderator reviews a
     * listing the screening held (it is then hidden and inactive, like one a moderator hid),
     * 'rejected' when the moderator refused it, 'approved' otherwise. `reviewReasons` are the
     * screening's reasons, shown to the host and the moderators only.
     */
    reviewStatus: text('review_status').$type<ReviewStatus>().notNull().default('approved'),
    reviewReasons: jsonb('review_reasons').$type<ScreeningReason[]>().notNull().default([]),
    /** The host's cover photo (`/api/objects/images/<id>-1280.jpg`, docs/uploads.md); null shows the default. */
    coverImageUrl: text('cover_image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('auctions_radius_range', sql`${t.locationRadius} BETWEEN 1 AND 500`),
    check('auctions_starting_bid_min', sql`${t.startingBid} >= 1`),
    check('auctions_current_bid_nonnegative', sql`${t.currentBid} >= 0`),
    check('auctions_buy_now_positive', sql`${t.buyNowPrice} IS NULL OR ${t.buyNowPrice} > 0`),
    check(
      'auctions_reserve_price_range',
      sql`${t.reservePrice} IS NULL OR (${t.reservePrice} >= ${t.startingBid} AND ${t.reservePrice} <= 100000)`,
    ),
    check(
      'auctions_duration_range',
      sql`${t.expectedDuration} BETWEEN 15 AND 10080 AND ${t.expectedDuration} % 15 = 0`,
    ),
    check('auctions_bid_count_nonnegative', sql`${t.bidCount} >= 0`),
    check('auctions_review_status_valid', sql`${t.reviewStatus} IN ('approved', 'pending', 'rejected')`),
    // The moderators' queue of held listings, oldest first.
    index('auctions_review_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.reviewStatus} = 'pending'`),
    // The home feed and public browse list active auctions in these orders (docs/product.md §2 filters).
    // Each index ends with its sort's tie-breakers, so paging deep into equal values stays an index walk.
    index('auctions_active_end_time_idx')
      .on(t.endTime, t.id)
      .where(sql`${t.isActive}`),
    index('auctions_active_price_idx')
      .on(t.currentBid, t.endTime, t.id)
      .where(sql`${t.isActive}`),
    index('auctions_active_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isActive}`),
    // The sorts that run their key downwards and the tie-breakers upwards index the negated
    // key, so every column runs one way and a cursor is one row comparison the index starts from
    // (open-auctions.query.ts; docs/performance.md, "Keyset pages").
    index('auctions_active_popular_key_idx')
      .on(sql`(-${t.bidCount})`, t.endTime, t.id)
      .where(sql`${t.isActive}`),
    index('auctions_active_price_high_key_idx')
      .on(sql`(-${t.currentBid})`, t.endTime, t.id)
      .where(sql`${t.isActive}`),
    index('auctions_active_host_score_key_idx')
      .on(sql`(-${t.hostScore})`, t.endTime, t.id)
      .where(sql`${t.isActive}`),
    index('auctions_location_idx').on(t.latitude, t.longitude),
    index('auctions_creator_idx').on(t.creatorId, t.createdAt),
    index('auctions_winner_idx').on(t.winnerId),
    // Search by title (docs/engineering.md §7): ILIKE '%term%' served by a trigram index. Not partial: PostgreSQL
    // prices a partial GIN index far above a full one and then prefers scanning the active rows.
    index('auctions_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // Titles that START with the term, by a range scan (see users_name_prefix_idx).
    index('auctions_title_prefix_idx').using('btree', sql`(lower(${t.title})) text_pattern_ops`),
    // The header search finds a term in the description or the place too, as browse does
    // (docs/search-and-notifications.md "Search API"): ILIKE '%term%' on exactly this expression.
    index('auctions_details_trgm_idx').using(
      'gin',
      sql`(${t.description} || ' ' || coalesce(${t.location}, '')) gin_trgm_ops`,
    ),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: requiredRef('auction_id', () => auctions.id, { onDelete: 'cascade' }),
    bidderId: requiredRef('bidder_id', () => users.id),
    amount: money('amount').notNull(),
    /** The bidder's maximum when the request set one: PRIVATE to the bidder (docs/auctions.md). */
    maxAmount: money('max_amount'),
    /** True for a step the product placed for the bidder, answering a rival (an automatic bid). */
    isAutomatic: boolean('is_automatic').notNull().default(false),
    /** Set when a moderator voided the bid or its bidder was suspended; a voided bid no longer counts. */
    voidedAt: timestamptz('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('bids_amount_positive', sql`${t.amount} > 0`),
    index('bids_auction_created_idx').on(t.auctionId, t.createdAt),
    index('bids_auction_amount_idx').on(t.auctionId, t.amount),
    index('bids_bidder_created_idx').on(t.bidderId, t.createdAt),
  ],
);

/** Members following an auction (the watchlist, docs/auctions.md). */
export const auctionWatches = pgTable(
  'auction_watches',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    auctionId: requiredRef('auction_id', () => auctions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.auctionId] }), index('auction_watches_auction_idx').on(t.auctionId)],
);

/**
 * Who has been told an auction ends soon: 'auction_ending_soon' goes once per member and auction,
 * also when soft close moves the end, and also to those who start bidding or watching late.
 */
export const endingSoonNotices = pgTable(
  'ending_soon_notices',
  {
    auctionId: requiredRef('auction_id', () => auctions.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.auctionId, t.userId] })],
);

export type Auction = typeof auctions.$inferSelect;
export type NewAuction = typeof auctions.$inferInsert;
export type Bid = typeof bids.$inferSelect;
export type NewBid = typeof bids.$inferInsert;

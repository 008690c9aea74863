import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { auctions } from './auctions.js';
import { createdAt, latitude, longitude, requiredRef, timestamptz } from './columns.js';
import { notifications } from './notifications.js';
import { users } from './users.js';

/** PostgreSQL's built-in `box` (core, no extension: PGlite has it too), written as `(x1,y1),(x2,y2)`. */
const box = customType<{ data: string; driverData: string }>({ dataType: () => 'box' });

/**
 * A member's saved search (docs/auctions.md "Saved searches"): browse's filters, matched by the
 * database against each auction that becomes visible. "No filter" is stored as browse's own
 * words ('all', 'any') rather than null, so the match can ask `date_type IN ('all', $type)` of an
 * index. A search with a radius keeps its centre and `area`, the box of longitudes and latitudes
 * within reach (as lib/geo.ts's boundingBox makes it): a GiST index finds the searches whose box
 * holds a new auction's point, and the haversine then decides.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    /** Lower-cased, matched as browse does: anywhere in the title, description or place. */
    query: varchar('query', { length: 100 }),
    dateType: varchar('date_type', { length: 16 }).notNull().default('all'),
    priceRange: varchar('price_range', { length: 8 }).notNull().default('any'),
    /** The place as the member typed it (null: their profile's coordinates, or no radius). */
    location: varchar('location', { length: 255 }),
    radiusMiles: integer('radius_miles'),
    latitude: latitude('latitude'),
    longitude: longitude('longitude'),
    area: box('area'),
    /** The last e-mail about this search: at most one a day (docs/notifications.md). */
    lastEmailedAt: timestamptz('last_emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // The two halves of the match (saved-searches.repository.ts): searches near a place by their
    // box, searches anywhere by their filters.
    index('saved_searches_area_idx')
      .using('gist', t.area)
      .where(sql`${t.area} IS NOT NULL`),
    index('saved_searches_anywhere_idx')
      .on(t.dateType, t.priceRange)
      .where(sql`${t.area} IS NULL`),
  ],
);

/**
 * Which auction matched which saved search, and the notice it produced. A row is written once
 * (the primary key), so an auction made visible twice (published, then approved) is announced
 * once. `emailed_at` is set when the match went out by e-mail, alone or in a daily digest.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: requiredRef('saved_search_id', () => savedSearches.id, { onDelete: 'cascade' }),
    auctionId: requiredRef('auction_id', () => auctions.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    matchedAt: timestamptz('matched_at').notNull(),
    emailedAt: timestamptz('emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.auctionId] }),
    index('saved_search_matches_notification_idx').on(t.notificationId),
    index('saved_search_matches_auction_idx').on(t.auctionId),
    // The digest's queue: matches not yet e-mailed.
    index('saved_search_matches_unemailed_idx')
      .on(t.savedSearchId, t.matchedAt)
      .where(sql`${t.emailedAt} IS NULL`),
  ],
);

/**
 * Auctions that became visible and are still to be matched against the saved searches
 * (docs/notifications.md "Saved searches: matched after the commit"). The row is written in the
 * transaction that publishes the auction, so a committed auction is never left unmatched; the
 * match statement deletes it as it runs, right after the commit, or the lifecycle job does for
 * rows an instance left behind (the `created_at` index serves its oldest-first walk).
 */
export const pendingAuctionAnnouncements = pgTable(
  'pending_auction_announcements',
  {
    auctionId: uuid('auction_id')
      .primaryKey()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('pending_auction_announcements_created_idx').on(t.createdAt)],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

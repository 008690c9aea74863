import type { PhotoReviewKind, PhotoScores, ReviewStatus } from '@bid/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auctions } from './auctions.js';
import { createdAt, requiredRef, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Photos the photo screening held for a moderator (docs/trust-and-safety.md "Screening"), keyed
 * by the image id (the photo's files are `images/<image id>-<width>.<format>`). A photo the model
 * passes has no row. While a row is not 'approved' the image route serves the photo only to its
 * owner and moderators.
 */
export const photoReviews = pgTable(
  'photo_reviews',
  {
    imageId: uuid('image_id').primaryKey(),
    ownerId: requiredRef('owner_id', () => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PhotoReviewKind>().notNull(),
    /** The auction whose cover it would become (auction covers only). */
    auctionId: uuid('auction_id').references(() => auctions.id, { onDelete: 'cascade' }),
    /** The photo's served URL (its main JPEG). */
    url: text('url').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    /** The model's scores; null when the classifier failed (then `failure` says why). */
    scores: jsonb('scores').$type<PhotoScores>(),
    failure: text('failure'),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('photo_reviews_status_valid', sql`${t.status} IN ('approved', 'pending', 'rejected')`),
    check('photo_reviews_kind_valid', sql`${t.kind} IN ('profile_photo', 'auction_cover')`),
    check('photo_reviews_cover_has_auction', sql`(${t.kind} = 'auction_cover') = (${t.auctionId} IS NOT NULL)`),
    // The moderators' queue, oldest first.
    index('photo_reviews_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // A new cover or a cleared one withdraws the auction's held cover.
    index('photo_reviews_pending_auction_idx')
      .on(t.auctionId)
      .where(sql`${t.status} = 'pending'`),
    index('photo_reviews_owner_idx').on(t.ownerId),
  ],
);

export type PhotoReviewRow = typeof photoReviews.$inferSelect;

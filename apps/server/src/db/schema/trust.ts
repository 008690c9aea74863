import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from './columns.js';
import {
  identityDocumentKindEnum,
  moderationActionEnum,
  reportReasonEnum,
  reportStatusEnum,
  reportTargetTypeEnum,
} from './enums.js';
import { users } from './users.js';

/**
 * Trust and safety tables (issue 8, docs/trust-and-safety.md).
 */

/**
 * The private files of an identity verification (document sides, selfie). They live in object
 * storage under a private prefix that no public route serves; this row says where, and is kept
 * (with the key cleared) after the 30-day retention deletes the file.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    verificationSessionId: varchar('verification_session_id', { length: 255 }).notNull(),
    kind: identityDocumentKindEnum('kind').notNull(),
    /** Object key under the private prefix; null once the file is deleted. */
    objectKey: varchar('object_key', { length: 255 }),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('identity_documents_user_idx').on(t.userId, t.createdAt),
    index('identity_documents_live_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Partner webhook events already processed: a replayed event id is acknowledged and ignored. */
export const identityWebhookEvents = pgTable('identity_webhook_events', {
  eventId: varchar('event_id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  receivedAt: createdAt(),
});

/** Who blocked whom. Blocking is one-way in storage and two-way in effect. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: requiredRef('blocker_id', () => users.id, { onDelete: 'cascade' }),
    blockedId: requiredRef('blocked_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A report of a user, an auction or a message, and how a moderator resolved it. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: reportTargetTypeEnum('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The member the report is about (the user, the auction's host, the message's sender). */
    reportedUserId: uuid('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: reportReasonEnum('reason').notNull(),
    details: varchar('details', { length: 500 }).notNull().default(''),
    status: reportStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    /** createdAt + REPORT_REVIEW_HOURS (docs/product.md §1's 24-hour target). */
    dueAt: timestamptz('due_at').notNull(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    action: moderationActionEnum('action'),
    resolutionReasons: text('resolution_reasons'),
  },
  (t) => [
    // The queue: open reports, oldest due first.
    index('reports_open_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_reported_user_idx').on(t.reportedUserId, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    // One open report per reporter and target, whatever races: a second is answered with the first.
    uniqueIndex('reports_one_open_per_reporter_target')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export type IdentityDocument = typeof identityDocuments.$inferSelect;
export type Block = typeof blocks.$inferSelect;
export type Report = typeof reports.$inferSelect;

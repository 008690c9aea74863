import type { ReviewStatus, ScreeningReason, StoredOnboarding } from '@bid/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, latitude, longitude, requiredRef, timestamptz, updatedAt } from './columns.js';
import { sexEnum, userRoleEnum } from './enums.js';

/** The name search matches, as the trigram index declares it (column names unqualified). */
export const USER_FULL_NAME_SQL = "coalesce(first_name, '') || ' ' || coalesce(last_name, '')";

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed, so uniqueness is case-insensitive. */
    email: varchar('email', { length: 320 }).unique(),
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    bio: varchar('bio', { length: 500 }),
    /**
     * Screening of the bio (docs/trust-and-safety.md "Screening"): 'pending' while a moderator
     * reviews a bio the screening held; others do not see it meanwhile.
     */
    bioReviewStatus: text('bio_review_status').$type<ReviewStatus>().notNull().default('approved'),
    bioReviewReasons: jsonb('bio_review_reasons').$type<ScreeningReason[]>().notNull().default([]),
    bioReviewSince: timestamptz('bio_review_since'),
    age: integer('age'),
    location: varchar('location', { length: 255 }),
    country: varchar('country', { length: 100 }),
    zipCode: varchar('zip_code', { length: 20 }),
    latitude: latitude('latitude'),
    longitude: longitude('longitude'),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sex: sexEnum('sex'),
    openToDatesWith: sexEnum('open_to_dates_with')
      .array()
      .notNull()
      .default(sql`'{}'::sex[]`),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    /**
     * Whether the provider held a card of this member the last time we asked it
     * (docs/payments.md, "A card on file to bid"): a bid trusts `true` instead of asking the
     * provider again; `false` means "ask". Removing a card sets it back to false.
     */
    cardOnFile: boolean('card_on_file').notNull().default(false),
    /**
     * The card-setup rate limit (docs/payments.md): setup intents started in the window that
     * began at `setupIntentWindowStart`. A fixed window on the member's own row, so one
     * conditional UPDATE counts and decides atomically across instances.
     */
    setupIntentWindowStart: timestamptz('setup_intent_window_start'),
    setupIntentCount: integer('setup_intent_count').notNull().default(0),
    identityVerificationStatus: varchar('identity_verification_status', { length: 32 }).notNull().default('unverified'),
    identityVerificationStep: varchar('identity_verification_step', { length: 64 }),
    idDocumentType: varchar('id_document_type', { length: 64 }),
    idDocumentFrontUrl: text('id_document_front_url'),
    idDocumentBackUrl: text('id_document_back_url'),
    biometricSelfieUrl: text('biometric_selfie_url'),
    verificationConfidenceScore: numeric('verification_confidence_score', { precision: 5, scale: 4 }),
    verificationDetails: jsonb('verification_details'),
    verificationAttemptedAt: timestamptz('verification_attempted_at'),
    verificationCompletedAt: timestamptz('verification_completed_at'),
    requiresManualReview: boolean('requires_manual_review').notNull().default(false),
    reviewerNotes: text('reviewer_notes'),
    /** The partner's verification session (Stripe Identity `vs_…`, or the sandbox's `vs_sandbox_…`). */
    identityVerificationSessionId: varchar('identity_verification_session_id', { length: 255 }),
    /** When the verification's documents and selfie were deleted (30-day retention, docs/trust-and-safety.md). */
    verificationDataDeletedAt: timestamptz('verification_data_deleted_at'),
    /** 'moderator' comes from MODERATOR_EMAILS or the grant command; nobody can give it to themselves. */
    role: userRoleEnum('role').notNull().default('member'),
    /** A suspended member cannot sign in, and their open auctions are hidden. */
    suspendedAt: timestamptz('suspended_at'),
    suspensionReason: text('suspension_reason'),
    /** Last sign-in or session refresh: inactive-account retention counts from here. */
    lastActiveAt: timestamptz('last_active_at').notNull().defaultNow(),
    /** When the "your account will be deleted" notice went out; cleared by any activity. */
    inactivityWarnedAt: timestamptz('inactivity_warned_at'),
    /**
     * A deleted account stays as a row with no personal data, so the other party's auctions,
     * bids and messages keep their counterpart (shown as 'Deleted user').
     */
    deletedAt: timestamptz('deleted_at'),
    /**
     * The onboarding steps this member has finished or skipped (docs/accounts.md "Onboarding"):
     * a step named here is never shown again. New accounts start with none.
     */
    onboarding: jsonb('onboarding').$type<StoredOnboarding>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // docs/product.md §5 "User record": the database refuses what no screen may produce.
    check('users_bio_review_status_valid', sql`${t.bioReviewStatus} IN ('approved', 'pending', 'rejected')`),
    check('users_age_range', sql`${t.age} IS NULL OR ${t.age} BETWEEN 18 AND 100`),
    check('users_email_format', sql`${t.email} IS NULL OR ${t.email} ~ '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'`),
    // Search by name (docs/engineering.md §7): ILIKE '%term%' on this exact expression is served by the trigram index.
    // The search repository builds the same expression (USER_FULL_NAME_SQL), or the planner cannot match it.
    index('users_name_trgm_idx').using('gin', sql`(${sql.raw(USER_FULL_NAME_SQL)}) gin_trgm_ops`),
    // Names that START with the term (search's best kind of match) by a range scan: the trigram
    // index cannot say where in the name a term is (docs/performance.md). text_pattern_ops lets
    // LIKE 'term%' use a btree whatever the database's collation.
    // The moderators' queue of verifications waiting for a person's decision, oldest first.
    index('users_manual_review_idx')
      .on(t.verificationAttemptedAt, t.id)
      .where(sql`${t.requiresManualReview}`),
    // Retention: verifications completed long enough ago for their files to go.
    index('users_verification_completed_idx')
      .on(t.verificationCompletedAt)
      .where(sql`${t.verificationCompletedAt} IS NOT NULL`),
    // Retention: who has been inactive long enough to be warned or deleted.
    index('users_last_active_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.deletedAt} IS NULL`),
    index('users_name_prefix_idx').using('btree', sql`(lower(${sql.raw(USER_FULL_NAME_SQL)})) text_pattern_ops`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * A member's profile photos (docs/uploads.md), at most PROFILE_PHOTOS_MAX, in `position` order.
 * The first one's URL is mirrored in `users.profile_image_url`, which every existing response
 * shows as the profile picture; the photo routes keep the two in step inside one transaction.
 */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    /** Also the photo's image id: its files are `images/<id>-<width>.<format>`. */
    id: uuid('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    position: integer('sort_order').notNull(),
    /** The served URL of its main JPEG; a picture from before photos had variants keeps its old URL. */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_photos_user_position_idx').on(t.userId, t.position)],
);

export type ProfilePhotoRow = typeof profilePhotos.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, latitude, longitude, timestamptz, updatedAt } from './columns.js';
import { sexEnum } from './enums.js';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // SPEC §5 "User record": the database refuses what no screen may produce.
    check('users_age_range', sql`${t.age} IS NULL OR ${t.age} BETWEEN 18 AND 100`),
    check('users_email_format', sql`${t.email} IS NULL OR ${t.email} ~ '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'`),
    // Search by name (GUIDE §7): ILIKE '%term%' on this exact expression is served by the trigram index.
    // The search repository builds the same expression (USER_FULL_NAME_SQL), or the planner cannot match it.
    index('users_name_trgm_idx').using('gin', sql`(${sql.raw(USER_FULL_NAME_SQL)}) gin_trgm_ops`),
    // Names that START with the term (search's best kind of match) by a range scan: the trigram
    // index cannot say where in the name a term is (docs/performance.md). text_pattern_ops lets
    // LIKE 'term%' use a btree whatever the database's collation.
    index('users_name_prefix_idx').using('btree', sql`(lower(${sql.raw(USER_FULL_NAME_SQL)})) text_pattern_ops`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

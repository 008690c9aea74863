import { index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * One-time sign-in codes (docs/engineering.md §5): only a hash is stored; a code lives 10 minutes, is
 * used once and burns after 5 wrong tries. The rows double as the send log that the
 * per-email and per-IP rate limits count, so those limits hold across app instances.
 */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    requestIp: varchar('request_ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_otps_email_created_idx').on(t.email, t.createdAt),
    index('email_otps_ip_created_idx').on(t.requestIp, t.createdAt),
  ],
);

/**
 * Wrong sign-in and reset codes, one row per wrong try (docs/accounts.md, "Codes and tokens"). A
 * wrong try only counts against the codes requested from the same client address, so a stranger
 * cannot burn a member's code; these rows are what limits the stranger instead: wrong tries per
 * e-mail and address, and per address, answered 429 with Retry-After past the limit.
 */
export const otpFailedAttempts = pgTable(
  'otp_failed_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    requestIp: varchar('request_ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_failed_attempts_email_ip_created_idx').on(t.email, t.requestIp, t.createdAt),
    index('otp_failed_attempts_ip_created_idx').on(t.requestIp, t.createdAt),
  ],
);

/** Proof that an e-mail address was verified by code, exchanged once for a session. */
export const emailVerificationTokens = pgTable('email_verification_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  email: varchar('email', { length: 320 }).notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  consumedAt: timestamptz('consumed_at'),
  createdAt: createdAt(),
});

/** Accounts at sign-in providers, keyed by provider + subject, never by e-mail alone (docs/engineering.md §5). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 320 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * An OAuth/OIDC sign-in in flight: state, nonce and PKCE verifier kept server-side. Keyed by
 * `state`, so a provider that answers with a cross-site form POST (Apple), which carries no
 * SameSite=Lax cookie, can still be matched to its transaction.
 */
export const oauthTransactions = pgTable(
  'oauth_transactions',
  {
    state: varchar('state', { length: 128 }).primaryKey(),
    provider: varchar('provider', { length: 32 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    /** Hash of a random value also set as a cookie, binding the transaction to the browser that started it. */
    browserBindingHash: varchar('browser_binding_hash', { length: 64 }),
    returnTo: text('return_to'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_transactions_expires_idx').on(t.expiresAt)],
);

export type EmailOtp = typeof emailOtps.$inferSelect;
export type UserIdentity = typeof userIdentities.$inferSelect;
export type OauthTransaction = typeof oauthTransactions.$inferSelect;

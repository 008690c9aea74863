import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auctions } from './auctions.js';
import { createdAt, latitude, longitude, money, requiredRef, timestamptz, updatedAt } from './columns.js';
import { charges } from './payments.js';
import { users } from './users.js';

/**
 * The date itself (issue 9, docs/the-date.md): one row per won auction whose winner has paid,
 * created in the transaction that records the payment. It carries the plan being agreed, Date
 * Mode's check-ins, and the settlement of the money (fee, host share, refund) until its release.
 */
export const auctionDates = pgTable(
  'auction_dates',
  {
    auctionId: uuid('auction_id')
      .primaryKey()
      .references(() => auctions.id),
    chargeId: uuid('charge_id')
      .notNull()
      .unique()
      .references(() => charges.id),
    hostId: requiredRef('host_id', () => users.id),
    winnerId: requiredRef('winner_id', () => users.id),

    // The open proposal (a new one replaces it; accepting it makes it the plan).
    proposedPlace: varchar('proposed_place', { length: 200 }),
    proposedStartsAt: timestamptz('proposed_starts_at'),
    proposedBy: uuid('proposed_by').references(() => users.id),
    proposedAt: timestamptz('proposed_at'),
    // The agreed plan.
    place: varchar('place', { length: 200 }),
    startsAt: timestamptz('starts_at'),
    agreedAt: timestamptz('agreed_at'),
    /**
     * How many times a plan was agreed: the calendar invitation's SEQUENCE is this minus one, so
     * each changed plan is a newer version of the same event (docs/the-date.md "Calendar").
     */
    planAgreements: integer('plan_agreements').notNull().default(0),
    reminderSentAt: timestamptz('reminder_sent_at'),

    // Date Mode.
    startedAt: timestamptz('started_at'),
    hostArrivedAt: timestamptz('host_arrived_at'),
    winnerArrivedAt: timestamptz('winner_arrived_at'),
    hostSafeAt: timestamptz('host_safe_at'),
    winnerSafeAt: timestamptz('winner_safe_at'),
    endedAt: timestamptz('ended_at'),

    // The settlement: fixed when the date ends (or the host did not show, or a moderator decides),
    // released once `disputeUntil` has passed with no refund request open.
    settlementReason: varchar('settlement_reason', { length: 32 }),
    settledFee: money('settled_fee'),
    settledHostShare: money('settled_host_share'),
    settledRefund: money('settled_refund'),
    minutesTogether: integer('minutes_together'),
    disputeUntil: timestamptz('dispute_until'),
    releasedAt: timestamptz('released_at'),

    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'auction_dates_settlement_sums',
      sql`${t.settlementReason} IS NULL OR (${t.settledFee} >= 0 AND ${t.settledHostShare} >= 0 AND ${t.settledRefund} >= 0)`,
    ),
    index('auction_dates_host_idx').on(t.hostId, t.createdAt),
    index('auction_dates_winner_idx').on(t.winnerId, t.createdAt),
    // The date job's queues: reminders and no-shows of agreed plans, and settlements to release.
    index('auction_dates_unsettled_start_idx')
      .on(t.startsAt)
      .where(sql`${t.settlementReason} IS NULL AND ${t.startsAt} IS NOT NULL`),
    index('auction_dates_release_due_idx')
      .on(t.disputeUntil)
      .where(sql`${t.settlementReason} IS NOT NULL AND ${t.releasedAt} IS NULL`),
  ],
);

/**
 * A share-my-date link for a trusted contact. Only the SHA-256 of the token is stored: the
 * link itself is shown once to the person who made it.
 */
export const dateShareLinks = pgTable(
  'date_share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: requiredRef('auction_id', () => auctions.id),
    createdBy: requiredRef('created_by', () => users.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('date_share_links_auction_idx').on(t.auctionId)],
);

/**
 * The last known position of a member sharing their location during Date Mode (issue 24,
 * docs/the-date.md): one row per date and member, overwritten by each new position, deleted when
 * the member stops sharing and when the date ends. No history is kept.
 */
export const dateLocations = pgTable(
  'date_locations',
  {
    auctionId: requiredRef('auction_id', () => auctionDates.auctionId, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    lat: latitude('lat').notNull(),
    lng: longitude('lng').notNull(),
    /** The browser's accuracy radius, in metres. */
    accuracy: doublePrecision('accuracy').notNull(),
    /** When the server received the position (the browser's clock is not trusted). */
    recordedAt: timestamptz('recorded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.auctionId, t.userId] }),
    check('date_locations_lat_range', sql`${t.lat} BETWEEN -90 AND 90`),
    check('date_locations_lng_range', sql`${t.lng} BETWEEN -180 AND 180`),
    check('date_locations_accuracy_range', sql`${t.accuracy} >= 0`),
  ],
);

/** A winner's request for a refund, decided by a moderator (docs/the-date.md). */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: requiredRef('auction_id', () => auctions.id),
    requesterId: requiredRef('requester_id', () => users.id),
    reason: text('reason').notNull(),
    /** open → granted (in full) | partial | denied. */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    /** What the moderator refunded (granted or partial). */
    amount: money('amount'),
    note: text('note').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('refund_requests_status_valid', sql`${t.status} IN ('open', 'granted', 'partial', 'denied')`),
    // One request per date: a second one would only repeat the first.
    uniqueIndex('refund_requests_one_per_auction').on(t.auctionId),
    index('refund_requests_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Money going back to a winner through the payment provider. One per charge, created with the
 * release of the date's settlement; collected by the date job like a charge (claim, provider
 * call with an idempotency key, outcome recorded under the claim).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: requiredRef('auction_id', () => auctions.id),
    chargeId: uuid('charge_id')
      .notNull()
      .unique()
      .references(() => charges.id),
    payerId: requiredRef('payer_id', () => users.id),
    amount: money('amount').notNull(),
    /** pending → processing → succeeded, or failed (retried by the next run). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempt: integer('attempt').notNull().default(1),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    failureMessage: text('failure_message'),
    lockedUntil: timestamptz('locked_until'),
    succeededAt: timestamptz('succeeded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_valid', sql`${t.status} IN ('pending', 'processing', 'succeeded', 'failed')`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    index('refunds_due_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} IN ('pending', 'processing', 'failed')`),
    index('refunds_payer_created_idx').on(t.payerId, t.createdAt),
  ],
);

/** A host's payout account at the payment provider (Stripe Connect Express, or the sandbox). */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 16 }).notNull(),
  accountId: varchar('account_id', { length: 255 }).notNull().unique(),
  /** onboarding until the provider says payouts are enabled. */
  status: varchar('status', { length: 16 }).notNull().default('onboarding'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A released host share on its way to the host: one per date (the unique auction id is the
 * exactly-once rule), transferred with the idempotency key `payout:<id>:attempt:<n>`.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: uuid('auction_id')
      .notNull()
      .unique()
      .references(() => auctions.id),
    hostId: requiredRef('host_id', () => users.id),
    amount: money('amount').notNull(),
    /** awaiting_account → pending → processing → paid, or failed (retried by the next run). */
    status: varchar('status', { length: 16 }).notNull(),
    attempt: integer('attempt').notNull().default(1),
    providerTransferId: varchar('provider_transfer_id', { length: 255 }),
    failureMessage: text('failure_message'),
    lockedUntil: timestamptz('locked_until'),
    remindedAt: timestamptz('reminded_at'),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payouts_status_valid', sql`${t.status} IN ('awaiting_account', 'pending', 'processing', 'paid', 'failed')`),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    index('payouts_due_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} IN ('pending', 'processing', 'failed')`),
    index('payouts_host_status_idx').on(t.hostId, t.status),
    // The date job's reminders to hosts whose share waits for a payout account.
    index('payouts_awaiting_account_idx')
      .on(t.remindedAt)
      .where(sql`${t.status} = 'awaiting_account'`),
    index('payouts_host_created_idx').on(t.hostId, t.createdAt),
  ],
);

/** The sandbox provider's refunds, transfers and payout accounts (like its payments: in the database). */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique(),
    paymentId: varchar('payment_id', { length: 64 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  // The refunded total of a payment, checked before each refund.
  (t) => [index('sandbox_refunds_payment_idx').on(t.paymentId)],
);

export const sandboxPayoutAccounts = pgTable('sandbox_payout_accounts', {
  id: varchar('id', { length: 64 }).primaryKey(),
  idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique(),
  /** onboarding until the sandbox onboarding page is completed, then enabled. */
  status: varchar('status', { length: 16 }).notNull().default('onboarding'),
  bankLast4: varchar('bank_last4', { length: 4 }),
  createdAt: createdAt(),
});

export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: varchar('id', { length: 64 }).primaryKey(),
  idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique(),
  accountId: varchar('account_id', { length: 64 }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

export type AuctionDate = typeof auctionDates.$inferSelect;
export type RefundRequest = typeof refundRequests.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Payout = typeof payouts.$inferSelect;

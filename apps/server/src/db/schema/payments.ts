import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHARGE_STATUSES } from '@bid/contract';
import { auctions } from './auctions.js';
import { createdAt, money, requiredRef, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

const chargeStatusList = sql.raw(CHARGE_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * What a won auction's winner owes, and how collecting it went (docs/payments.md). One row per
 * auction and payer; at most one row per auction that is not expired, so a won auction can
 * never be charged twice, whichever instance closes it and however often a charge is retried.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: requiredRef('auction_id', () => auctions.id),
    payerId: requiredRef('payer_id', () => users.id),
    /** The host, whose share is held until the date happens. */
    payeeId: requiredRef('payee_id', () => users.id),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /**
     * Which collection attempt this is: 1 at first, +1 each time the payer retries after a
     * decline. The provider's idempotency key is the charge id plus this number, so a
     * retry after a crash repeats the same key (and the provider answers, not charges, again).
     */
    attempt: integer('attempt').notNull().default(1),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    failureCode: varchar('failure_code', { length: 64 }),
    failureMessage: text('failure_message'),
    /** Until when the payer of a failed charge may fix their card, or the runner-up may accept an offer. */
    payBy: timestamptz('pay_by'),
    /**
     * When this attempt was first sent to the provider. Past the provider's idempotency window
     * the key may be forgotten, so an undecided attempt is looked up, not sent again.
     */
    attemptStartedAt: timestamptz('attempt_started_at'),
    /** A processing claim older than this is taken to be from a crashed instance and retried. */
    lockedUntil: timestamptz('locked_until'),
    succeededAt: timestamptz('succeeded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('charges_status_valid', sql`${t.status} IN (${chargeStatusList})`),
    check('charges_amount_positive', sql`${t.amount} > 0`),
    check('charges_fee_range', sql`${t.fee} >= 0 AND ${t.fee} <= ${t.amount}`),
    uniqueIndex('charges_auction_payer_key').on(t.auctionId, t.payerId),
    // The exactly-once rule itself: one live charge per auction.
    uniqueIndex('charges_one_live_per_auction')
      .on(t.auctionId)
      .where(sql`${t.status} <> 'expired'`),
    // The charge worker's queue, and the sweep of fix windows and second chance offers that passed.
    index('charges_due_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} IN ('pending', 'processing')`),
    index('charges_open_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.status} IN ('failed', 'offered')`),
    index('charges_payer_created_idx').on(t.payerId, t.createdAt),
    index('charges_payee_created_idx').on(t.payeeId, t.createdAt),
  ],
);

/**
 * Double-entry ledger (docs/engineering.md §5). Every movement of money is one transaction whose entries sum
 * to zero: a deferred constraint trigger (migration 0007) refuses any commit that leaves a
 * transaction unbalanced.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** charge (a winner paid), release (a date's settlement), refund (paid back by the provider), payout. */
    kind: varchar('kind', { length: 16 }).notNull(),
    chargeId: uuid('charge_id').references(() => charges.id),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transactions_kind_valid', sql`${t.kind} IN ('charge', 'release', 'refund', 'payout')`),
    // A charge is booked once, whatever retries happen around it; so are the release of its date,
    // the refund and the payout that follow it (docs/the-date.md): one of each per charge.
    uniqueIndex('ledger_transactions_one_booking_per_kind')
      .on(t.chargeId, t.kind)
      .where(sql`${t.chargeId} IS NOT NULL`),
  ],
);

/**
 * One leg of a ledger transaction. `amount` is signed: debits positive, credits negative.
 * Accounts (docs/payments.md): provider_cash (money held at the payment provider),
 * platform_fees (our 10%), host_escrow (a host's share, held until the date happens; user_id
 * is the host), host_payable, customer_refunds.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: requiredRef('transaction_id', () => ledgerTransactions.id),
    account: varchar('account', { length: 32 }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_user_idx').on(t.account, t.userId),
  ],
);

/**
 * The offline sandbox payment provider's own records (docs/payments.md). They live in the
 * database, like Stripe's live on Stripe, so every app instance sees the same cards and the
 * same idempotency keys. Nothing here is used when Stripe is the provider.
 */
export const sandboxSetupIntents = pgTable(
  'sandbox_setup_intents',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    clientSecret: varchar('client_secret', { length: 128 }).notNull().unique(),
    customerId: varchar('customer_id', { length: 64 }).notNull(),
    /** requires_payment_method → requires_action → succeeded (or back to requires_payment_method). */
    status: varchar('status', { length: 32 }).notNull().default('requires_payment_method'),
    /** The card waiting for authentication, then the one saved. */
    paymentMethodId: varchar('payment_method_id', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_setup_intents_customer_idx').on(t.customerId)],
);

export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** Null until the card is attached to a customer (after authentication, when one is needed). */
    customerId: varchar('customer_id', { length: 64 }),
    brand: varchar('brand', { length: 32 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** How the card behaves when charged: succeeds, declines, or always needs authentication. */
    chargeBehavior: varchar('charge_behavior', { length: 32 }).notNull(),
    detachedAt: timestamptz('detached_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_payment_methods_customer_idx').on(t.customerId, t.createdAt)],
);

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** Like Stripe's Idempotency-Key: a second request with the same key gets the first answer. */
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique(),
    customerId: varchar('customer_id', { length: 64 }).notNull(),
    paymentMethodId: varchar('payment_method_id', { length: 64 }),
    // 64-bit: a 32-bit column overflows at $21,474,836.47 (docs/charging-and-ledger.md).
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What the caller attached (chargeId, attempt): what reconciliation looks a payment up by. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    status: varchar('status', { length: 32 }).notNull(),
    declineCode: varchar('decline_code', { length: 64 }),
    declineMessage: text('decline_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_payments_customer_idx').on(t.customerId),
    index('sandbox_payments_charge_idx').on(sql`(${t.metadata}->>'chargeId')`),
  ],
);

/**
 * Payment provider webhook events already applied (docs/payments.md, "Webhooks"): the unique
 * event id makes a redelivered event an acknowledged no-op.
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: varchar('event_id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  receivedAt: createdAt(),
});

/**
 * An upload URL handed out by POST /api/objects/upload (docs/uploads.md). The server picks
 * the object key; the URL is signed, expires within minutes and works once; only the member
 * it was issued to may make it their picture.
 */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** Where the raw upload lands, chosen by the server. */
    objectKey: varchar('object_key', { length: 255 }).notNull().unique(),
    /** The upload URL without its query string: what PUT /api/profile/image names. */
    uploadUrl: text('upload_url').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    uploadedAt: timestamptz('uploaded_at'),
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('upload_grants_user_created_idx').on(t.userId, t.createdAt)],
);

export type Charge = typeof charges.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type UploadGrant = typeof uploadGrants.$inferSelect;

import { centsToMoneyString, parseMoneyToCents, serviceFeeCents, type PaymentKind } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { charges } from '../../../db/schema/index.js';
import { centsOf, rowsOf, timestampParam, toDate, toDateOrNull } from '../../../db/sql-helpers.js';

/** A won auction to charge: the winner pays the winning amount to the host. */
export interface WinToCharge {
  auctionId: string;
  payerId: string;
  payeeId: string;
  /** The winning bid as a money string ("51.00"). */
  amount: string;
}

/**
 * Creates the pending charge of each win, inside the transaction that decided the win, so a
 * closed-and-won auction always has its charge. ON CONFLICT DO NOTHING with the unique
 * indexes (one live charge per auction, one per auction and payer) means never two.
 */
export async function insertChargesForWins(tx: Db, wins: readonly WinToCharge[], at: Date): Promise<void> {
  await insertCharges(tx, wins, { status: 'pending', payBy: null, at });
}

/**
 * Creates second chance offers (docs/charging-and-ledger.md): a charge row the runner-up may
 * accept until `payBy`, which nobody collects before they do. The same unique indexes as a
 * win's charge hold, so an auction has one open offer or one live charge, never both.
 */
export async function insertOffers(tx: Db, offers: readonly WinToCharge[], payBy: Date, at: Date): Promise<void> {
  await insertCharges(tx, offers, { status: 'offered', payBy, at });
}

/** One offer, answering its row's id (undefined when the unique indexes refused a second one). */
export async function insertOffer(tx: Db, offer: WinToCharge, payBy: Date, at: Date): Promise<string | undefined> {
  const amountCents = parseMoneyToCents(offer.amount);
  if (amountCents === undefined) throw new Error(`Unreadable offer amount ${offer.amount}`);
  const [row] = await tx
    .insert(charges)
    .values({
      auctionId: offer.auctionId,
      payerId: offer.payerId,
      payeeId: offer.payeeId,
      amount: centsToMoneyString(amountCents),
      fee: centsToMoneyString(serviceFeeCents(amountCents)),
      status: 'offered',
      payBy,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: charges.id });
  return row?.id;
}

async function insertCharges(
  tx: Db,
  rows: readonly WinToCharge[],
  input: { status: 'pending' | 'offered'; payBy: Date | null; at: Date },
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(charges)
    .values(
      rows.map((row) => {
        const amountCents = parseMoneyToCents(row.amount);
        if (amountCents === undefined) throw new Error(`Unreadable winning amount ${row.amount}`);
        return {
          auctionId: row.auctionId,
          payerId: row.payerId,
          payeeId: row.payeeId,
          amount: centsToMoneyString(amountCents),
          fee: centsToMoneyString(serviceFeeCents(amountCents)),
          status: input.status,
          payBy: input.payBy,
          createdAt: input.at,
          updatedAt: input.at,
        };
      }),
    )
    .onConflictDoNothing();
}

/** A charge this worker now holds (status processing until `lockedUntil`). */
export interface ClaimedCharge {
  id: string;
  auctionId: string;
  auctionTitle: string;
  payerId: string;
  payerFirstName: string | null;
  payerLastName: string | null;
  payeeId: string;
  amountCents: number;
  feeCents: number;
  attempt: number;
  /** When this attempt was first sent to the provider (docs/charging-and-ledger.md, "Reconciliation"). */
  attemptStartedAt: Date;
  /** The payer's customer at the payment provider; null when they never saved a card. */
  customerId: string | null;
}

interface ChargeToCollectRow {
  id: string;
  auction_id: string;
  title: string;
  payer_id: string;
  first_name: string | null;
  last_name: string | null;
  payee_id: string;
  amount: string;
  fee: string;
  attempt: number;
  attempt_started_at: unknown;
  stripe_customer_id: string | null;
}

function toClaimedCharge(row: ChargeToCollectRow): ClaimedCharge {
  return {
    id: row.id,
    auctionId: row.auction_id,
    auctionTitle: row.title,
    payerId: row.payer_id,
    payerFirstName: row.first_name,
    payerLastName: row.last_name,
    payeeId: row.payee_id,
    amountCents: centsOf(row.amount),
    feeCents: centsOf(row.fee),
    attempt: Number(row.attempt),
    attemptStartedAt: toDate(row.attempt_started_at),
    customerId: row.stripe_customer_id,
  };
}

/**
 * A charge still waiting for the outcome of `attempt` (status processing, claimed or lapsed),
 * with what recording that outcome needs: what a provider webhook applies its event to.
 */
export async function findProcessingCharge(
  db: Db,
  chargeId: string,
  attempt: number,
): Promise<ClaimedCharge | undefined> {
  const [row] = rowsOf<ChargeToCollectRow>(
    await db.execute(sql`
      SELECT c.id, c.auction_id, a.title, c.payer_id, u.first_name, u.last_name, c.payee_id,
             c.amount::text AS amount, c.fee::text AS fee, c.attempt,
             COALESCE(c.attempt_started_at, c.updated_at) AS attempt_started_at, u.stripe_customer_id
      FROM charges c JOIN users u ON u.id = c.payer_id JOIN auctions a ON a.id = c.auction_id
      WHERE c.id = ${chargeId}::uuid AND c.status = 'processing' AND c.attempt = ${attempt}`),
  );
  return row ? toClaimedCharge(row) : undefined;
}

/**
 * Claims charges to collect: pending ones, and processing ones whose claim has lapsed (the
 * instance that held it crashed or lost its answer). FOR UPDATE SKIP LOCKED lets several
 * instances claim at once without taking the same row; one that reaches a row after another's
 * claim committed re-checks it, sees a live claim and leaves it. The claim commits before the
 * provider is called, so no transaction stays open across a network call.
 */
export async function claimDueCharges(
  db: Db,
  input: { now: Date; lockedUntil: Date; limit: number; chargeId?: string; auctionId?: string },
): Promise<ClaimedCharge[]> {
  const only = input.chargeId
    ? sql`AND id = ${input.chargeId}::uuid`
    : input.auctionId
      ? sql`AND auction_id = ${input.auctionId}::uuid`
      : sql``;
  // One named charge (a retry or an accepted offer, collected while the payer waits) waits for a
  // moment's lock, such as a losing double click's guarded update, instead of skipping it and
  // leaving the charge to the next lifecycle run; the re-check after the wait keeps it claimed once.
  const lock = input.chargeId ? sql`FOR UPDATE` : sql`FOR UPDATE SKIP LOCKED`;
  const rows = rowsOf<ChargeToCollectRow>(
    await db.execute(sql`
      WITH due AS (
        SELECT id FROM charges
        WHERE status IN ('pending', 'processing')
          AND (status = 'pending' OR locked_until <= ${timestampParam(input.now)})
          ${only}
        ORDER BY created_at, id
        LIMIT ${input.limit}
        ${lock}
      )
      UPDATE charges c
      SET status = 'processing', locked_until = ${timestampParam(input.lockedUntil)},
          attempt_started_at = COALESCE(c.attempt_started_at, ${timestampParam(input.now)}),
          updated_at = ${timestampParam(input.now)}
      FROM due, users u, auctions a
      WHERE c.id = due.id AND u.id = c.payer_id AND a.id = c.auction_id
      RETURNING c.id, c.auction_id, a.title, c.payer_id, u.first_name, u.last_name, c.payee_id,
                c.amount::text AS amount, c.fee::text AS fee, c.attempt, c.attempt_started_at,
                u.stripe_customer_id`),
  );
  return rows.map(toClaimedCharge);
}

/**
 * Records a success, but only for the claim that made it: the same charge, still processing,
 * at the same attempt. False when another instance recorded this attempt's outcome first.
 */
export async function markChargeSucceeded(
  tx: Db,
  input: { chargeId: string; attempt: number; providerPaymentId: string; now: Date },
): Promise<boolean> {
  const at = timestampParam(input.now);
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE charges
      SET status = 'succeeded', provider_payment_id = ${input.providerPaymentId}, succeeded_at = ${at},
          failure_code = NULL, failure_message = NULL, locked_until = NULL, updated_at = ${at}
      WHERE id = ${input.chargeId}::uuid AND status = 'processing' AND attempt = ${input.attempt}
      RETURNING id`),
  );
  return rows.length > 0;
}

/**
 * Records a decline under the same guard as a success. The fix window starts at the first
 * failure and a retry that fails again keeps it, so retrying cannot extend the deadline.
 * Answers the deadline, or undefined when this attempt's outcome was already recorded.
 */
export async function markChargeFailed(
  tx: Db,
  input: {
    chargeId: string;
    attempt: number;
    providerPaymentId: string | null;
    code: string;
    message: string;
    firstPayBy: Date;
    now: Date;
  },
): Promise<Date | undefined> {
  const at = timestampParam(input.now);
  const [row] = rowsOf<{ pay_by: unknown }>(
    await tx.execute(sql`
      UPDATE charges
      SET status = 'failed', provider_payment_id = coalesce(${input.providerPaymentId}, provider_payment_id),
          failure_code = ${input.code.slice(0, 64)}, failure_message = ${input.message},
          pay_by = coalesce(pay_by, ${timestampParam(input.firstPayBy)}), locked_until = NULL, updated_at = ${at}
      WHERE id = ${input.chargeId}::uuid AND status = 'processing' AND attempt = ${input.attempt}
      RETURNING pay_by`),
  );
  return row ? toDate(row.pay_by) : undefined;
}

export interface PayerCharge {
  id: string;
  status: string;
  payBy: Date | null;
  /**
   * The row began as a second chance offer. The winner's charge is made at closing, and the
   * first offer only once that charge's fix window (after a failed attempt) has passed, so the
   * winner's row is strictly the auction's earliest; offers are every later one (offers made
   * by a decline may tie with each other, never with the winner's row). On an auction that ended
   * below its reserve there is no winner's row: its one charge is the host's offer (docs/auctions.md).
   */
  wasOffer: boolean;
}

/** One of the payer's own charges; another member's id looks exactly like an unknown one. */
export async function findChargeOfPayer(db: Db, chargeId: string, payerId: string): Promise<PayerCharge | undefined> {
  const [row] = rowsOf<{ id: string; status: string; pay_by: unknown; was_offer: boolean }>(
    await db.execute(sql`
      SELECT c.id, c.status, c.pay_by,
             (EXISTS (SELECT 1 FROM charges earlier
                      WHERE earlier.auction_id = c.auction_id AND earlier.created_at < c.created_at)
              OR EXISTS (SELECT 1 FROM auctions a
                         WHERE a.id = c.auction_id AND a.reserve_price IS NOT NULL
                           AND a.current_bid < a.reserve_price)) AS was_offer
      FROM charges c
      WHERE c.id = ${chargeId}::uuid AND c.payer_id = ${payerId}::uuid`),
  );
  return row
    ? { id: row.id, status: row.status, payBy: toDateOrNull(row.pay_by), wasOffer: row.was_offer === true }
    : undefined;
}

/**
 * Puts a failed charge back in the queue as the next attempt (a new idempotency key, so the
 * provider really tries again, with the payer's newest card). Conditional, so a concurrent
 * retry or the expiry sweep leaves exactly one winner.
 */
export async function reopenFailedCharge(
  db: Db,
  input: { chargeId: string; payerId: string; now: Date },
): Promise<boolean> {
  const at = timestampParam(input.now);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE charges
      SET status = 'pending', attempt = attempt + 1, failure_code = NULL, failure_message = NULL,
          locked_until = NULL, attempt_started_at = NULL, updated_at = ${at}
      WHERE id = ${input.chargeId}::uuid AND payer_id = ${input.payerId}::uuid
        AND status = 'failed' AND pay_by > ${at}
      RETURNING id`),
  );
  return rows.length > 0;
}

/**
 * The money of a member's dates after the charge (docs/the-date.md): the releases of their
 * hosted dates' shares (auction_dates_host_idx), the payouts to them (payouts_host_created_idx)
 * and the refunds to them (refunds_payer_created_idx), each half newest first up to `limit`.
 */
function datePaymentRows(userId: string, limit: number) {
  // Payouts and refunds read alike: the member is the host of one, the payer of the other.
  const transfers = (table: 'payouts' | 'refunds', kind: 'payout' | 'refund', member: 'host_id' | 'payer_id') => sql`
        (SELECT t.id, t.auction_id, a.title, ${sql.raw(`'${kind}'`)}, t.amount::text, '0.00', t.status::text,
                NULL::text, NULL::timestamptz, t.created_at
         FROM ${sql.raw(table)} t JOIN auctions a ON a.id = t.auction_id
         WHERE t.${sql.raw(member)} = ${userId}::uuid
         ORDER BY t.created_at DESC, t.id DESC
         LIMIT ${limit})`;
  return sql`
        UNION ALL
        (SELECT d.auction_id, d.auction_id, a.title, 'release', d.settled_host_share::text, d.settled_fee::text,
                'released', NULL::text, NULL::timestamptz, d.released_at
         FROM auction_dates d JOIN auctions a ON a.id = d.auction_id
         WHERE d.host_id = ${userId}::uuid AND d.released_at IS NOT NULL AND d.settled_host_share > 0
         ORDER BY d.created_at DESC
         LIMIT ${limit})
        UNION ALL
        ${transfers('payouts', 'payout', 'host_id')}
        UNION ALL
        ${transfers('refunds', 'refund', 'payer_id')}`;
}

export interface PaymentRow {
  id: string;
  auctionId: string;
  auctionTitle: string;
  kind: PaymentKind;
  amount: string;
  fee: string;
  status: string;
  failureMessage: string | null;
  payBy: Date | null;
  createdAt: Date;
}

/**
 * A member's charges (as payer) and earnings (succeeded charges of auctions they host),
 * newest first. Each half reads its own index (charges_payer_created_idx,
 * charges_payee_created_idx) backwards and stops at `limit`; the title comes in the same query.
 */
export async function listPaymentRows(db: Db, userId: string, limit: number, chargeId?: string): Promise<PaymentRow[]> {
  const onlyCharge = chargeId ? sql`AND c.id = ${chargeId}::uuid` : sql``;
  const rows = rowsOf<{
    id: string;
    auction_id: string;
    auction_title: string;
    kind: PaymentKind;
    amount: string;
    fee: string;
    status: string;
    failure_message: string | null;
    pay_by: unknown;
    created_at: unknown;
  }>(
    await db.execute(sql`
      SELECT * FROM (
        (SELECT c.id, c.auction_id, a.title AS auction_title, 'charge' AS kind, c.amount::text AS amount,
                c.fee::text AS fee, c.status::text AS status, c.failure_message, c.pay_by, c.created_at
         FROM charges c JOIN auctions a ON a.id = c.auction_id
         WHERE c.payer_id = ${userId}::uuid ${onlyCharge}
         ORDER BY c.created_at DESC, c.id DESC
         LIMIT ${limit})
        UNION ALL
        (SELECT c.id, c.auction_id, a.title, 'earning', c.amount::text, c.fee::text,
                CASE WHEN d.released_at IS NULL THEN 'held' ELSE 'released' END,
                NULL::text, NULL::timestamptz, c.created_at
         FROM charges c JOIN auctions a ON a.id = c.auction_id
         LEFT JOIN auction_dates d ON d.charge_id = c.id
         WHERE c.payee_id = ${userId}::uuid AND c.status IN ('succeeded', 'refunded') ${onlyCharge}
         ORDER BY c.created_at DESC, c.id DESC
         LIMIT ${limit})
        ${chargeId ? sql`` : datePaymentRows(userId, limit)}
      ) payments
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    auctionId: row.auction_id,
    auctionTitle: row.auction_title,
    kind: row.kind,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    failureMessage: row.failure_message,
    payBy: toDateOrNull(row.pay_by),
    createdAt: toDate(row.created_at),
  }));
}

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { centsOf, rowsOf, timestampParam } from '../../db/sql-helpers.js';
import { refundSentNotice } from '../../modules/dates/date.notices.js';
import { settlePayout, settleRefund, transferFactsOf, type TransferRow } from '../../modules/dates/date-transfers.js';
import { notify } from '../../modules/notifications/notify.js';
import { activateWaitingPayouts } from '../../modules/payouts/payout-accounts.repository.js';
import { recordLedgerTransaction } from '../../modules/payments/ledger/ledger.repository.js';
import type { PaymentEvent, PaymentEventDeps } from './payment-webhooks.js';

/**
 * The provider's events about refunds, transfers and payout accounts (docs/payments.md,
 * "Webhooks"). Each handler runs in the transaction that claimed the event id and changes a row
 * only from a state the event can still change, so the same event twice, or a second event about
 * something already in that state, changes nothing. True when something changed.
 */

const idOf = z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) }).transform((o) => o.id)]);
const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A Stripe Charge (what `charge.refunded` carries): the payment it belongs to and the refunded total. */
const chargeObjectSchema = z.object({
  id: z.string().min(1).max(255),
  payment_intent: idOf.nullish(),
  amount: cents,
  amount_refunded: cents,
  refunded: z.boolean().optional(),
  refunds: z
    .object({ data: z.array(z.object({ id: z.string().min(1).max(255) }).catchall(z.unknown())) })
    .catchall(z.unknown())
    .nullish(),
});

/** A Stripe Transfer: our payout's id rides in its metadata (date-transfers.ts sends it). */
const transferObjectSchema = z.object({
  id: z.string().min(1).max(255),
  amount: cents,
  destination: idOf.nullish(),
  reversed: z.boolean().optional(),
  amount_reversed: cents.optional(),
  metadata: z.object({ payoutId: z.uuid().optional() }).catchall(z.unknown()).nullish(),
});

/** A Stripe connected Account: whether it can be paid now (the rule of isPayoutAccountReady). */
const accountObjectSchema = z.object({
  id: z.string().min(1).max(255),
  payouts_enabled: z.boolean().nullish(),
  capabilities: z.object({ transfers: z.string().nullish() }).catchall(z.unknown()).nullish(),
});

const cashOf = (money: string) => centsOf(money);

/**
 * `charge.refunded`: money went back to the payer at the provider, from our date job or from the
 * provider's dashboard.
 * - The date released a refund for this charge (a `refunds` row not yet succeeded) and the
 *   provider has refunded at least its amount: it is recorded exactly as the date job records it
 *   (settleRefund: row succeeded, `refund` booking, the charge refunded when whole, the payer told).
 * - No refund row, the charge `succeeded`, its date not released, and the whole amount refunded
 *   (a dashboard refund before the date settled): the charge becomes `refunded`, the held money
 *   is booked back out (`refund`: host escrow and our fee to the provider's cash), the payer is
 *   told, and the date is marked released with nothing left to move, so the job never releases
 *   money that has gone.
 * - Anything else (a partial dashboard refund, or a refund after the money was released to the
 *   host) is not something the product can book on its own: acknowledged and logged for the
 *   operator, nothing changed.
 */
export async function applyChargeRefunded(deps: PaymentEventDeps, event: PaymentEvent): Promise<boolean> {
  const parsed = chargeObjectSchema.safeParse(event.data.object);
  if (!parsed.success || !parsed.data.payment_intent) return ignored(deps, event, 'not a charge of a payment');
  const charge = parsed.data;
  const paymentId = charge.payment_intent!;
  const providerRefundId = charge.refunds?.data[0]?.id ?? null;

  const [refund] = rowsOf<TransferRow>(
    await deps.db.execute(sql`
      SELECT t.id, t.auction_id, a.title, t.charge_id, d.host_id, d.winner_id AS payer_id, t.amount::text AS amount
      FROM charges c
      JOIN refunds t ON t.charge_id = c.id
      JOIN auction_dates d ON d.charge_id = c.id
      JOIN auctions a ON a.id = t.auction_id
      WHERE c.provider_payment_id = ${paymentId}
      FOR UPDATE OF t`),
  );
  if (refund) {
    const facts = transferFactsOf(refund);
    if (charge.amount_refunded < facts.amountCents) return ignored(deps, event, 'less refunded than the date released');
    return settleRefund(deps.db, facts, providerRefundId, deps.now(), sql`status <> 'succeeded'`);
  }

  const [held] = rowsOf<{
    id: string;
    auction_id: string;
    title: string;
    payer_id: string;
    payee_id: string;
    amount: string;
    fee: string;
  }>(
    await deps.db.execute(sql`
      SELECT c.id, c.auction_id, a.title, c.payer_id, c.payee_id, c.amount::text AS amount, c.fee::text AS fee
      FROM charges c
      JOIN auctions a ON a.id = c.auction_id
      JOIN auction_dates d ON d.charge_id = c.id
      WHERE c.provider_payment_id = ${paymentId} AND c.status = 'succeeded' AND d.released_at IS NULL
      FOR UPDATE OF c, d`),
  );
  if (!held) return ignored(deps, event, 'no held payment of ours to refund');
  const amountCents = cashOf(held.amount);
  if (charge.amount_refunded < amountCents) {
    deps.logger.warn(
      { eventId: event.id, chargeId: held.id, refundedCents: charge.amount_refunded },
      'partial refund made at the provider: not booked, settle it by hand',
    );
    return false;
  }
  const at = timestampParam(deps.now());
  await deps.db.execute(sql`UPDATE charges SET status = 'refunded', updated_at = ${at} WHERE id = ${held.id}::uuid`);
  await deps.db.execute(
    sql`UPDATE auction_dates SET released_at = ${at}, updated_at = ${at} WHERE charge_id = ${held.id}::uuid`,
  );
  const feeCents = cashOf(held.fee);
  await recordLedgerTransaction(deps.db, {
    kind: 'refund',
    chargeId: held.id,
    description: `Refund for "${held.title}" (made at the payment provider)`,
    entries: [
      { account: 'host_escrow' as const, userId: held.payee_id, amountCents: amountCents - feeCents },
      { account: 'platform_fees' as const, userId: null, amountCents: feeCents },
      { account: 'provider_cash' as const, userId: null, amountCents: -amountCents },
    ].filter((entry) => entry.amountCents !== 0),
  });
  await notify(deps.db, [
    refundSentNotice(
      { auctionId: held.auction_id, auctionTitle: held.title, hostId: held.payee_id, winnerId: held.payer_id },
      amountCents,
    ),
  ]);
  deps.logger.info({ eventId: event.id, chargeId: held.id }, 'charge refunded at the provider: recorded');
  return true;
}

/**
 * `transfer.created` / `transfer.updated`: a transfer for one of our payouts exists, so the payout
 * is paid, recorded as the date job records it (settlePayout) from any state it could still be in
 * (pending, processing after a lost answer, failed). The amount and the host's account must match.
 * `transfer.reversed` (or an update saying so): the money came back to our balance. A paid payout
 * is not sent again by itself (the same key would answer with the reversed transfer, a new key
 * could pay twice): it keeps its booking, is marked with the reversal for the operator and logged.
 */
export async function applyTransferEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<boolean> {
  const parsed = transferObjectSchema.safeParse(event.data.object);
  const payoutId = parsed.success ? parsed.data.metadata?.payoutId : undefined;
  if (!parsed.success || !payoutId) return ignored(deps, event, 'not a transfer of a payout of ours');
  const transfer = parsed.data;
  const reversed = event.type === 'transfer.reversed' || transfer.reversed === true;

  if (reversed) {
    const note = `The transfer ${transfer.id} was reversed at the payment provider: settle this payout by hand.`;
    const flagged = rowsOf<{ id: string }>(
      await deps.db.execute(sql`
        UPDATE payouts SET failure_message = ${note}, updated_at = ${timestampParam(deps.now())}
        WHERE id = ${payoutId}::uuid AND provider_transfer_id = ${transfer.id}
          AND failure_message IS DISTINCT FROM ${note}
        RETURNING id`),
    );
    if (flagged.length > 0)
      deps.logger.error({ eventId: event.id, payoutId }, 'payout transfer reversed at the provider');
    return flagged.length > 0;
  }

  const [payout] = rowsOf<TransferRow & { account_id: string | null }>(
    await deps.db.execute(sql`
      SELECT t.id, t.auction_id, a.title, d.charge_id, d.host_id, d.winner_id AS payer_id, t.amount::text AS amount,
             (SELECT p.account_id FROM payout_accounts p WHERE p.user_id = t.host_id) AS account_id
      FROM payouts t
      JOIN auction_dates d ON d.auction_id = t.auction_id
      JOIN auctions a ON a.id = t.auction_id
      WHERE t.id = ${payoutId}::uuid
      FOR UPDATE OF t`),
  );
  if (!payout) return ignored(deps, event, 'no such payout');
  const facts = transferFactsOf(payout);
  if (facts.amountCents !== transfer.amount || (transfer.destination && transfer.destination !== payout.account_id)) {
    deps.logger.warn({ eventId: event.id, payoutId }, 'transfer does not match its payout: not recorded');
    return false;
  }
  return settlePayout(deps.db, facts, transfer.id, deps.now(), sql`status IN ('pending', 'processing', 'failed')`);
}

/**
 * `account.updated`: the host's payout account is `enabled` exactly when the provider says it can
 * be paid (payouts enabled and the transfers capability active), `onboarding` otherwise
 * (requirements due): the date job only pays enabled accounts. Becoming enabled makes the host's
 * waiting payouts due, as finishing onboarding in the app does.
 */
export async function applyAccountUpdated(deps: PaymentEventDeps, event: PaymentEvent): Promise<boolean> {
  const parsed = accountObjectSchema.safeParse(event.data.object);
  if (!parsed.success) return ignored(deps, event, 'not an account');
  const account = parsed.data;
  const ready = account.payouts_enabled === true && account.capabilities?.transfers === 'active';
  const status = ready ? 'enabled' : 'onboarding';
  const now = deps.now();
  const [changed] = rowsOf<{ user_id: string }>(
    await deps.db.execute(sql`
      UPDATE payout_accounts SET status = ${status}, updated_at = ${timestampParam(now)}
      WHERE account_id = ${account.id} AND status <> ${status}
      RETURNING user_id`),
  );
  if (!changed) return false;
  if (ready) await activateWaitingPayouts(deps.db, changed.user_id, now);
  deps.logger.info({ eventId: event.id, status }, 'payout account updated from a provider event');
  return true;
}

function ignored(deps: PaymentEventDeps, event: PaymentEvent, why: string): false {
  deps.logger.info({ eventId: event.id, type: event.type, why }, 'payment event acknowledged, nothing to change');
  return false;
}

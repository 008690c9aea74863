import type { PaymentRecord, PaymentsResponse } from '@bid/contract';
import { badRequest, notFound } from '../../../lib/errors.js';
import { isUuid } from '../../messages/conversation-id.js';
import { PAYMENT_MESSAGES } from './charge.messages.js';
import { processDueCharges, type ChargeWorkerDeps } from './charge-worker.js';
import { findChargeOfPayer, listPaymentRows, reopenFailedCharge, type PayerCharge } from './charges.repository.js';
import { presentPayment } from './payments.presenter.js';

/** GET /api/payments shows at most this many rows, newest first. */
export const PAYMENTS_LIST_LIMIT = 100;

/** GET /api/payments: the member's charges and earnings (docs/charging-and-ledger.md). */
export async function listMyPayments(deps: Pick<ChargeWorkerDeps, 'db'>, userId: string): Promise<PaymentsResponse> {
  const rows = await listPaymentRows(deps.db, userId, PAYMENTS_LIST_LIMIT);
  return { payments: rows.map(presentPayment) };
}

/** Why a charge cannot be retried now, as the message the payer sees; undefined when it can. */
function refusalOf(charge: PayerCharge, now: Date): string | undefined {
  switch (charge.status) {
    case 'failed':
      return charge.payBy && charge.payBy > now ? undefined : PAYMENT_MESSAGES.windowPassed;
    case 'succeeded':
      return PAYMENT_MESSAGES.alreadyPaid;
    case 'expired':
      return PAYMENT_MESSAGES.windowPassed;
    case 'refunded':
      return PAYMENT_MESSAGES.refunded;
    default:
      return PAYMENT_MESSAGES.inProgress;
  }
}

/**
 * POST /api/payments/:id/retry: the payer of a failed charge tries again (typically after
 * saving a new card) before the fix window closes. The charge becomes the next attempt and is
 * collected at once; the answer is the charge as it now stands.
 */
export async function retryMyCharge(deps: ChargeWorkerDeps, userId: string, chargeId: string): Promise<PaymentRecord> {
  if (!isUuid(chargeId)) throw notFound(PAYMENT_MESSAGES.notFound);
  const charge = await findChargeOfPayer(deps.db, chargeId, userId);
  if (!charge) throw notFound(PAYMENT_MESSAGES.notFound);
  const refusal = refusalOf(charge, deps.now());
  if (refusal) throw badRequest(refusal);

  const reopened = await reopenFailedCharge(deps.db, { chargeId, payerId: userId, now: deps.now() });
  if (!reopened) {
    // A concurrent retry or the expiry sweep got there first: answer with the charge as it now is.
    const current = await findChargeOfPayer(deps.db, chargeId, userId);
    throw badRequest((current && refusalOf(current, deps.now())) ?? PAYMENT_MESSAGES.inProgress);
  }
  await processDueCharges(deps, { chargeId });

  const [row] = await listPaymentRows(deps.db, userId, 1, chargeId);
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  return presentPayment(row);
}

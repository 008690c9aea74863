import { auctionChannel, isCanonicalUuid, type PaymentRecord, type PaymentsResponse } from '@bid/contract';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../modules/realtime/hub.js';
import { findPaymentMember } from '../../modules/payments/payment-methods.repository.js';
import { assertHasPaymentMethod } from '../../modules/payments/payment-methods.service.js';
import { PAYMENT_MESSAGES } from '../../modules/payments/charges/charge.messages.js';
import { processDueCharges, type ChargeWorkerDeps } from '../charge-and-create-date.js';
import {
  findChargeOfPayer,
  listPaymentRows,
  reopenFailedCharge,
  type PayerCharge,
} from '../../modules/payments/charges/charges.repository.js';
import { presentPayment } from '../../modules/payments/charges/payments.presenter.js';
import { acceptOffer, declineOffer } from '../../modules/payments/charges/second-chance.js';

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
    case 'offered':
      return PAYMENT_MESSAGES.notAcceptedYet;
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
  const charge = await getChargeOfPayer(deps, userId, chargeId);
  const refusal = refusalOf(charge, deps.now());
  if (refusal) throw badRequest(refusal);

  const reopened = await reopenFailedCharge(deps.db, { chargeId, payerId: userId, now: deps.now() });
  if (!reopened) {
    // A concurrent retry or the expiry sweep got there first: answer with the charge as it now is.
    const current = await findChargeOfPayer(deps.db, chargeId, userId);
    throw badRequest((current && refusalOf(current, deps.now())) ?? PAYMENT_MESSAGES.inProgress);
  }
  await processDueCharges(deps, { chargeId });
  return getMyPayment(deps, userId, chargeId);
}

async function getMyPayment(deps: Pick<ChargeWorkerDeps, 'db'>, userId: string, chargeId: string) {
  const [row] = await listPaymentRows(deps.db, userId, 1, chargeId);
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  return presentPayment(row);
}

/** The member's own charge row, or 404 alike for a malformed, unknown or other member's id. */
async function getChargeOfPayer(deps: Pick<ChargeWorkerDeps, 'db'>, userId: string, chargeId: string) {
  const charge = isCanonicalUuid(chargeId) ? await findChargeOfPayer(deps.db, chargeId, userId) : undefined;
  if (!charge) throw notFound(PAYMENT_MESSAGES.notFound);
  return charge;
}

/**
 * Why a second chance offer cannot be answered now; undefined when it is open. A winner's own
 * charge was never an offer, whatever its status. An expired offer whose deadline is still
 * ahead was declined (a lapsed one is past it).
 */
function offerRefusalOf(charge: PayerCharge, now: Date): string | undefined {
  if (!charge.wasOffer) return PAYMENT_MESSAGES.notAnOffer;
  const isBeforeDeadline = charge.payBy !== null && charge.payBy > now;
  switch (charge.status) {
    case 'offered':
      return isBeforeDeadline ? undefined : PAYMENT_MESSAGES.offerPassed;
    case 'expired':
      return isBeforeDeadline ? PAYMENT_MESSAGES.offerDeclined : PAYMENT_MESSAGES.offerPassed;
    default:
      return PAYMENT_MESSAGES.offerAccepted;
  }
}

/** The member's own offer can be answered now; otherwise a 400 saying why (or the 404 of getChargeOfPayer). */
async function assertOfferOpen(deps: Pick<ChargeWorkerDeps, 'db' | 'now'>, userId: string, chargeId: string) {
  const charge = await getChargeOfPayer(deps, userId, chargeId);
  const refusal = offerRefusalOf(charge, deps.now());
  if (refusal) throw badRequest(refusal);
}

/** After a conditional update found nothing to change: why, as it now stands. */
async function refuseAfterRace(deps: Pick<ChargeWorkerDeps, 'db' | 'now'>, userId: string, chargeId: string) {
  const current = await findChargeOfPayer(deps.db, chargeId, userId);
  return badRequest((current && offerRefusalOf(current, deps.now())) ?? PAYMENT_MESSAGES.offerPassed);
}

/**
 * POST /api/payments/:id/accept: the runner-up takes the second chance offer before its
 * deadline. They need a card to be charged with; the offer becomes their win and is collected
 * at once (like a retry), and the answer is the charge as it now stands: succeeded, or failed
 * with the usual fix window.
 */
export async function acceptMyOffer(
  deps: ChargeWorkerDeps & { realtime: RealtimePublisher },
  userId: string,
  chargeId: string,
): Promise<PaymentRecord> {
  await assertOfferOpen(deps, userId, chargeId);
  const member = await findPaymentMember(deps.db, userId);
  if (!member) throw unauthorized();
  await assertHasPaymentMethod({ db: deps.db, paymentProvider: deps.paymentProvider }, member);

  const accepted = await acceptOffer(deps.db, { chargeId, payerId: userId, now: deps.now() });
  if (!accepted) throw await refuseAfterRace(deps, userId, chargeId);
  // After the acceptance committed: pages showing the auction learn who has the date now.
  deps.realtime.publish(auctionChannel(accepted.auctionId), {
    type: 'auction_closed',
    auctionId: accepted.auctionId,
    isActive: false,
    winnerId: userId,
  });
  await processDueCharges(deps, { chargeId });
  return getMyPayment(deps, userId, chargeId);
}

/**
 * POST /api/payments/:id/decline: the runner-up turns the offer down; it expires and the next
 * bidder is offered the date at once. The answer is the offer as it now stands (expired).
 */
export async function declineMyOffer(
  deps: Pick<ChargeWorkerDeps, 'db' | 'now'>,
  userId: string,
  chargeId: string,
): Promise<PaymentRecord> {
  await assertOfferOpen(deps, userId, chargeId);

  const declined = await declineOffer(deps.db, { chargeId, payerId: userId, now: deps.now() });
  if (!declined) throw await refuseAfterRace(deps, userId, chargeId);
  return getMyPayment(deps, userId, chargeId);
}

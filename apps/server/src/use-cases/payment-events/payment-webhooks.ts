import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEventResult } from '@bid/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { paymentWebhookEvents } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { verifyStripeSignature } from '../../modules/identity/providers/stripe-identity.js';
import { WebhookSignatureError } from '../../modules/identity/providers/verification-partner.js';
import { recordChargeOutcome } from '../charge-and-create-date.js';
import { findProcessingCharge } from '../../modules/payments/charges/charges.repository.js';
import type { ChargeOutcome } from '../../modules/payments/providers/payment-provider.js';
import { applyAccountUpdated, applyChargeRefunded, applyTransferEvent } from './provider-events.js';

/** The answer to a webhook signed with anything but our secret (or not signed). */
export const PAYMENT_WEBHOOK_SIGNATURE_MESSAGE = 'Invalid webhook signature';
export const PAYMENT_WEBHOOK_BODY_MESSAGE = 'Not a payment event';

/**
 * A provider event in Stripe's shape (`{id, type, data: {object}}`). Only what the product
 * reads is checked; anything else in the object is ignored.
 */
export const paymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

const paymentIntentSchema = z.object({
  id: z.string().min(1).max(255),
  customer: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  metadata: z
    .object({
      chargeId: z.uuid().optional(),
      attempt: z
        .string()
        .regex(/^\d{1,6}$/)
        .optional(),
    })
    .catchall(z.unknown())
    .nullish(),
  last_payment_error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

export interface PaymentEventDeps {
  db: Db;
  now: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Applies one provider event exactly once (docs/payments.md, "Webhooks"). The event id is claimed
 * in the transaction that applies it, so a redelivery is acknowledged and ignored, and an
 * application that fails leaves the id unclaimed for the provider's retry. Refunds, transfers and
 * payout accounts are applied by provider-events.ts under the same rule. Charge outcomes are
 * recorded by the charge worker's own `recordChargeOutcome`, under its guard (still processing,
 * same attempt): of the worker and the webhook, whichever comes first records it, once.
 */
export async function applyPaymentEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEventResult> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (claimed.length === 0) return { received: true, duplicate: true, applied: false };

    let applied = false;
    const inTx = { ...deps, db: tx };
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      applied = await applyPaymentIntentEvent(inTx, event);
    } else if (event.type === 'charge.refunded') {
      applied = await applyChargeRefunded(inTx, event);
    } else if (
      event.type === 'transfer.created' ||
      event.type === 'transfer.updated' ||
      event.type === 'transfer.reversed'
    ) {
      applied = await applyTransferEvent(inTx, event);
    } else if (event.type === 'account.updated') {
      applied = await applyAccountUpdated(inTx, event);
    } else {
      // payout.* are the host's own payouts from their connected balance to their bank: our payout
      // is complete once the transfer to their account exists, so these are recorded (a
      // redelivery is a no-op) and logged; other types are not subscribed to.
      deps.logger.info({ eventId: event.id, type: event.type }, 'payment event acknowledged');
    }
    return { received: true, duplicate: false, applied };
  });
}

async function applyPaymentIntentEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<boolean> {
  const parsed = paymentIntentSchema.safeParse(event.data.object);
  const chargeId = parsed.success ? parsed.data.metadata?.chargeId : undefined;
  const attempt = parsed.success ? parsed.data.metadata?.attempt : undefined;
  if (!parsed.success || !chargeId || !attempt) {
    deps.logger.info({ eventId: event.id, type: event.type }, 'payment event for no charge of ours: acknowledged');
    return false;
  }
  const intent = parsed.data;
  const charge = await findProcessingCharge(deps.db, chargeId, Number(attempt));
  const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  // Decided already (by the worker or an earlier event), or an unknown charge, or another payer's.
  if (!charge || charge.customerId !== customer) return false;
  const outcome: ChargeOutcome =
    event.type === 'payment_intent.succeeded'
      ? { status: 'succeeded', providerPaymentId: intent.id }
      : {
          status: 'failed',
          providerPaymentId: intent.id,
          code: intent.last_payment_error?.code ?? 'card_declined',
          message: intent.last_payment_error?.message ?? 'Your card was declined.',
        };
  const recorded = await recordChargeOutcome(deps.db, charge, outcome, deps.now());
  if (recorded) {
    deps.logger.info({ eventId: event.id, chargeId, status: outcome.status }, 'charge recorded from a payment event');
  }
  return recorded;
}

/** POST /api/payments/webhook: the signature over the exact bytes, then the event, applied once. */
export async function receivePaymentWebhook(
  deps: PaymentEventDeps & { secret: string },
  rawBody: string,
  signature: string | undefined,
): Promise<PaymentEventResult> {
  try {
    verifyStripeSignature(rawBody, signature, deps.secret, deps.now());
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      deps.logger.warn({ reason: error.message }, 'refused a payment webhook');
      throw new AppError(400, 'bad_signature', PAYMENT_WEBHOOK_SIGNATURE_MESSAGE);
    }
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, 'validation', PAYMENT_WEBHOOK_BODY_MESSAGE);
  }
  const event = paymentEventSchema.safeParse(body);
  if (!event.success) throw new AppError(400, 'validation', PAYMENT_WEBHOOK_BODY_MESSAGE);
  return applyPaymentEvent(deps, event.data);
}

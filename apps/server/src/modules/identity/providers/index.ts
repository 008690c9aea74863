import type { AppConfig } from '../../../config/env.js';
import { createSandboxPartner } from './sandbox-partner.js';
import { createStripeIdentityPartner } from './stripe-identity.js';
import type { VerificationPartner } from './verification-partner.js';

export type { PartnerVerdict, VerificationPartner } from './verification-partner.js';

/** Stripe Identity when Stripe is configured; otherwise the offline sandbox (as createPaymentProvider). */
export function createVerificationPartner(
  config: Pick<AppConfig, 'stripe' | 'stripeIdentityWebhookSecret'>,
): VerificationPartner {
  return config.stripe
    ? createStripeIdentityPartner({
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripeIdentityWebhookSecret,
      })
    : createSandboxPartner();
}

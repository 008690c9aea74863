import type { AppConfig } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider, type SandboxProviderOptions } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

export type {
  ChargeOutcome,
  ChargeRequest,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
  TransferRequest,
} from './payment-provider.js';
export { isSandboxProvider, type SandboxProvider } from './sandbox-provider.js';

/** Stripe when its keys are configured; otherwise the offline sandbox, so `npm start` needs no keys (docs/engineering.md §2). */
export function createPaymentProvider(
  config: Pick<AppConfig, 'stripe'>,
  db: Db,
  options: SandboxProviderOptions = {},
): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe.secretKey) : createSandboxProvider(db, options);
}

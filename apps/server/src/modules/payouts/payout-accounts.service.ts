import {
  centsToMoneyString,
  SANDBOX_PAYOUT_MESSAGES,
  type sandboxPayoutOnboardingSchema,
  type PayoutAccount,
  type PayoutOnboarding,
} from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, unauthorized } from '../../lib/errors.js';
import { findMemberForPayments } from '../payments/payment-methods.service.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import type { SandboxProvider } from '../payments/providers/sandbox-provider.js';
import {
  claimPayoutAccount,
  enablePayoutAccount,
  findPayoutAccount,
  readPayoutBalances,
  type PayoutAccountRow,
} from './payout-accounts.repository.js';

/**
 * A host's payout account (docs/the-date.md, "Payouts"): created at the provider once, on the
 * host's first request, then completed on the provider's onboarding page (Stripe Connect
 * Express, or the sandbox's page). Every use case works on the signed-in member's own account:
 * no route takes an account id.
 */
export interface PayoutAccountsDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl'>;
  now: () => Date;
  paymentProvider: PaymentProvider;
  logger: FastifyBaseLogger;
}

async function presentAccount(
  deps: PayoutAccountsDeps,
  userId: string,
  account: PayoutAccountRow | undefined,
): Promise<PayoutAccount> {
  const balances = await readPayoutBalances(deps.db, userId);
  return {
    status: account ? (account.status === 'enabled' ? 'enabled' : 'onboarding') : 'none',
    provider: deps.paymentProvider.name,
    // A negative escrow would be a ledger bug; the page shows nothing held rather than a minus.
    held: centsToMoneyString(Math.max(0, balances.held)),
    releasedUnpaid: centsToMoneyString(balances.releasedUnpaid),
    paidOut: centsToMoneyString(balances.paidOut),
  };
}

/**
 * GET /api/payouts/account. Stripe tells us onboarding is complete only when asked (we keep no
 * webhook), so an account still onboarding is checked with the provider on each read.
 */
export async function getMyPayoutAccount(deps: PayoutAccountsDeps, userId: string): Promise<PayoutAccount> {
  let account = await findPayoutAccount(deps.db, userId);
  if (account && account.status !== 'enabled' && (await isReadyAtProvider(deps, account))) {
    account = await enablePayoutAccount(deps.db, userId, deps.now());
  }
  return presentAccount(deps, userId, account);
}

/** The provider's answer; when it cannot answer, the page still shows the money, with the account as we know it. */
async function isReadyAtProvider(deps: PayoutAccountsDeps, account: PayoutAccountRow): Promise<boolean> {
  try {
    return await deps.paymentProvider.isPayoutAccountReady(account.accountId);
  } catch (err) {
    deps.logger.warn(
      { err, accountId: account.accountId },
      'could not ask the payment provider about a payout account',
    );
    return false;
  }
}

/**
 * POST /api/payouts/account: where the host completes onboarding. The provider account is made
 * once: the idempotency key answers racing or retried creates with the same account, and the
 * insert keeps the first one stored even if the provider ever made two.
 */
export async function startPayoutOnboarding(deps: PayoutAccountsDeps, userId: string): Promise<PayoutOnboarding> {
  let account = await findPayoutAccount(deps.db, userId);
  if (!account) {
    const member = await findMemberForPayments(deps.db, userId);
    if (!member) throw unauthorized();
    const accountId = await deps.paymentProvider.createPayoutAccount({
      userId,
      email: member.email,
      idempotencyKey: `payout-account:${userId}`,
    });
    account = await claimPayoutAccount(deps.db, { userId, provider: deps.paymentProvider.name, accountId });
  }
  const url = await deps.paymentProvider.createPayoutOnboardingLink({
    accountId: account.accountId,
    returnUrl: `${deps.config.publicUrl}/profile?payouts=return`,
    refreshUrl: `${deps.config.publicUrl}/profile?payouts=refresh`,
  });
  return { url };
}

export interface SandboxPayoutDeps extends PayoutAccountsDeps {
  paymentProvider: SandboxProvider;
}

/** POST /api/payouts/sandbox/complete: the sandbox onboarding page's submit (the route exists only with the sandbox). */
export async function completeSandboxPayoutOnboarding(
  deps: SandboxPayoutDeps,
  userId: string,
  onboarding: z.output<typeof sandboxPayoutOnboardingSchema>,
): Promise<PayoutAccount> {
  const account = await findPayoutAccount(deps.db, userId);
  if (!account) throw badRequest(SANDBOX_PAYOUT_MESSAGES.noAccount);

  const result = await deps.paymentProvider.completePayoutOnboarding(account.accountId, onboarding);
  if (result.status === 'invalid') throw new AppError(400, 'validation', result.message, result.field);
  // An account made while the app ran with Stripe is not the sandbox's to complete.
  if (result.status === 'not_found') throw badRequest(SANDBOX_PAYOUT_MESSAGES.noAccount);

  return presentAccount(deps, userId, await enablePayoutAccount(deps.db, userId, deps.now()));
}

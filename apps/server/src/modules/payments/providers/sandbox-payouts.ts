import { sandboxPayoutOnboardingSchema } from '@bid/contract';
import { eq, sum } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sandboxPayments, sandboxPayoutAccounts, sandboxRefunds, sandboxTransfers } from '../../../db/schema/index.js';
import type { RefundOutcome, RefundRequest, TransferRequest } from './payment-provider.js';
import { sandboxId } from './sandbox-ids.js';

/**
 * The sandbox's refunds, payout accounts and transfers (docs/the-date.md), kept in the sandbox_*
 * tables like its payments. Every create follows Stripe's idempotency rule the way
 * chargeOffSession does: insert … on conflict (idempotency_key) do nothing, then the row that won
 * is the answer, and a key reused with other parameters is refused as the caller's bug.
 */

/** The web app's page that stands in for Stripe's hosted onboarding. */
export const SANDBOX_ONBOARDING_PATH = '/payouts/sandbox-onboarding';

export const SANDBOX_REFUND_MESSAGES = {
  unknownPayment: 'No such payment to refund.',
  notSucceeded: 'Only a succeeded payment can be refunded.',
  exceedsAmount: 'The refund would exceed what is left of the payment.',
} as const;

/** An event in Stripe's shape, as the sandbox sends it (docs/payments.md, "Webhooks"). */
export interface SandboxEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}
/** Where the sandbox delivers its events; delivery never changes the call's own answer. */
export type SandboxEmit = (event: SandboxEvent) => Promise<void>;
const noEmit: SandboxEmit = async () => {};

export const SANDBOX_TRANSFER_NOT_ENABLED = 'The destination account cannot receive transfers yet.';

export type SandboxOnboardingResult =
  | { status: 'enabled'; bankLast4: string }
  | { status: 'invalid'; field: string; message: string }
  | { status: 'not_found' };

function reusedKey(idempotencyKey: string): Error {
  return new Error(`Idempotency key ${idempotencyKey} was first used with other parameters; refusing to reuse it.`);
}

type SandboxRefund = typeof sandboxRefunds.$inferSelect;

function assertSameRefund(refund: SandboxRefund, request: RefundRequest): RefundOutcome {
  if (refund.paymentId !== request.providerPaymentId || refund.amountCents !== request.amountCents) {
    throw reusedKey(request.idempotencyKey);
  }
  return { status: 'succeeded', providerRefundId: refund.id };
}

async function findRefundByKey(db: Db, idempotencyKey: string): Promise<SandboxRefund | undefined> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Refunds a sandbox payment. The payment's row is locked while the refunded total is checked
 * and the refund inserted, so refunds racing under different keys can never return more than
 * was paid. Refusals are answers (failed), not stored: only refunds that happen leave a row.
 */
export async function refundSandboxPayment(
  db: Db,
  request: RefundRequest,
  emit: SandboxEmit = noEmit,
): Promise<RefundOutcome> {
  const earlier = await findRefundByKey(db, request.idempotencyKey);
  if (earlier) return assertSameRefund(earlier, request);

  let event: SandboxEvent | undefined;
  const outcome = await db.transaction(async (tx): Promise<RefundOutcome> => {
    const [payment] = await tx
      .select({
        amountCents: sandboxPayments.amountCents,
        status: sandboxPayments.status,
        customerId: sandboxPayments.customerId,
        metadata: sandboxPayments.metadata,
      })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, request.providerPaymentId))
      .for('update');
    // A racing call with this key may have committed while we waited for the lock.
    const winner = await findRefundByKey(tx, request.idempotencyKey);
    if (winner) return assertSameRefund(winner, request);

    const refused = (message: string): RefundOutcome => ({ status: 'failed', providerRefundId: null, message });
    if (!payment) return refused(SANDBOX_REFUND_MESSAGES.unknownPayment);
    if (payment.status !== 'succeeded') return refused(SANDBOX_REFUND_MESSAGES.notSucceeded);
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error(`A refund is a positive number of cents, got ${request.amountCents}.`);
    }
    const [refunded] = await tx
      .select({ cents: sum(sandboxRefunds.amountCents).mapWith(Number) })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, request.providerPaymentId));
    if ((refunded?.cents ?? 0) + request.amountCents > payment.amountCents) {
      return refused(SANDBOX_REFUND_MESSAGES.exceedsAmount);
    }

    const [inserted] = await tx
      .insert(sandboxRefunds)
      .values({
        id: sandboxId('re'),
        idempotencyKey: request.idempotencyKey,
        paymentId: request.providerPaymentId,
        amountCents: request.amountCents,
      })
      .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
      .returning();
    if (inserted) {
      const refundedCents = (refunded?.cents ?? 0) + request.amountCents;
      event = {
        id: `evt_${inserted.id}`,
        type: 'charge.refunded',
        data: {
          object: {
            id: `ch_${request.providerPaymentId}`,
            object: 'charge',
            payment_intent: request.providerPaymentId,
            customer: payment.customerId,
            amount: payment.amountCents,
            amount_refunded: refundedCents,
            refunded: refundedCents === payment.amountCents,
            metadata: payment.metadata,
            refunds: {
              object: 'list',
              data: [{ id: inserted.id, amount: request.amountCents, metadata: request.metadata }],
            },
          },
        },
      };
      return { status: 'succeeded', providerRefundId: inserted.id };
    }
    const late = await findRefundByKey(tx, request.idempotencyKey);
    if (!late) throw new Error(`Sandbox refund ${request.idempotencyKey} vanished after a key conflict.`);
    return assertSameRefund(late, request);
  });
  // Sent after the commit, like Stripe's webhook about a refund it has made.
  if (event) await emit(event);
  return outcome;
}

async function findAccountByKey(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select({ id: sandboxPayoutAccounts.id })
    .from(sandboxPayoutAccounts)
    .where(eq(sandboxPayoutAccounts.idempotencyKey, idempotencyKey));
  return row;
}

/** A payout account in onboarding; the same key answers with the same account. */
export async function createSandboxPayoutAccount(db: Db, idempotencyKey: string): Promise<string> {
  const [inserted] = await db
    .insert(sandboxPayoutAccounts)
    .values({ id: sandboxId('acct_sbx'), idempotencyKey, status: 'onboarding' })
    .onConflictDoNothing({ target: sandboxPayoutAccounts.idempotencyKey })
    .returning({ id: sandboxPayoutAccounts.id });
  if (inserted) return inserted.id;
  const winner = await findAccountByKey(db, idempotencyKey);
  if (!winner) throw new Error(`Sandbox payout account ${idempotencyKey} vanished after a key conflict.`);
  return winner.id;
}

/**
 * Where the member completes sandbox onboarding: relative, so the browser stays on whichever
 * origin serves the web app (the Vite dev server's differs from PUBLIC_URL's in development).
 */
export function sandboxOnboardingUrl(): string {
  return SANDBOX_ONBOARDING_PATH;
}

export async function isSandboxAccountEnabled(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: sandboxPayoutAccounts.status })
    .from(sandboxPayoutAccounts)
    .where(eq(sandboxPayoutAccounts.id, accountId));
  return row?.status === 'enabled';
}

/**
 * The sandbox onboarding page's submit: checks the bank details as the page asks for them and
 * enables the account (completing it again just replaces the bank).
 */
export async function completeSandboxOnboarding(
  db: Db,
  accountId: string,
  input: { accountHolderName: string; routingNumber: string; accountNumber: string },
  emit: SandboxEmit = noEmit,
): Promise<SandboxOnboardingResult> {
  const parsed = sandboxPayoutOnboardingSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: 'invalid', field: issue?.path.map(String).join('.') ?? '', message: issue?.message ?? '' };
  }
  const bankLast4 = parsed.data.accountNumber.slice(-4);
  const updated = await db
    .update(sandboxPayoutAccounts)
    .set({ status: 'enabled', bankLast4 })
    .where(eq(sandboxPayoutAccounts.id, accountId))
    .returning({ id: sandboxPayoutAccounts.id });
  if (updated.length === 0) return { status: 'not_found' };
  await emit({
    id: sandboxId('evt'),
    type: 'account.updated',
    data: {
      object: {
        id: accountId,
        object: 'account',
        payouts_enabled: true,
        charges_enabled: false,
        capabilities: { transfers: 'active' },
        requirements: { currently_due: [], disabled_reason: null },
      },
    },
  });
  return { status: 'enabled', bankLast4 };
}

type SandboxTransfer = typeof sandboxTransfers.$inferSelect;

function assertSameTransfer(transfer: SandboxTransfer, request: TransferRequest): { transferId: string } {
  if (transfer.accountId !== request.accountId || transfer.amountCents !== request.amountCents) {
    throw reusedKey(request.idempotencyKey);
  }
  return { transferId: transfer.id };
}

async function findTransferByKey(db: Db, idempotencyKey: string): Promise<SandboxTransfer | undefined> {
  const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
  return row;
}

/** Moves money to an enabled sandbox account; an account still onboarding is refused (thrown), like Stripe. */
export async function transferToSandboxAccount(
  db: Db,
  request: TransferRequest,
  emit: SandboxEmit = noEmit,
): Promise<{ transferId: string }> {
  const earlier = await findTransferByKey(db, request.idempotencyKey);
  if (earlier) return assertSameTransfer(earlier, request);
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    throw new Error(`A transfer is a positive number of cents, got ${request.amountCents}.`);
  }
  if (!(await isSandboxAccountEnabled(db, request.accountId))) throw new Error(SANDBOX_TRANSFER_NOT_ENABLED);

  const [inserted] = await db
    .insert(sandboxTransfers)
    .values({
      id: sandboxId('tr'),
      idempotencyKey: request.idempotencyKey,
      accountId: request.accountId,
      amountCents: request.amountCents,
    })
    .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
    .returning();
  if (inserted) {
    await emit({
      id: `evt_${inserted.id}`,
      type: 'transfer.created',
      data: {
        object: {
          id: inserted.id,
          object: 'transfer',
          amount: inserted.amountCents,
          destination: inserted.accountId,
          reversed: false,
          amount_reversed: 0,
          metadata: request.metadata,
        },
      },
    });
    return { transferId: inserted.id };
  }
  const winner = await findTransferByKey(db, request.idempotencyKey);
  if (!winner) throw new Error(`Sandbox transfer ${request.idempotencyKey} vanished after a key conflict.`);
  return assertSameTransfer(winner, request);
}

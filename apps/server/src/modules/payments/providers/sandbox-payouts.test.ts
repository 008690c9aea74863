import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments, sandboxPayoutAccounts, sandboxRefunds, sandboxTransfers } from '../../../db/schema/index.js';
import { testDatabaseFactories, type TestDatabase } from '../../../../test/support/databases.js';
import type { RefundRequest, TransferRequest } from './payment-provider.js';
import { createSandboxProvider, isSandboxProvider, type SandboxProvider } from './sandbox-provider.js';
import { SANDBOX_ONBOARDING_PATH, SANDBOX_REFUND_MESSAGES, SANDBOX_TRANSFER_NOT_ENABLED } from './sandbox-payouts.js';

/**
 * The sandbox's refunds, payout accounts and transfers (docs/the-date.md) follow Stripe's
 * idempotency rule like its charges: a key answers with its first outcome, never moves money
 * twice, and is refused when reused with other parameters. A second provider instance on the
 * same database plays another app instance.
 */
describe.each(testDatabaseFactories())('sandbox refunds and payouts on $kind', (factory) => {
  let testDb: TestDatabase;
  let provider: SandboxProvider;
  let other: SandboxProvider;
  let keys = 0;

  beforeAll(async () => {
    testDb = await factory.open();
    provider = createSandboxProvider(testDb.database.db);
    other = createSandboxProvider(testDb.database.db);
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  /** A payment as chargeOffSession records it. */
  async function payment(amountCents: number, status: 'succeeded' | 'failed' = 'succeeded'): Promise<string> {
    const id = `pi_test_${++keys}`;
    await testDb.database.db.insert(sandboxPayments).values({
      id,
      idempotencyKey: `charge:test-${keys}:attempt:1`,
      customerId: 'cus_sandbox_test',
      paymentMethodId: 'pm_test',
      amountCents,
      status,
    });
    return id;
  }

  const refund = (providerPaymentId: string, amountCents: number): RefundRequest => ({
    providerPaymentId,
    amountCents,
    idempotencyKey: `refund:test-${++keys}:attempt:1`,
    metadata: { test: 'yes' },
  });

  async function refundRows(paymentId: string): Promise<number> {
    const [row] = await testDb.database.db
      .select({ n: count() })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, paymentId));
    return row!.n;
  }

  /** An account whose sandbox onboarding is complete. */
  async function enabledAccount(): Promise<string> {
    const accountId = await provider.createPayoutAccount({
      userId: 'u',
      email: null,
      idempotencyKey: `payout-account:test-${++keys}`,
    });
    const done = await provider.completePayoutOnboarding(accountId, {
      accountHolderName: 'Ann Host',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(done).toEqual({ status: 'enabled', bankLast4: '6789' });
    return accountId;
  }

  const transfer = (accountId: string, amountCents = 4590): TransferRequest => ({
    accountId,
    amountCents,
    idempotencyKey: `payout:test-${++keys}:attempt:1`,
    description: 'Your share of a date',
    metadata: { test: 'yes' },
  });

  it('is still recognised as the sandbox', () => {
    expect(isSandboxProvider(provider)).toBe(true);
    expect(isSandboxProvider({ ...provider })).toBe(true);
  });

  describe('refunds', () => {
    it('refunds part of a payment, then the rest, and refuses anything beyond it', async () => {
      const paymentId = await payment(5100);
      const first = await provider.refundPayment(refund(paymentId, 4590));
      expect(first).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
      expect(await provider.refundPayment(refund(paymentId, 510))).toMatchObject({ status: 'succeeded' });
      expect(await provider.refundPayment(refund(paymentId, 1))).toEqual({
        status: 'failed',
        providerRefundId: null,
        message: SANDBOX_REFUND_MESSAGES.exceedsAmount,
      });
      expect(await refundRows(paymentId)).toBe(2);
    });

    it('answers a repeated key with the first refund, on any instance, and never refunds twice', async () => {
      const paymentId = await payment(5100);
      const request = refund(paymentId, 5100);
      const first = await provider.refundPayment(request);
      expect(first.status).toBe('succeeded');
      // The whole payment is refunded, yet the same key still answers with its refund (not "exceeds").
      expect(await provider.refundPayment(request)).toEqual(first);
      expect(await other.refundPayment(request)).toEqual(first);
      expect(await refundRows(paymentId)).toBe(1);
    });

    it('records one refund when calls with the same key race', async () => {
      const paymentId = await payment(5100);
      const request = refund(paymentId, 2000);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? other : provider).refundPayment(request)),
      );
      for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
      expect(outcomes[0]?.status).toBe('succeeded');
      expect(await refundRows(paymentId)).toBe(1);
    });

    it('never refunds more than was paid when refunds with different keys race', async () => {
      const paymentId = await payment(5000);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? other : provider).refundPayment(refund(paymentId, 2000))),
      );
      expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(2);
      expect(outcomes.filter((o) => o.status === 'failed')).toHaveLength(4);
      expect(await refundRows(paymentId)).toBe(2);
    });

    it('refuses to reuse a key for another amount or payment', async () => {
      const paymentId = await payment(5100);
      const request = refund(paymentId, 1000);
      await provider.refundPayment(request);
      await expect(provider.refundPayment({ ...request, amountCents: 2000 })).rejects.toThrow(/Idempotency key/);
      const otherPayment = await payment(5100);
      await expect(provider.refundPayment({ ...request, providerPaymentId: otherPayment })).rejects.toThrow(
        /Idempotency key/,
      );
      expect(await refundRows(paymentId)).toBe(1);
      expect(await refundRows(otherPayment)).toBe(0);
    });

    it('refuses an unknown payment and one that did not succeed', async () => {
      expect(await provider.refundPayment(refund('pi_nobody', 100))).toEqual({
        status: 'failed',
        providerRefundId: null,
        message: SANDBOX_REFUND_MESSAGES.unknownPayment,
      });
      const declined = await payment(5100, 'failed');
      expect(await provider.refundPayment(refund(declined, 100))).toEqual({
        status: 'failed',
        providerRefundId: null,
        message: SANDBOX_REFUND_MESSAGES.notSucceeded,
      });
      expect(await refundRows(declined)).toBe(0);
    });
  });

  describe('payout accounts', () => {
    it('creates one account per key, onboarding until completed', async () => {
      const input = { userId: 'u-1', email: 'ann@example.com', idempotencyKey: `payout-account:test-${++keys}` };
      const ids = await Promise.all([provider, other, provider, other].map((p) => p.createPayoutAccount(input)));
      expect(new Set(ids).size).toBe(1);
      expect(ids[0]).toMatch(/^acct_sbx_[0-9A-Za-z]{24}$/);
      expect(await provider.isPayoutAccountReady(ids[0]!)).toBe(false);
      expect(
        await provider.createPayoutOnboardingLink({
          accountId: ids[0]!,
          returnUrl: 'http://localhost:5000/profile?payouts=return',
          refreshUrl: 'http://localhost:5000/profile?payouts=refresh',
        }),
      ).toBe(SANDBOX_ONBOARDING_PATH);
      expect(SANDBOX_ONBOARDING_PATH).toBe('/payouts/sandbox-onboarding');
    });

    it('checks the bank details, then enables the account with the last 4 digits of the account number', async () => {
      const accountId = await provider.createPayoutAccount({
        userId: 'u-2',
        email: null,
        idempotencyKey: `payout-account:test-${++keys}`,
      });
      const valid = { accountHolderName: 'Ann Host', routingNumber: '110000000', accountNumber: '000123456789' };
      expect(await provider.completePayoutOnboarding(accountId, { ...valid, routingNumber: '11000000' })).toEqual({
        status: 'invalid',
        field: 'routingNumber',
        message: 'The routing number is 9 digits.',
      });
      expect(await provider.completePayoutOnboarding(accountId, { ...valid, accountNumber: '123' })).toEqual({
        status: 'invalid',
        field: 'accountNumber',
        message: 'The account number is 4 to 17 digits.',
      });
      expect(await provider.completePayoutOnboarding(accountId, { ...valid, accountHolderName: ' A ' })).toEqual({
        status: 'invalid',
        field: 'accountHolderName',
        message: "Enter the account holder's name (2 to 100 characters).",
      });
      expect(await provider.isPayoutAccountReady(accountId)).toBe(false);

      expect(await provider.completePayoutOnboarding(accountId, valid)).toEqual({
        status: 'enabled',
        bankLast4: '6789',
      });
      expect(await other.isPayoutAccountReady(accountId)).toBe(true);
      const [row] = await testDb.database.db
        .select()
        .from(sandboxPayoutAccounts)
        .where(eq(sandboxPayoutAccounts.id, accountId));
      expect(row).toMatchObject({ status: 'enabled', bankLast4: '6789' });
    });

    it('does not complete an account it does not know', async () => {
      expect(
        await provider.completePayoutOnboarding('acct_sbx_unknown', {
          accountHolderName: 'Ann Host',
          routingNumber: '110000000',
          accountNumber: '000123456789',
        }),
      ).toEqual({ status: 'not_found' });
    });
  });

  describe('transfers', () => {
    async function transferRows(idempotencyKey: string): Promise<number> {
      const [row] = await testDb.database.db
        .select({ n: count() })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
      return row!.n;
    }

    it('refuses (throws) a transfer to an account still onboarding, or unknown', async () => {
      const accountId = await provider.createPayoutAccount({
        userId: 'u-3',
        email: null,
        idempotencyKey: `payout-account:test-${++keys}`,
      });
      const request = transfer(accountId);
      await expect(provider.transferToAccount(request)).rejects.toThrow(SANDBOX_TRANSFER_NOT_ENABLED);
      await expect(provider.transferToAccount(transfer('acct_sbx_unknown'))).rejects.toThrow(
        SANDBOX_TRANSFER_NOT_ENABLED,
      );
      expect(await transferRows(request.idempotencyKey)).toBe(0);
    });

    it('transfers once per key, even when calls race on two instances', async () => {
      const accountId = await enabledAccount();
      const request = transfer(accountId);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? other : provider).transferToAccount(request)),
      );
      expect(answers[0]?.transferId).toMatch(/^tr_/);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(await provider.transferToAccount(request)).toEqual(answers[0]);
      expect(await transferRows(request.idempotencyKey)).toBe(1);
      // A new attempt has a new key, and is a new transfer.
      expect((await provider.transferToAccount(transfer(accountId))).transferId).not.toBe(answers[0]?.transferId);
    });

    it('refuses to reuse a key for another amount or account', async () => {
      const accountId = await enabledAccount();
      const request = transfer(accountId);
      await provider.transferToAccount(request);
      await expect(provider.transferToAccount({ ...request, amountCents: 1 })).rejects.toThrow(/Idempotency key/);
      const secondAccount = await enabledAccount();
      await expect(provider.transferToAccount({ ...request, accountId: secondAccount })).rejects.toThrow(
        /Idempotency key/,
      );
      expect(await transferRows(request.idempotencyKey)).toBe(1);
    });
  });
});

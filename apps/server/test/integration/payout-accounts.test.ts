import { SANDBOX_PAYOUT_MESSAGES } from '@bid/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts, payouts, sandboxPayoutAccounts } from '../../src/db/schema/index.js';
import { recordLedgerTransaction } from '../../src/modules/payments/ledger/ledger.repository.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { findReadyPayoutAccount } from '../../src/modules/payouts/payout-accounts.repository.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { expectLedgerBalanced } from '../support/ledger.js';
import { STRIPE_OFFLINE_ENV } from '../support/payments.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld, type Member } from '../support/world.js';

/**
 * A host's payout account (docs/the-date.md, "Payouts"): GET and POST /api/payouts/account and
 * the sandbox onboarding page's submit. Every route works on the signed-in member's own account.
 */
const BANK = { accountHolderName: 'Ann Host', routingNumber: '110000000', accountNumber: '000123456789' };
const NOW = new Date('2030-06-15T12:00:00Z');

/** What GET /api/payouts/account answers for a member on the sandbox: the status, and the three sums ($0 unless given). */
function sandboxAccount(status: string, sums: { held?: string; releasedUnpaid?: string; paidOut?: string } = {}) {
  return { status, provider: 'sandbox', held: '0.00', releasedUnpaid: '0.00', paidOut: '0.00', ...sums };
}

describe.each(testDatabaseFactories())('payout accounts on $kind', (factory) => {
  const world = createWorld(factory, { clock: NOW });
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let emails = 0;

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
  });
  afterAll(() => world.close());
  afterEach(async () => {
    await expectLedgerBalanced(testDb.database.db);
  });

  const signUp = (): Promise<Member> => world.signUp('Host', { profile: false });

  const getAccount = (member: Member | undefined) =>
    app.inject({ method: 'GET', url: '/api/payouts/account', cookies: withSession(member?.cookie) });
  const startOnboarding = (member: Member | undefined) =>
    app.inject({ method: 'POST', url: '/api/payouts/account', cookies: withSession(member?.cookie) });
  const completeSandbox = (member: Member | undefined, payload: unknown = BANK) =>
    app.inject({
      method: 'POST',
      url: '/api/payouts/sandbox/complete',
      cookies: withSession(member?.cookie),
      payload: payload as Record<string, unknown>,
    });

  /** A released share waiting for (or on its way to) the host, as the date job records it. */
  async function insertPayout(hostId: string, amount: string, status: string): Promise<string> {
    const auctionId = await insertAuction(testDb.database.db, { creatorId: hostId, endTime: NOW });
    const [row] = await testDb.database.db
      .insert(payouts)
      .values({ auctionId, hostId, amount, status })
      .returning({ id: payouts.id });
    return row!.id;
  }

  async function payoutStatus(id: string) {
    const [row] = await testDb.database.db
      .select({ status: payouts.status, updatedAt: payouts.updatedAt })
      .from(payouts)
      .where(eq(payouts.id, id));
    return row;
  }

  it('answers 401 to every route without a session', async () => {
    for (const res of [
      await getAccount(undefined),
      await startOnboarding(undefined),
      await completeSandbox(undefined),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('shows a member with no account as none, with nothing held or owed', async () => {
    const member = await signUp();
    const res = await getAccount(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(sandboxAccount('none'));
  });

  it('sends the member to the sandbox onboarding page and creates exactly one account, even when asked concurrently', async () => {
    const member = await signUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => startOnboarding(member)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ url: '/payouts/sandbox-onboarding' });
    }
    const stored = await testDb.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, member.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'sandbox', status: 'onboarding' });
    expect(stored[0]?.accountId).toMatch(/^acct_sbx_/);
    const [atProvider] = await testDb.database.db
      .select({ n: count() })
      .from(sandboxPayoutAccounts)
      .where(eq(sandboxPayoutAccounts.idempotencyKey, `payout-account:${member.id}`));
    expect(atProvider?.n).toBe(1);

    // Asking again reuses the account.
    expect((await startOnboarding(member)).statusCode).toBe(200);
    expect(await testDb.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, member.id))).toEqual(
      stored,
    );
    expect((await getAccount(member)).json()).toMatchObject({ status: 'onboarding' });
    expect(await findReadyPayoutAccount(testDb.database.db, member.id)).toBeUndefined();
  });

  it('asks the member to start payout setup before completing it', async () => {
    const member = await signUp();
    const res = await completeSandbox(member);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SANDBOX_PAYOUT_MESSAGES.noAccount });
    expect(SANDBOX_PAYOUT_MESSAGES.noAccount).toBe('Start payout setup first.');
  });

  it('checks the bank details, then enables the account', async () => {
    const member = await signUp();
    await startOnboarding(member);
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...BANK, accountHolderName: 'A' },
        'accountHolderName',
        "Enter the account holder's name (2 to 100 characters).",
      ],
      [{ ...BANK, accountHolderName: 'x'.repeat(101) }, 'accountHolderName', SANDBOX_PAYOUT_MESSAGES.accountHolderName],
      [{ ...BANK, routingNumber: '12345678' }, 'routingNumber', 'The routing number is 9 digits.'],
      [{ ...BANK, routingNumber: '11000000a' }, 'routingNumber', SANDBOX_PAYOUT_MESSAGES.routingNumber],
      [{ ...BANK, accountNumber: '123' }, 'accountNumber', 'The account number is 4 to 17 digits.'],
      [{ ...BANK, accountNumber: '1'.repeat(18) }, 'accountNumber', SANDBOX_PAYOUT_MESSAGES.accountNumber],
      [
        { accountHolderName: 'Ann Host', routingNumber: '110000000' },
        'accountNumber',
        SANDBOX_PAYOUT_MESSAGES.accountNumber,
      ],
    ];
    for (const [payload, field, message] of refusals) {
      const res = await completeSandbox(member, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 'validation', field, message, requestId: expect.any(String) });
    }
    expect((await getAccount(member)).json()).toMatchObject({ status: 'onboarding' });

    const done = await completeSandbox(member, { ...BANK, routingNumber: '110 000 000' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual(sandboxAccount('enabled'));
    expect((await getAccount(member)).json()).toMatchObject({ status: 'enabled' });
    const [stored] = await testDb.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, member.id));
    expect(stored?.status).toBe('enabled');
    const [atProvider] = await testDb.database.db
      .select()
      .from(sandboxPayoutAccounts)
      .where(eq(sandboxPayoutAccounts.id, stored!.accountId));
    expect(atProvider).toMatchObject({ status: 'enabled', bankLast4: '6789' });
    expect(await findReadyPayoutAccount(testDb.database.db, member.id)).toEqual({ accountId: stored!.accountId });
  });

  it('makes the waiting payouts of that host (only) due when the account is enabled', async () => {
    const host = await signUp();
    const otherHost = await signUp();
    const waiting = [
      await insertPayout(host.id, '45.90', 'awaiting_account'),
      await insertPayout(host.id, '9.00', 'awaiting_account'),
    ];
    const paid = await insertPayout(host.id, '18.00', 'paid');
    const othersWaiting = await insertPayout(otherHost.id, '27.00', 'awaiting_account');

    await startOnboarding(host);
    expect((await completeSandbox(host)).statusCode).toBe(200);

    for (const id of waiting) expect(await payoutStatus(id)).toEqual({ status: 'pending', updatedAt: NOW });
    expect((await payoutStatus(paid))?.status).toBe('paid');
    expect((await payoutStatus(othersWaiting))?.status).toBe('awaiting_account');
  });

  it('enables the account on GET once the provider says onboarding is complete, and makes waiting payouts due', async () => {
    const host = await signUp();
    const waiting = await insertPayout(host.id, '45.90', 'awaiting_account');
    await startOnboarding(host);
    const [stored] = await testDb.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, host.id));
    // As if the member finished onboarding at the provider (Stripe's pages), not through our route.
    const sandbox = createSandboxProvider(testDb.database.db);
    expect(await sandbox.completePayoutOnboarding(stored!.accountId, BANK)).toMatchObject({ status: 'enabled' });
    expect((await payoutStatus(waiting))?.status).toBe('awaiting_account');

    const res = await getAccount(host);
    expect(res.json()).toMatchObject({ status: 'enabled', releasedUnpaid: '45.90' });
    expect((await payoutStatus(waiting))?.status).toBe('pending');
  });

  it('completes only the signed-in member’s own account: there is no account id to send', async () => {
    const owner = await signUp();
    const intruder = await signUp();
    await startOnboarding(owner);
    const [ownerAccount] = await testDb.database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, owner.id));

    // Naming the owner's account changes nothing: the intruder has none of their own.
    const res = await completeSandbox(intruder, { ...BANK, accountId: ownerAccount!.accountId, userId: owner.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SANDBOX_PAYOUT_MESSAGES.noAccount });

    // With an account of their own, completing it enables theirs and leaves the owner's onboarding.
    await startOnboarding(intruder);
    expect((await completeSandbox(intruder, { ...BANK, accountId: ownerAccount!.accountId })).statusCode).toBe(200);
    expect((await getAccount(owner)).json()).toMatchObject({ status: 'onboarding' });
    expect((await getAccount(intruder)).json()).toMatchObject({ status: 'enabled' });
    const [atProvider] = await testDb.database.db
      .select({ status: sandboxPayoutAccounts.status })
      .from(sandboxPayoutAccounts)
      .where(eq(sandboxPayoutAccounts.id, ownerAccount!.accountId));
    expect(atProvider?.status).toBe('onboarding');
  });

  it('computes held, released-unpaid and paid-out from the ledger and the payouts, per host', async () => {
    const host = await signUp();
    const otherHost = await signUp();
    const db = testDb.database.db;
    // Two paid dates: the host's shares go into escrow (credits), the fees to the platform.
    for (const [hostId, shareCents] of [
      [host.id, 4590],
      [host.id, 2700],
      [otherHost.id, 9000],
    ] as const) {
      await recordLedgerTransaction(db, {
        kind: 'charge',
        chargeId: null,
        description: 'A won date',
        entries: [
          { account: 'provider_cash', userId: null, amountCents: shareCents + 300 },
          { account: 'platform_fees', userId: null, amountCents: -300 },
          { account: 'host_escrow', userId: hostId, amountCents: -shareCents },
        ],
      });
    }
    // The first date's share is released out of escrow.
    await recordLedgerTransaction(db, {
      kind: 'release',
      chargeId: null,
      description: 'Released after the date',
      entries: [
        { account: 'host_escrow', userId: host.id, amountCents: 4590 },
        { account: 'host_payable', userId: host.id, amountCents: -4590 },
      ],
    });
    await insertPayout(host.id, '45.90', 'awaiting_account');
    await insertPayout(host.id, '10.00', 'pending');
    await insertPayout(host.id, '5.25', 'failed');
    await insertPayout(host.id, '18.00', 'paid');
    await insertPayout(host.id, '2.50', 'paid');
    await insertPayout(otherHost.id, '99.00', 'paid');

    const res = await getAccount(host);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(sandboxAccount('none', { held: '27.00', releasedUnpaid: '61.15', paidOut: '20.50' }));
    expect((await getAccount(otherHost)).json()).toMatchObject({
      held: '90.00',
      releasedUnpaid: '0.00',
      paidOut: '99.00',
    });
  });

  describe('with Stripe configured', () => {
    let stripeApp: FastifyInstance;

    beforeAll(async () => {
      stripeApp = await world.openAnotherApp(STRIPE_OFFLINE_ENV);
    });

    it('has no sandbox onboarding route (404), and shows a member without an account as none', async () => {
      const { cookie } = await signInByEmail(stripeApp, `stripe.host.${++emails}@example.com`);
      const complete = await stripeApp.inject({
        method: 'POST',
        url: '/api/payouts/sandbox/complete',
        cookies: withSession(cookie),
        payload: BANK,
      });
      expect(complete.statusCode).toBe(404);
      expect(complete.json()).toMatchObject({ message: 'Not found' });

      const account = await stripeApp.inject({
        method: 'GET',
        url: '/api/payouts/account',
        cookies: withSession(cookie),
      });
      expect(account.json()).toMatchObject({ status: 'none', provider: 'stripe' });
    });
  });
});

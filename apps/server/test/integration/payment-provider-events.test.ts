import { randomUUID } from 'node:crypto';
import { DATE_NOTIFICATION_TITLES, REFUND_TIMING_TEXT } from '@bid/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import {
  auctionDates,
  auctions,
  paymentWebhookEvents,
  payoutAccounts,
  payouts,
  refunds,
  type Charge,
} from '../../src/db/schema/index.js';
import { signStripePayload } from '../../src/modules/identity/providers/stripe-identity.js';
import { releaseBooking } from '../../src/modules/payments/ledger/ledger.bookings.js';
import { recordLedgerTransaction } from '../../src/modules/payments/ledger/ledger.repository.js';
import {
  createSandboxProvider,
  type SandboxPaymentEvent,
  type SandboxProvider,
} from '../../src/modules/payments/providers/sandbox-provider.js';
import { applyPaymentEvent } from '../../src/use-cases/payment-events/payment-webhooks.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { insertAuction } from '../support/auctions.js';
import { chargesOf, HOUR, ledgerLegsOf, MINUTE, notificationsOf, runLifecycle } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { expectLedgerBalanced } from '../support/ledger.js';
import { createWorld, suiteWorld, type Member } from '../support/world.js';

const WEBHOOK_SECRET = 'whsec_provider_events_secret';

/**
 * charge.refunded, transfer.* and account.updated change the product once (docs/payments.md,
 * "Webhooks"): through the Stripe-signed route and through the sandbox's own events, which the
 * sandbox sends to the same function the route calls. Each event is applied once; its replay is
 * acknowledged as a duplicate; a second, distinct event about the same state changes nothing; a
 * bad signature is refused with nothing changed.
 */
describe.each(testDatabaseFactories())(
  'provider events for refunds, transfers and payout accounts on $kind',
  (factory) => {
    let db: Db;
    let app: FastifyInstance;
    let sandbox: SandboxProvider;
    /** Every event the sandbox sent, in order (and applied through applyPaymentEvent). */
    const sent: SandboxPaymentEvent[] = [];
    const world = createWorld(factory, {
      clock: new Date('2031-10-01T09:00:00.000Z'),
      env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      paymentProvider: (db, now) =>
        (sandbox = createSandboxProvider(db, {
          now,
          onEvent: async (event) => {
            sent.push(event);
            await apply(event);
          },
        })),
    });
    const now = () => world.clock;
    let host: Member;
    let winner: Member;

    const apply = (event: SandboxPaymentEvent) => applyPaymentEvent({ db, now, logger: app.log }, event);
    const postWebhook = (body: string, signature?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload: body,
      });
    const signed = (body: string, secret = WEBHOOK_SECRET) =>
      signStripePayload(body, secret, Math.floor(world.clock.getTime() / 1000));
    const lastSent = (type: string) => [...sent].reverse().find((event) => event.type === type)!;

    /** A won auction, charged through the sandbox: its charge succeeded and its date exists. */
    async function paidCharge(amount = '60.00') {
      const auctionId = await insertAuction(db, {
        creatorId: host.id,
        endTime: new Date(world.clock.getTime() - MINUTE),
        bids: [{ bidderId: winner.id, amount, at: new Date(world.clock.getTime() - HOUR) }],
      });
      await runLifecycle(app, db, sandbox, now);
      const [charge] = await chargesOf(db, auctionId);
      expect(charge).toMatchObject({ status: 'succeeded' });
      return charge!;
    }

    /** Releases a paid date as the date job would, the host's share `shareCents` and the rest refunded. */
    async function release(charge: Charge, hostShareCents: number) {
      const amountCents = Math.round(Number(charge.amount) * 100);
      const feeCents = Math.round(Number(charge.fee) * 100);
      const keptFeeCents = hostShareCents > 0 ? feeCents : 0;
      await db.update(auctionDates).set({ releasedAt: world.clock }).where(eq(auctionDates.chargeId, charge.id));
      await recordLedgerTransaction(db, {
        kind: 'release',
        chargeId: charge.id,
        description: 'release',
        entries: releaseBooking({
          hostId: host.id,
          payerId: winner.id,
          chargedFeeCents: feeCents,
          heldShareCents: amountCents - feeCents,
          keptFeeCents,
          hostShareCents,
          refundCents: amountCents - keptFeeCents - hostShareCents,
        }),
      });
    }

    /** The host's sandbox payout account, onboarded (whether or not an earlier test made it). */
    async function hostAccountEnabled(): Promise<string> {
      const accountId = await sandbox.createPayoutAccount({
        userId: host.id,
        email: null,
        idempotencyKey: `acct-${host.id}`,
      });
      await db
        .insert(payoutAccounts)
        .values({ userId: host.id, provider: 'sandbox', accountId, status: 'onboarding' })
        .onConflictDoNothing();
      await sandbox.completePayoutOnboarding(accountId, {
        accountHolderName: 'Hana T.',
        routingNumber: '110000000',
        accountNumber: '000123456789',
      });
      const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, host.id));
      expect(account).toMatchObject({ accountId, status: 'enabled' });
      return accountId;
    }

    beforeAll(async () => {
      await world.open();
      ({ db, app } = world);
      host = await world.signUp('Hana', { card: false });
      winner = await world.signUp('Wes');
    });
    afterEach(async () => {
      await expectLedgerBalanced(db);
      world.clock = new Date(world.clock.getTime() + HOUR);
    });
    afterAll(() => world.close());

    it('sandbox: a whole refund made at the provider (its dashboard) refunds the charge once', async () => {
      const charge = await paidCharge('60.00');
      // What an operator's refund in the provider's dashboard does: no refund row of ours exists.
      const outcome = await sandbox.refundPayment({
        providerPaymentId: charge.providerPaymentId!,
        amountCents: 6000,
        idempotencyKey: `dashboard-${randomUUID()}`,
        metadata: {},
      });
      expect(outcome.status).toBe('succeeded');
      const event = lastSent('charge.refunded');
      expect(event.data.object).toMatchObject({
        payment_intent: charge.providerPaymentId,
        amount_refunded: 6000,
        refunded: true,
      });

      const [after] = await chargesOf(db, charge.auctionId);
      expect(after).toMatchObject({ status: 'refunded' });
      expect((await ledgerLegsOf(db, charge.id)).transactions).toBe(2);
      const [date] = await db.select().from(auctionDates).where(eq(auctionDates.chargeId, charge.id));
      // Released with nothing left to move: the date job will not release the money that went back.
      expect(date?.releasedAt).toEqual(world.clock);
      const [auction] = await db
        .select({ title: auctions.title })
        .from(auctions)
        .where(eq(auctions.id, charge.auctionId));
      const notices = await notificationsOf(db, winner.id, charge.auctionId);
      expect(notices.filter((n) => n.title === DATE_NOTIFICATION_TITLES.refundSent).map((n) => n.message)).toEqual([
        `$60 for "${auction!.title}" is on its way back to your card. ${REFUND_TIMING_TEXT}.`,
      ]);

      // The same event again: a duplicate. A second event about the same refund: nothing to change.
      expect(await apply(event)).toEqual({ received: true, duplicate: true, applied: false });
      expect(await apply({ ...event, id: `evt_${randomUUID()}` })).toEqual({
        received: true,
        duplicate: false,
        applied: false,
      });
      expect((await ledgerLegsOf(db, charge.id)).transactions).toBe(2);
      expect(await db.select().from(refunds).where(eq(refunds.chargeId, charge.id))).toEqual([]);
    });

    it('sandbox: a partial refund made at the provider is acknowledged and changes nothing', async () => {
      const charge = await paidCharge('40.00');
      await sandbox.refundPayment({
        providerPaymentId: charge.providerPaymentId!,
        amountCents: 1000,
        idempotencyKey: `dashboard-${randomUUID()}`,
        metadata: {},
      });
      expect(lastSent('charge.refunded').data.object).toMatchObject({ refunded: false, amount_refunded: 1000 });
      expect((await chargesOf(db, charge.auctionId))[0]).toMatchObject({ status: 'succeeded' });
      expect((await ledgerLegsOf(db, charge.id)).transactions).toBe(1);
    });

    it('route: a signed charge.refunded records the date’s refund whose answer was lost, once', async () => {
      const charge = await paidCharge('50.00');
      await release(charge, 0);
      // The date job asked for the refund; the provider made it; the answer never came back.
      const [refund] = await db
        .insert(refunds)
        .values({
          auctionId: charge.auctionId,
          chargeId: charge.id,
          payerId: winner.id,
          amount: '50.00',
          status: 'processing',
        })
        .returning();
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'charge.refunded',
        data: {
          object: {
            id: 'ch_route_1',
            object: 'charge',
            payment_intent: charge.providerPaymentId,
            amount: 5000,
            amount_refunded: 5000,
            refunded: true,
            refunds: { data: [{ id: 're_route_1', amount: 5000 }] },
          },
        },
      });

      // A bad signature first: refused, nothing changed.
      const forged = await postWebhook(body, signed(body, 'whsec_someone_else'));
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ message: 'Invalid webhook signature' });
      expect((await db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]).toMatchObject({
        status: 'processing',
      });

      const first = await postWebhook(body, signed(body));
      expect(first.json()).toEqual({ received: true, duplicate: false, applied: true });
      expect((await db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]).toMatchObject({
        status: 'succeeded',
        providerRefundId: 're_route_1',
      });
      expect((await chargesOf(db, charge.auctionId))[0]).toMatchObject({ status: 'refunded' });
      const legs = await ledgerLegsOf(db, charge.id);
      expect(legs.transactions).toBe(3);

      expect((await postWebhook(body, signed(body))).json()).toEqual({
        received: true,
        duplicate: true,
        applied: false,
      });
      const again = body.replace(/"id":"evt_[^"]+"/, `"id":"evt_${randomUUID()}"`);
      expect((await postWebhook(again, signed(again))).json()).toEqual({
        received: true,
        duplicate: false,
        applied: false,
      });
      expect((await ledgerLegsOf(db, charge.id)).transactions).toBe(3);
    });

    it('payout accounts: account.updated enables (sandbox onboarding) and disables (signed route) once', async () => {
      const accountId = await sandbox.createPayoutAccount({
        userId: host.id,
        email: null,
        idempotencyKey: `acct-${host.id}`,
      });
      await db.insert(payoutAccounts).values({ userId: host.id, provider: 'sandbox', accountId, status: 'onboarding' });
      // A share that waits for the account.
      const charge = await paidCharge('30.00');
      await release(charge, 2700);
      await db
        .insert(payouts)
        .values({ auctionId: charge.auctionId, hostId: host.id, amount: '27.00', status: 'awaiting_account' });

      const done = await sandbox.completePayoutOnboarding(accountId, {
        accountHolderName: 'Hana T.',
        routingNumber: '110000000',
        accountNumber: '000123456789',
      });
      expect(done.status).toBe('enabled');
      const enabledEvent = lastSent('account.updated');
      const accountOf = async () =>
        (await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, host.id)))[0];
      expect(await accountOf()).toMatchObject({ status: 'enabled' });
      expect((await db.select().from(payouts).where(eq(payouts.auctionId, charge.auctionId)))[0]).toMatchObject({
        status: 'pending',
      });
      expect(await apply(enabledEvent)).toEqual({ received: true, duplicate: true, applied: false });
      expect(await apply({ ...enabledEvent, id: `evt_${randomUUID()}` })).toMatchObject({ applied: false });

      // Requirements due at the provider: payouts stop until the host completes them.
      const disabled = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'account.updated',
        data: {
          object: {
            id: accountId,
            payouts_enabled: false,
            capabilities: { transfers: 'inactive' },
            requirements: { currently_due: ['external_account'] },
          },
        },
      });
      expect((await postWebhook(disabled, 't=1,v1=00')).statusCode).toBe(400);
      expect(await accountOf()).toMatchObject({ status: 'enabled' });
      expect((await postWebhook(disabled, signed(disabled))).json()).toMatchObject({ applied: true });
      expect(await accountOf()).toMatchObject({ status: 'onboarding' });
      expect((await postWebhook(disabled, signed(disabled))).json()).toMatchObject({ duplicate: true, applied: false });
    });

    it('transfers: a payout stuck in processing is paid by transfer.created once; a reversal is flagged', async () => {
      const accountId = await hostAccountEnabled();
      const charge = await paidCharge('20.00');
      await release(charge, 1800);
      const [payout] = await db
        .insert(payouts)
        .values({ auctionId: charge.auctionId, hostId: host.id, amount: '18.00', status: 'processing' })
        .returning();
      // The date job's transfer reached the sandbox but its answer was lost: the event settles it.
      await sandbox.transferToAccount({
        accountId,
        amountCents: 1800,
        idempotencyKey: `payout:${payout!.id}`,
        description: 'share',
        metadata: { payoutId: payout!.id, auctionId: charge.auctionId },
      });
      const created = lastSent('transfer.created');
      const payoutOf = async () => (await db.select().from(payouts).where(eq(payouts.id, payout!.id)))[0];
      expect(await payoutOf()).toMatchObject({ status: 'paid', providerTransferId: created.data.object.id });
      expect((await ledgerLegsOf(db, charge.id)).transactions).toBe(3);
      expect(await apply(created)).toEqual({ received: true, duplicate: true, applied: false });
      // The same transfer told again (Stripe's transfer.updated): already paid, nothing changes.
      const updated = JSON.stringify({ ...created, id: `evt_${randomUUID()}`, type: 'transfer.updated' });
      expect((await postWebhook(updated, signed(updated))).json()).toEqual({
        received: true,
        duplicate: false,
        applied: false,
      });
      expect((await ledgerLegsOf(db, charge.id)).transactions).toBe(3);

      // Reversed at the provider: flagged for the operator once, never sent again on its own.
      const reversedObject = { ...created.data.object, reversed: true, amount_reversed: 1800 };
      const reversed = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'transfer.reversed',
        data: { object: reversedObject },
      });
      expect((await postWebhook(reversed, signed(reversed, 'whsec_wrong'))).statusCode).toBe(400);
      expect((await payoutOf())?.failureMessage).toBeNull();
      expect((await postWebhook(reversed, signed(reversed))).json()).toMatchObject({ applied: true });
      expect(await payoutOf()).toMatchObject({
        status: 'paid',
        failureMessage: `The transfer ${String(created.data.object.id)} was reversed at the payment provider: settle this payout by hand.`,
      });
      const reversedAgain = JSON.stringify({ ...JSON.parse(reversed), id: `evt_${randomUUID()}` });
      expect((await postWebhook(reversedAgain, signed(reversedAgain))).json()).toMatchObject({ applied: false });
    });

    it('route: a transfer for a payout of ours with another amount or account is not recorded', async () => {
      const charge = await paidCharge('25.00');
      await release(charge, 2250);
      const [payout] = await db
        .insert(payouts)
        .values({ auctionId: charge.auctionId, hostId: host.id, amount: '22.50', status: 'pending' })
        .returning();
      for (const object of [
        { id: 'tr_wrong_amount', amount: 9999, destination: null, metadata: { payoutId: payout!.id } },
        { id: 'tr_wrong_account', amount: 2250, destination: 'acct_someone_else', metadata: { payoutId: payout!.id } },
      ]) {
        const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'transfer.created', data: { object } });
        expect((await postWebhook(body, signed(body))).json()).toMatchObject({ applied: false });
      }
      expect((await db.select().from(payouts).where(eq(payouts.id, payout!.id)))[0]).toMatchObject({
        status: 'pending',
      });
      await db.execute(sql`DELETE FROM payouts WHERE id = ${payout!.id}::uuid`);
    });
  },
);

describe.each(testDatabaseFactories())('the running app’s sandbox sends its events on $kind', (factory) => {
  // The app's own sandbox (no provider passed in), as `npm start` runs it.
  const world = suiteWorld(factory);

  it('delivers account.updated after the sandbox onboarding page, through the webhook’s own function', async () => {
    const host = await world.signUp('Olga', { card: false });
    const cookies = { [SESSION_COOKIE]: host.cookie };
    expect((await world.app.inject({ method: 'POST', url: '/api/payouts/account', cookies })).statusCode).toBe(200);
    const completed = await world.app.inject({
      method: 'POST',
      url: '/api/payouts/sandbox/complete',
      cookies,
      payload: { accountHolderName: 'Olga Host', routingNumber: '110000000', accountNumber: '000123456789' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [account] = await world.testDb.database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, host.id));
    // The page enabled the account itself; the event arrives after and is claimed, changing nothing.
    await expect
      .poll(
        async () =>
          (
            await world.testDb.database.db
              .select({ type: paymentWebhookEvents.type })
              .from(paymentWebhookEvents)
              .where(eq(paymentWebhookEvents.type, 'account.updated'))
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(account).toMatchObject({ status: 'enabled' });
  });
});

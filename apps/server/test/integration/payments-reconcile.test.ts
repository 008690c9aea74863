import { PAYMENT_FIX_WINDOW_HOURS } from '@bid/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentWebhookEvents, sandboxPayments } from '../../src/db/schema/index.js';
import { signStripePayload } from '../../src/modules/identity/providers/stripe-identity.js';
import { CHARGE_LOCK_MINUTES } from '../../src/use-cases/charge-and-create-date.js';
import {
  IDEMPOTENCY_WINDOW_HOURS,
  type PaymentProvider,
} from '../../src/modules/payments/providers/payment-provider.js';
import {
  createSandboxProvider,
  sandboxPaymentEvent,
  type SandboxProvider,
} from '../../src/modules/payments/providers/sandbox-provider.js';
import { applyPaymentEvent } from '../../src/use-cases/payment-events/payment-webhooks.js';
import { insertAuction } from '../support/auctions.js';
import {
  chargesOf,
  chargingWorld,
  HOUR,
  ledgerLegsOf,
  MINUTE,
  notificationsOf,
  providerPaymentsOf,
} from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import type { Member } from '../support/world.js';

const WEBHOOK_SECRET = 'whsec_reconcile_test_secret';

/**
 * The sandbox behind a link that loses every answer while `down` is true: the provider charges
 * (`lose: 'after'`) or is never reached (`lose: 'before'`), and the caller hears only an error.
 * Counts what it was asked, so a test can tell a lookup from a new charge request.
 */
function outage(inner: SandboxProvider, lose: 'before' | 'after') {
  const state = { down: true, charges: 0, lookups: 0 };
  const provider: PaymentProvider = {
    ...inner,
    async chargeOffSession(request) {
      state.charges += 1;
      if (state.down && lose === 'before') throw new Error('connect ETIMEDOUT');
      const outcome = await inner.chargeOffSession(request);
      if (state.down) throw new Error('socket hang up after the provider answered');
      return outcome;
    },
    async findChargePayment(input) {
      state.lookups += 1;
      return inner.findChargePayment(input);
    },
  };
  return { provider, state };
}

describe.each(testDatabaseFactories())('reconciling charges and payment webhooks on $kind', (factory) => {
  let sandbox: SandboxProvider;
  const { world, now, advance, lifecycle } = chargingWorld(factory, new Date('2031-09-01T09:00:00.000Z'), {
    env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    paymentProvider: (db, now) => (sandbox = createSandboxProvider(db, { now })),
  });
  let host: Member;
  let winner: Member;

  /** An auction that ended a minute ago, won by `winner` at `amount`. */
  const wonAuction = (amount = '60.00') =>
    insertAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() - MINUTE),
      bids: [{ bidderId: winner.id, amount, at: new Date(world.clock.getTime() - HOUR) }],
    });

  const postWebhook = (body: string, signature?: string) =>
    world.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });
  const signed = (body: string, secret = WEBHOOK_SECRET) =>
    signStripePayload(body, secret, Math.floor(world.clock.getTime() / 1000));

  beforeAll(async () => {
    host = await world.signUp('Hana', { card: false });
    winner = await world.signUp('Wes');
  });

  it('reconciles a charge whose answer was lost past the idempotency window: looked up, settled once', async () => {
    const auctionId = await wonAuction();
    const lossy = outage(sandbox, 'after');
    expect(await lifecycle(lossy.provider)).toMatchObject({ chargesRecorded: 0 });
    const [charge] = await chargesOf(world.db, auctionId);
    expect(charge).toMatchObject({ status: 'processing', attempt: 1, attemptStartedAt: world.clock });
    // Money moved at the provider; nothing recorded here.
    expect((await providerPaymentsOf(world.db, charge!.id)).map((p) => p.status)).toEqual(['succeeded']);

    // Inside the window the worker asks again under the same key (the answer is lost again).
    advance((CHARGE_LOCK_MINUTES + 1) * MINUTE);
    await lifecycle(lossy.provider);
    expect(lossy.state).toMatchObject({ charges: 2, lookups: 0 });

    // Past the window the key may be forgotten: the worker looks the payment up by its metadata.
    advance(IDEMPOTENCY_WINDOW_HOURS * HOUR);
    lossy.state.down = false;
    expect(await lifecycle(lossy.provider)).toMatchObject({ chargesRecorded: 1 });
    expect(lossy.state).toMatchObject({ charges: 2, lookups: 1 });

    const payments = await providerPaymentsOf(world.db, charge!.id);
    expect(payments).toHaveLength(1);
    expect((await chargesOf(world.db, auctionId))[0]).toMatchObject({
      status: 'succeeded',
      attempt: 1,
      providerPaymentId: payments[0]!.id,
    });
    expect((await ledgerLegsOf(world.db, charge!.id)).legs).toEqual(
      [`host_escrow:${host.id} -54.00`, 'platform_fees -6.00', 'provider_cash 60.00'].sort(),
    );
    // Settled once: a later run finds nothing to do.
    advance((CHARGE_LOCK_MINUTES + 1) * MINUTE);
    expect(await lifecycle(lossy.provider)).toMatchObject({ chargesRecorded: 0 });
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(1);
    expect((await notificationsOf(world.db, winner.id, auctionId)).map((n) => n.type)).toContain('payment_succeeded');
  });

  it('charges once when, past the window, the provider holds no payment for the attempt', async () => {
    const auctionId = await wonAuction('40.00');
    const unreachable = outage(sandbox, 'before');
    await lifecycle(unreachable.provider);
    const [charge] = await chargesOf(world.db, auctionId);
    expect(await providerPaymentsOf(world.db, charge!.id)).toEqual([]);

    advance((IDEMPOTENCY_WINDOW_HOURS + 1) * HOUR);
    unreachable.state.down = false;
    expect(await lifecycle(unreachable.provider)).toMatchObject({ chargesRecorded: 1 });
    expect(unreachable.state).toMatchObject({ lookups: 1, charges: 2 });
    expect(await providerPaymentsOf(world.db, charge!.id)).toHaveLength(1);
    expect((await chargesOf(world.db, auctionId))[0]).toMatchObject({ status: 'succeeded' });
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(1);
  });

  it('applies a signed payment_intent.succeeded once; a redelivery is acknowledged and changes nothing', async () => {
    const auctionId = await wonAuction('30.00');
    const lossy = outage(sandbox, 'after');
    await lifecycle(lossy.provider);
    const [charge] = await chargesOf(world.db, auctionId);
    const [payment] = await providerPaymentsOf(world.db, charge!.id);
    const body = JSON.stringify(sandboxPaymentEvent(payment!));

    const first = await postWebhook(body, signed(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, applied: true });
    expect((await chargesOf(world.db, auctionId))[0]).toMatchObject({
      status: 'succeeded',
      providerPaymentId: payment!.id,
    });

    const again = await postWebhook(body, signed(body));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true, applied: false });

    // The worker, when its claim lapses, finds the charge decided: nothing twice.
    advance((CHARGE_LOCK_MINUTES + 1) * MINUTE);
    expect(await lifecycle(sandbox)).toMatchObject({ chargesRecorded: 0 });
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(1);
    expect(
      (await notificationsOf(world.db, winner.id, auctionId)).filter((n) => n.type === 'payment_succeeded'),
    ).toHaveLength(1);
  });

  it('refuses a forged, stale or missing signature and a body that is not an event, changing nothing', async () => {
    const auctionId = await wonAuction('35.00');
    await lifecycle(outage(sandbox, 'after').provider);
    const [charge] = await chargesOf(world.db, auctionId);
    const [payment] = await providerPaymentsOf(world.db, charge!.id);
    const body = JSON.stringify(sandboxPaymentEvent(payment!));
    const events = async () => (await world.db.select().from(paymentWebhookEvents)).length;
    const before = await events();

    for (const signature of [
      signed(body, 'whsec_someone_else'),
      signStripePayload(body, WEBHOOK_SECRET, Math.floor(world.clock.getTime() / 1000) - 3600),
      undefined,
    ]) {
      const res = await postWebhook(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid webhook signature' });
    }
    const notAnEvent = '{"hello":"world"}';
    expect((await postWebhook(notAnEvent, signed(notAnEvent))).json()).toMatchObject({
      message: 'Not a payment event',
    });
    expect(await events()).toBe(before);
    expect((await chargesOf(world.db, auctionId))[0]).toMatchObject({ status: 'processing' });
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(0);
  });

  it('acknowledges an event about a payment it does not know, and other event types, changing nothing', async () => {
    const before = await world.db.select().from(sandboxPayments);
    const unknown = JSON.stringify({
      id: 'evt_unknown_payment',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_elsewhere', customer: 'cus_x', metadata: { chargeId: randomUUID(), attempt: '1' } } },
    });
    const res = await postWebhook(unknown, signed(unknown));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false, applied: false });

    for (const type of ['charge.refunded', 'transfer.created', 'payout.paid', 'account.updated']) {
      const event = JSON.stringify({ id: `evt_${type}`, type, data: { object: { id: 'obj_1' } } });
      expect((await postWebhook(event, signed(event))).json()).toEqual({
        received: true,
        duplicate: false,
        applied: false,
      });
    }
    expect(await world.db.select().from(sandboxPayments)).toEqual(before);
  });

  it('records an outcome from the sandbox’s own events, through the same code as the webhook', async () => {
    const emitting = createSandboxProvider(world.db, {
      now,
      onEvent: (event) => applyPaymentEvent({ db: world.db, now, logger: world.app.log }, event),
    });
    const auctionId = await wonAuction('45.00');
    // The answer is lost, but the event the sandbox sent records the payment anyway.
    const lossy = outage(emitting, 'after');
    await lifecycle(lossy.provider);
    const [charge] = await chargesOf(world.db, auctionId);
    expect(charge).toMatchObject({ status: 'succeeded' });
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(1);
    const [payment] = await providerPaymentsOf(world.db, charge!.id);
    expect(
      await world.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, `evt_${payment!.id}`)),
    ).toHaveLength(1);
  });

  it('stores and decides a charge of $99,999,999.99: refused by the provider, failed with the fix window', async () => {
    const auctionId = await wonAuction('99999999.99');
    expect(await lifecycle(sandbox)).toMatchObject({ chargesRecorded: 1 });
    const [charge] = await chargesOf(world.db, auctionId);
    expect(charge).toMatchObject({
      status: 'failed',
      failureCode: 'amount_too_large',
      failureMessage: 'Amount must be no more than $999,999.99',
      payBy: new Date(world.clock.getTime() + PAYMENT_FIX_WINDOW_HOURS * HOUR),
    });
    const [payment] = await providerPaymentsOf(world.db, charge!.id);
    expect(payment).toMatchObject({ amountCents: 9_999_999_999, status: 'failed' });
    expect((await notificationsOf(world.db, winner.id, auctionId)).map((n) => n.type)).toEqual([
      'auction_won',
      'payment_failed',
    ]);
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(0);
  });
});

import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments, users } from '../../src/db/schema/index.js';
import {
  NO_PAYMENT_METHOD_MESSAGE,
  type ChargeRequest,
} from '../../src/modules/payments/providers/payment-provider.js';
import { createSandboxProvider, type SandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { addSandboxCard, FUTURE_EXPIRY } from '../support/payments.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld } from '../support/world.js';

/**
 * The sandbox's off-session charges (docs/payments.md): the behaviour of each test card, and
 * Stripe's idempotency rule, that a key answers with its first outcome and never charges twice.
 * Cards are saved through the routes; the provider here is a second instance on the same
 * database, as another app instance would be.
 */
describe.each(testDatabaseFactories())('sandbox off-session charges on $kind', (factory) => {
  const world = createWorld(factory);
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let provider: SandboxProvider;
  let emails = 0;
  let keys = 0;

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
    provider = createSandboxProvider(testDb.database.db);
  });
  afterAll(() => world.close());

  /** A member with these cards saved in this order (the last is the newest); returns their customer id. */
  async function customerWithCards(...cards: string[]): Promise<{ customerId: string; cookie: string }> {
    const { cookie, body } = await signInByEmail(app, `payer.${++emails}@example.com`);
    for (const card of cards) await addSandboxCard(app, cookie, card);
    if (cards.length === 0) {
      await app.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies: withSession(cookie) });
    }
    const [row] = await testDb.database.db
      .select({ customerId: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, body.user.id));
    return { customerId: row!.customerId!, cookie };
  }

  const charge = (customerId: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
    customerId,
    amountCents: 5100,
    currency: 'usd',
    idempotencyKey: `charge:test-${++keys}:attempt:1`,
    description: 'A won date',
    metadata: { test: 'yes' },
    ...overrides,
  });

  async function paymentRows(idempotencyKey: string): Promise<number> {
    const [row] = await testDb.database.db
      .select({ n: count() })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, idempotencyKey));
    return row?.n ?? 0;
  }

  it('charges a succeeding card', async () => {
    const { customerId } = await customerWithCards('4242424242424242');
    const outcome = await provider.chargeOffSession(charge(customerId));
    expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: expect.stringMatching(/^pi_[0-9A-Za-z]{24}$/) });
  });

  it('declines every charge of 4000000000000341', async () => {
    const { customerId } = await customerWithCards('4000000000000341');
    expect(await provider.chargeOffSession(charge(customerId))).toEqual({
      status: 'failed',
      providerPaymentId: expect.stringMatching(/^pi_/),
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('charges 4000002500003155 once it was authenticated at setup', async () => {
    const { customerId, cookie } = await customerWithCards();
    const setup = await app.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies: withSession(cookie) });
    const { clientSecret } = setup.json<{ clientSecret: string }>();
    const payload = { clientSecret, cardNumber: '4000002500003155', ...FUTURE_EXPIRY, cvc: '123' };
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      payload,
      cookies: withSession(cookie),
    });
    // Not yet authenticated: nothing is attached, so there is nothing to charge.
    expect(await provider.chargeOffSession(charge(customerId))).toMatchObject({ code: 'no_payment_method' });
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate-setup',
      payload: { clientSecret, outcome: 'complete' },
      cookies: withSession(cookie),
    });
    expect(await provider.chargeOffSession(charge(customerId))).toMatchObject({ status: 'succeeded' });
  });

  it('fails every off-session charge of 4000002760003184 with authentication_required', async () => {
    const { customerId, cookie } = await customerWithCards();
    const setup = await app.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies: withSession(cookie) });
    const { clientSecret } = setup.json<{ clientSecret: string }>();
    const payload = { clientSecret, cardNumber: '4000002760003184', ...FUTURE_EXPIRY, cvc: '123' };
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      payload,
      cookies: withSession(cookie),
    });
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate-setup',
      payload: { clientSecret, outcome: 'complete' },
      cookies: withSession(cookie),
    });
    expect(await provider.chargeOffSession(charge(customerId))).toEqual({
      status: 'failed',
      providerPaymentId: expect.stringMatching(/^pi_/),
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('fails with no_payment_method when there is no card, or only removed ones', async () => {
    const { customerId } = await customerWithCards();
    const expected = {
      status: 'failed',
      providerPaymentId: null,
      code: 'no_payment_method',
      message: NO_PAYMENT_METHOD_MESSAGE,
    };
    expect(await provider.chargeOffSession(charge(customerId))).toEqual(expected);

    const withRemoved = await customerWithCards('4242424242424242');
    const [card] = await provider.listPaymentMethods(withRemoved.customerId);
    await app.inject({
      method: 'DELETE',
      url: `/api/stripe/payment-methods/${card!.id}`,
      cookies: withSession(withRemoved.cookie),
    });
    expect(await provider.chargeOffSession(charge(withRemoved.customerId))).toEqual(expected);
  });

  it('charges the newest card', async () => {
    const { customerId, cookie } = await customerWithCards('4242424242424242', '4000000000000341');
    expect(await provider.chargeOffSession(charge(customerId))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
    });
    const [newest] = await provider.listPaymentMethods(customerId);
    expect(newest?.card?.last4).toBe('0341');
    await app.inject({
      method: 'DELETE',
      url: `/api/stripe/payment-methods/${newest!.id}`,
      cookies: withSession(cookie),
    });
    expect(await provider.chargeOffSession(charge(customerId))).toMatchObject({ status: 'succeeded' });
  });

  it('answers a repeated key with the first outcome and one recorded payment, even after the card changed', async () => {
    const { customerId, cookie } = await customerWithCards('4000000000000341');
    const request = charge(customerId);
    const first = await provider.chargeOffSession(request);
    expect(first).toMatchObject({ status: 'failed', code: 'card_declined' });
    // The payer adds a good card; the same attempt (same key) still answers as it first did.
    await addSandboxCard(app, cookie, '4242424242424242');
    expect(await provider.chargeOffSession(request)).toEqual(first);
    expect(await createSandboxProvider(testDb.database.db).chargeOffSession(request)).toEqual(first);
    expect(await paymentRows(request.idempotencyKey)).toBe(1);
    // A new attempt has a new key, and is charged to the new card.
    expect(await provider.chargeOffSession(charge(customerId))).toMatchObject({ status: 'succeeded' });
  });

  it('records one payment when calls with the same key race, and every caller gets the same outcome', async () => {
    const { customerId } = await customerWithCards('4242424242424242');
    const request = charge(customerId);
    const instances = [provider, createSandboxProvider(testDb.database.db), createSandboxProvider(testDb.database.db)];
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => instances[i % instances.length]!.chargeOffSession(request)),
    );
    expect(outcomes[0]).toMatchObject({ status: 'succeeded' });
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
    expect(await paymentRows(request.idempotencyKey)).toBe(1);
  });

  it('refuses to reuse a key for another amount or customer, as Stripe does', async () => {
    const { customerId } = await customerWithCards('4242424242424242');
    const request = charge(customerId);
    await provider.chargeOffSession(request);
    await expect(provider.chargeOffSession({ ...request, amountCents: 9900 })).rejects.toThrow(/Idempotency key/);
    expect(await paymentRows(request.idempotencyKey)).toBe(1);
  });
});

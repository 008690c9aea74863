import {
  paymentMethodsResponseSchema,
  type ConfirmSetupResponse,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '@bid/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentMethods, sandboxSetupIntents, users } from '../../src/db/schema/index.js';
import {
  CARD_SETUP_NOT_FOUND,
  PAYMENT_METHOD_NOT_FOUND,
  SETUP_INTENT_LIMIT,
} from '../../src/modules/payments/payment-methods.service.js';
import { CARD_MESSAGES } from '../../src/modules/payments/providers/sandbox-cards.js';
import { SETUP_MESSAGES } from '../../src/modules/payments/providers/sandbox-setup.js';
import { testDatabaseFactories } from '../support/databases.js';
import { addSandboxCard, FUTURE_EXPIRY } from '../support/payments.js';
import { expectRefusal } from '../support/refusals.js';
import { suiteWorld, type Member } from '../support/world.js';

const SANDBOX_ROUTES = ['/api/payments/sandbox/confirm-setup', '/api/payments/sandbox/authenticate-setup'];

describe.each(testDatabaseFactories())('payment methods (sandbox provider) on $kind', (factory) => {
  const world = suiteWorld(factory);

  const db = () => world.db;

  const signUp = (name: string) => world.signUp(name, { card: false });

  const { call } = world;
  const setupIntent = (who?: Member) => call(who, 'POST', '/api/stripe/setup-intent');
  async function secretFor(who: Member): Promise<string> {
    const res = await setupIntent(who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ clientSecret: string }>().clientSecret;
  }
  const confirm = (who: Member | undefined, payload: object) =>
    call(who, 'POST', '/api/payments/sandbox/confirm-setup', payload);
  const confirmCard = (who: Member, clientSecret: string, cardNumber: string, expiry: object = FUTURE_EXPIRY) =>
    confirm(who, { clientSecret, cardNumber, ...expiry, cvc: '123' });
  const authenticate = (who: Member | undefined, payload: object) =>
    call(who, 'POST', '/api/payments/sandbox/authenticate-setup', payload);
  async function list(who: Member): Promise<PaymentMethod[]> {
    const res = await call(who, 'GET', '/api/stripe/payment-methods');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PaymentMethodsResponse>().paymentMethods;
  }
  const remove = (who: Member | undefined, id: string) =>
    call(who, 'DELETE', `/api/stripe/payment-methods/${encodeURIComponent(id)}`);
  async function storedCustomerOf(member: Member): Promise<string | null> {
    const [row] = await db().select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, member.id));
    return row?.customerId ?? null;
  }
  async function sandboxCardCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(sandboxPaymentMethods);
    return row?.n ?? 0;
  }

  it('asks nobody to sign in on every route (401), whatever the body', async () => {
    const calls = [
      world.app.inject({ method: 'GET', url: '/api/stripe/payment-methods' }),
      world.app.inject({ method: 'POST', url: '/api/stripe/setup-intent' }),
      world.app.inject({ method: 'DELETE', url: '/api/stripe/payment-methods/pm_123' }),
      ...SANDBOX_ROUTES.map((url) => world.app.inject({ method: 'POST', url, payload: { clientSecret: 'x' } })),
      ...SANDBOX_ROUTES.map((url) => world.app.inject({ method: 'POST', url })),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized', requestId: expect.any(String) });
    }
  });

  it('lists nothing for a member who never added a card, without creating a customer', async () => {
    const newcomer = await signUp('Nia');
    expect(await list(newcomer)).toEqual([]);
    expect(await storedCustomerOf(newcomer)).toBeNull();
  });

  it('creates the customer on the first setup intent and keeps it; the secret is Stripe-shaped and unguessable', async () => {
    const ann = await signUp('Ann');
    const first = await secretFor(ann);
    const customer = await storedCustomerOf(ann);
    expect(customer).toMatch(/^cus_sandbox_[0-9A-Za-z]{24}$/);
    expect(first).toMatch(/^seti_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{32}$/);
    const second = await secretFor(ann);
    expect(second).not.toBe(first);
    expect(await storedCustomerOf(ann)).toBe(customer);
    const intents = await db()
      .select()
      .from(sandboxSetupIntents)
      .where(inArray(sandboxSetupIntents.clientSecret, [first, second]));
    expect(intents.map((i) => [i.customerId, i.status])).toEqual([
      [customer, 'requires_payment_method'],
      [customer, 'requires_payment_method'],
    ]);
  });

  it('saves succeeding test cards and lists them newest first in docs/product.md §3 shape', async () => {
    const bea = await signUp('Bea');
    const visa = await addSandboxCard(world.app, bea.cookie, '4242 4242 4242 4242');
    const mastercard = await addSandboxCard(world.app, bea.cookie, '5555555555554444');
    const amex = await addSandboxCard(world.app, bea.cookie, '378282246310005');
    expect(visa).toMatch(/^pm_[0-9A-Za-z]{24}$/);

    const res = await call(bea, 'GET', '/api/stripe/payment-methods');
    const body = res.json<PaymentMethodsResponse>();
    expect(paymentMethodsResponseSchema.strict().safeParse(body).success).toBe(true);
    const card = (last4: string, brand: string) => ({ last4, brand, exp_month: 12, exp_year: FUTURE_EXPIRY.expYear });
    expect(body).toEqual({
      paymentMethods: [
        { id: amex, type: 'card', card: card('0005', 'amex') },
        { id: mastercard, type: 'card', card: card('4444', 'mastercard') },
        { id: visa, type: 'card', card: card('4242', 'visa') },
      ],
    });
  });

  it.each([
    ['4000000000000002', 402, 'card_declined', CARD_MESSAGES.declined],
    ['4000000000009995', 402, 'card_declined', 'Your card has insufficient funds.'],
    ['4000000000000069', 402, 'expired_card', 'Your card has expired.'],
    ['4111111111111111', 402, 'card_declined', CARD_MESSAGES.nonTestCard],
    ['4242424242424241', 402, 'incorrect_number', 'Your card number is invalid.'],
  ])('refuses %s with Stripe’s answer and saves nothing', async (cardNumber, status, code, message) => {
    const member = await signUp('Dee');
    const secret = await secretFor(member);
    const before = await sandboxCardCount();
    const res = await confirmCard(member, secret, cardNumber);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message, code, requestId: expect.any(String) });
    expect(await list(member)).toEqual([]);
    expect(await sandboxCardCount()).toBe(before);
    // As on Stripe, the same setup takes another card after a decline.
    const retry = await confirmCard(member, secret, '4242424242424242');
    expect(retry.json<ConfirmSetupResponse>().status).toBe('succeeded');
    expect(await list(member)).toHaveLength(1);
  });

  it('word for word: the decline messages Stripe uses', () => {
    expect(CARD_MESSAGES.declined).toBe('Your card was declined.');
    expect(CARD_MESSAGES.nonTestCard).toBe(
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    );
    expect(CARD_MESSAGES.authenticationFailed).toBe(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
  });

  it('refuses an expiry in the past', async () => {
    const member = await signUp('Eli');
    const secret = await secretFor(member);
    const lastYear = new Date().getUTCFullYear() - 1;
    const res = await confirmCard(member, secret, '4242424242424242', { expMonth: 12, expYear: lastYear });
    expectRefusal(res, 402, "Your card's expiration year is invalid.", 'invalid_expiry_year');
    expect(await list(member)).toEqual([]);
  });

  it.each([
    [{ cardNumber: 'not a card' }, 'cardNumber', 'Your card number is incomplete.'],
    [{ cardNumber: '4242 4242' }, 'cardNumber', 'Your card number is incomplete.'],
    [{ cvc: '12' }, 'cvc', "Your card's security code is incomplete."],
    [{ cvc: 'abc' }, 'cvc', "Your card's security code is incomplete."],
    [{ expMonth: 13 }, 'expMonth', "Your card's expiration month is invalid."],
    [{ expMonth: 0 }, 'expMonth', "Your card's expiration month is invalid."],
    [{ expYear: 'soon' }, 'expYear', "Your card's expiration year is invalid."],
    [{ cvc: undefined }, 'cvc', undefined],
  ])('refuses bad input %j with a clear 400 and saves nothing', async (fields, field, message) => {
    const member = await signUp('Fox');
    const clientSecret = await secretFor(member);
    const before = await sandboxCardCount();
    const res = await confirm(member, {
      clientSecret,
      cardNumber: '4242424242424242',
      ...FUTURE_EXPIRY,
      cvc: '123',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', field, ...(message ? { message } : {}) });
    expect(await sandboxCardCount()).toBe(before);
    expect(await list(member)).toEqual([]);
  });

  it('refuses a missing body and a missing secret with 400', async () => {
    const member = await signUp('Gil');
    await secretFor(member);
    const empty = await confirm(member, {});
    expect(empty.statusCode).toBe(400);
    const noSecret = await authenticate(member, { outcome: 'complete' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toMatchObject({ code: 'validation', field: 'clientSecret' });
  });

  it('confirms a setup once: a second confirm is refused and saves nothing more', async () => {
    const member = await signUp('Hal');
    const secret = await secretFor(member);
    expect((await confirmCard(member, secret, '4242424242424242')).statusCode).toBe(200);
    const again = await confirmCard(member, secret, '5555555555554444');
    expectRefusal(again, 400, SETUP_MESSAGES.alreadySucceeded, 'bad_request');
    expect(await list(member)).toHaveLength(1);
  });

  it('saves one card when the same setup is confirmed twice at once', async () => {
    const member = await signUp('Ivo');
    const secret = await secretFor(member);
    const answers = await Promise.all(
      ['4242424242424242', '5555555555554444', '378282246310005'].map((n) => confirmCard(member, secret, n)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await list(member)).toHaveLength(1);
  });

  it('4000002500003155: needs authentication, then is saved when the member completes it', async () => {
    const member = await signUp('Jo');
    const clientSecret = await secretFor(member);
    const res = await confirmCard(member, clientSecret, '4000002500003155');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'requires_action',
      redirectUrl: `/payments/sandbox/authenticate?client_secret=${encodeURIComponent(clientSecret)}`,
    });
    expect(await list(member)).toEqual([]);

    const done = await authenticate(member, { clientSecret, outcome: 'complete' });
    expect(done.statusCode, done.body).toBe(200);
    const { paymentMethodId } = done.json<{ status: 'succeeded'; paymentMethodId: string }>();
    expect(done.json()).toEqual({ status: 'succeeded', paymentMethodId });
    expect(await list(member)).toEqual([
      {
        id: paymentMethodId,
        type: 'card',
        card: { last4: '3155', brand: 'visa', exp_month: 12, exp_year: FUTURE_EXPIRY.expYear },
      },
    ]);

    const twice = await authenticate(member, { clientSecret, outcome: 'complete' });
    expectRefusal(twice, 400, SETUP_MESSAGES.nothingToAuthenticate, 'bad_request');
    const reconfirm = await confirmCard(member, clientSecret, '4242424242424242');
    expect(reconfirm.json()).toEqual({
      message: SETUP_MESSAGES.alreadySucceeded,
      code: 'bad_request',
      requestId: expect.any(String),
    });
  });

  it('4000002500003155: a failed authentication saves nothing and the setup takes another card', async () => {
    const member = await signUp('Kai');
    const clientSecret = await secretFor(member);
    await confirmCard(member, clientSecret, '4000002500003155');
    const failed = await authenticate(member, { clientSecret, outcome: 'fail' });
    expectRefusal(
      failed,
      402,
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      'setup_intent_authentication_failure',
    );
    expect(await list(member)).toEqual([]);
    const [intent] = await db()
      .select()
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.clientSecret, clientSecret));
    expect(intent).toMatchObject({ status: 'requires_payment_method', paymentMethodId: null });

    expect((await confirmCard(member, clientSecret, '4242424242424242')).json()).toMatchObject({ status: 'succeeded' });
    expect((await list(member)).map((m) => m.card?.last4)).toEqual(['4242']);
  });

  it('4000002760003184: needs authentication to be saved too', async () => {
    const member = await signUp('Lea');
    const clientSecret = await secretFor(member);
    expect((await confirmCard(member, clientSecret, '4000002760003184')).json()).toMatchObject({
      status: 'requires_action',
    });
    const done = await authenticate(member, { clientSecret, outcome: 'complete' });
    expect(done.json()).toMatchObject({ status: 'succeeded' });
    expect((await list(member)).map((m) => m.card?.last4)).toEqual(['3184']);
  });

  it('authentication of a setup that is not waiting for it is refused', async () => {
    const member = await signUp('Max');
    const clientSecret = await secretFor(member);
    const res = await authenticate(member, { clientSecret, outcome: 'complete' });
    expectRefusal(res, 400, SETUP_MESSAGES.nothingToAuthenticate, 'bad_request');
  });

  describe('ownership', () => {
    let owner: Member;
    let other: Member;
    let ownersCard: string;

    beforeAll(async () => {
      owner = await signUp('Olive');
      other = await signUp('Otto');
      ownersCard = await addSandboxCard(world.app, owner.cookie);
    });

    it('another member cannot confirm or authenticate with my secret (404), with or without a customer', async () => {
      const clientSecret = await secretFor(owner);
      const stranger = await signUp('Stan');
      const noCustomer = await confirmCard(stranger, clientSecret, '4242424242424242');
      expectRefusal(noCustomer, 404, CARD_SETUP_NOT_FOUND, 'not_found');

      await secretFor(other);
      const withCustomer = await confirmCard(other, clientSecret, '4242424242424242');
      expect(withCustomer.statusCode).toBe(404);
      expect(await list(other)).toEqual([]);

      await confirmCard(owner, clientSecret, '4000002500003155');
      const steal = await authenticate(other, { clientSecret, outcome: 'complete' });
      expectRefusal(steal, 404, CARD_SETUP_NOT_FOUND, 'not_found');
      const [intent] = await db()
        .select()
        .from(sandboxSetupIntents)
        .where(eq(sandboxSetupIntents.clientSecret, clientSecret));
      expect(intent?.status).toBe('requires_action');
    });

    it('another member neither sees nor removes my card', async () => {
      expect((await list(other)).map((m) => m.id)).not.toContain(ownersCard);
      const res = await remove(other, ownersCard);
      expectRefusal(res, 404, PAYMENT_METHOD_NOT_FOUND, 'not_found');
      expect((await list(owner)).map((m) => m.id)).toContain(ownersCard);
    });

    it('answers 404 for an unknown or malformed id, and removes my own card once', async () => {
      for (const id of ['pm_doesnotexist', `pm_${'x'.repeat(80)}`, 'pm_../../v1/customers']) {
        const res = await remove(owner, id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({
          message: PAYMENT_METHOD_NOT_FOUND,
          code: 'not_found',
          requestId: expect.any(String),
        });
      }
      const newcomer = await signUp('Pip');
      expect((await remove(newcomer, ownersCard)).statusCode).toBe(404);

      const res = await remove(owner, ownersCard);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await list(owner)).map((m) => m.id)).not.toContain(ownersCard);
      expect((await remove(owner, ownersCard)).statusCode).toBe(404);
    });
  });

  it('stores one customer when setup intents race', async () => {
    const member = await signUp('Quinn');
    const answers = await Promise.all(Array.from({ length: 6 }, () => setupIntent(member)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const customer = await storedCustomerOf(member);
    const secrets = answers.map((a) => a.json<{ clientSecret: string }>().clientSecret);
    const intents = await db()
      .select()
      .from(sandboxSetupIntents)
      .where(inArray(sandboxSetupIntents.clientSecret, secrets));
    expect(intents).toHaveLength(6);
    expect(new Set(intents.map((i) => i.customerId))).toEqual(new Set([customer]));
  });

  it('limits card setups per member and hour: racing requests never pass the limit, and a refusal writes nothing', async () => {
    const eager = await signUp('Eager');
    // Racing past the limit: exactly `limit` succeed, however the requests interleave.
    const answers = await Promise.all(Array.from({ length: SETUP_INTENT_LIMIT.limit + 5 }, () => setupIntent(eager)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SETUP_INTENT_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toEqual({
      message: 'You have started adding a card too many times. Please try again in an hour.',
      code: 'rate_limited',
      requestId: expect.any(String),
    });
    const customer = await storedCustomerOf(eager);
    const [intents] = await db()
      .select({ n: count() })
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.customerId, customer!));
    expect(intents!.n).toBe(SETUP_INTENT_LIMIT.limit);

    // Another member is not held back; and once the hour has passed, the member may start again.
    expect((await setupIntent(await signUp('Calm'))).statusCode).toBe(200);
    await db()
      .update(users)
      .set({ setupIntentWindowStart: new Date(Date.now() - (SETUP_INTENT_LIMIT.windowSeconds + 60) * 1000) })
      .where(eq(users.id, eager.id));
    expect((await setupIntent(eager)).statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, eager.id));
    expect(row!.setupIntentCount).toBe(1);
  });
});

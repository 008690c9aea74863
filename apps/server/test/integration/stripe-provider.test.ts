import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PAYMENT_METHOD_MESSAGE } from '../../src/modules/payments/providers/payment-provider.js';
import {
  createStripeProvider,
  type StripeProviderOptions,
} from '../../src/modules/payments/providers/stripe-provider.js';

/**
 * A contract test of our Stripe adapter, not of Stripe: this machine cannot reach
 * api.stripe.com, so a local HTTP server stands in for it, records what the adapter sends and
 * answers with JSON shaped like Stripe's documented objects and errors. It checks the requests
 * we make (idempotency keys, off_session, amounts, customers) and how we read the answers.
 */

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (request: RecordedRequest) => Answer;

const SECRET_KEY = 'sk_test_contract';
const NOW = 1_760_000_000;

function card(id: string, customer: string, created: number, last4 = '4242', brand = 'visa') {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    created,
    customer,
    card: { brand, last4, exp_month: 8, exp_year: 2031, funding: 'credit', country: 'US' },
    billing_details: {},
  };
}

function bankAccount(id: string, customer: string, created: number) {
  return {
    id,
    object: 'payment_method',
    type: 'us_bank_account',
    created,
    customer,
    us_bank_account: {
      bank_name: 'STRIPE TEST BANK',
      last4: '6789',
      account_type: 'checking',
      account_holder_type: 'individual',
      routing_number: '110000000',
    },
    billing_details: {},
  };
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

function stripeError(status: number, error: Record<string, unknown>): Answer {
  return { status, body: { error }, headers: { 'request-id': 'req_contract' } };
}

describe('Stripe provider (contract test against a local stand-in for the Stripe API)', () => {
  let server: Server;
  let port: number;
  let requests: RecordedRequest[];
  let handler: Handler;

  const provider = (options: Partial<StripeProviderOptions> = {}) =>
    createStripeProvider(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, ...options });

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          body: new URLSearchParams(raw),
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          authorization: req.headers.authorization,
        };
        requests.push(recorded);
        const answer = handler(recorded);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = [];
    handler = () => ({ status: 500, body: { error: { type: 'api_error', message: 'unexpected request' } } });
  });

  it('creates a customer with the idempotency key, the email and the member id', async () => {
    handler = () => ({ status: 200, body: { id: 'cus_contract', object: 'customer' } });
    const id = await provider().createCustomer({
      userId: 'u-1',
      email: 'ann@example.com',
      idempotencyKey: 'customer-u-1',
    });
    expect(id).toBe('cus_contract');
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/customers');
    expect(sent?.idempotencyKey).toBe('customer-u-1');
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.body.get('email')).toBe('ann@example.com');
    expect(sent?.body.get('metadata[userId]')).toBe('u-1');
  });

  it('creates an off-session SetupIntent for cards and US bank accounts on the customer', async () => {
    handler = () => ({
      status: 200,
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_abc',
        status: 'requires_payment_method',
      },
    });
    await expect(provider().createSetupIntent('cus_contract')).resolves.toEqual({ clientSecret: 'seti_1_secret_abc' });
    const [sent] = requests;
    expect(sent?.path).toBe('/v1/setup_intents');
    expect(sent?.body.get('customer')).toBe('cus_contract');
    expect(sent?.body.get('usage')).toBe('off_session');
    expect(sent?.body.getAll('allowed_payment_method_types[0]')).toEqual(['card']);
    expect(sent?.body.getAll('allowed_payment_method_types[1]')).toEqual(['us_bank_account']);
  });

  it('lists cards and bank accounts newest first in docs/product.md §3 shape, leaving out other types', async () => {
    handler = (req) => ({
      status: 200,
      body: list(
        [
          card('pm_old_card', 'cus_contract', NOW - 100, '4444', 'mastercard'),
          { id: 'pm_link', object: 'payment_method', type: 'link', created: NOW, customer: 'cus_contract', link: {} },
          bankAccount('pm_bank', 'cus_contract', NOW - 10),
          card('pm_new_card', 'cus_contract', NOW - 1),
        ],
        req.path,
      ),
    });
    const methods = await provider().listPaymentMethods('cus_contract');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.path).toBe('/v1/customers/cus_contract/payment_methods');
    expect(methods).toEqual([
      {
        id: 'pm_new_card',
        type: 'card',
        card: { last4: '4242', brand: 'visa', exp_month: 8, exp_year: 2031 },
      },
      {
        id: 'pm_bank',
        type: 'us_bank_account',
        us_bank_account: {
          bank_name: 'STRIPE TEST BANK',
          last4: '6789',
          account_type: 'checking',
          account_holder_type: 'individual',
        },
      },
      {
        id: 'pm_old_card',
        type: 'card',
        card: { last4: '4444', brand: 'mastercard', exp_month: 8, exp_year: 2031 },
      },
    ]);
  });

  it('detaches only the customer’s own payment method', async () => {
    handler = (req) => {
      if (req.path === '/v1/payment_methods/pm_mine') return { status: 200, body: card('pm_mine', 'cus_me', NOW) };
      if (req.path === '/v1/payment_methods/pm_theirs')
        return { status: 200, body: card('pm_theirs', 'cus_other', NOW) };
      if (req.path === '/v1/payment_methods/pm_mine/detach') {
        return { status: 200, body: { ...card('pm_mine', 'cus_me', NOW), customer: null } };
      }
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such PaymentMethod: 'pm_gone'",
        param: 'payment_method',
      });
    };
    const stripe = provider();

    await expect(stripe.detachPaymentMethod('cus_me', 'pm_theirs')).resolves.toBe(false);
    await expect(stripe.detachPaymentMethod('cus_me', 'pm_gone')).resolves.toBe(false);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_methods/pm_theirs',
      'GET /v1/payment_methods/pm_gone',
    ]);

    await expect(stripe.detachPaymentMethod('cus_me', 'pm_mine')).resolves.toBe(true);
    expect(requests.slice(2).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_methods/pm_mine',
      'POST /v1/payment_methods/pm_mine/detach',
    ]);
  });

  const chargeRequest = {
    customerId: 'cus_payer',
    amountCents: 5100,
    currency: 'usd' as const,
    idempotencyKey: 'charge:c-1:attempt:1',
    description: 'Coffee by the lake',
    metadata: { chargeId: 'c-1', auctionId: 'a-1' },
  };

  function cardsThenIntent(intent: (req: RecordedRequest) => Answer): Handler {
    return (req) => {
      if (req.path === '/v1/customers/cus_payer/payment_methods') {
        return {
          status: 200,
          body: list([card('pm_older', 'cus_payer', NOW - 50), card('pm_newest', 'cus_payer', NOW - 5)], req.path),
        };
      }
      if (req.path === '/v1/payment_intents') return intent(req);
      return { status: 500, body: { error: { type: 'api_error', message: 'unexpected' } } };
    };
  }

  it('charges the newest card off-session, confirmed at once, under the caller’s idempotency key', async () => {
    handler = cardsThenIntent(() => ({
      status: 200,
      body: { id: 'pi_ok', object: 'payment_intent', status: 'succeeded', amount: 5100, currency: 'usd' },
    }));
    await expect(provider().chargeOffSession(chargeRequest)).resolves.toEqual({
      status: 'succeeded',
      providerPaymentId: 'pi_ok',
    });
    const [listing, payment] = requests;
    expect(listing?.query.get('type')).toBe('card');
    expect(payment?.method).toBe('POST');
    expect(payment?.idempotencyKey).toBe('charge:c-1:attempt:1');
    expect(Object.fromEntries(payment?.body ?? [])).toEqual({
      amount: '5100',
      currency: 'usd',
      customer: 'cus_payer',
      payment_method: 'pm_newest',
      off_session: 'true',
      confirm: 'true',
      description: 'Coffee by the lake',
      'metadata[chargeId]': 'c-1',
      'metadata[auctionId]': 'a-1',
    });
  });

  it('reads a card_declined error as a failed charge with Stripe’s code and message', async () => {
    handler = cardsThenIntent(() =>
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
      }),
    );
    await expect(provider().chargeOffSession(chargeRequest)).resolves.toEqual({
      status: 'failed',
      providerPaymentId: 'pi_declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('reads authentication_required as a failed charge', async () => {
    handler = cardsThenIntent(() =>
      stripeError(402, {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_intent: { id: 'pi_3ds', object: 'payment_intent', status: 'requires_payment_method' },
      }),
    );
    const outcome = await provider().chargeOffSession(chargeRequest);
    expect(outcome).toMatchObject({ status: 'failed', code: 'authentication_required', providerPaymentId: 'pi_3ds' });
  });

  it('reads Stripe’s invalid request (an amount above its maximum) as a decided failure, never unknown', async () => {
    handler = cardsThenIntent(() =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Amount must be no more than $999,999.99',
      }),
    );
    await expect(provider().chargeOffSession({ ...chargeRequest, amountCents: 9_999_999_999 })).resolves.toEqual({
      status: 'failed',
      providerPaymentId: null,
      code: 'amount_too_large',
      message: 'Amount must be no more than $999,999.99',
    });
  });

  describe('looking an earlier charge up by its metadata (reconciliation)', () => {
    const intent = (id: string, status: string, customer = 'cus_payer', extra: Record<string, unknown> = {}) => ({
      id,
      object: 'payment_intent',
      status,
      customer,
      metadata: { chargeId: 'c-1', attempt: '2' },
      ...extra,
    });
    const search =
      (data: unknown[]): Handler =>
      (req) =>
        req.path === '/v1/payment_intents/search'
          ? { status: 200, body: { object: 'search_result', data, has_more: false, url: req.path } }
          : { status: 500, body: { error: { type: 'api_error', message: 'unexpected' } } };
    const lookup = () => provider().findChargePayment({ customerId: 'cus_payer', chargeId: 'c-1', attempt: 2 });

    it('searches PaymentIntents by chargeId and attempt and answers the succeeded one', async () => {
      handler = search([intent('pi_failed', 'requires_payment_method'), intent('pi_paid', 'succeeded')]);
      await expect(lookup()).resolves.toEqual({ status: 'succeeded', providerPaymentId: 'pi_paid' });
      expect(requests[0]?.method).toBe('GET');
      expect(requests[0]?.query.get('query')).toBe("metadata['chargeId']:'c-1' AND metadata['attempt']:'2'");
    });

    it('answers a declined attempt as failed, nothing found as undefined, another customer’s as nothing', async () => {
      handler = search([
        intent('pi_declined', 'requires_payment_method', 'cus_payer', {
          last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
        }),
      ]);
      await expect(lookup()).resolves.toEqual({
        status: 'failed',
        providerPaymentId: 'pi_declined',
        code: 'card_declined',
        message: 'Your card was declined.',
      });
      handler = search([]);
      await expect(lookup()).resolves.toBeUndefined();
      handler = search([intent('pi_other', 'succeeded', 'cus_someone_else')]);
      await expect(lookup()).resolves.toBeUndefined();
    });

    it('throws while the attempt is still processing, so it is looked up again later', async () => {
      handler = search([intent('pi_busy', 'processing')]);
      await expect(lookup()).rejects.toThrow('pi_busy is processing');
    });
  });

  it('throws when the outcome is unknown (Stripe error or outage), so the caller retries with the same key', async () => {
    handler = cardsThenIntent(() => ({
      status: 500,
      body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
      headers: { 'stripe-should-retry': 'false' },
    }));
    await expect(provider().chargeOffSession(chargeRequest)).rejects.toThrow('An unknown error occurred');
  });

  it('retries a dropped answer with the same idempotency key, so Stripe charges once', async () => {
    let attempts = 0;
    handler = cardsThenIntent(() => {
      attempts += 1;
      if (attempts === 1) {
        return { status: 503, body: { error: { type: 'api_error', message: 'Service unavailable' } } };
      }
      return { status: 200, body: { id: 'pi_retry', object: 'payment_intent', status: 'succeeded' } };
    });
    const outcome = await provider({ maxNetworkRetries: 1 }).chargeOffSession(chargeRequest);
    expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: 'pi_retry' });
    const payments = requests.filter((r) => r.path === '/v1/payment_intents');
    expect(payments.map((r) => r.idempotencyKey)).toEqual(['charge:c-1:attempt:1', 'charge:c-1:attempt:1']);
  });

  it('fails without calling Stripe’s payments API when the customer has no card (a bank account is not charged)', async () => {
    handler = (req) => ({ status: 200, body: list([], req.path) });
    await expect(provider().chargeOffSession(chargeRequest)).resolves.toEqual({
      status: 'failed',
      providerPaymentId: null,
      code: 'no_payment_method',
      message: NO_PAYMENT_METHOD_MESSAGE,
    });
    expect(requests.map((r) => r.path)).toEqual(['/v1/customers/cus_payer/payment_methods']);
  });

  describe('refunds and payouts (docs/the-date.md)', () => {
    const refundRequest = {
      providerPaymentId: 'pi_paid',
      amountCents: 4590,
      idempotencyKey: 'refund:r-1:attempt:1',
      metadata: { refundId: 'r-1', auctionId: 'a-1' },
    };
    const refund = (status: string, extra: Record<string, unknown> = {}): Answer => ({
      status: 200,
      body: {
        id: 're_1',
        object: 'refund',
        amount: 4590,
        currency: 'usd',
        payment_intent: 'pi_paid',
        status,
        ...extra,
      },
    });

    it('refunds the PaymentIntent by the amount, under the caller’s idempotency key', async () => {
      handler = () => refund('succeeded');
      await expect(provider().refundPayment(refundRequest)).resolves.toEqual({
        status: 'succeeded',
        providerRefundId: 're_1',
      });
      const [sent] = requests;
      expect(`${sent?.method} ${sent?.path}`).toBe('POST /v1/refunds');
      expect(sent?.idempotencyKey).toBe('refund:r-1:attempt:1');
      expect(Object.fromEntries(sent?.body ?? [])).toEqual({
        payment_intent: 'pi_paid',
        amount: '4590',
        'metadata[refundId]': 'r-1',
        'metadata[auctionId]': 'a-1',
      });
    });

    it('reads a pending refund as accepted, and a failed or canceled one as failed with its reason', async () => {
      handler = () => refund('pending');
      await expect(provider().refundPayment(refundRequest)).resolves.toEqual({
        status: 'pending',
        providerRefundId: 're_1',
      });
      handler = () => refund('failed', { failure_reason: 'expired_or_canceled_card' });
      await expect(provider().refundPayment(refundRequest)).resolves.toEqual({
        status: 'failed',
        providerRefundId: 're_1',
        message: 'The refund failed (expired_or_canceled_card).',
      });
      handler = () => refund('canceled');
      await expect(provider().refundPayment(refundRequest)).resolves.toMatchObject({
        status: 'failed',
        message: 'The refund was canceled.',
      });
    });

    it('reads Stripe’s refusal of the request (already refunded) as a failed refund, and throws on an outage', async () => {
      handler = () =>
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge ch_1 has already been refunded.',
        });
      await expect(provider().refundPayment(refundRequest)).resolves.toEqual({
        status: 'failed',
        providerRefundId: null,
        message: 'Charge ch_1 has already been refunded.',
      });
      handler = () => ({
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        headers: { 'stripe-should-retry': 'false' },
      });
      await expect(provider().refundPayment(refundRequest)).rejects.toThrow('An unknown error occurred');
    });

    it('creates an Express account that can receive transfers, once per idempotency key', async () => {
      handler = () => ({ status: 200, body: { id: 'acct_host', object: 'account', type: 'express' } });
      await expect(
        provider().createPayoutAccount({
          userId: 'u-9',
          email: 'host@example.com',
          idempotencyKey: 'payout-account:u-9',
        }),
      ).resolves.toBe('acct_host');
      const [sent] = requests;
      expect(`${sent?.method} ${sent?.path}`).toBe('POST /v1/accounts');
      expect(sent?.idempotencyKey).toBe('payout-account:u-9');
      expect(Object.fromEntries(sent?.body ?? [])).toEqual({
        type: 'express',
        email: 'host@example.com',
        'capabilities[transfers][requested]': 'true',
        'metadata[userId]': 'u-9',
      });

      await provider().createPayoutAccount({ userId: 'u-8', email: null, idempotencyKey: 'payout-account:u-8' });
      expect(requests[1]?.body.has('email')).toBe(false);
    });

    it('asks for an account_onboarding link with our return and refresh URLs', async () => {
      handler = () => ({
        status: 200,
        body: {
          object: 'account_link',
          url: 'https://connect.stripe.com/setup/e/acct_host/abc',
          expires_at: NOW + 300,
        },
      });
      await expect(
        provider().createPayoutOnboardingLink({
          accountId: 'acct_host',
          returnUrl: 'https://bid.example/profile?payouts=return',
          refreshUrl: 'https://bid.example/profile?payouts=refresh',
        }),
      ).resolves.toBe('https://connect.stripe.com/setup/e/acct_host/abc');
      const [sent] = requests;
      expect(`${sent?.method} ${sent?.path}`).toBe('POST /v1/account_links');
      expect(Object.fromEntries(sent?.body ?? [])).toEqual({
        account: 'acct_host',
        refresh_url: 'https://bid.example/profile?payouts=refresh',
        return_url: 'https://bid.example/profile?payouts=return',
        type: 'account_onboarding',
      });
    });

    it('calls an account ready only when payouts are enabled and its transfers capability is active', async () => {
      const account = (payouts_enabled: boolean, transfers: string) => ({
        status: 200,
        body: { id: 'acct_host', object: 'account', payouts_enabled, capabilities: { transfers } },
      });
      const cases: Array<[boolean, string, boolean]> = [
        [true, 'active', true],
        [false, 'active', false],
        [true, 'pending', false],
        [true, 'inactive', false],
      ];
      for (const [payoutsEnabled, transfers, ready] of cases) {
        handler = () => account(payoutsEnabled, transfers);
        await expect(provider().isPayoutAccountReady('acct_host'), `${payoutsEnabled} ${transfers}`).resolves.toBe(
          ready,
        );
      }
      handler = () => ({ status: 200, body: { id: 'acct_new', object: 'account', payouts_enabled: false } });
      await expect(provider().isPayoutAccountReady('acct_new')).resolves.toBe(false);
      expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /v1/accounts/acct_host');
    });

    const transferRequest = {
      accountId: 'acct_host',
      amountCents: 4590,
      idempotencyKey: 'payout:p-1:attempt:1',
      description: 'Your share of Coffee by the lake',
      metadata: { payoutId: 'p-1', auctionId: 'a-1' },
    };

    it('transfers the amount in USD to the connected account under the caller’s idempotency key', async () => {
      handler = () => ({
        status: 200,
        body: { id: 'tr_1', object: 'transfer', amount: 4590, currency: 'usd', destination: 'acct_host' },
      });
      await expect(provider().transferToAccount(transferRequest)).resolves.toEqual({ transferId: 'tr_1' });
      const [sent] = requests;
      expect(`${sent?.method} ${sent?.path}`).toBe('POST /v1/transfers');
      expect(sent?.idempotencyKey).toBe('payout:p-1:attempt:1');
      expect(Object.fromEntries(sent?.body ?? [])).toEqual({
        amount: '4590',
        currency: 'usd',
        destination: 'acct_host',
        description: 'Your share of Coffee by the lake',
        'metadata[payoutId]': 'p-1',
        'metadata[auctionId]': 'a-1',
      });
    });

    it('throws when Stripe refuses a transfer (e.g. insufficient platform balance), so the payout is retried', async () => {
      handler = () =>
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'balance_insufficient',
          message: 'You have insufficient available funds in your Stripe account.',
        });
      await expect(provider().transferToAccount(transferRequest)).rejects.toThrow(/insufficient available funds/);
    });
  });
});

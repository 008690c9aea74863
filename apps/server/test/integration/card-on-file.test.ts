import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYMENT_METHOD_REQUIRED } from '@bid/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { auctions, bids, sandboxSetupIntents, users } from '../../src/db/schema/index.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { PRODUCTION_TEST_ENV, TEST_PUBLIC_URL } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { addSandboxCard, STRIPE_OFFLINE_ENV } from '../support/payments.js';
import { withSession } from '../support/session.js';
import { createAuctionAs, createWorld, type Member, signUpMember } from '../support/world.js';

describe.each(testDatabaseFactories())('a card on file to bid, and the provider wiring, on $kind', (factory) => {
  const world = createWorld(factory);
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let host: Member;

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
    host = await signUpMember(app, 'Hana', { card: false });
  });
  afterAll(() => world.close());

  const bid = (who: Member, auctionId: string, amount: string) =>
    app.inject({ method: 'POST', url: '/api/bids', payload: { auctionId, amount }, cookies: withSession(who.cookie) });
  const buyNow = (who: Member, auctionId: string) =>
    app.inject({ method: 'POST', url: `/api/auctions/${auctionId}/buy-now`, cookies: withSession(who.cookie) });
  // Every error body also carries the request's id (docs/deploy.md).
  const refusal = { message: PAYMENT_METHOD_REQUIRED, code: 'payment_method_required', requestId: expect.any(String) };

  it('word for word: the refusal the bid dialog shows', () => {
    expect(PAYMENT_METHOD_REQUIRED).toBe('Add a payment method before bidding. Your card is only charged if you win.');
  });

  it('refuses a bid without a saved card (400) and records nothing; accepts it once a card is saved', async () => {
    const auction = await createAuctionAs(app, host, { buyNowPrice: '100' });
    const bidder = await signUpMember(app, 'Ben', { card: false });
    const refused = await bid(bidder, auction.id, '25');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal);
    expect(await testDb.database.db.select().from(bids).where(eq(bids.auctionId, auction.id))).toEqual([]);

    await addSandboxCard(app, bidder.cookie);
    const accepted = await bid(bidder, auction.id, '25');
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('refuses a bid when the only card was removed, or when the card was never authenticated', async () => {
    const auction = await createAuctionAs(app, host, { buyNowPrice: '100' });
    const bidder = await signUpMember(app, 'Cy', { card: false });
    const cardId = await addSandboxCard(app, bidder.cookie);
    await app.inject({
      method: 'DELETE',
      url: `/api/stripe/payment-methods/${cardId}`,
      cookies: withSession(bidder.cookie),
    });
    expect((await bid(bidder, auction.id, '25')).json()).toEqual(refusal);

    const setup = await app.inject({
      method: 'POST',
      url: '/api/stripe/setup-intent',
      cookies: withSession(bidder.cookie),
    });
    const { clientSecret } = setup.json<{ clientSecret: string }>();
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      payload: { clientSecret, cardNumber: '4000002500003155', expMonth: 12, expYear: 2099, cvc: '123' },
      cookies: withSession(bidder.cookie),
    });
    expect((await bid(bidder, auction.id, '25')).json()).toEqual(refusal);
  });

  it('remembers a card the provider showed, and asks again after any card is removed', async () => {
    const auction = await createAuctionAs(app, host, { buyNowPrice: '100' });
    const bidder = await signUpMember(app, 'Dee', { card: false });
    const cardOnFile = async () =>
      (await testDb.database.db.select({ v: users.cardOnFile }).from(users).where(eq(users.id, bidder.id)))[0]!.v;
    const first = await addSandboxCard(app, bidder.cookie);
    const second = await addSandboxCard(app, bidder.cookie);
    expect(await cardOnFile()).toBe(false);
    const firstBid = await bid(bidder, auction.id, '25');
    expect(firstBid.statusCode, firstBid.body).toBe(201);
    // The next bids trust what the provider said (no provider call per bid, docs/payments.md).
    expect(await cardOnFile()).toBe(true);

    const remove = (cardId: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/stripe/payment-methods/${cardId}`,
        cookies: withSession(bidder.cookie),
      });
    expect((await remove(first)).statusCode).toBe(200);
    expect(await cardOnFile()).toBe(false);
    // One card is left: the provider is asked, says yes, and is believed again.
    const secondBid = await bid(bidder, auction.id, '26');
    expect(secondBid.statusCode, secondBid.body).toBe(201);
    expect(await cardOnFile()).toBe(true);

    expect((await remove(second)).statusCode).toBe(200);
    expect((await bid(bidder, auction.id, '27')).json()).toEqual(refusal);
  });

  it('refuses Buy Now without a saved card and leaves the auction open; buys with one', async () => {
    const auction = await createAuctionAs(app, host, { buyNowPrice: '100' });
    const buyer = await signUpMember(app, 'Dee', { card: false });
    const refused = await buyNow(buyer, auction.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal);
    const [row] = await testDb.database.db.select().from(auctions).where(eq(auctions.id, auction.id));
    expect(row).toMatchObject({ isActive: true, winnerId: null, bidCount: 0 });

    await addSandboxCard(app, buyer.cookie);
    const bought = await buyNow(buyer, auction.id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ auction: { winnerId: buyer.id, isActive: false } });
  });

  it('keeps the earlier answers first: own auction (403) before the card check', async () => {
    const auction = await createAuctionAs(app, host, { buyNowPrice: '100' });
    const own = await bid(host, auction.id, '25');
    expect(own.statusCode).toBe(403);
  });

  it('stores one customer when setup intents race, even if the provider made a new customer each time', async () => {
    const created: string[] = [];
    const sandbox = createSandboxProvider(testDb.database.db);
    // Like Stripe once an idempotency key has expired: every create answers with a new customer.
    const forgetful: PaymentProvider = {
      ...sandbox,
      async createCustomer() {
        const id = `cus_race_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
        created.push(id);
        return id;
      },
    };
    const racingApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, OTP_MAX_PER_IP: '1000' }),
      database: testDb.database,
      serveWeb: false,
      runJobs: false,
      paymentProvider: forgetful,
    });
    await racingApp.ready();
    try {
      const member = await signUpMember(racingApp, 'Rae', { card: false });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          racingApp.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies: withSession(member.cookie) }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const [stored] = await testDb.database.db
        .select({ customerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, member.id));
      expect(created).toContain(stored?.customerId);
      const secrets = answers.map((a) => a.json<{ clientSecret: string }>().clientSecret);
      const intents = await testDb.database.db
        .select({ customerId: sandboxSetupIntents.customerId })
        .from(sandboxSetupIntents)
        .where(inArray(sandboxSetupIntents.clientSecret, secrets));
      expect(intents.map((i) => i.customerId)).toEqual(Array(6).fill(stored?.customerId));
    } finally {
      await racingApp.close();
    }
  });

  describe('with Stripe configured', () => {
    let stripeApp: FastifyInstance;

    beforeAll(async () => {
      stripeApp = await world.openAnotherApp(STRIPE_OFFLINE_ENV);
    });

    it('has no sandbox routes (404), even for a signed-in member', async () => {
      const member = await signUpMember(stripeApp, 'Sia', { card: false });
      for (const url of ['/api/payments/sandbox/confirm-setup', '/api/payments/sandbox/authenticate-setup']) {
        const res = await stripeApp.inject({
          method: 'POST',
          url,
          payload: { clientSecret: 'seti_x_secret_y', outcome: 'complete' },
          cookies: withSession(member.cookie),
        });
        expect(res.statusCode, url).toBe(404);
      }
      // A member with no Stripe customer yet lists nothing without any call to Stripe.
      const list = await stripeApp.inject({
        method: 'GET',
        url: '/api/stripe/payment-methods',
        cookies: withSession(member.cookie),
      });
      expect(list.json()).toEqual({ paymentMethods: [] });
    });

    it('lets Stripe.js load, frame and call its API (CSP), which the sandbox does not', async () => {
      const withStripe = String(
        (await stripeApp.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      const directive = (csp: string, name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive(withStripe, 'script-src')).toContain('https://js.stripe.com');
      expect(directive(withStripe, 'frame-src')).toContain('https://js.stripe.com');
      expect(directive(withStripe, 'frame-src')).toContain('https://hooks.stripe.com');
      expect(directive(withStripe, 'connect-src')).toContain('https://api.stripe.com');
      expect(withStripe).toContain("object-src 'none'");

      const sandbox = String(
        (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(sandbox).not.toContain('stripe.com');
      // Only our own origin (its WebSocket included): never ws:/wss: to any host.
      expect(sandbox).toContain("connect-src 'self';");
    });
  });

  it('serves source maps outside production only', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'bid-web-'));
    writeFileSync(path.join(distDir, 'index.html'), '<html><head><!--app-config--></head><body></body></html>');
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'index-abc.js'), 'console.log(1);');
    writeFileSync(path.join(distDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const fetchBoth = async (env: Record<string, string>) => {
      const webApp = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, WEB_DIST_DIR: distDir, ...env }),
        database: testDb.database,
        runJobs: false,
      });
      try {
        const script = await webApp.inject({ method: 'GET', url: '/assets/index-abc.js' });
        const map = await webApp.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
        return { script: script.statusCode, map: map.statusCode, mapBody: map.body };
      } finally {
        await webApp.close();
      }
    };
    try {
      expect(await fetchBoth({})).toMatchObject({ script: 200, map: 200 });
      const inProduction = await fetchBoth(PRODUCTION_TEST_ENV);
      expect(inProduction).toMatchObject({ script: 200, map: 404 });
      expect(inProduction.mapBody).not.toContain('secret.ts');
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('tells the web app which provider saves cards (index.html app config)', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'bid-web-'));
    writeFileSync(path.join(distDir, 'index.html'), '<html><head><!--app-config--></head><body></body></html>');
    const configOf = async (env: Record<string, string>) => {
      const webApp = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, WEB_DIST_DIR: distDir, ...env }),
        database: testDb.database,
        runJobs: false,
      });
      try {
        const html = (await webApp.inject({ method: 'GET', url: '/' })).body;
        const content = /<meta name="app-config" content="([^"]*)">/.exec(html)?.[1] ?? '';
        return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { payments: unknown };
      } finally {
        await webApp.close();
      }
    };
    try {
      expect((await configOf({})).payments).toEqual({ provider: 'sandbox' });
      expect((await configOf(STRIPE_OFFLINE_ENV)).payments).toEqual({
        provider: 'stripe',
        publishableKey: 'pk_test_offline',
      });
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

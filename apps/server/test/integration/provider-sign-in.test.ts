import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, oauthTransactions, userIdentities, users } from '../../src/db/schema/index.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorldWith } from '../support/world.js';

/**
 * Provider sign-in end to end (docs/sign-in-providers.md): a real OpenID Connect provider
 * (oidc-provider) listens on loopback and plays Google and Apple; the browser's part is
 * played by fetch with manual redirects and a cookie jar, and app.inject.
 */

const CLIENT_ID = 'bid-test-client';
const CLIENT_SECRET = 'bid-test-client-secret-0123456789abcdef';
const BINDING_COOKIE = 'oauth_binding';
/** A deployment behind https, where cookie attributes change. */
const HTTPS_PUBLIC_URL = 'https://bid.example.com';
const APP_ORIGINS = new Set([TEST_PUBLIC_URL, HTTPS_PUBLIC_URL]);

interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** The provider's people, by login (which is also their subject). */
const accounts = new Map<string, TestAccount>();

interface IdentityProvider {
  issuer: string;
  close(): Promise<void>;
}

// oidc-provider ships no type definitions; only this much of it is used.
type OidcProviderClass = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => {
  callback(): RequestListener;
  Grant: new (values: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
};
interface InteractionContext {
  oidc: {
    provider: InstanceType<OidcProviderClass>;
    client: { clientId: string };
    session: { accountId: string };
  };
}

async function startIdentityProvider(): Promise<IdentityProvider> {
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: OidcProviderClass };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [TEST_PUBLIC_URL, HTTPS_PUBLIC_URL].flatMap((origin) => [
          `${origin}/api/callback/google`,
          `${origin}/api/callback/apple`,
        ]),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-cookie-signing-key'] },
    // Explicit lifetimes keep the provider from printing a notice for each default it uses.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      name: ['given_name', 'family_name'],
    },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...accounts.get(id) }),
    }),
    // Consent is granted without a screen, so the dev login form is the only interaction.
    loadExistingGrant: async (ctx: InteractionContext) => {
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session.accountId,
        clientId: ctx.oidc.client.clientId,
      });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

type ProviderAnswer = { mode: 'query'; callbackUrl: URL } | { mode: 'form_post'; action: URL; fields: URLSearchParams };

/**
 * Plays the browser at the provider: follows redirects, keeps its cookies, fills in the dev
 * login form, and stops at the answer addressed to the app (a redirect or a form post).
 */
async function authorizeAtProvider(authorizationUrl: string, login: string): Promise<ProviderAnswer> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 10; step++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (APP_ORIGINS.has(url.origin)) return { mode: 'query', callbackUrl: url };
      init = {};
      continue;
    }
    const html = await res.text();
    if (html.includes('name="prompt" value="login"')) {
      url = new URL(/action="([^"]+)"/.exec(html)![1]!, url);
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      };
      continue;
    }
    const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (formAction && APP_ORIGINS.has(new URL(formAction).origin)) {
      const fields = new URLSearchParams();
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
        fields.append(name!, value!);
      }
      return { mode: 'form_post', action: new URL(formAction), fields };
    }
    throw new Error(`unexpected answer from the provider: ${res.status} ${html.slice(0, 300)}`);
  }
  throw new Error('too many redirects at the provider');
}

const cookieValue = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;

/** A person at the provider; a fresh subject per test keeps the tests independent. */
function newAccount(account: TestAccount = {}): string {
  const login = `person-${randomUUID()}`;
  accounts.set(login, account);
  return login;
}

/** The app's settings for Google and Apple at `issuer`. */
const providerEnv = (issuer: string) => ({
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  GOOGLE_ISSUER: issuer,
  APPLE_CLIENT_ID: CLIENT_ID,
  APPLE_CLIENT_SECRET: CLIENT_SECRET,
  APPLE_ISSUER: issuer,
});

describe.each(testDatabaseFactories())('provider sign-in on $kind', (factory) => {
  const world = suiteWorldWith(
    factory,
    { start: startIdentityProvider, stop: (provider) => provider.close() },
    (provider) => ({
      env: { PUBLIC_URL: TEST_PUBLIC_URL, ...providerEnv(provider.issuer) },
      appOptions: {
        configure(instance) {
          instance.post('/api/test/json-only', async () => ({ ok: true }));
        },
      },
    }),
  );
  let identityProvider: IdentityProvider;
  beforeAll(() => {
    identityProvider = world.service;
  });

  /** GET /api/login, as the browser would, with whatever cookies it already holds. */
  async function startSignIn(provider: string, cookies: Record<string, string> = {}) {
    const res = await world.app.inject({ method: 'GET', url: `/api/login?provider=${provider}`, cookies });
    expect(res.statusCode).toBe(302);
    const binding = cookieValue(res, BINDING_COOKIE);
    expect(binding).toBeDefined();
    return { location: res.headers.location as string, binding: binding!, res };
  }

  /** The whole Google-style round trip; returns the app's answer to the callback. */
  async function signInWithGoogle(login: string, cookies: Record<string, string> = {}) {
    const started = await startSignIn('google', cookies);
    const answer = await authorizeAtProvider(started.location, login);
    if (answer.mode !== 'query') throw new Error('google answers by redirect');
    const callbackPath = `${answer.callbackUrl.pathname}${answer.callbackUrl.search}`;
    const callback = await world.app.inject({
      method: 'GET',
      url: callbackPath,
      cookies: { ...cookies, [BINDING_COOKIE]: started.binding },
    });
    return { callback, callbackPath, binding: started.binding };
  }

  async function currentUser(sessionCookie: string | undefined) {
    const res = await world.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: sessionCookie ? { [SESSION_COOKIE]: sessionCookie } : {},
    });
    return res.statusCode === 200 ? res.json<{ id: string; email: string | null; firstName: string | null }>() : null;
  }

  const countTransactions = async (provider: string) =>
    (await world.db.select().from(oauthTransactions).where(eq(oauthTransactions.provider, provider))).length;

  const identitiesOf = (provider: string, subject: string) =>
    world.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, subject))
      .then((rows) => rows.filter((row) => row.provider === provider));

  it('signs a new person up through the provider and keeps them signed in', async () => {
    const login = newAccount({
      email: 'Ada.Lovelace@Example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    const started = await startSignIn('google');
    const authorizeUrl = new URL(started.location);
    expect(authorizeUrl.origin).toBe(identityProvider.issuer);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `${TEST_PUBLIC_URL}/api/callback/google`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      response_type: 'code',
    });
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    const setCookie = [started.res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${BINDING_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/callback/);

    const { callback } = await signInWithGoogle(login);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const user = await currentUser(cookieValue(callback, SESSION_COOKIE));
    expect(user).toMatchObject({ email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const identities = await identitiesOf('google', login);
    expect(identities).toHaveLength(1);
    expect(identities[0]!.userId).toBe(user!.id);
    const audit = await world.db.select().from(auditLogs).where(eq(auditLogs.userId, user!.id));
    expect(audit.map((row) => [row.action, row.outcome, (row.details as { method?: string }).method])).toEqual([
      ['login', 'success', 'google'],
    ]);
  });

  it('signs the same subject into the same account the second time', async () => {
    const login = newAccount({ email: 'grace@example.com', email_verified: true, given_name: 'Grace' });
    const first = await signInWithGoogle(login);
    const second = await signInWithGoogle(login);
    expect(second.callback.headers.location).toBe('/');
    const firstUser = await currentUser(cookieValue(first.callback, SESSION_COOKIE));
    const secondUser = await currentUser(cookieValue(second.callback, SESSION_COOKIE));
    expect(secondUser!.id).toBe(firstUser!.id);
    expect(await identitiesOf('google', login)).toHaveLength(1);
    expect(await world.db.select().from(users).where(eq(users.email, 'grace@example.com'))).toHaveLength(1);
  });

  it('refuses a suspended member, back to the sign-in screen with account_suspended (docs/trust-and-safety.md)', async () => {
    const login = newAccount({ email: 'suspended.sam@example.com', email_verified: true, given_name: 'Sam' });
    const first = await signInWithGoogle(login);
    const user = await currentUser(cookieValue(first.callback, SESSION_COOKIE));
    await world.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user!.id));
    const { callback } = await signInWithGoogle(login);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=account_suspended');
    expect(cookieValue(callback, SESSION_COOKIE)).toBeUndefined();
  });

  it('does not store an e-mail the provider has not verified', async () => {
    const login = newAccount({ email: 'unverified@example.com', email_verified: false });
    const { callback } = await signInWithGoogle(login);
    expect(callback.headers.location).toBe('/');
    expect(await currentUser(cookieValue(callback, SESSION_COOKIE))).toMatchObject({ email: null });
  });

  it('refuses a tampered state without a session', async () => {
    const login = newAccount();
    const started = await startSignIn('google');
    const answer = await authorizeAtProvider(started.location, login);
    if (answer.mode !== 'query') throw new Error('google answers by redirect');
    answer.callbackUrl.searchParams.set('state', `${answer.callbackUrl.searchParams.get('state')}x`);
    const res = await world.app.inject({
      method: 'GET',
      url: `${answer.callbackUrl.pathname}${answer.callbackUrl.search}`,
      cookies: { [BINDING_COOKIE]: started.binding },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=provider_failed');
    expect(cookieValue(res, SESSION_COOKIE)).toBeUndefined();
    expect(await identitiesOf('google', login)).toHaveLength(0);
    const failures = await world.db.select().from(auditLogs).where(eq(auditLogs.outcome, 'failure'));
    expect(failures.length).toBeGreaterThan(0);
  });

  it('uses a state once: replaying the callback is refused', async () => {
    const login = newAccount();
    const { callback, callbackPath, binding } = await signInWithGoogle(login);
    expect(callback.headers.location).toBe('/');
    const replay = await world.app.inject({ method: 'GET', url: callbackPath, cookies: { [BINDING_COOKIE]: binding } });
    expect(replay.headers.location).toBe('/login?error=provider_failed');
    expect(cookieValue(replay, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the sign-in', async () => {
    const login = newAccount();
    const started = await startSignIn('google');
    const answer = await authorizeAtProvider(started.location, login);
    if (answer.mode !== 'query') throw new Error('google answers by redirect');
    const url = `${answer.callbackUrl.pathname}${answer.callbackUrl.search}`;
    const withoutCookie = await world.app.inject({ method: 'GET', url });
    expect(withoutCookie.headers.location).toBe('/login?error=provider_failed');
    expect(cookieValue(withoutCookie, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an expired sign-in', async () => {
    const login = newAccount();
    const started = await startSignIn('google');
    const state = new URL(started.location).searchParams.get('state')!;
    await world.db
      .update(oauthTransactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTransactions.state, state));
    const answer = await authorizeAtProvider(started.location, login);
    if (answer.mode !== 'query') throw new Error('google answers by redirect');
    const res = await world.app.inject({
      method: 'GET',
      url: `${answer.callbackUrl.pathname}${answer.callbackUrl.search}`,
      cookies: { [BINDING_COOKIE]: started.binding },
    });
    expect(res.headers.location).toBe('/login?error=provider_failed');
  });

  it('turns a provider error into provider_failed', async () => {
    const started = await startSignIn('google');
    const state = new URL(started.location).searchParams.get('state')!;
    const res = await world.app.inject({
      method: 'GET',
      url: `/api/callback/google?${new URLSearchParams({ error: 'access_denied', state }).toString()}`,
      cookies: { [BINDING_COOKIE]: started.binding },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=provider_failed');
  });

  it('does not take over an existing account by e-mail', async () => {
    await world.db.insert(users).values({ email: 'owner@example.com', firstName: 'Owner' });
    const login = newAccount({ email: 'OWNER@example.com', email_verified: true });
    const { callback } = await signInWithGoogle(login);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=account_exists');
    expect(cookieValue(callback, SESSION_COOKIE)).toBeUndefined();
    expect(await identitiesOf('google', login)).toHaveLength(0);
  });

  it('links a new identity to the signed-in user', async () => {
    const first = newAccount({ email: 'linker@example.com', email_verified: true, given_name: 'Lin' });
    const signedIn = await signInWithGoogle(first);
    const session = cookieValue(signedIn.callback, SESSION_COOKIE)!;
    const owner = await currentUser(session);

    // A second identity whose verified e-mail is the account's own: linking is allowed while signed in.
    const second = newAccount({ email: 'linker@example.com', email_verified: true });
    const linked = await signInWithGoogle(second, { [SESSION_COOKIE]: session });
    expect(linked.callback.headers.location).toBe('/');
    const newSession = cookieValue(linked.callback, SESSION_COOKIE);
    expect(newSession).toBeDefined();
    expect(newSession).not.toBe(session);
    expect((await currentUser(newSession))!.id).toBe(owner!.id);
    expect((await identitiesOf('google', second))[0]!.userId).toBe(owner!.id);
  });

  it('sends unknown, unconfigured and missing providers back to the sign-in screen', async () => {
    const unconfigured = await world.app.inject({ method: 'GET', url: '/api/login?provider=replit' });
    expect(unconfigured.statusCode).toBe(302);
    expect(unconfigured.headers.location).toBe('/login?error=provider_unavailable');
    const unknown = await world.app.inject({ method: 'GET', url: '/api/login?provider=myspace' });
    expect(unknown.headers.location).toBe('/login?error=provider_unknown');
    const none = await world.app.inject({ method: 'GET', url: '/api/login' });
    expect(none.headers.location).toBe('/login');
    const callback = await world.app.inject({ method: 'GET', url: '/api/callback/replit?code=x&state=y' });
    expect(callback.headers.location).toBe('/login?error=provider_failed');
  });

  it("takes Apple's cross-site form POST, and only that route takes a form", async () => {
    const login = newAccount({ email: 'apple.person@example.com', email_verified: true });
    const started = await startSignIn('apple');
    const authorizeUrl = new URL(started.location);
    expect(authorizeUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email name');
    const answer = await authorizeAtProvider(started.location, login);
    if (answer.mode !== 'form_post') throw new Error('apple answers by form post');
    expect(answer.action.href).toBe(`${TEST_PUBLIC_URL}/api/callback/apple`);
    answer.fields.set('user', JSON.stringify({ name: { firstName: 'Appleseed', lastName: 'Johnny' } }));

    // Over http the binding cookie is SameSite=Lax, so the browser leaves it (and the session) behind.
    const res = await world.app.inject({
      method: 'POST',
      url: answer.action.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: identityProvider.issuer,
      },
      payload: answer.fields.toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const user = await currentUser(cookieValue(res, SESSION_COOKIE));
    expect(user).toMatchObject({ email: 'apple.person@example.com', firstName: 'Appleseed' });
    expect(await identitiesOf('apple', login)).toHaveLength(1);

    const elsewhere = await world.app.inject({
      method: 'POST',
      url: '/api/test/json-only',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it("behind https, binds Apple's cross-site POST with a SameSite=None cookie that also says who is linking", async () => {
    const httpsApp = await world.openAnotherApp({ PUBLIC_URL: HTTPS_PUBLIC_URL });
    const crossSitePost = (action: URL, fields: URLSearchParams, cookies: Record<string, string>) =>
      httpsApp.inject({
        method: 'POST',
        url: action.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        cookies,
        payload: fields.toString(),
      });
    const startApple = async (cookies: Record<string, string>) => {
      const res = await httpsApp.inject({ method: 'GET', url: '/api/login?provider=apple', cookies });
      const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${BINDING_COOKIE}=`));
      expect(setCookie).toMatch(/SameSite=None/i);
      expect(setCookie).toMatch(/Secure/i);
      expect(setCookie).toMatch(/HttpOnly/i);
      const location = new URL(res.headers.location as string);
      expect(location.searchParams.get('redirect_uri')).toBe(`${HTTPS_PUBLIC_URL}/api/callback/apple`);
      return { location, binding: cookieValue(res, BINDING_COOKIE)! };
    };
    // Signed in through Google first...
    const googleLogin = newAccount({ email: 'secure.owner@example.com', email_verified: true });
    const google = await httpsApp.inject({ method: 'GET', url: '/api/login?provider=google' });
    const googleAnswer = await authorizeAtProvider(google.headers.location as string, googleLogin);
    if (googleAnswer.mode !== 'query') throw new Error('google answers by redirect');
    const signedIn = await httpsApp.inject({
      method: 'GET',
      url: `${googleAnswer.callbackUrl.pathname}${googleAnswer.callbackUrl.search}`,
      cookies: { [BINDING_COOKIE]: cookieValue(google, BINDING_COOKIE)! },
    });
    const session = cookieValue(signedIn, SESSION_COOKIE)!;
    const owner = await httpsApp.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: session },
    });

    // ...a POST without the binding cookie is refused: over https the browser would have sent it.
    const appleLogin = newAccount({ email: 'secure.owner@privaterelay.example.com', email_verified: true });
    const unbound = await startApple({ [SESSION_COOKIE]: session });
    const unboundAnswer = await authorizeAtProvider(unbound.location.href, appleLogin);
    if (unboundAnswer.mode !== 'form_post') throw new Error('apple answers by form post');
    const refused = await crossSitePost(unboundAnswer.action, unboundAnswer.fields, {});
    expect(refused.headers.location).toBe('/login?error=provider_failed');

    // With it, and without the Lax session cookie the browser withholds, Apple is linked to the owner.
    const bound = await startApple({ [SESSION_COOKIE]: session });
    const boundAnswer = await authorizeAtProvider(bound.location.href, appleLogin);
    if (boundAnswer.mode !== 'form_post') throw new Error('apple answers by form post');
    const linked = await crossSitePost(boundAnswer.action, boundAnswer.fields, { [BINDING_COOKIE]: bound.binding });
    expect(linked.statusCode).toBe(303);
    expect(linked.headers.location).toBe('/');
    expect((await identitiesOf('apple', appleLogin))[0]!.userId).toBe(owner.json<{ id: string }>().id);
  });

  it('boots without reaching the provider and answers provider_failed while it is down', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadIssuer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const app = await world.openAnotherApp(providerEnv(deadIssuer));
    const transactionsBefore = await countTransactions('google');
    const res = await app.inject({ method: 'GET', url: '/api/login?provider=google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=provider_failed');
    expect(await countTransactions('google')).toBe(transactionsBefore);
  });
});

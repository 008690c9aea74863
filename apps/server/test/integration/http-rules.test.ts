import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest } from '../../src/lib/errors.js';
import { requireSignedIn, signedInUserId } from '../../src/plugins/auth.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorld } from '../support/world.js';
import { users } from '../../src/db/schema/index.js';

/**
 * Rules every route shares (docs/engineering.md §3, §5), exercised through probe routes registered on
 * the real app: validation messages, content types, body size, cross-site refusal,
 * safe 500s, and the session cookie.
 */
describe.each(testDatabaseFactories())('HTTP rules on $kind', (factory) => {
  let userId: string;
  const world = suiteWorld(factory, {
    appOptions: {
      configure(instance) {
        const r = instance.withTypeProvider<ZodTypeProvider>();
        r.post(
          '/api/test/echo',
          { schema: { body: z.object({ firstName: z.string().min(1, 'First name is required') }) } },
          async (request) => ({ received: request.body.firstName }),
        );
        r.post('/api/test/no-body', async () => ({ ok: true }));
        r.post('/api/test/app-error', async () => {
          throw badRequest('Bid must be at least 51', 'amount');
        });
        // Errors shaped as node-postgres raises them, bare or wrapped by Drizzle (`cause`).
        r.get('/api/test/database-error', async (request) => {
          const { code, message, wrapped } = request.query as { code?: string; message: string; wrapped?: string };
          const raw = Object.assign(new Error(message), code ? { code } : {});
          throw wrapped ? new Error('Failed query: select 1', { cause: raw }) : raw;
        });
        r.get('/api/test/crash', async () => {
          throw new Error('connection string postgres://secret@db leaked?');
        });
        r.post('/api/test/sign-in', async (request, reply) => {
          await instance.sessions.signIn(request, reply, userId);
          return { ok: true };
        });
        r.get('/api/test/whoami', { preValidation: requireSignedIn }, async (request) => ({
          userId: signedInUserId(request),
        }));
      },
    },
  });

  beforeAll(async () => {
    const [user] = await world.db
      .insert(users)
      .values({ email: 'probe@example.com', firstName: 'Pat', lastName: 'Probe', sex: 'male' })
      .returning();
    userId = user!.id;
  });

  const json = { 'content-type': 'application/json' };

  it('answers a validation error with 400 and the contract message', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: json,
      payload: { firstName: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'First name is required',
      code: 'validation',
      field: 'firstName',
      requestId: expect.any(String),
    });
  });

  it('answers an AppError with its status, message and field', async () => {
    const res = await world.app.inject({ method: 'POST', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Bid must be at least 51',
      code: 'bad_request',
      field: 'amount',
      requestId: expect.any(String),
    });
  });

  it('accepts a state change with no body and no content type', async () => {
    const res = await world.app.inject({ method: 'POST', url: '/api/test/no-body' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'firstName=x'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s body with 415', async (contentType, payload) => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: json,
      payload: '{"firstName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: json,
      payload: JSON.stringify({ firstName: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses state changes the browser marks cross-site, or from a foreign Origin', async () => {
    const crossSite = await world.app.inject({
      method: 'POST',
      url: '/api/test/no-body',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await world.app.inject({
      method: 'POST',
      url: '/api/test/no-body',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const ours = await world.app.inject({
      method: 'POST',
      url: '/api/test/no-body',
      headers: { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(ours.statusCode).toBe(200);
  });

  it('lets cross-site GETs through (they change nothing)', async () => {
    const res = await world.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unexpected failure with a 500 that leaks nothing', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal',
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('postgres');
  });

  it.each([
    [
      'an administrator shutdown (57P01)',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['a server starting up (57P03)', { code: '57P03', message: 'the database system is starting up' }],
    ['a refused connection', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['a dropped connection, wrapped by Drizzle', { message: 'Connection terminated unexpectedly', wrapped: '1' }],
  ])('answers %s with a 503 to retry, leaking nothing', async (_name, query) => {
    const res = await world.app.inject({ method: 'GET', url: '/api/test/database-error', query });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      message: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
      requestId: expect.any(String),
    });
  });

  it('answers a value the database refuses (NUL, out of range) with a 400, bare or wrapped', async () => {
    for (const wrapped of ['', '1']) {
      const res = await world.app.inject({
        method: 'GET',
        url: '/api/test/database-error',
        query: { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00', wrapped },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(res.body).not.toContain('0x00');
    }
  });

  it('keeps other database errors a 500 that leaks nothing', async () => {
    const res = await world.app.inject({
      method: 'GET',
      url: '/api/test/database-error',
      query: { code: '42P01', message: 'relation "secret_table" does not exist' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret_table');
  });

  it('issues an HttpOnly, SameSite=Lax, signed session cookie and rotates it at sign-in', async () => {
    const first = await world.app.inject({ method: 'POST', url: '/api/test/sign-in' });
    const cookie = first.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Over plain http in tests the cookie is not Secure; behind https it is (see secureCookies).
    expect(cookie?.secure).toBeFalsy();

    const me = await world.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: cookie!.value },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: userId, firstName: 'Pat', gender: 'male', sex: 'male' });
    expect(me.body).not.toContain('password');

    const second = await world.app.inject({
      method: 'POST',
      url: '/api/test/sign-in',
      cookies: { [SESSION_COOKIE]: cookie!.value },
    });
    const rotated = second.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(rotated?.value).not.toBe(cookie?.value);
    const old = await world.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      cookies: { [SESSION_COOKIE]: cookie!.value },
    });
    expect(old.statusCode).toBe(401);
  });

  it('ignores a forged cookie value', async () => {
    const res = await world.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      cookies: { [SESSION_COOKIE]: 'forged.value' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a cookie whose session id was swapped, after the genuine cookie was accepted (the checked signatures are remembered per value)', async () => {
    const signIn = await world.app.inject({ method: 'POST', url: '/api/test/sign-in' });
    const value = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const genuine = await world.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      cookies: { [SESSION_COOKIE]: value },
    });
    expect(genuine.statusCode).toBe(200);
    // The same signature on another session id, and the same id with a broken signature.
    const signature = value.slice(value.lastIndexOf('.'));
    const swapped = await world.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      cookies: { [SESSION_COOKIE]: `someone-elses-session${signature}` },
    });
    expect(swapped.statusCode).toBe(401);
    const broken = await world.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      cookies: { [SESSION_COOKIE]: `${value.slice(0, value.lastIndexOf('.'))}.AAAA` },
    });
    expect(broken.statusCode).toBe(401);
    const again = await world.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      cookies: { [SESSION_COOKIE]: value },
    });
    expect(again.statusCode).toBe(200);
  });

  it('ends the session at logout: the replayed cookie is dead', async () => {
    const signIn = await world.app.inject({ method: 'POST', url: '/api/test/sign-in' });
    const value = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const logout = await world.app.inject({
      method: 'GET',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: value },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    const replay = await world.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: value },
    });
    expect(replay.statusCode).toBe(401);
  });

  it.each([{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}])(
    'a GET /api/logout that is not a same-origin navigation (%j) ends nothing and offers a button that POSTs',
    async (headers) => {
      const signIn = await world.app.inject({ method: 'POST', url: '/api/test/sign-in' });
      const value = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      const page = await world.app.inject({
        method: 'GET',
        url: '/api/logout',
        cookies: { [SESSION_COOKIE]: value },
        headers,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<form method="post" action="/api/logout"><button type="submit">Sign out</button>');
      const stillIn = await world.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        cookies: { [SESSION_COOKIE]: value },
      });
      expect(stillIn.statusCode).toBe(200);

      // The page's form: same origin, an empty url-encoded body.
      const posted = await world.app.inject({
        method: 'POST',
        url: '/api/logout',
        cookies: { [SESSION_COOKIE]: value },
        headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe('/');
      const replay = await world.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        cookies: { [SESSION_COOKIE]: value },
      });
      expect(replay.statusCode).toBe(401);
    },
  );

  it('refuses a cross-site POST /api/logout', async () => {
    const signIn = await world.app.inject({ method: 'POST', url: '/api/test/sign-in' });
    const value = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const posted = await world.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: value },
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(403);
    const stillIn = await world.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: value },
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('sends /api/login without a provider to the sign-in screen, and an unconfigured provider back with a message', async () => {
    const bare = await world.app.inject({ method: 'GET', url: '/api/login' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/login');
    const google = await world.app.inject({ method: 'GET', url: '/api/login?provider=google' });
    expect(google.headers.location).toBe('/login?error=provider_unavailable');
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@bid/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import {
  createStripeIdentityPartner,
  signStripePayload,
} from '../../src/modules/identity/providers/stripe-identity.js';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app.js';
import { insertAuction } from '../support/auctions.js';
import { installChangeLog, type ChangeLog, type RowChange } from '../support/change-log.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { makePng } from '../support/images.js';
import { signInByEmail, withSession } from '../support/session.js';

/**
 * docs/engineering.md §5 request guards, checked on every state-changing route the app registers (generated
 * from `app.registeredRoutes`, so a new route is covered the day it is added): a non-JSON body
 * is a 415, a body over the 64 KiB limit is a 413, and a cross-site request is a 403, each
 * without a single committed row change. http-rules.test.ts checks the same rules on probe
 * routes; this file checks that no real route escapes them.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_MESSAGE = 'Requests with a body must send it as JSON (Content-Type: application/json).';
const TOO_LARGE_MESSAGE = 'The request body is too large.';
const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';
/** app.ts BODY_LIMIT_BYTES is 64 KiB; this body is a little over it. */
const OVERSIZED_JSON = JSON.stringify({ title: 'x'.repeat(64 * 1024 + 100) });
const MULTIPART_BOUNDARY = 'guard-boundary';

type Guard = 'text/plain' | 'form' | 'multipart' | 'xml' | 'oversized' | 'cross-site' | 'foreign-origin';

/** The non-JSON bodies a browser form, a script or a confused client could send. */
const NON_JSON_BODIES: Record<Extract<Guard, 'text/plain' | 'form' | 'multipart' | 'xml'>, [string, string]> = {
  'text/plain': ['text/plain', '{"title":"smuggled as text"}'],
  form: ['application/x-www-form-urlencoded', 'title=x&amount=100'],
  multipart: [
    `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--${MULTIPART_BOUNDARY}--\r\n`,
  ],
  xml: ['application/xml', '<auction><title>x</title></auction>'],
};

/**
 * The routes that are explicitly let off a guard, and why. Anything not listed here gets every
 * guard; a route listed for a guard it does in fact obey is fine, but a route that takes
 * cross-site requests without being listed here fails the test below.
 */
const EXCEPTIONS: Record<string, { guards: readonly Guard[]; why: string }> = {
  'POST /api/callback/:provider': {
    guards: ['form', 'cross-site', 'foreign-origin'],
    why:
      'Sign in with Apple posts its answer (response_mode=form_post) from appleid.apple.com: a cross-site form ' +
      'POST is the protocol. The route checks the signed state and the browser-binding cookie instead; ' +
      'see "refuses a provider callback without a valid state" below.',
  },
  'POST /api/notification-preferences/unsubscribe': {
    guards: ['form', 'multipart', 'cross-site', 'foreign-origin'],
    why:
      'RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form from their own ' +
      'servers, with no cookie. The signed token in the URL is the only key, and it can only turn off one kind ' +
      'of e-mail for the member it names; see "refuses an unsubscribe POST without a valid token" below.',
  },
  'POST /api/logout': {
    guards: ['form'],
    why:
      'The sign-out page that a cross-site GET /api/logout shows has a plain HTML form (no script), which ' +
      'posts an empty url-encoded body; same-origin only, like every other route (http-rules.test.ts).',
  },
  'PUT /api/objects/uploads/:grantId': {
    guards: ['text/plain', 'form', 'multipart', 'xml', 'oversized'],
    why:
      'The local stand-in for a presigned S3 URL takes the image bytes themselves (image/*, up to 5 MB) and ' +
      'checks the signed URL before reading a byte; its own parser is tested below with a real signed URL.',
  },
};

/** Values for path parameters: real rows where the world has them, well-formed ids otherwise. */
interface World {
  auctionId: string;
  otherMemberId: string;
}
function paramValue(name: string, world: World): string {
  switch (name) {
    case 'id':
      // An auction of the signed-in member: the most damaging target for most `:id` routes.
      return world.auctionId;
    case 'userId':
      return world.otherMemberId;
    case 'provider':
      return 'google';
    case 'grantId':
    case 'photoId':
      return randomUUID();
    case 'token':
      return randomBytes(24).toString('base64url');
    default:
      throw new Error(`request-guards.test.ts has no value for the path parameter ":${name}": add one`);
  }
}
function concreteUrl(url: string, world: World): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => paramValue(name, world));
}

const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
const isExempt = (route: RegisteredRoute, guard: Guard) => EXCEPTIONS[routeKey(route)]?.guards.includes(guard) ?? false;

interface GuardRequest {
  headers: Record<string, string>;
  payload: string;
}
function nonJsonRequest(kind: keyof typeof NON_JSON_BODIES): GuardRequest {
  const [contentType, payload] = NON_JSON_BODIES[kind];
  return { headers: { 'content-type': contentType }, payload };
}

/** What each guard sends and what it must get back. */
const GUARD_REQUESTS: Record<Guard, GuardRequest> = {
  'text/plain': nonJsonRequest('text/plain'),
  form: nonJsonRequest('form'),
  multipart: nonJsonRequest('multipart'),
  xml: nonJsonRequest('xml'),
  oversized: { headers: { 'content-type': 'application/json' }, payload: OVERSIZED_JSON },
  // A valid JSON body, so only the cross-site signal can be what refuses it.
  'cross-site': { headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, payload: '{}' },
  'foreign-origin': { headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, payload: '{}' },
};
const EXPECTED: Record<Guard, { status: number; message: string }> = {
  'text/plain': { status: 415, message: JSON_MESSAGE },
  form: { status: 415, message: JSON_MESSAGE },
  multipart: { status: 415, message: JSON_MESSAGE },
  xml: { status: 415, message: JSON_MESSAGE },
  oversized: { status: 413, message: TOO_LARGE_MESSAGE },
  'cross-site': { status: 403, message: CROSS_SITE_MESSAGE },
  'foreign-origin': { status: 403, message: CROSS_SITE_MESSAGE },
};

interface Offence {
  route: string;
  status: number;
  body: string;
  changes: RowChange[];
}

describe.each(testDatabaseFactories())('request guards on every route on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let cookie: string;
  let world: World;
  let changeLog: ChangeLog;
  let stateChanging: RegisteredRoute[];

  beforeAll(async () => {
    testDb = await factory.open();
    dataDir = await mkdtemp(path.join(tmpdir(), 'bid-guards-'));
    const memberEmail = `guard.${randomUUID()}@example.com`;
    // A moderator as well, so that no moderation route refuses on the role before the guard is reached.
    app = await createTestApp(testDb.database, { DATA_DIR: dataDir, MODERATOR_EMAILS: memberEmail });
    const member = await signInByEmail(app, memberEmail);
    const other = await signInByEmail(app, `other.${randomUUID()}@example.com`);
    cookie = member.cookie;
    const auctionId = await insertAuction(testDb.database.db, {
      creatorId: member.body.user.id,
      endTime: new Date(Date.now() + 86_400_000),
    });
    world = { auctionId, otherMemberId: other.body.user.id };
    changeLog = await installChangeLog(testDb.database);
    stateChanging = app.registeredRoutes.filter((r) => STATE_CHANGING.has(r.method) && !r.websocket);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Sends one request as the signed-in member and returns it with the rows it changed. */
  async function sendAndWatch(options: InjectOptions): Promise<{ res: LightMyRequestResponse; changes: RowChange[] }> {
    const mark = await changeLog.mark();
    const res = await app.inject({ ...options, cookies: withSession(cookie) });
    return { res, changes: await changeLog.changesSince(mark) };
  }

  it('walks the real route list: every state-changing route is here, every exception is a real route', () => {
    // 78 routes today, 45 of them state-changing; a sudden drop would mean the list stopped recording.
    expect(app.registeredRoutes.length).toBeGreaterThanOrEqual(78);
    expect(stateChanging.length).toBeGreaterThanOrEqual(45);
    const keys = new Set(stateChanging.map(routeKey));
    for (const exempt of Object.keys(EXCEPTIONS)) expect(keys, `${exempt} is no longer a route`).toContain(exempt);
    // Taking cross-site requests must be a decision written down above, never a silent flag.
    const crossSite = stateChanging.filter((r) => r.allowCrossSite).map(routeKey);
    expect(crossSite).toEqual(
      Object.entries(EXCEPTIONS)
        .filter(([, e]) => e.guards.includes('cross-site'))
        .map(([key]) => key),
    );
  });

  it.each(Object.keys(EXPECTED) as Guard[])(
    'refuses %s on every state-changing route, changing nothing',
    async (guard) => {
      const { status, message } = EXPECTED[guard];
      const request = GUARD_REQUESTS[guard];
      const offences: Offence[] = [];
      let checked = 0;
      for (const route of stateChanging) {
        if (isExempt(route, guard)) continue;
        const url = concreteUrl(route.url, world);
        const { res, changes } = await sendAndWatch({
          method: route.method,
          url,
          headers: request.headers,
          payload: request.payload,
        });
        checked += 1;
        const answer = safeJson(res.body);
        if (res.statusCode !== status || answer?.message !== message || changes.length > 0) {
          offences.push({
            route: `${route.method} ${url}`,
            status: res.statusCode,
            body: res.body.slice(0, 200),
            changes,
          });
        }
      }
      // Every offender at once, with what it answered and what it wrote.
      expect(offences).toEqual([]);
      expect(checked).toBe(stateChanging.filter((r) => !isExempt(r, guard)).length);
    },
  );

  it('has the identity webhook (Stripe calls it server to server, with no Origin) refuse a bad signature, changing nothing', async () => {
    // Not an exception: Stripe sends no browser headers, so the cross-site guard never stands in its way
    // and is checked on it above. Here, with Stripe Identity configured, the signature check itself.
    const secret = 'whsec_request_guards';
    const stripeApp = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: TEST_PUBLIC_URL,
        DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: 'sk_test_guards',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_guards',
        STRIPE_IDENTITY_WEBHOOK_SECRET: secret,
      }),
      database: testDb.database,
      serveWeb: false,
      runJobs: false,
      // Never reached: a webhook is checked locally. Port 9 (discard) would refuse a call anyway.
      identityPartner: createStripeIdentityPartner({
        secretKey: 'sk_test_guards',
        webhookSecret: secret,
        apiBase: 'http://127.0.0.1:9',
      }),
    });
    try {
      await stripeApp.ready();
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'identity.verification_session.verified',
        data: { object: { id: 'vs_forged', metadata: { userId: world.otherMemberId } } },
      });
      const t = Math.floor(Date.now() / 1000);
      for (const signature of [undefined, 'nonsense', signStripePayload(body, 'whsec_someone_else', t)]) {
        const mark = await changeLog.mark();
        const res = await stripeApp.inject({
          method: 'POST',
          url: '/api/identity/webhook',
          headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          payload: body,
        });
        expect(res.statusCode, String(signature)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'bad_signature' });
        expect(await changeLog.changesSince(mark)).toEqual([]);
      }
    } finally {
      await stripeApp.close();
    }
  });

  describe('the explicit exceptions', () => {
    it('refuses a provider callback without a valid state: back to the sign-in screen, no session, nothing changed', async () => {
      for (const headers of [
        { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      ]) {
        const mark = await changeLog.mark();
        // No session and no binding cookie: what an attacker's auto-submitting form would send.
        const res = await app.inject({
          method: 'POST',
          url: '/api/callback/apple',
          headers,
          payload: 'code=forged&state=forged',
        });
        // A browser form POST is answered with a page change, not a JSON 4xx: 303 to /login with a reason.
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toMatch(/^\/login\?error=/);
        expect(res.cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '')).toBeUndefined();
        expect(await changeLog.changesSince(mark)).toEqual([]);
      }
    });

    it('refuses an unsubscribe POST without a valid token, form or cross-site alike, changing nothing', async () => {
      for (const headers of [
        { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://evil.example' },
      ]) {
        for (const token of ['', 'forged.token', randomBytes(24).toString('base64url')]) {
          const mark = await changeLog.mark();
          const res = await app.inject({
            method: 'POST',
            url: `/api/notification-preferences/unsubscribe?token=${token}`,
            headers,
            payload: headers['content-type'].startsWith('multipart') ? '--x--\r\n' : 'List-Unsubscribe=One-Click',
          });
          expect(res.statusCode).toBe(400);
          expect(await changeLog.changesSince(mark)).toEqual([]);
        }
      }
    });

    it('still refuses text/plain, XML and oversized bodies on the unsubscribe link', async () => {
      for (const guard of ['text/plain', 'xml', 'oversized'] as const) {
        const { res, changes } = await sendAndWatch({
          method: 'POST',
          url: '/api/notification-preferences/unsubscribe?token=x',
          ...GUARD_REQUESTS[guard],
        });
        expect(res.statusCode, guard).toBe(EXPECTED[guard].status);
        expect(changes).toEqual([]);
      }
    });

    it('still refuses text/plain, XML and oversized bodies on the provider callback', async () => {
      for (const guard of ['text/plain', 'multipart', 'xml', 'oversized'] as const) {
        const { res, changes } = await sendAndWatch({
          method: 'POST',
          url: '/api/callback/apple',
          ...GUARD_REQUESTS[guard],
        });
        expect(res.statusCode, guard).toBe(EXPECTED[guard].status);
        expect(changes).toEqual([]);
      }
    });

    it('has the upload URL refuse non-image bodies with 415 and bodies over 5 MB with 413, storing nothing', async () => {
      const issued = await app.inject({ method: 'POST', url: '/api/objects/upload', cookies: withSession(cookie) });
      expect(issued.statusCode).toBe(200);
      const { uploadURL } = issued.json<{ uploadURL: string }>();
      const attempts: Array<[string, string | Buffer, number]> = [
        ...Object.values(NON_JSON_BODIES).map(([type, body]): [string, string, number] => [type, body, 415]),
        ['application/json', '{"title":"x"}', 415],
        ['image/png', Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x89), 413],
      ];
      for (const [contentType, payload, status] of attempts) {
        const { res, changes } = await sendAndWatch({
          method: 'PUT',
          url: uploadURL,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, contentType).toBe(status);
        expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
        expect(changes, contentType).toEqual([]);
      }
      expect(await readdir(path.join(dataDir, 'uploads', 'incoming')).catch(() => [])).toEqual([]);
      // The URL was not used up by the refusals: a real picture still goes through.
      const png = await app.inject({
        method: 'PUT',
        url: uploadURL,
        headers: { 'content-type': 'image/png' },
        payload: await makePng(),
        cookies: withSession(cookie),
      });
      expect(png.statusCode).toBe(200);
    });
  });
});

function safeJson(body: string): { message?: unknown } | undefined {
  try {
    return JSON.parse(body) as { message?: unknown };
  } catch {
    return undefined;
  }
}

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path, { dirname } from 'node:path';
import {
  auctionConversationId,
  blockUserSchema,
  createAuctionSchema,
  createReportSchema,
  createSavedSearchSchema,
  deleteAccountSchema,
  editAuctionSchema,
  placeBidSchema,
  PROFILE_IMAGE_SIZE_PX,
  resolveReportSchema,
  sandboxAuthenticateSetupSchema,
  sandboxConfirmSetupSchema,
  sandboxPayoutOnboardingSchema,
  startVerificationBodySchema,
  UPLOAD_MESSAGES,
  verificationDecisionBodySchema,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { signStripePayload } from '../../src/modules/identity/providers/stripe-identity.js';
import { API_REFERENCE_PREFIX } from '../../src/plugins/openapi.js';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';

import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { installChangeLog, type ChangeLog } from '../support/change-log.js';
import { suiteWorldWithStripeIdentity } from '../support/fake-stripe-identity.js';
import { testDatabaseFactories } from '../support/databases.js';
import {
  fieldNamesOf,
  forgedSignature,
  gifWithDeclaredSize,
  hostileImageFile,
  hostileString,
  jpegWithDeclaredSize,
  jsonBody,
  pathSegment,
  pngBomb,
  queryString,
  webhookBody,
  type HostileFile,
  type SampleImages,
} from '../support/fuzz-inputs.js';
import { completeProfile } from '../support/profiles.js';
import { suiteWorld, type World } from '../support/world.js';
import { insertAuction } from '../support/auctions.js';

/**
 * Bad-input fuzzing of every route (docs/reliability.md), generated from the server's own route
 * list so a new route is fuzzed without anyone remembering to: hostile path parameters, query
 * strings and JSON bodies, sent by a member who owns real resources, a moderator, or nobody.
 * For every request: never a 5xx; a 4xx carries a short readable `message` and committed no row
 * change; a 2xx is JSON or empty. The server must still answer afterwards.
 *
 * Runs on every database factory: PGlite and PostgreSQL differ exactly where this suite looks
 * (how a driver reports invalid input such as NUL bytes or out-of-range values), so a crash on
 * one alone is worth finding. The budget is split so the whole file stays around a minute per
 * database; FUZZ_RUNS raises it for a deeper search, FUZZ_SEED replays another sequence, and
 * FUZZ_REPORT=1 prints the per-route table (FUZZ_SUMMARY=<path> writes it as JSON).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 50);
const MODERATOR_EMAIL = 'fuzz-moderator@example.com';
const HOUR = 3_600_000;
/** A rejection message longer than this is a dump, not a sentence a person reads. */
const MAX_MESSAGE_LENGTH = 300;
/** What an internal detail looks like when it leaks into a message. */
const LEAKS = [
  /\n\s+at /, // a stack frame
  /\[object \w+\]/,
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b/i,
  /syntax error|violates|relation "|column "|invalid input syntax|invalid byte sequence|duplicate key/i,
  /node_modules|\.ts:\d+|\.js:\d+/,
  /"code":|"path":\s*\[|"expected":/,
];

/**
 * Rows a refused request may commit, per route. Kept tiny on purpose; each entry says why.
 */
const CHANGES_ALLOWED_ON_REJECTION: Record<string, readonly string[]> = {
  // A wrong code counts as a try on the code (and burns it at the limit) although the request is
  // refused, and against its e-mail and client address: that is the brute-force protection
  // (docs/accounts.md).
  'POST /api/auth/verify-otp': ['email_otps', 'otp_failed_attempts'],
  // A refused sign-in password is recorded against the code limits, so guessing stays limited
  // (docs/accounts.md).
  'POST /api/auth/send-otp': ['email_otps'],
  // A wrong reset code counts as a try on the code, and the refused reset is audited as a failed
  // sign-in (docs/accounts.md).
  'POST /api/auth/reset-password': ['email_otps', 'otp_failed_attempts', 'audit_logs', 'audit_chain_head'],
  // Every attempt to open an identity document is audited, refused ones first (docs/engineering.md §5).
  'GET /api/identity/documents/:id': ['audit_logs', 'audit_chain_head'],
};

interface Actor {
  id: string;
  cookie: string;
}

interface FuzzWorld {
  member: Actor;
  other: Actor;
  stranger: Actor;
  moderator: Actor;
  /** Real values a path parameter may take: ids of members, auctions, charges, notifications... */
  realValues: string[];
  /** A body that passes validation, per route key, for the "one field mutated" inputs. */
  validBodies: Record<string, Record<string, unknown>>;
}

type Who = 'member' | 'moderator' | 'anonymous';

interface Outcome {
  tried: number;
  statuses: Record<string, number>;
}

const keyOf = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Field names of routes whose handler parses the body or query itself (no `schema.body` or
 * `schema.querystring`), or whose body schema reads a missing body as `{}` (`bodyOrEmpty`, which
 * `fieldNamesOf` cannot see through): read from the contract schema, or from the handler.
 */
const HANDLER_BODY_FIELDS: Record<string, readonly string[]> = {
  'POST /api/auctions': fieldNamesOf(createAuctionSchema),
  'PUT /api/auctions/:id': fieldNamesOf(editAuctionSchema),
  'POST /api/bids': fieldNamesOf(placeBidSchema),
  'POST /api/messages': ['conversationId', 'receiverId', 'content'],
  'POST /api/conversations/start': ['receiverId', 'message'],
  'POST /api/blocks': fieldNamesOf(blockUserSchema),
  'POST /api/saved-searches': fieldNamesOf(createSavedSearchSchema),
  'POST /api/reports': fieldNamesOf(createReportSchema),
  'POST /api/moderation/reports/:id/resolve': fieldNamesOf(resolveReportSchema),
  'DELETE /api/account': fieldNamesOf(deleteAccountSchema),
  'POST /api/identity/verification': fieldNamesOf(startVerificationBodySchema),
  'POST /api/moderation/verifications/:userId/decide': fieldNamesOf(verificationDecisionBodySchema),
  'POST /api/payments/sandbox/confirm-setup': fieldNamesOf(sandboxConfirmSetupSchema),
  'POST /api/payments/sandbox/authenticate-setup': fieldNamesOf(sandboxAuthenticateSetupSchema),
  'POST /api/payouts/sandbox/complete': fieldNamesOf(sandboxPayoutOnboardingSchema),
  'POST /api/callback/:provider': ['code', 'state', 'id_token', 'user', 'error'],
  'POST /api/identity/webhook': ['id', 'type', 'data', 'object'],
  'POST /api/payments/webhook': ['id', 'type', 'data', 'object', 'metadata', 'chargeId', 'attempt', 'customer'],
};

const HANDLER_QUERY_KEYS: Record<string, readonly string[]> = {
  'GET /api/callback/:provider': ['code', 'state', 'error', 'error_description'],
};

/**
 * Routes that end the session the fuzzer signs in with (logout, account deletion) run last,
 * so every other route is fuzzed by a member who is still signed in.
 */
const SESSION_ENDING = ['DELETE /api/account', 'GET /api/logout', 'POST /api/logout'];

function fuzzedRoutes(app: FastifyInstance): RegisteredRoute[] {
  // The reference page's own files (/api/docs) take no input: static files of @fastify/swagger-ui.
  const routes = app.registeredRoutes.filter(
    (route) => !route.websocket && !route.url.startsWith(API_REFERENCE_PREFIX),
  );
  return [
    ...routes.filter((route) => !SESSION_ENDING.includes(keyOf(route))),
    ...SESSION_ENDING.flatMap((key) => routes.filter((route) => keyOf(route) === key)),
  ];
}

function schemaPart(route: RegisteredRoute, part: 'body' | 'querystring'): unknown {
  return (route.schema as Record<string, unknown> | undefined)?.[part];
}

/** The URL with every `:param` and `*` replaced by a generated segment, plus a generated query. */
function urlArbitrary(route: RegisteredRoute, fuzzWorld: FuzzWorld): fc.Arbitrary<string> {
  const parts = route.url.split('/');
  const segments = parts.map((part) =>
    part.startsWith(':') || part === '*' ? pathSegment(fuzzWorld.realValues) : fc.constant(part),
  );
  const queryKeys = [...fieldNamesOf(schemaPart(route, 'querystring')), ...(HANDLER_QUERY_KEYS[keyOf(route)] ?? [])];
  return fc.tuple(fc.tuple(...segments), queryString(queryKeys)).map(([built, query]) => `${built.join('/')}${query}`);
}

function bodyArbitrary(route: RegisteredRoute, fuzzWorld: FuzzWorld): fc.Arbitrary<unknown> {
  const fields = [...fieldNamesOf(schemaPart(route, 'body')), ...(HANDLER_BODY_FIELDS[keyOf(route)] ?? [])];
  return jsonBody(fields, fuzzWorld.validBodies[keyOf(route)]);
}

function cookieOf(fuzzWorld: FuzzWorld, who: Who): Record<string, string> {
  if (who === 'anonymous') return {};
  return { [SESSION_COOKIE]: (who === 'member' ? fuzzWorld.member : fuzzWorld.moderator).cookie };
}

/** Why a rejection's body is not a readable message, or undefined when it is one. */
function unreadableMessage(res: LightMyRequestResponse): string | undefined {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'the body is not JSON';
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return 'no string `message`';
  const text = message.trim();
  if (text.length < 3 || !/[a-z]/i.test(text)) return 'the message is empty or not a sentence';
  if (text.length > MAX_MESSAGE_LENGTH) return `the message is ${text.length} characters long`;
  if (/^[[{]/.test(text)) return 'the message is serialized data (a zod issue list?)';
  const leak = LEAKS.find((pattern) => pattern.test(text));
  if (leak) return `the message leaks internals (${leak})`;
  return undefined;
}

function describeRequest(method: string, url: string, who: Who, body: unknown, res: LightMyRequestResponse): string {
  const shown = (value: string) => (value.length > 400 ? `${value.slice(0, 400)}…` : value);
  return `${method} ${shown(url)} as ${who} with ${shown(JSON.stringify(body) ?? 'no body')} -> ${res.statusCode} ${shown(res.body)}`;
}

/** Checks one response against the properties; throws (with the request) when one fails. */
async function checkResponse(
  res: LightMyRequestResponse,
  changes: () => Promise<Array<{ table: string; op: string }>>,
  describeIt: () => string,
): Promise<void> {
  const status = res.statusCode;
  if (status >= 500) throw new Error(`5xx: ${describeIt()}`);
  if (status >= 400) {
    const why = unreadableMessage(res);
    if (why) throw new Error(`unreadable rejection, ${why}: ${describeIt()}`);
    const changed = await changes();
    if (changed.length > 0) {
      throw new Error(`a rejection changed ${JSON.stringify(changed)}: ${describeIt()}`);
    }
    return;
  }
  if (status >= 300) {
    // Provider sign-in redirects the browser (to the provider, or back to /login with a reason).
    if (!res.headers.location) throw new Error(`a redirect without a Location: ${describeIt()}`);
    return;
  }
  const type = String(res.headers['content-type'] ?? '');
  // The one HTML answer of the API: the sign-out page a GET /api/logout that is not a same-origin navigation gets.
  const isSignOutPage =
    res.raw.req.method === 'GET' && res.raw.req.url?.split('?')[0] === '/api/logout' && type.startsWith('text/html');
  if (res.body.length > 0 && !type.startsWith('application/json') && !isSignOutPage) {
    throw new Error(`a 2xx that is not JSON (${type}): ${describeIt()}`);
  }
}

/** A member with a complete profile and, when asked, a saved sandbox card, signed up at `email`. */
function signUp(world: World, email: string, withCard: boolean): Promise<Actor> {
  const firstName = email.split('@')[0]!.replace(/[^a-z]/g, '') || 'Fuzz';
  return world.signUp(firstName, { email, card: withCard });
}

/** `world.call` for setting the fuzzer's world up: anything but a 2xx fails the set-up. */
async function call(world: World, who: Actor, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await world.call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`world set-up ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * The world the fuzzer works in: `member` hosts an open auction and one that `other` bought
 * (a paid date, its charge and chat), bid on `other`'s auction, has a notification and a
 * conversation; `stranger` reported `member`, so the moderator has a report to resolve.
 */
async function buildFuzzWorld(world: World): Promise<FuzzWorld> {
  const db = world.db;
  const member = await signUp(world, 'fuzzmember@example.com', true);
  const other = await signUp(world, 'fuzzother@example.com', true);
  const stranger = await signUp(world, 'fuzzstranger@example.com', false);
  const moderator = await signUp(world, MODERATOR_EMAIL, false);

  const endTime = new Date(Date.now() + 48 * HOUR);
  const hosted = await insertAuction(db, { creatorId: member.id, endTime, buyNowPrice: '100.00' });
  const bought = await insertAuction(db, { creatorId: member.id, endTime, buyNowPrice: '100.00' });
  const bidOn = await insertAuction(db, { creatorId: other.id, endTime });
  await call(world, other, 'POST', `/api/auctions/${bought}/buy-now`);
  await call(world, member, 'POST', '/api/bids', { auctionId: bidOn, amount: '25' });
  const conversationId = auctionConversationId(bought, member.id, other.id);
  await call(world, other, 'POST', '/api/messages', { conversationId, receiverId: member.id, content: 'Hello!' });
  await call(world, member, 'POST', '/api/messages', { conversationId, receiverId: other.id, content: 'Hi there' });
  const notifications = (await call(world, member, 'GET', '/api/notifications')).json<Array<{ id: string }>>();
  const payments = (await call(world, other, 'GET', '/api/payments')).json<{ payments: Array<{ id: string }> }>();
  const report = (
    await call(world, stranger, 'POST', '/api/reports', { targetType: 'user', targetId: member.id, reason: 'spam' })
  ).json<{ id: string }>();

  const realValues = [
    member.id,
    other.id,
    stranger.id,
    moderator.id,
    hosted,
    bought,
    bidOn,
    conversationId,
    report.id,
    ...notifications.slice(0, 2).map((n) => n.id),
    ...payments.payments.slice(0, 1).map((p) => p.id),
    'google',
    'apple',
  ].filter((value): value is string => typeof value === 'string');

  const startsAt = new Date(Date.now() + 24 * HOUR).toISOString();
  const validBodies: FuzzWorld['validBodies'] = {
    'POST /api/auth/send-otp': { email: 'fuzz-new@example.com' },
    'POST /api/auth/verify-otp': { email: 'fuzzmember@example.com', otp: '123456' },
    'POST /api/auth/reset-password/send-code': { email: 'fuzz-reset@example.com' },
    'POST /api/auth/reset-password': { email: 'fuzzmember@example.com', otp: '123456', password: 'a new password' },
    'PUT /api/profile': completeProfile('Fuzz'),
    'POST /api/auctions': {
      title: 'Coffee and a walk',
      description: 'A relaxed coffee at a busy cafe, then a walk.',
      dateType: 'coffee',
      location: 'Austin, TX',
      locationRadius: 25,
      startingBid: '20',
      buyNowPrice: '80',
      endTime: startsAt,
      paymentResponsibility: '50_50',
      expectedDuration: 60,
    },
    'PUT /api/auctions/:id': { title: 'Coffee and a long walk' },
    'POST /api/bids': { auctionId: bidOn, amount: '30' },
    'POST /api/messages': { conversationId, receiverId: other.id, content: 'See you soon' },
    'POST /api/conversations/start': { receiverId: other.id, message: 'Hello again' },
    // Blocks and reports aim at the stranger, so a valid one leaves the member's date untouched.
    'POST /api/blocks': { userId: stranger.id },
    'POST /api/saved-searches': { name: 'Fuzz search', query: 'zzqx', dateType: 'coffee', priceRange: '0-25' },
    'POST /api/reports': { targetType: 'user', targetId: stranger.id, reason: 'spam' },
    'POST /api/moderation/reports/:id/resolve': { action: 'dismiss', reasons: 'Nothing wrong here' },
    'POST /api/auctions/:id/plan': { place: 'Blue Bottle, 5th Ave', startsAt },
    'POST /api/auctions/:id/date-mode/check-in': { kind: 'arrived' },
    'POST /api/auctions/:id/date-mode/location': { lat: 40.7128, lng: -74.006, accuracy: 20 },
    'POST /api/auctions/:id/refund-request': { reason: 'The host did not come' },
    'PUT /api/profile/image': { imageURL: '/objects/images/none.png' },
  };
  return { member, other, stranger, moderator, realValues, validBodies };
}

function printReport(kind: string, outcomes: Map<string, Outcome>, ms: number): void {
  const rows = [...outcomes].map(([route, o]) => {
    const statuses = Object.entries(o.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}:${n}`)
      .join(' ');
    return `${route.padEnd(56)} ${String(o.tried).padStart(5)}  ${statuses}`;
  });
  const total = [...outcomes.values()].reduce((sum, o) => sum + o.tried, 0);
  console.log(
    [
      `input fuzzing on ${kind}: ${total} requests over ${outcomes.size} routes in ${(ms / 1000).toFixed(1)} s`,
      ...rows,
    ].join('\n'),
  );
}

describe.each(testDatabaseFactories())('bad-input fuzzing of every route on $kind', (factory) => {
  const world = suiteWorld(factory, { env: { MODERATOR_EMAILS: MODERATOR_EMAIL } });
  let fuzzWorld: FuzzWorld;
  let changeLog: ChangeLog;
  const outcomes = new Map<string, Outcome>();

  beforeAll(async () => {
    fuzzWorld = await buildFuzzWorld(world);
    changeLog = await installChangeLog(world.testDb.database);
  }, 120_000);

  it('answers every generated request with a 2xx, a redirect or a readable 4xx that changed nothing', async () => {
    const started = Date.now();
    const { app } = world;
    const routes = fuzzedRoutes(app);
    expect(routes.length).toBeGreaterThan(70);
    for (const route of routes) {
      // A session is slid (sessions.expire, users.last_active_at) on the first request 5 minutes
      // after the last slide. A run longer than that on a busy machine once slid it inside a
      // rejected request, which the check below counted as a change; sliding both sessions here
      // first keeps that bookkeeping out of the route's own requests.
      for (const who of ['member', 'moderator'] as const) {
        await app.inject({ method: 'GET', url: '/api/auth/user', cookies: cookieOf(fuzzWorld, who) });
      }
      const outcome: Outcome = { tried: 0, statuses: {} };
      outcomes.set(keyOf(route), outcome);
      const request = fc.record({
        url: urlArbitrary(route, fuzzWorld),
        body: bodyArbitrary(route, fuzzWorld),
        who: fc.constantFrom<Who>('member', 'member', 'member', 'moderator', 'anonymous'),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ url, body, who }) => {
          // An earlier accepted request may have left a sandbox payment event waiting to be
          // delivered; let it land now so it is not counted against this request.
          await app.sandboxPaymentEvents.drain();
          const mark = await changeLog.mark();
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            cookies: cookieOf(fuzzWorld, who),
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          outcome.tried += 1;
          outcome.statuses[res.statusCode] = (outcome.statuses[res.statusCode] ?? 0) + 1;
          await checkResponse(
            res,
            async () => {
              const allowed = CHANGES_ALLOWED_ON_REJECTION[keyOf(route)] ?? [];
              return (await changeLog.changesSince(mark)).filter((change) => !allowed.includes(change.table));
            },
            () => describeRequest(route.method, url, who, body, res),
          );
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
      // The server keeps answering after this route's inputs.
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, `${keyOf(route)} left the server unhealthy`).toBe(200);
    }
    const ms = Date.now() - started;
    if (process.env.FUZZ_REPORT === '1') printReport(factory.kind, outcomes, ms);
    if (process.env.FUZZ_SUMMARY) {
      mkdirSync(dirname(process.env.FUZZ_SUMMARY), { recursive: true });
      writeFileSync(
        process.env.FUZZ_SUMMARY.replace(/(\.json)?$/, `-${factory.kind}.json`),
        JSON.stringify(
          { kind: factory.kind, seed: SEED, runsPerRoute: RUNS_PER_ROUTE, ms, routes: Object.fromEntries(outcomes) },
          null,
          2,
        ),
      );
    }
  }, 600_000);
});

// ---- Stripe Identity webhook, with a partner configured ------------------------------------

const STRIPE_SECRET_KEY = 'sk_test_fuzz';
const STRIPE_WEBHOOK_SECRET = 'whsec_fuzz_test_secret';
const WEBHOOK_RUNS = Number(process.env.FUZZ_RUNS ?? 50) * 4;

function countStatus(outcome: Outcome, status: number): void {
  outcome.tried += 1;
  outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
}

const formatOutcome = (o: Outcome) =>
  `${o.tried} requests: ${Object.entries(o.statuses)
    .map(([status, n]) => `${status}:${n}`)
    .join(' ')}`;

describe.each(testDatabaseFactories())('Stripe Identity webhook fuzzing on $kind', (factory) => {
  /** The world's clock stays where it starts, so a signature made for "now" stays fresh for the whole run. */
  const world = suiteWorldWithStripeIdentity(
    factory,
    { secretKey: STRIPE_SECRET_KEY, publishableKey: 'pk_test_fuzz', webhookSecret: STRIPE_WEBHOOK_SECRET },
    { clock: new Date() },
  );
  let changeLog: ChangeLog;
  let nowSeconds: number;
  const sessionIds: string[] = [];
  const sign = (body: string, t: number, secret = STRIPE_WEBHOOK_SECRET) => signStripePayload(body, secret, t);

  beforeAll(async () => {
    nowSeconds = Math.floor(world.clock.getTime() / 1000);
    // Two members with a verification under way: their session ids are what real events name.
    for (const name of ['Ada', 'Bo']) {
      const member = await world.signUp(name, { profile: false });
      const started = await world.call(member, 'POST', '/api/identity/verification');
      if (started.statusCode !== 200) throw new Error(`verification: ${started.statusCode} ${started.body}`);
      const [row] = await world.db.select().from(users).where(eq(users.id, member.id));
      sessionIds.push(row!.identityVerificationSessionId!);
    }
    changeLog = await installChangeLog(world.testDb.database);
  }, 120_000);

  const deliver = (body: string, signature: string | undefined, contentType: string | undefined) =>
    world.app.inject({
      method: 'POST',
      url: '/api/identity/webhook',
      payload: body,
      headers: {
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
    });

  it('refuses junk bodies with junk or forged signatures: a readable 4xx that changed nothing', async () => {
    const outcome: Outcome = { tried: 0, statuses: {} };
    const request = fc
      .record({
        body: fc.oneof(webhookBody(sessionIds), hostileString),
        contentType: fc.constantFrom(
          'application/json',
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          undefined,
        ),
      })
      .chain((base) => forgedSignature(base.body, nowSeconds, sign).map((signature) => ({ ...base, signature })));
    await fc.assert(
      fc.asyncProperty(request, async ({ body, contentType, signature }) => {
        const mark = await changeLog.mark();
        const res = await deliver(body, signature, contentType);
        countStatus(outcome, res.statusCode);
        const describeIt = () =>
          describeRequest(
            'POST',
            `/api/identity/webhook [Stripe-Signature: ${signature}] [${contentType}]`,
            'anonymous',
            body,
            res,
          );
        if (res.statusCode < 400 || res.statusCode >= 500)
          throw new Error(`a forged call was not refused: ${describeIt()}`);
        await checkResponse(res, () => changeLog.changesSince(mark), describeIt);
      }),
      { seed: SEED, numRuns: WEBHOOK_RUNS },
    );
    if (process.env.FUZZ_REPORT === '1') console.log(`webhook, forged on ${factory.kind}: ${formatOutcome(outcome)}`);
    expect(outcome.statuses[400]).toBeGreaterThan(0);
  }, 120_000);

  it('refuses named hostile signed events without claiming their event id, so a clean retry still applies', async () => {
    const [sessionId] = sessionIds;
    const event = (id: string, type: string, object: Record<string, unknown>) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        data: { object: { object: 'identity.verification_session', ...object } },
      });
    const retryId = `evt_${randomUUID().replaceAll('-', '')}`;
    const cases: Array<[string, string]> = [
      ['null', 'null'],
      ['a string', '"evt_1"'],
      [
        'an event id of 300 characters',
        event(`evt_${'x'.repeat(296)}`, 'identity.verification_session.processing', { id: sessionId }),
      ],
      ['an event id with NUL', event('evt_\u0000', 'identity.verification_session.processing', { id: sessionId })],
      ['a type of 200 characters', event(`evt_${randomUUID()}`, 'x'.repeat(200), { id: sessionId })],
      [
        'a session id with NUL',
        event(`evt_${randomUUID()}`, 'identity.verification_session.verified', { id: 'vs_\u0000' }),
      ],
      [
        'an error code with NUL for a real session',
        event(retryId, 'identity.verification_session.requires_input', {
          id: sessionId,
          last_error: { code: 'a\u0000b' },
        }),
      ],
    ];
    for (const [name, body] of cases) {
      const mark = await changeLog.mark();
      const res = await deliver(body, sign(body, nowSeconds), 'application/json');
      await checkResponse(
        res,
        () => changeLog.changesSince(mark),
        () => `${name}: ${res.statusCode} ${res.body}`,
      );
    }
    // Stripe retries a refused delivery: the same event, readable this time, must be applied, not called a duplicate.
    const retry = event(retryId, 'identity.verification_session.requires_input', {
      id: sessionId,
      last_error: { code: 'selfie_mismatch' },
    });
    const res = await deliver(retry, sign(retry, nowSeconds), 'application/json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });

  it('answers correctly signed junk events with a 2xx or a readable 4xx that changed nothing, never a 5xx', async () => {
    const outcome: Outcome = { tried: 0, statuses: {} };
    await fc.assert(
      fc.asyncProperty(webhookBody(sessionIds), async (body) => {
        const mark = await changeLog.mark();
        const signature = sign(body, nowSeconds);
        const res = await deliver(body, signature, 'application/json');
        countStatus(outcome, res.statusCode);
        const describeIt = () => describeRequest('POST', '/api/identity/webhook (signed)', 'anonymous', body, res);
        await checkResponse(res, () => changeLog.changesSince(mark), describeIt);
        if (res.statusCode === 200) {
          const answer = res.json<{ received?: unknown; duplicate?: unknown }>();
          if (answer.received !== true || typeof answer.duplicate !== 'boolean') {
            throw new Error(`an acknowledgement of another shape: ${describeIt()}`);
          }
        }
      }),
      { seed: SEED, numRuns: WEBHOOK_RUNS },
    );
    if (process.env.FUZZ_REPORT === '1') console.log(`webhook, signed on ${factory.kind}: ${formatOutcome(outcome)}`);
    // Both branches were reached: events acknowledged, and signed bodies that are no event refused.
    expect(outcome.statuses[200]).toBeGreaterThan(0);
    expect(outcome.statuses[400]).toBeGreaterThan(0);
    expect((await world.get('/api/health')).statusCode).toBe(200);
  }, 120_000);
});

// ---- image uploads to a valid upload URL ---------------------------------------------------

const UPLOAD_RUNS = Number(process.env.FUZZ_RUNS ?? 50) * 2;
/**
 * A file refused by its declared size must be refused without decoding: with little work, and
 * without the memory. The work is the process's CPU time (every thread's, libvips' included),
 * not the time on the wall, which a busy machine stretches however little is done.
 */
const BOMB_MAX_CPU_MS = 2_000;
const BOMB_MAX_RSS_GROWTH_BYTES = 64 * 1024 * 1024;
/**
 * How a file declaring a huge size ends: over the limits, or past what the decoder itself
 * supports (its header is then "corrupt"). Either way it is refused from the header.
 */
const BOMB_REFUSALS = ['picture too_many_pixels', 'picture unreadable_image'];

type UploadRefusal = keyof typeof UPLOAD_MESSAGES;
/** The refusals docs/uploads.md lists for each step, by status: anything else is a bug. */
const UPLOAD_PUT_REFUSALS: Record<number, readonly [UploadRefusal, string][]> = {
  413: [['tooLarge', 'too_large']],
  415: [
    ['notAnImage', 'not_an_image'],
    ['svgRefused', 'svg_refused'],
  ],
};
const FINALIZE_REFUSALS: Record<number, readonly [UploadRefusal, string][]> = {
  400: [
    ['tooManyPixels', 'too_many_pixels'],
    ['unreadable', 'unreadable_image'],
  ],
};

function documentedRefusal(
  res: LightMyRequestResponse,
  table: Record<number, readonly [UploadRefusal, string][]>,
): string | undefined {
  const body = res.json<{ message?: string; code?: string }>();
  const match = table[res.statusCode]?.find(
    ([key, code]) => body.code === code && body.message === UPLOAD_MESSAGES[key],
  );
  return match?.[1];
}

async function sampleImages(): Promise<SampleImages> {
  const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } });
  return {
    png: await base().png().toBuffer(),
    jpeg: await base().jpeg().toBuffer(),
    gif: await base().gif().toBuffer(),
    webp: await base().webp().toBuffer(),
  };
}

describe.each(testDatabaseFactories())('hostile image uploads to valid upload URLs on $kind', (factory) => {
  /**
   * On a clock that stays where it starts: an upload URL kept across files never expires and the
   * hourly limit counts the same however long the run takes on a busy machine.
   */
  const world = suiteWorld(factory, { dataDir: true, clock: new Date() });
  let changeLog: ChangeLog;
  let samples: SampleImages;
  let uploader: Actor;
  /** An upload URL not yet used: a refused upload leaves it usable (docs/uploads.md), so it is kept. */
  let pendingURL: string | undefined;

  const filesIn = async (folder: 'incoming' | 'images') =>
    (await readdir(path.join(world.dataDir, 'uploads', folder)).catch(() => [])).sort();
  const profileImage = async () =>
    (
      await world.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: uploader.cookie } })
    ).json<{
      profileImageUrl: string | null;
    }>().profileImageUrl;

  /** A fresh URL; past the hourly limit a new member takes over (moving the clock would end sessions). */
  async function uploadURL(): Promise<string> {
    if (pendingURL) return pendingURL;
    for (;;) {
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        cookies: { [SESSION_COOKIE]: uploader.cookie },
      });
      if (res.statusCode === 200) {
        pendingURL = res.json<{ uploadURL: string }>().uploadURL;
        return pendingURL;
      }
      if (res.statusCode !== 429) throw new Error(`upload URL: ${res.statusCode} ${res.body}`);
      uploader = await world.signUp('Uploader', { profile: false });
    }
  }

  const putFile = (url: string, file: HostileFile) =>
    world.app.inject({
      method: 'PUT',
      url,
      payload: file.bytes,
      headers: { 'content-type': file.contentType },
      cookies: { [SESSION_COOKIE]: uploader.cookie },
    });
  const finalize = (url: string) =>
    world.app.inject({
      method: 'PUT',
      url: '/api/profile/image',
      payload: { imageURL: url.split('?')[0] },
      cookies: { [SESSION_COOKIE]: uploader.cookie },
    });

  beforeAll(async () => {
    uploader = await world.signUp('Uploader', { profile: false });
    samples = await sampleImages();
    changeLog = await installChangeLog(world.testDb.database);
  }, 120_000);

  /**
   * One file through the whole flow, checked against docs/uploads.md. Returns how it ended:
   * the refusal's code at the upload or at PUT /api/profile/image, or `accepted`.
   */
  async function tryFile(file: HostileFile): Promise<{ step: string; cpuMs: number; rssGrowth: number }> {
    const url = await uploadURL();
    const describeIt = (res: LightMyRequestResponse) =>
      `${file.kind} (${file.bytes.length} bytes as ${file.contentType}, starts ${file.bytes.subarray(0, 24).toString('hex')}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    const incomingBefore = await filesIn('incoming');
    const mark = await changeLog.mark();
    const put = await putFile(url, file);
    if (put.statusCode >= 500) throw new Error(`5xx on upload: ${describeIt(put)}`);
    if (put.statusCode !== 200) {
      const code = documentedRefusal(put, UPLOAD_PUT_REFUSALS);
      if (!code) throw new Error(`an upload refusal docs/uploads.md does not list: ${describeIt(put)}`);
      const changed = await changeLog.changesSince(mark);
      if (changed.length > 0)
        throw new Error(`a refused upload changed ${JSON.stringify(changed)}: ${describeIt(put)}`);
      if ((await filesIn('incoming')).join() !== incomingBefore.join()) {
        throw new Error(`a refused upload left a file: ${describeIt(put)}`);
      }
      return { step: `upload ${code}`, cpuMs: 0, rssGrowth: 0 };
    }
    pendingURL = undefined;

    // The bytes passed the sniff; making them the picture decodes them (or refuses them by their header).
    const imagesBefore = await filesIn('images');
    const pictureBefore = await profileImage();
    const finalizeMark = await changeLog.mark();
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const res = await finalize(url);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    if (res.statusCode >= 500) throw new Error(`5xx making it the picture: ${describeIt(res)}`);
    const grantFile = `${url.split('?')[0]!.split('/').pop()}`;
    if (res.statusCode !== 200) {
      const code = documentedRefusal(res, FINALIZE_REFUSALS);
      if (!code) throw new Error(`a picture refusal docs/uploads.md does not list: ${describeIt(res)}`);
      const changed = await changeLog.changesSince(finalizeMark);
      if (changed.length > 0)
        throw new Error(`a refused picture changed ${JSON.stringify(changed)}: ${describeIt(res)}`);
      if ((await filesIn('incoming')).includes(grantFile))
        throw new Error(`the refused raw file was kept: ${describeIt(res)}`);
      if ((await filesIn('images')).join() !== imagesBefore.join())
        throw new Error(`a refused picture stored an image: ${describeIt(res)}`);
      if ((await profileImage()) !== pictureBefore)
        throw new Error(`a refused picture changed the profile: ${describeIt(res)}`);
      return { step: `picture ${code}`, cpuMs, rssGrowth };
    }
    // Accepted: what is served is a fresh JPEG of at most 512 px, and nothing of the original's extras.
    const served = await world.app.inject({
      method: 'GET',
      url: res.json<{ profileImageUrl: string }>().profileImageUrl,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(PROFILE_IMAGE_SIZE_PX);
    for (const marker of ['<script', '<html', '<svg'])
      expect(served.rawPayload.includes(Buffer.from(marker))).toBe(false);
    return { step: 'accepted', cpuMs, rssGrowth };
  }

  it('refuses each named hostile file as docs/uploads.md says, bombs by their header', async () => {
    const bombs: Array<[string, Buffer]> = [
      ['PNG declaring 100000 x 100000', pngBomb(100_000, 100_000)],
      ['JPEG declaring 65500 x 65500', jpegWithDeclaredSize(samples.jpeg, 65_500, 65_500)],
      ['GIF declaring 65535 x 65535', gifWithDeclaredSize(samples.gif, 65_535, 65_535)],
    ];
    for (const [kind, bytes] of bombs) {
      const result = await tryFile({ kind, bytes, contentType: 'image/png' });
      expect(result.step, kind).toBe('picture too_many_pixels');
      expect(result.cpuMs, kind).toBeLessThan(BOMB_MAX_CPU_MS);
      expect(result.rssGrowth, kind).toBeLessThan(BOMB_MAX_RSS_GROWTH_BYTES);
    }
    // Past a decoder's own maximum (JPEG 65500 px, PNG 2^24 px a side) the header is "corrupt":
    // refused as unreadable, still before any decoding.
    for (const [kind, bytes] of [
      ['JPEG declaring 65535 x 65535', jpegWithDeclaredSize(samples.jpeg, 65_535, 65_535)],
      ['PNG declaring 2^31-1 x 1', pngBomb(2 ** 31 - 1, 1)],
    ] as const) {
      const result = await tryFile({ kind, bytes, contentType: 'image/png' });
      expect(result.step, kind).toBe('picture unreadable_image');
      expect(result.cpuMs, kind).toBeLessThan(BOMB_MAX_CPU_MS);
      expect(result.rssGrowth, kind).toBeLessThan(BOMB_MAX_RSS_GROWTH_BYTES);
    }
    const cases: Array<[string, HostileFile['bytes'], string, string]> = [
      ['zero-length', Buffer.alloc(0), 'image/png', 'upload not_an_image'],
      [
        'random bytes',
        Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256)),
        'image/jpeg',
        'upload not_an_image',
      ],
      [
        'SVG sent as image/png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
        'upload svg_refused',
      ],
      [
        'PNG cut in half',
        samples.png.subarray(0, Math.floor(samples.png.length / 2)),
        'image/png',
        'picture unreadable_image',
      ],
      [
        'WebP cut in half',
        samples.webp.subarray(0, Math.floor(samples.webp.length / 2)),
        'image/webp',
        'picture unreadable_image',
      ],
      [
        'PNG magic then garbage',
        Buffer.concat([samples.png.subarray(0, 8), Buffer.alloc(300, 0x41)]),
        'image/png',
        'picture unreadable_image',
      ],
      [
        'JPEG magic in front of a PNG',
        Buffer.concat([samples.jpeg.subarray(0, 3), samples.png]),
        'image/jpeg',
        'picture unreadable_image',
      ],
      ['GIF', samples.gif, 'image/gif', 'accepted'],
      [
        'JPEG with HTML and script appended',
        Buffer.concat([samples.jpeg, Buffer.from('<html><script>alert(1)</script></html>')]),
        'image/jpeg',
        'accepted',
      ],
    ];
    for (const [kind, bytes, contentType, expected] of cases) {
      expect((await tryFile({ kind, bytes, contentType })).step, kind).toBe(expected);
    }
    expect((await world.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);

  it('answers generated hostile files with a documented refusal that stored nothing, or a clean JPEG', async () => {
    const outcomes = new Map<string, number>();
    let slowest = 0;
    let rssPeak = 0;
    const rssStart = process.memoryUsage().rss;
    await fc.assert(
      fc.asyncProperty(hostileImageFile(samples), async (file) => {
        const result = await tryFile(file);
        const key = `${file.kind} -> ${result.step}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        slowest = Math.max(slowest, result.cpuMs);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        if (file.kind === 'decompression bomb') {
          expect(BOMB_REFUSALS, 'a bomb is refused by its declared size').toContain(result.step);
          expect(result.cpuMs).toBeLessThan(BOMB_MAX_CPU_MS);
        }
      }),
      { seed: SEED, numRuns: UPLOAD_RUNS },
    );
    if (process.env.FUZZ_REPORT === '1') {
      const rows = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `  ${key}: ${n}`);
      console.log(
        [
          `hostile uploads on ${factory.kind}: ${UPLOAD_RUNS} files, most CPU for a picture ${slowest.toFixed(0)} ms, RSS ${(rssStart / 2 ** 20).toFixed(0)} -> peak ${(rssPeak / 2 ** 20).toFixed(0)} MB`,
          ...rows,
        ].join('\n'),
      );
    }
    expect((await world.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 180_000);
});

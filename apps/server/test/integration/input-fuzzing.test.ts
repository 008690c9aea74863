import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  blockUserSchema,
  createAuctionSchema,
  createReportSchema,
  deleteAccountSchema,
  editAuctionSchema,
  placeBidSchema,
  resolveReportSchema,
  sandboxAuthenticateSetupSchema,
  sandboxConfirmSetupSchema,
  sandboxPayoutOnboardingSchema,
  startVerificationBodySchema,
  verificationDecisionBodySchema,
} from '@bid/contract';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { auctionConversationId } from '../../src/modules/messages/conversation-id.js';
import { queueQuerySchema } from '../../src/modules/moderation/moderation.service.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { createTestApp } from '../support/app.js';
import { installChangeLog, type ChangeLog } from '../support/change-log.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { fieldNamesOf, jsonBody, pathSegment, queryString } from '../support/fuzz-inputs.js';
import { addSandboxCard } from '../support/payments.js';
import { completeProfile } from '../support/profiles.js';
import { signInByEmail } from '../support/session.js';
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
  // refused: that is the brute-force protection (docs/security.md).
  'POST /api/auth/verify-otp': ['email_otps'],
  // Every attempt to open an identity document is audited, refused ones first (GUIDE §5).
  'GET /api/identity/documents/:id': ['audit_logs'],
};

interface Actor {
  id: string;
  cookie: string;
}

interface World {
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
 * `schema.querystring`): read from the contract schema the handler parses, or from the handler.
 */
const HANDLER_BODY_FIELDS: Record<string, readonly string[]> = {
  'POST /api/auctions': fieldNamesOf(createAuctionSchema),
  'PUT /api/auctions/:id': fieldNamesOf(editAuctionSchema),
  'POST /api/bids': fieldNamesOf(placeBidSchema),
  'POST /api/messages': ['conversationId', 'receiverId', 'content'],
  'POST /api/conversations/start': ['receiverId', 'message'],
  'POST /api/blocks': fieldNamesOf(blockUserSchema),
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
};

const HANDLER_QUERY_KEYS: Record<string, readonly string[]> = {
  'GET /api/conversations/*': ['before', 'limit'],
  'GET /api/moderation/reports': fieldNamesOf(queueQuerySchema),
  'PUT /api/objects/uploads/:grantId': ['expires', 'signature'],
  'GET /api/callback/:provider': ['code', 'state', 'error', 'error_description'],
};

/**
 * Routes that end the session the fuzzer signs in with (logout, account deletion) run last,
 * so every other route is fuzzed by a member who is still signed in.
 */
const SESSION_ENDING = ['DELETE /api/account', 'GET /api/logout'];

function fuzzedRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes = app.registeredRoutes.filter((route) => !route.websocket);
  return [
    ...routes.filter((route) => !SESSION_ENDING.includes(keyOf(route))),
    ...SESSION_ENDING.flatMap((key) => routes.filter((route) => keyOf(route) === key)),
  ];
}

function schemaPart(route: RegisteredRoute, part: 'body' | 'querystring'): unknown {
  return (route.schema as Record<string, unknown> | undefined)?.[part];
}

/** The URL with every `:param` and `*` replaced by a generated segment, plus a generated query. */
function urlArbitrary(route: RegisteredRoute, world: World): fc.Arbitrary<string> {
  const parts = route.url.split('/');
  const segments = parts.map((part) =>
    part.startsWith(':') || part === '*' ? pathSegment(world.realValues) : fc.constant(part),
  );
  const queryKeys = [...fieldNamesOf(schemaPart(route, 'querystring')), ...(HANDLER_QUERY_KEYS[keyOf(route)] ?? [])];
  return fc.tuple(fc.tuple(...segments), queryString(queryKeys)).map(([built, query]) => `${built.join('/')}${query}`);
}

function bodyArbitrary(route: RegisteredRoute, world: World): fc.Arbitrary<unknown> {
  const fields = [...fieldNamesOf(schemaPart(route, 'body')), ...(HANDLER_BODY_FIELDS[keyOf(route)] ?? [])];
  return jsonBody(fields, world.validBodies[keyOf(route)]);
}

function cookieOf(world: World, who: Who): Record<string, string> {
  if (who === 'anonymous') return {};
  return { [SESSION_COOKIE]: (who === 'member' ? world.member : world.moderator).cookie };
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
  if (res.body.length > 0 && !type.startsWith('application/json')) {
    throw new Error(`a 2xx that is not JSON (${type}): ${describeIt()}`);
  }
}

/** A member with a complete profile and, when asked, a saved sandbox card. */
async function signUp(app: FastifyInstance, email: string, withCard: boolean): Promise<Actor> {
  const { cookie, body } = await signInByEmail(app, email);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/profile',
    payload: completeProfile(email.split('@')[0]!.replace(/[^a-z]/g, '') || 'Fuzz'),
    cookies: { [SESSION_COOKIE]: cookie },
  });
  if (res.statusCode !== 200) throw new Error(`profile: ${res.statusCode} ${res.body}`);
  if (withCard) await addSandboxCard(app, cookie);
  return { id: body.user.id, cookie };
}

async function call(app: FastifyInstance, who: Actor, method: string, url: string, payload?: object) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    cookies: { [SESSION_COOKIE]: who.cookie },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`world set-up ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * The world the fuzzer works in: `member` hosts an open auction and one that `other` bought
 * (a paid date, its charge and chat), bid on `other`'s auction, has a notification and a
 * conversation; `stranger` reported `member`, so the moderator has a report to resolve.
 */
async function buildWorld(app: FastifyInstance, database: TestDatabase['database']): Promise<World> {
  const db = database.db;
  const member = await signUp(app, 'fuzzmember@example.com', true);
  const other = await signUp(app, 'fuzzother@example.com', true);
  const stranger = await signUp(app, 'fuzzstranger@example.com', false);
  const moderator = await signUp(app, MODERATOR_EMAIL, false);

  const endTime = new Date(Date.now() + 48 * HOUR);
  const hosted = await insertAuction(db, { creatorId: member.id, endTime, buyNowPrice: '100.00' });
  const bought = await insertAuction(db, { creatorId: member.id, endTime, buyNowPrice: '100.00' });
  const bidOn = await insertAuction(db, { creatorId: other.id, endTime });
  await call(app, other, 'POST', `/api/auctions/${bought}/buy-now`);
  await call(app, member, 'POST', '/api/bids', { auctionId: bidOn, amount: '25' });
  const conversationId = auctionConversationId(bought, member.id, other.id);
  await call(app, other, 'POST', '/api/messages', { conversationId, receiverId: member.id, content: 'Hello!' });
  await call(app, member, 'POST', '/api/messages', { conversationId, receiverId: other.id, content: 'Hi there' });
  const notifications = (await call(app, member, 'GET', '/api/notifications')).json<Array<{ id: string }>>();
  const payments = (await call(app, other, 'GET', '/api/payments')).json<{ payments: Array<{ id: string }> }>();
  const report = (
    await call(app, stranger, 'POST', '/api/reports', { targetType: 'user', targetId: member.id, reason: 'spam' })
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
  const validBodies: World['validBodies'] = {
    'POST /api/auth/send-otp': { email: 'fuzz-new@example.com' },
    'POST /api/auth/verify-otp': { email: 'fuzzmember@example.com', otp: '123456' },
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
    'POST /api/reports': { targetType: 'user', targetId: stranger.id, reason: 'spam' },
    'POST /api/moderation/reports/:id/resolve': { action: 'dismiss', reasons: 'Nothing wrong here' },
    'POST /api/auctions/:id/plan': { place: 'Blue Bottle, 5th Ave', startsAt },
    'POST /api/auctions/:id/date-mode/check-in': { kind: 'arrived' },
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
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let changeLog: ChangeLog;
  const outcomes = new Map<string, Outcome>();

  beforeAll(async () => {
    testDb = await factory.open();
    app = await createTestApp(testDb.database, { MODERATOR_EMAILS: MODERATOR_EMAIL });
    world = await buildWorld(app, testDb.database);
    changeLog = await installChangeLog(testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('answers every generated request with a 2xx, a redirect or a readable 4xx that changed nothing', async () => {
    const started = Date.now();
    const routes = fuzzedRoutes(app);
    expect(routes.length).toBeGreaterThan(70);
    for (const route of routes) {
      const outcome: Outcome = { tried: 0, statuses: {} };
      outcomes.set(keyOf(route), outcome);
      const request = fc.record({
        url: urlArbitrary(route, world),
        body: bodyArbitrary(route, world),
        who: fc.constantFrom<Who>('member', 'member', 'member', 'moderator', 'anonymous'),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ url, body, who }) => {
          const mark = await changeLog.mark();
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            cookies: cookieOf(world, who),
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

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { AUTHORIZATION_ROWS, type MatrixRow, type Prepared, type Status } from '../support/authorization-rows.js';
import { AuthorizationWorld, type Caller } from '../support/authorization-world.js';
import { installChangeLog, type ChangeLog } from '../support/change-log.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';

/**
 * The authorization matrix (issue 10, docs/reliability.md): every route the server registers ×
 * {nobody, another signed-in member, the owner}: the expected status, nothing private of the
 * owner's in the body answered to the first two, a refusal shaped `{ message, code, field?, requestId }`,
 * and no committed row change by the first two. Generated from `app.registeredRoutes`, so a
 * route without a row, or a row without a route, fails the suite.
 */

/**
 * Tables a nobody/other call may change whatever the route. Empty: the one write every
 * signed-in request can make (the session's sliding expiry and users.last_active_at, every
 * TOUCH_INTERVAL_MS) is done before the mark by a warm-up call, so it needs no exception.
 */
const ALWAYS_IGNORED: readonly string[] = [];

type CallerKind = 'nobody' | 'other' | 'owner';

/** Route keys as the matrix rows name them. */
export function routeKeysOf(app: FastifyInstance): string[] {
  return app.registeredRoutes.map((route) => `${route.method} ${route.url}`);
}

/** Registered routes without a row, and rows naming no registered route. */
export function matrixCoverage(app: FastifyInstance, rows: readonly Pick<MatrixRow, 'route'>[]) {
  const registered = new Set(routeKeysOf(app));
  const covered = new Set(rows.map((row) => row.route));
  return {
    missingRows: [...registered].filter((route) => !covered.has(route)).sort(),
    staleRows: [...covered].filter((route) => !registered.has(route)).sort(),
    duplicateRows: rows.map((row) => row.route).filter((route, i, all) => all.indexOf(route) !== i),
  };
}

const allows = (status: Status, actual: number) =>
  typeof status === 'number' ? status === actual : status.includes(actual);

/** A refusal says only what went wrong, in words: `{ message, code, field?, requestId }`. */
function expectRefusalShape(res: LightMyRequestResponse, where: string): void {
  expect(res.headers['content-type'], `${where}: ${res.statusCode} ${res.body}`).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  const keys = Object.keys(body).sort();
  expect(
    ['code', 'message'].every((k) => keys.includes(k)),
    `${where}: ${res.body}`,
  ).toBe(true);
  expect(
    keys.filter((k) => !['code', 'message', 'field', 'requestId'].includes(k)),
    `${where}: ${res.body}`,
  ).toEqual([]);
  // The id that leads to the request's log lines, the same as in the X-Request-Id header.
  expect(body.requestId, `${where}: ${res.body}`).toBe(res.headers['x-request-id']);
  expect(typeof body.message === 'string' && body.message.trim().length > 3, `${where}: ${res.body}`).toBe(true);
}

/** The owner's private values found in what a non-owner was answered (body and headers). */
function leakedMarkers(world: AuthorizationWorld, res: LightMyRequestResponse, prepared: Prepared): string[] {
  const text = `${res.body}\n${JSON.stringify(res.headers)}`;
  const allowed = new Set(prepared.publicValues ?? []);
  return [...world.markers]
    .filter(([value]) => !allowed.has(value) && text.includes(value))
    .map(([value, what]) => `${what} (${value})`);
}

describe.each(testDatabaseFactories())('authorization matrix on $kind', (factory) => {
  let testDb: TestDatabase;
  let world: AuthorizationWorld;
  let changes: ChangeLog;

  beforeAll(async () => {
    testDb = await factory.open();
    world = await AuthorizationWorld.build(testDb.database);
    changes = await installChangeLog(testDb.database, { ignoreTables: ALWAYS_IGNORED });
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await testDb?.cleanup();
  });

  it('has exactly one row per registered route', () => {
    const { missingRows, staleRows, duplicateRows } = matrixCoverage(world.app, AUTHORIZATION_ROWS);
    expect(missingRows).toEqual([]);
    expect(staleRows).toEqual([]);
    expect(duplicateRows).toEqual([]);
  });

  /** One call of a row: status, refusal shape, leaks and changes. */
  async function check(row: MatrixRow, prepared: Prepared, kind: CallerKind): Promise<void> {
    const caller: Caller | undefined =
      kind === 'nobody' ? undefined : kind === 'other' ? (prepared.other ?? world.stranger) : prepared.owner;
    const where = `${row.route} as ${kind}`;
    // Warm-up: lets the session plugin slide this caller's session now, outside the mark.
    if (caller) await world.inject(caller, { method: 'GET', url: '/api/auth/user' });
    // The sandbox's payment events from the setup arrive a second late, like Stripe's webhooks:
    // applied now, so they are not taken for changes made by this call.
    await world.app.sandboxPaymentEvents.drain();
    const mark = await changes.mark();
    const res = await world.inject(caller, prepared.request);
    expect(allows(row.expect[kind], res.statusCode), `${where}: ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(
      true,
    );
    if (res.statusCode >= 400 && res.statusCode < 500) expectRefusalShape(res, where);
    if (kind === 'owner') {
      if (row.ownerAnswer) expect(res.json(), where).toMatchObject(row.ownerAnswer);
      return;
    }
    expect(leakedMarkers(world, res, prepared), where).toEqual([]);
    const allowed = row.callerMayChange?.[kind] ?? [];
    const changed = (await changes.changesSince(mark))
      .filter((c) => !allowed.includes(c.table))
      .map((c) => `${c.op} ${c.table}`);
    expect(changed, where).toEqual([]);
  }

  // Nobody and the other member go first, so the owner's call (which may spend the resource) comes last.
  it.each(AUTHORIZATION_ROWS.map((row) => [row.route, row] as const))(
    '%s: nobody, another member, the owner',
    async (_route, row) => {
      const prepared = await row.prepare(world);
      await check(row, prepared, 'nobody');
      await check(row, prepared, 'other');
      await check(row, prepared, 'owner');
    },
    30_000,
  );

  it('reports a route without a row (a probe route added through configure)', async () => {
    const probed = await createTestApp(
      testDb.database,
      {},
      {
        configure: (app) => {
          app.get('/api/matrix-probe', async () => ({ ok: true }));
        },
      },
    );
    try {
      const { missingRows, staleRows } = matrixCoverage(probed, [
        ...AUTHORIZATION_ROWS,
        { route: 'GET /api/gone-route' },
      ]);
      expect(missingRows).toEqual(['GET /api/matrix-probe']);
      expect(staleRows).toEqual(['GET /api/gone-route']);
    } finally {
      await probed.close();
    }
  });
});

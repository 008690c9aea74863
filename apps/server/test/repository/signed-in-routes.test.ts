import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { appRoutesForSuite } from '../support/app-routes.js';
import { AUTHORIZATION_ROWS, type MatrixRow } from '../support/authorization-rows.js';

// One way to require a signed-in member (docs/architecture.md, "One way each"): `requireSignedIn`
// in the route's `preValidation` (plugins/auth.ts), never a check inside the handler. The route
// list records the guard (plugins/route-list.ts); the authorization matrix says which routes a
// visitor is refused with a 401. The two must agree, and no route file checks the session itself.

/** Routes that answer a visitor themselves, with the reason. */
const DECIDES_ITSELF: Record<string, string> = {
  'GET /api/auth/user': 'a visitor without a session cookie gets 204, a dead session 401 (docs/accounts.md)',
  'PUT /api/objects/uploads/:grantId':
    'the upload URL is judged before who is asking: signature, expiry, then the member (uploads.service.ts, before the body is read)',
};

type RouteLike = Pick<RegisteredRoute, 'method' | 'url' | 'signedIn'>;
type RowLike = Pick<MatrixRow, 'route'> & { expect: Pick<MatrixRow['expect'], 'nobody'> };

const refusesVisitor = (row: RowLike) =>
  typeof row.expect.nobody === 'number' ? row.expect.nobody === 401 : row.expect.nobody.includes(401);

/** Where the guard and the matrix disagree; empty when every route requires sign-in the one way. */
export function signInMismatches(routes: readonly RouteLike[], rows: readonly RowLike[]): string[] {
  const byRoute = new Map(rows.map((row) => [row.route, row]));
  const mismatches: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const row = byRoute.get(key);
    // A route without a row fails the authorization matrix itself.
    if (!row || key in DECIDES_ITSELF) continue;
    if (refusesVisitor(row) && !route.signedIn) mismatches.push(`${key}: refuses a visitor without requireSignedIn`);
    if (!refusesVisitor(row) && route.signedIn) mismatches.push(`${key}: requireSignedIn, but a visitor is let in`);
  }
  return mismatches;
}

/** A route file's lines that decide sign-in inside a handler (the other way). */
export function inHandlerSignInChecks(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => /\bunauthorized\(\)|!\s*request\.userId\b|\brequireUserId\(/.test(line))
    .map((line) => line.trim());
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith('.routes.ts') ? [path] : [];
  });
}

describe('the one way to require sign-in', () => {
  it('finds a route that refuses visitors without the guard, and a guarded route the matrix calls public', () => {
    const rows: RowLike[] = [
      { route: 'GET /api/mine', expect: { nobody: 401 } },
      { route: 'POST /api/mine', expect: { nobody: [401, 403] } },
      { route: 'GET /api/public', expect: { nobody: 200 } },
    ];
    expect(
      signInMismatches(
        [
          { method: 'GET', url: '/api/mine', signedIn: false },
          { method: 'POST', url: '/api/mine', signedIn: true },
          { method: 'GET', url: '/api/public', signedIn: true },
        ],
        rows,
      ),
    ).toEqual([
      'GET /api/mine: refuses a visitor without requireSignedIn',
      'GET /api/public: requireSignedIn, but a visitor is let in',
    ]);
  });

  it('finds a sign-in check written inside a handler', () => {
    const handler = [
      "app.get('/api/mine', async (request) => {",
      '  if (!request.userId) throw unauthorized();',
      '  return list(requireUserId(request));',
      '});',
    ].join('\n');
    expect(inHandlerSignInChecks(handler)).toEqual([
      'if (!request.userId) throw unauthorized();',
      'return list(requireUserId(request));',
    ]);
    expect(inHandlerSignInChecks("app.get('/api/mine', { preValidation: requireSignedIn }, h);")).toEqual([]);
  });

  it('no route file checks the session inside a handler, but the one listed route', () => {
    const src = join(import.meta.dirname, '../../src');
    const found = routeFiles(src).flatMap((file) =>
      inHandlerSignInChecks(readFileSync(file, 'utf8')).map((line) => `${relative(src, file)}: ${line}`),
    );
    expect(found).toEqual(['modules/auth/auth.routes.ts: throw unauthorized();']);
  });
});

describe('the routes of the app', () => {
  const appRoutes = appRoutesForSuite();

  it('require sign-in exactly where the authorization matrix refuses a visitor, with requireSignedIn', () => {
    const routes = appRoutes();
    expect(routes.filter((route) => route.signedIn).length).toBeGreaterThan(50);
    expect(signInMismatches(routes, AUTHORIZATION_ROWS)).toEqual([]);
  });
});

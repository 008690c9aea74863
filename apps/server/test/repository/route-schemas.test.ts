import { describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { appRoutesForSuite } from '../support/app-routes.js';

// Every route declares its input through the Fastify `schema` option, with the contract's zod
// schemas (docs/engineering.md §2, §3: the contract is the whole seam between browser and server).
// A route with a `:param` declares `schema.params` naming it; a POST, PUT or PATCH declares
// `schema.body` (`noBodySchema` when it reads none). The app's own route list (plugins/route-list.ts,
// an onRoute hook registered before any route) is what is checked, so a new route cannot slip past.

/** Routes whose use case checks the body itself, in the order docs/product.md §5 gives for its answers. */
const HAND_PARSED: Record<string, string> = {
  'POST /api/auctions': 'create auction: sign-in, then the verified-host rule, then the fields in the product order',
  'PUT /api/auctions/:id': 'edit auction: ownership and the bid state come before the fields, in the product order',
  'POST /api/bids': 'place bid: the auction state is answered before the amount, in the product order (hot path)',
};

type RouteLike = Pick<RegisteredRoute, 'method' | 'url' | 'schema' | 'websocket'>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The names of a URL's `:params` (`/api/a/:id/b/:name` → id, name). */
function paramNamesOf(url: string): string[] {
  return url
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
}

/** What a route that takes input leaves undeclared; empty when it declares everything. */
export function missingSchemas(routes: readonly RouteLike[], handParsed: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const route of routes) {
    if (route.websocket) continue;
    const key = `${route.method} ${route.url}`;
    if (key in handParsed) continue;
    const schema = (route.schema ?? {}) as { params?: { shape?: Record<string, unknown> }; body?: unknown };
    const params = paramNamesOf(route.url);
    if (params.length > 0) {
      const declared = Object.keys(schema.params?.shape ?? {});
      const undeclared = params.filter((name) => !declared.includes(name));
      if (undeclared.length > 0) missing.push(`${key}: no params schema for ${undeclared.join(', ')}`);
    }
    if (BODY_METHODS.has(route.method) && schema.body === undefined) missing.push(`${key}: no body schema`);
  }
  return missing;
}

describe('the route schema checker', () => {
  const idParams = { shape: { id: {} } };
  it('refuses a route with a :param but no params schema, or one that names another param', () => {
    expect(
      missingSchemas(
        [
          { method: 'GET', url: '/api/things/:id', schema: undefined, websocket: false },
          { method: 'DELETE', url: '/api/things/:thingId', schema: { params: idParams }, websocket: false },
        ],
        {},
      ),
    ).toEqual([
      'GET /api/things/:id: no params schema for id',
      'DELETE /api/things/:thingId: no params schema for thingId',
    ]);
  });

  it('refuses a POST, PUT or PATCH without a body schema, unless it is hand parsed', () => {
    const routes: RouteLike[] = [
      { method: 'POST', url: '/api/things', schema: {}, websocket: false },
      { method: 'PUT', url: '/api/things/:id', schema: { params: idParams }, websocket: false },
      { method: 'PATCH', url: '/api/things/mine', schema: undefined, websocket: false },
    ];
    expect(missingSchemas(routes, {})).toEqual([
      'POST /api/things: no body schema',
      'PUT /api/things/:id: no body schema',
      'PATCH /api/things/mine: no body schema',
    ]);
    expect(missingSchemas(routes, { 'POST /api/things': 'ordered', 'PATCH /api/things/mine': 'ordered' })).toEqual([
      'PUT /api/things/:id: no body schema',
    ]);
  });

  it('accepts declared input, routes without input and WebSocket upgrades', () => {
    expect(
      missingSchemas(
        [
          { method: 'GET', url: '/api/things', schema: undefined, websocket: false },
          { method: 'POST', url: '/api/things/:id', schema: { params: idParams, body: {} }, websocket: false },
          { method: 'DELETE', url: '/api/things/:id', schema: { params: idParams }, websocket: false },
          { method: 'GET', url: '/ws/:room', schema: undefined, websocket: true },
        ],
        {},
      ),
    ).toEqual([]);
  });
});

describe('the routes of the app', () => {
  const appRoutes = appRoutesForSuite();

  it('declare their params and bodies with schemas, except the hand-parsed ones', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(missingSchemas(routes, HAND_PARSED)).toEqual([]);
  });

  it('still have each hand-parsed route, so the allowlist cannot go stale', () => {
    const keys = new Set(appRoutes().map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(HAND_PARSED).filter((key) => !keys.has(key))).toEqual([]);
  });
});

import { apiRoutes, type EndpointName } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_PREFIX } from '../../src/plugins/openapi.js';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { appRoutesForSuite } from '../support/app-routes.js';

// Each endpoint is defined once, in the contract, and every API route is registered from one
// (docs/architecture.md, "Endpoints"): the route list (plugins/route-list.ts) records the endpoint
// each route came from, and the contract's route table names them all. The reference page's own
// files (`/api/docs`) are not endpoints.

type RouteLike = Pick<RegisteredRoute, 'method' | 'url' | 'websocket' | 'endpoint'>;
type RouteTable = Readonly<Record<string, { method: string; path: string }>>;

/** Where routes and endpoints do not pair one to one; empty when they do. */
export function pairingProblems(routes: readonly RouteLike[], table: RouteTable): string[] {
  const problems: string[] = [];
  const registered = new Map<string, number>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    // The WebSocket's events are the contract's realtime schemas (realtime-schemas.ts).
    if (route.websocket || !route.url.startsWith('/api/') || route.url.startsWith(API_REFERENCE_PREFIX)) continue;
    if (route.endpoint === undefined) {
      problems.push(`${key} is registered without an endpoint`);
      continue;
    }
    const line = table[route.endpoint];
    if (!line) problems.push(`${key} names ${route.endpoint}, which the contract does not define`);
    else if (line.method !== route.method || line.path !== route.url) {
      problems.push(`${key} is registered from ${route.endpoint}, which is ${line.method} ${line.path}`);
    }
    registered.set(route.endpoint, (registered.get(route.endpoint) ?? 0) + 1);
  }
  for (const [name, line] of Object.entries(table)) {
    const count = registered.get(name) ?? 0;
    if (count === 0) problems.push(`${name} (${line.method} ${line.path}) has no route`);
    if (count > 1) problems.push(`${name} is registered ${count} times`);
  }
  return problems;
}

describe('routes and endpoints', () => {
  const table: RouteTable = {
    listThings: { method: 'GET', path: '/api/things' },
    deleteThing: { method: 'DELETE', path: '/api/things/:id' },
  };

  it('finds a route without an endpoint, an endpoint without a route, and a route that moved', () => {
    expect(
      pairingProblems(
        [
          { method: 'GET', url: '/api/things', websocket: false, endpoint: 'listThings' as EndpointName },
          { method: 'POST', url: '/api/things', websocket: false, endpoint: undefined },
          { method: 'GET', url: '/ws', websocket: true, endpoint: undefined },
          { method: 'GET', url: '/robots.txt', websocket: false, endpoint: undefined },
        ],
        table,
      ),
    ).toEqual([
      'POST /api/things is registered without an endpoint',
      'deleteThing (DELETE /api/things/:id) has no route',
    ]);
    expect(
      pairingProblems(
        [
          { method: 'GET', url: '/api/things', websocket: false, endpoint: 'listThings' as EndpointName },
          { method: 'GET', url: '/api/things', websocket: false, endpoint: 'listThings' as EndpointName },
          { method: 'DELETE', url: '/api/thing/:id', websocket: false, endpoint: 'deleteThing' as EndpointName },
        ],
        table,
      ),
    ).toEqual([
      'DELETE /api/thing/:id is registered from deleteThing, which is DELETE /api/things/:id',
      'listThings is registered 2 times',
    ]);
  });

  const routes = appRoutesForSuite();

  it('every API route comes from its endpoint and every endpoint has its route', () => {
    expect(pairingProblems(routes(), apiRoutes)).toEqual([]);
  });
});

import { apiRoutes, type EndpointName } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_PREFIX } from '../../src/plugins/openapi.js';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { appRoutesForSuite } from '../support/app-routes.js';

// Each endpoint is defined once, in the contract, and every API route is registered from one
// (docs/architecture.md, "Endpoints"): the route list (plugins/route-list.ts) records the endpoint
// each route came from, and the contract's route table names them all. The reference page's own
// files (`/api/docs`) are not endpoints.

/** API routes still registered by hand, to be registered from their endpoints (this list only shrinks). */
const NOT_YET_FROM_AN_ENDPOINT = new Set<string>([
  'GET /api/auth/user',
  'GET /api/logout',
  'POST /api/logout',
  'GET /api/login',
  'GET /api/callback/:provider',
  'POST /api/callback/:provider',
  'POST /api/auth/send-otp',
  'POST /api/auth/verify-otp',
  'POST /api/auth/complete-email-auth',
  'POST /api/auth/reset-password/send-code',
  'POST /api/auth/reset-password',
  'PUT /api/profile',
  'GET /api/profile/stats',
  'PATCH /api/onboarding',
  'GET /api/stripe/payment-methods',
  'POST /api/stripe/setup-intent',
  'DELETE /api/stripe/payment-methods/:id',
  'POST /api/payments/sandbox/confirm-setup',
  'POST /api/payments/sandbox/authenticate-setup',
  'GET /api/payments',
  'POST /api/payments/:id/retry',
  'POST /api/payments/:id/accept',
  'POST /api/auctions/:id/second-chance',
  'POST /api/payments/:id/decline',
  'POST /api/payments/webhook',
  'GET /api/payouts/account',
  'POST /api/payouts/account',
  'POST /api/payouts/sandbox/complete',
  'GET /api/auctions/:id/plan',
  'GET /api/auctions/:id/plan/calendar.ics',
  'POST /api/auctions/:id/plan',
  'POST /api/auctions/:id/plan/accept',
  'POST /api/auctions/:id/date-mode/start',
  'POST /api/auctions/:id/date-mode/check-in',
  'POST /api/auctions/:id/date-mode/end',
  'POST /api/auctions/:id/date-mode/location',
  'DELETE /api/auctions/:id/date-mode/location',
  'POST /api/auctions/:id/share-link',
  'POST /api/auctions/:id/refund-request',
  'POST /api/auctions/:id/release',
  'GET /api/shared-dates/:token',
  'GET /api/moderation/refund-requests',
  'POST /api/moderation/refund-requests/:id/decide',
  'GET /api/auctions/:id/feedback',
  'POST /api/auctions/:id/feedback',
  'POST /api/auctions/:id/feedback/response',
  'GET /api/users/:id/reviews',
  'GET /api/conversations',
  'GET /api/conversations/unread-count',
  'GET /api/conversations/*',
  'POST /api/messages',
  'POST /api/conversations/start',
  'GET /api/notifications',
  'GET /api/notifications/count',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/mark-all-read',
  'GET /api/notification-preferences',
  'PUT /api/notification-preferences',
  'GET /api/push/public-key',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'GET /api/notification-preferences/unsubscribe',
  'POST /api/notification-preferences/unsubscribe',
  'GET /api/blocks',
  'POST /api/blocks',
  'DELETE /api/blocks/:userId',
  'POST /api/reports',
  'GET /api/moderation/reports',
  'POST /api/moderation/reports/:id/resolve',
  'GET /api/moderation/held',
  'POST /api/moderation/held/auctions/:id/decide',
  'POST /api/moderation/held/bios/:id/decide',
  'POST /api/moderation/bids/:id/void',
  'POST /api/objects/upload',
  'PUT /api/profile/image',
  'GET /api/profile/photos',
  'POST /api/profile/photos',
  'PUT /api/profile/photos/order',
  'DELETE /api/profile/photos/:photoId',
  'PUT /api/auctions/:id/cover',
  'DELETE /api/auctions/:id/cover',
  'GET /api/objects/images/:name',
  'POST /api/moderation/held/photos/:id/decide',
  'PUT /api/objects/uploads/:grantId',
  'GET /api/account/export',
  'DELETE /api/account',
  'GET /api/identity/verification',
  'POST /api/identity/verification',
  'POST /api/identity/verification/documents',
  'POST /api/identity/sandbox/complete',
  'GET /api/identity/documents/:id',
  'GET /api/moderation/verifications',
  'POST /api/moderation/verifications/:userId/decide',
  'POST /api/identity/webhook',
  'GET /api/sandbox/clock',
  'POST /api/sandbox/clock',
]);

type RouteLike = Pick<RegisteredRoute, 'method' | 'url' | 'websocket' | 'endpoint'>;
type RouteTable = Readonly<Record<string, { method: string; path: string }>>;

/** Where routes and endpoints do not pair one to one; empty when they do. */
export function pairingProblems(
  routes: readonly RouteLike[],
  table: RouteTable,
  notYet: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  const registered = new Map<string, number>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    // The WebSocket's events are the contract's realtime schemas (realtime-schemas.ts).
    if (route.websocket || !route.url.startsWith('/api/') || route.url.startsWith(API_REFERENCE_PREFIX)) continue;
    if (route.endpoint === undefined) {
      if (!notYet.has(key)) problems.push(`${key} is registered without an endpoint`);
      continue;
    }
    if (notYet.has(key)) problems.push(`${key} comes from ${route.endpoint} now: take it off the list`);
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
    expect(pairingProblems(routes(), apiRoutes, NOT_YET_FROM_AN_ENDPOINT)).toEqual([]);
  });
});

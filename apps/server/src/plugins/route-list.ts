import type { EndpointName } from '@bid/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { hasSignedInGuard } from './auth.js';

/** One route as the app registered it: what the authorization matrix and the fuzzing suite walk. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  /** The route takes cross-site requests (provider callbacks); see plugins/security.ts. */
  allowCrossSite: boolean;
  /** A WebSocket upgrade route rather than a plain HTTP one. */
  websocket: boolean;
  /** The route requires a signed-in member the one way: `requireSignedIn` in its `preValidation`. */
  signedIn: boolean;
  /** The contract endpoint the route was registered from (plugins/endpoint-route.ts), if any. */
  endpoint: EndpointName | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (HEAD twins left out). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Records every route registered after it, so tests can be generated from the server's own
 * route list (docs/reliability.md) and a new route cannot slip past them. Registered on the
 * root instance before any route plugin, since onRoute hooks only see later registrations.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        allowCrossSite: route.config?.allowCrossSite === true,
        // `websocket: true`, or an HTTP handler plus a `wsHandler` (@fastify/websocket's two forms).
        websocket: isWebSocketRoute(route),
        signedIn: hasSignedInGuard(route.preValidation),
        endpoint: route.config?.endpoint,
      });
    }
  });
}

function isWebSocketRoute(route: RouteOptions): boolean {
  const options = route as RouteOptions & { websocket?: boolean; wsHandler?: unknown };
  return options.websocket === true || typeof options.wsHandler === 'function';
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Lets a route take cross-site requests (provider callbacks, webhooks); each one must check its own signature or state. */
    allowCrossSite?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every response and the cross-site rule of GUIDE §5: a state
 * change the browser marks as cross-site, or whose Origin is not ours, is refused.
 * Non-JSON bodies are refused by the content-type parsers (only JSON is registered).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; isProduction: boolean }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix primitives position popovers with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only makes sense behind https, i.e. in production.
      strictTransportSecurity: opts.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.allowCrossSite) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw forbidden('Cross-site requests are not allowed.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== publicOrigin && origin !== requestOrigin(request)) {
        throw forbidden('Cross-site requests are not allowed.');
      }
    });
  },
  { name: 'security' },
);

/** The origin the request was addressed to, so direct access by IP or another host name still works. */
function requestOrigin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

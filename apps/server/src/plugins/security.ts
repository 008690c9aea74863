import helmet from 'helmet';
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
 * What Stripe.js needs when Stripe is the payment provider (Stripe's CSP guidance): its script,
 * its Elements and 3-D Secure frames, and its API. The sandbox needs none of it, so these
 * origins are allowed only when Stripe is configured.
 */
export const STRIPE_CSP_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;
const NO_STRIPE = { scriptSrc: [], frameSrc: [], connectSrc: [] } as const;

/**
 * Security headers on every response and the cross-site rule of docs/engineering.md §5: a state
 * change the browser marks as cross-site, or whose Origin is not ours, is refused.
 * Non-JSON bodies are refused by the content-type parsers (only JSON is registered; the one
 * exception, the local upload route, registers its own inside its plugin: docs/uploads.md).
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      publicUrl: string;
      isProduction: boolean;
      /** Other origins the page may fetch from (the S3 endpoint uploads go to). */
      extraConnectOrigins?: string[];
      /** Stripe is the payment provider: let Stripe.js load, frame and call its API. */
      allowStripe?: boolean;
    },
  ) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    const stripe = opts.allowStripe ? STRIPE_CSP_SOURCES : NO_STRIPE;

    // Built once: @fastify/helmet built helmet's middleware again for every request, parsing the
    // policy each time (about 3% of the app's CPU under the hot-auction benchmark,
    // docs/performance.md). The headers do not depend on the request (no nonces).
    const applySecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.scriptSrc],
          // Radix primitives position popovers with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers our own ws:/wss: endpoint (CSP Level 3); a bare ws:/wss: would allow any host.
          connectSrc: ["'self'", ...(opts.extraConnectOrigins ?? []), ...stripe.connectSrc],
          frameSrc: ["'self'", ...stripe.frameSrc],
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
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
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

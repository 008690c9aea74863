import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this route's answers are never compressed, because they carry a secret beside text
     * an attacker may influence, which BREACH could recover from compressed sizes
     * (docs/performance.md "Compression").
     */
    compress?: boolean;
  }
}

/** Below this many bytes compression saves less than the encoding costs (docs/performance.md). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Routes whose answers carry a secret: every sign-in, sign-up and reset answer (codes,
 * verification tokens), a payment setup's client secret, a presigned upload address, a date's
 * share link and what its token opens. Never compressed (BREACH).
 */
const SECRET_ROUTES = new Set([
  '/api/stripe/setup-intent',
  '/api/objects/upload',
  '/api/auctions/:id/share-link',
  '/api/shared-dates/:token',
]);
const isSecretRoute = (url: string) => url.startsWith('/api/auth/') || SECRET_ROUTES.has(url);

/**
 * Brotli, else gzip, for the API's JSON answers of COMPRESS_MIN_BYTES or more, when the client
 * accepts one (docs/performance.md "Compression"), through @fastify/compress. Only JSON: HTML is
 * written per request and small, built files are precompressed at build time, server-sent events
 * and files are streams, and the WebSocket has its own framing. Request bodies are never inflated.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Runs before @fastify/compress's own onRoute hook (registered below), which reads `compress`.
    app.addHook('onRoute', (route) => {
      if (isSecretRoute(route.url) || route.config?.compress === false) route.compress = false;
    });
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_MIN_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: /^application\/json(?:;|$)/,
      // Quality 5 of 11: most of Brotli's gain at a small part of its time, per answer.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
      // A request body is never accepted compressed (no client sends one; a zip bomb could).
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);

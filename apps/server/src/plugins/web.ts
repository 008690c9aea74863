import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsClientConfig } from '@bid/contract';

/** Settings the browser needs at run time; served inside index.html so no extra request is made. */
export interface PublicWebConfig {
  waitlistUrl: string;
  softCloseSeconds: number;
  /** Which provider saves cards: Stripe (Elements needs the publishable key) or the offline sandbox's own form. */
  payments: PaymentsClientConfig;
  /** REQUIRE_VERIFIED_HOSTS: the create page explains that hosting needs a verified identity. */
  requireVerifiedHosts?: boolean;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function isApiPath(url: string): boolean {
  return (
    url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/ws' || url.startsWith('/ws?')
  );
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the
 * run-time config injected as a meta tag, which the CSP allows) for every other GET,
 * so the client router can show the page or its 404. Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string; config: PublicWebConfig; serveSourceMaps: boolean }) => {
    // Source maps would hand anyone the app's original source; production never serves them.
    const isHiddenSourceMap = (pathName: string) => !opts.serveSourceMaps && pathName.split('?')[0]!.endsWith('.map');
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    let indexHtml = '';
    if (hasWebApp) {
      const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(opts.config))}">`;
      indexHtml = readFileSync(indexFile, 'utf8').replace('<!--app-config-->', meta);
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // index.html is always served with the run-time config injected (below).
        allowedPath: (pathName) => pathName !== '/index.html' && !isHiddenSourceMap(pathName),
        setHeaders(res, filePath) {
          const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          // The service worker is checked for updates on every visit (docs/notifications.md).
          const isServiceWorker = filePath === path.join(opts.distDir, 'sw.js');
          res.header(
            'Cache-Control',
            isHashedAsset
              ? 'public, max-age=31536000, immutable'
              : isServiceWorker
                ? 'no-cache'
                : 'public, max-age=3600',
          );
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web app is not built; run `npm run build` to serve pages');
    }

    const sendIndex = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

    app.get('/', async (_request, reply) => (hasWebApp ? sendIndex(reply) : reply.callNotFound()));

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (!isApiPath(request.url) && !isHiddenSourceMap(request.url) && isPageRequest && hasWebApp) {
        return sendIndex(reply);
      }
      return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    });
  },
  { name: 'web' },
);

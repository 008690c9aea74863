import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BROWSE_LIST_PATH, isAppRoute, robotsTxt, type PaymentsClientConfig } from '@bid/contract';
import { SESSION_COOKIE } from './session.js';

/** What a shared /auction/{id} link shows as its preview (Open Graph and Twitter card tags). */
export interface AuctionSharePreview {
  title: string;
  /** "Current bid $25" or "Starting bid $20". */
  price: string;
  description: string;
  /** Root-relative: the caller makes it absolute with PUBLIC_URL. */
  imagePath: string;
}

/** Settings the browser needs at run time; served inside index.html so no extra request is made. */
export interface PublicWebConfig {
  waitlistUrl: string;
  softCloseSeconds: number;
  /** Which provider saves cards: Stripe (Elements needs the publishable key) or the offline sandbox's own form. */
  payments: PaymentsClientConfig;
  /** REQUIRE_VERIFIED_HOSTS: the create page explains that hosting needs a verified identity. */
  requireVerifiedHosts?: boolean;
  /** The test clock is on (docs/payments.md): the web app reads the server's time from GET /api/sandbox/clock. */
  testClock?: boolean;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const escapeText = escapeAttribute;

const SITE_NAME = 'BidYourDate';
const SITE_DESCRIPTION = 'Bid Your Perfect Date: auction fun, platonic outings and bid for the chance to go.';

/** Open Graph and Twitter card tags; every value is escaped, whatever a member typed. */
function shareTags(tags: { title: string; description: string; url: string; image?: string }): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
  return [
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    ...(tags.image ? [meta('property', 'og:image', tags.image)] : []),
    meta('name', 'twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    ...(tags.image ? [meta('name', 'twitter:image', tags.image)] : []),
  ].join('');
}

/**
 * The page chunk each first page needs, by whether the request carries a session cookie (the
 * route table is apps/web/src/app/routes.tsx). index.html names it with modulepreload, so the
 * browser fetches it beside the entry bundle instead of after it (docs/performance.md).
 */
const FIRST_PAGE_MODULES: Record<string, { visitor?: string; member?: string }> = {
  '/': { visitor: 'src/pages/LandingPage.tsx', member: 'src/pages/HomePage.tsx' },
  '/browse': { visitor: 'src/pages/BrowsePage.tsx' },
  '/login': { visitor: 'src/pages/LoginPage.tsx' },
};

/**
 * The API reads a visitor's first page makes at once, preloaded from index.html like its chunks:
 * the answer is on its way while the scripts load, instead of asked for after they ran. The
 * link's credentials mode (`use-credentials`) is the app's (`credentials: 'include'`), so the
 * app's own request takes the preloaded answer (docs/performance.md, item 17).
 */
const FIRST_PAGE_READS: Record<string, string> = {
  '/browse': BROWSE_LIST_PATH,
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * `<link rel="modulepreload">` tags for each first page's chunk and the chunks it imports, less
 * those index.html already names (the entry's), from the build's manifest (dist/.vite/manifest.json).
 */
export function pagePreloadTags(manifest: Record<string, ManifestChunk>): Map<string, string> {
  const filesOf = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) filesOf(imported, seen);
    return seen;
  };
  const entryKeys = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) filesOf(key, entryKeys);
  const tags = new Map<string, string>();
  for (const page of Object.values(FIRST_PAGE_MODULES).flatMap((p) => [p.visitor, p.member])) {
    if (!page || !manifest[page] || tags.has(page)) continue;
    const files = [...filesOf(page)].filter((key) => !entryKeys.has(key)).map((key) => manifest[key]!.file);
    tags.set(
      page,
      files.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`).join(''),
    );
  }
  return tags;
}

const pathOf = (url: string) => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

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
  async (
    app: FastifyInstance,
    opts: {
      distDir: string;
      config: PublicWebConfig;
      /** Outside production only: source maps would hand anyone the app's original source. */
      serveSourceMaps: boolean;
      /** PUBLIC_URL: share tags carry absolute addresses. */
      publicUrl: string;
      /** The preview of a shareable auction, or undefined (unknown, hidden or deleted: generic tags). */
      auctionPreview: (id: string) => Promise<AuctionSharePreview | undefined>;
    },
  ) => {
    // Source maps would hand anyone the app's original source; production never serves them.
    const isHiddenSourceMap = (pathName: string) => !opts.serveSourceMaps && pathName.split('?')[0]!.endsWith('.map');
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    let indexHtml = '';
    let preloadTags = new Map<string, string>();
    if (hasWebApp) {
      const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(opts.config))}">`;
      indexHtml = readFileSync(indexFile, 'utf8').replace('<!--app-config-->', meta);
      const manifestFile = path.join(opts.distDir, '.vite', 'manifest.json');
      if (existsSync(manifestFile))
        preloadTags = pagePreloadTags(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies of the text assets (apps/web/vite.config.ts); a browser
        // that accepts one gets it, about a quarter of the bytes (docs/performance.md).
        preCompressed: true,
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

    const absolute = (pathName: string) => new URL(pathName, opts.publicUrl).toString();
    const genericTags = (pathName: string) =>
      shareTags({ title: SITE_NAME, description: SITE_DESCRIPTION, url: absolute(pathName) });

    /**
     * What the page can know before any script runs: a request without a session cookie is a
     * visitor's, so the app renders at once instead of asking GET /api/auth/user first
     * (`app-session` none; docs/performance.md), and the first page's chunks are preloaded.
     */
    const pageHints = (request: FastifyRequest) => {
      const hasSession = Boolean(request.cookies?.[SESSION_COOKIE]);
      const pagePath = pathOf(request.url);
      const page = FIRST_PAGE_MODULES[pagePath]?.[hasSession ? 'member' : 'visitor'];
      const preload = page ? (preloadTags.get(page) ?? '') : '';
      const read = hasSession ? undefined : FIRST_PAGE_READS[pagePath];
      const readTag = read
        ? `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(read)}">`
        : '';
      return `${hasSession ? '' : '<meta name="app-session" content="none">'}${readTag}${preload}`;
    };

    /** index.html with the page's share tags (and title) rendered in, at the given status. */
    const sendIndex = (reply: FastifyReply, status: number, headTags: string, title = SITE_NAME) =>
      reply
        .status(status)
        .header('Cache-Control', 'no-cache')
        // The page's hints depend on the session cookie (pageHints).
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(
          indexHtml
            .replace('<title>BidYourDate</title>', `<title>${escapeText(title)}</title>`)
            .replace('</head>', `${headTags}${pageHints(reply.request)}</head>`),
        );

    // Crawlers: public pages yes, the API and members' own pages no; no sitemap is named because there is none.
    app.get('/robots.txt', async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt()),
    );

    app.get('/', async (_request, reply) =>
      hasWebApp ? sendIndex(reply, 200, genericTags('/')) : reply.callNotFound(),
    );

    // A shared auction link shows its title, price, photo and description in chat apps and social sites.
    app.get<{ Params: { id: string } }>('/auction/:id', async (request, reply) => {
      if (!hasWebApp) return reply.callNotFound();
      const pathName = pathOf(request.url);
      const preview = await opts.auctionPreview(request.params.id);
      if (!preview) return sendIndex(reply, 404, genericTags(pathName));
      const tags = shareTags({
        title: `${preview.title} · ${preview.price}`,
        description: preview.description,
        url: absolute(pathName),
        image: absolute(preview.imagePath),
      });
      return sendIndex(reply, 200, tags, `${preview.title} · ${SITE_NAME}`);
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (!isApiPath(request.url) && !isHiddenSourceMap(request.url) && isPageRequest && hasWebApp) {
        // The app renders its own "not found" page; the status tells crawlers and tools the truth.
        const pathName = pathOf(request.url);
        return sendIndex(reply, isAppRoute(pathName) ? 200 : 404, genericTags(pathName));
      }
      return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    });
  },
  { name: 'web' },
);

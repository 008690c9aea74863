import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auctions, users } from '../../src/db/schema/index.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorldWith } from '../support/world.js';

/** The shape of the built index.html (apps/web/index.html after `vite build`). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>BidYourDate</title>
    <!--app-config-->
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_card-c1.js': { file: 'assets/card-c1.js', imports: ['_react-r1.js'] },
  'src/pages/LandingPage.tsx': { file: 'assets/LandingPage-l1.js', isDynamicEntry: true, imports: ['_react-r1.js'] },
  'src/pages/HomePage.tsx': { file: 'assets/HomePage-h1.js', isDynamicEntry: true, imports: ['_card-c1.js'] },
  'src/pages/BrowsePage.tsx': { file: 'assets/BrowsePage-b1.js', isDynamicEntry: true, imports: ['_card-c1.js'] },
};

const BUNDLE = `console.log(${JSON.stringify('a bundle '.repeat(200))});\n`;

const metaContent = (html: string, key: string) => {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
};

/** A built web app in a temporary folder: index.html, a hashed bundle with its compressed copies, the manifest. */
async function writeWebBuild(): Promise<string> {
  const distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  // A hashed bundle with the compressed copies the web build writes beside it (apps/web/vite.config.ts).
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), BUNDLE);
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(BUNDLE));
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync(BUNDLE));
  // The build's manifest (vite.config.ts `manifest`): the entry, and pages with a shared chunk.
  await mkdir(path.join(distDir, '.vite'));
  await writeFile(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return distDir;
}

/** Pages the server renders around the web app: 404 for unknown paths, robots.txt, share tags. */
describe.each(testDatabaseFactories())('web pages on $kind', (factory) => {
  const world = suiteWorldWith(
    factory,
    { start: writeWebBuild, stop: (distDir) => rm(distDir, { recursive: true, force: true }) },
    (distDir) => ({ env: { WEB_DIST_DIR: distDir }, appOptions: { serveWeb: true } }),
  );
  let hostId: string;

  beforeAll(async () => {
    const [host] = await world.db
      .insert(users)
      .values({ email: 'host@example.com', firstName: 'Hana', lastName: 'Host', sex: 'female' })
      .returning();
    hostId = host!.id;
  });

  it("preloads the first page's chunks and tells the app a request without a session is a visitor's", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const landing = await world.app.inject({ method: 'GET', url: '/' });
    expect(landing.headers.vary).toContain('Cookie');
    expect(landing.body).toContain('<meta name="app-session" content="none">');
    // The entry's own chunks are named by index.html already.
    expect(preloads(landing.body)).toEqual(['/assets/LandingPage-l1.js']);

    const browse = await world.app.inject({ method: 'GET', url: '/browse?dateType=coffee' });
    expect(preloads(browse.body)).toEqual(['/assets/BrowsePage-b1.js', '/assets/card-c1.js']);
    // Browse's one list read (filters apply in the browser) downloads beside the scripts.
    expect(browse.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auctions?limit=100">',
    );
    expect(landing.body).not.toContain('rel="preload"');

    // With a session cookie (valid or not: the app asks GET /api/auth/user) home's chunks, no visitor hint.
    const home = await world.app.inject({ method: 'GET', url: '/', cookies: { sid: 'some-session' } });
    expect(home.body).not.toContain('app-session');
    expect(home.body).not.toContain('rel="preload"');
    expect(preloads(home.body)).toEqual(['/assets/HomePage-h1.js', '/assets/card-c1.js']);

    const faqs = await world.app.inject({ method: 'GET', url: '/faqs' });
    expect(preloads(faqs.body)).toEqual([]);
  });

  it('answers the app with 200 for its pages and 404 for any other path, JSON 404 under /api', async () => {
    for (const url of ['/', '/browse', '/faqs', '/users/abc', '/shared-date/tok?x=1', '/profile/']) {
      const res = await world.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    for (const url of ['/no-such-page', '/auction', '/browse/more', '/index.htm', '/auctions/x']) {
      const res = await world.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      // The app still loads and shows its own "not found" page.
      expect(res.body).toContain('<div id="root"></div>');
    }
    const api = await world.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found', code: 'not_found', requestId: expect.any(String) });
  });

  it('sends the build’s Brotli or gzip copy of a bundle to a browser that accepts it, the file itself otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const br = await world.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    const gz = await world.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await world.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('serves a real robots.txt', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /messages');
    expect(res.body).not.toContain('<html');
    expect(res.body).not.toMatch(/sitemap/i);
  });

  it('renders an auction’s title, price, photo and description as share tags, escaped', async () => {
    const id = await insertAuction(world.db, {
      creatorId: hostId,
      endTime: new Date(Date.now() + 86_400_000),
      title: 'Tea & "cake" <script>alert(1)</script>',
    });
    const res = await world.app.inject({ method: 'GET', url: `/auction/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(metaContent(res.body, 'og:title')).toBe(
      'Tea &amp; &quot;cake&quot; &lt;script&gt;alert(1)&lt;/script&gt; · Starting bid $20',
    );
    expect(metaContent(res.body, 'og:description')).toBe(
      'Starting bid $20 · Austin, TX. A coffee and a walk by the river.',
    );
    expect(metaContent(res.body, 'og:url')).toBe(`${TEST_PUBLIC_URL}/auction/${id}`);
    // No cover and a host without photos: the drawing of its date type.
    expect(metaContent(res.body, 'og:image')).toBe(`${TEST_PUBLIC_URL}/covers/coffee.svg`);
    expect(metaContent(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(res.body, 'twitter:image')).toBe(`${TEST_PUBLIC_URL}/covers/coffee.svg`);
    expect(res.body).toContain(
      '<title>Tea &amp; &quot;cake&quot; &lt;script&gt;alert(1)&lt;/script&gt; · BidYourDate</title>',
    );

    // The host's main photo, then the auction's own cover, take the drawing's place.
    const hostPhoto = '/api/objects/images/11111111-1111-4111-8111-111111111111-1280.jpg';
    await world.db.update(users).set({ profileImageUrl: hostPhoto }).where(eq(users.id, hostId));
    const withHostPhoto = await world.app.inject({ method: 'GET', url: `/auction/${id}` });
    expect(metaContent(withHostPhoto.body, 'og:image')).toBe(`${TEST_PUBLIC_URL}${hostPhoto}`);
    const cover = '/api/objects/images/22222222-2222-4222-8222-222222222222-1280.jpg';
    await world.db
      .update(auctions)
      .set({ coverImageUrl: cover, currentBid: '35.00', bidCount: 2 })
      .where(eq(auctions.id, id));
    const withCover = await world.app.inject({ method: 'GET', url: `/auction/${id.toUpperCase()}` });
    expect(metaContent(withCover.body, 'og:image')).toBe(`${TEST_PUBLIC_URL}${cover}`);
    expect(metaContent(withCover.body, 'og:description')).toMatch(/^Current bid \$35 · /);
  });

  it('gives hidden, deleted-host and unknown auctions the generic tags and a 404', async () => {
    const hidden = await insertAuction(world.db, {
      creatorId: hostId,
      endTime: new Date(Date.now() + 86_400_000),
      title: 'Secret hidden title',
    });
    await world.db.update(auctions).set({ hiddenAt: new Date() }).where(eq(auctions.id, hidden));
    const [gone] = await world.db
      .insert(users)
      .values({ email: 'gone@example.com', firstName: 'Gone', deletedAt: new Date() })
      .returning();
    const ofDeleted = await insertAuction(world.db, {
      creatorId: gone!.id,
      endTime: new Date(Date.now() + 86_400_000),
      title: 'Title of a deleted member',
    });
    for (const id of [hidden, ofDeleted, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await world.app.inject({ method: 'GET', url: `/auction/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(metaContent(res.body, 'og:title')).toBe('BidYourDate');
      expect(metaContent(res.body, 'og:image')).toBeUndefined();
      expect(res.body).not.toContain('Secret hidden title');
      expect(res.body).not.toContain('deleted member');
    }
  });
});

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstPagesChunks } from './first-pages-chunks';

const apiTarget = process.env.API_URL ?? 'http://localhost:5000';

/** Public files the service worker precaches besides the hashed bundles (docs/notifications.md). */
const PRECACHED_PUBLIC_FILES = [
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

/**
 * Writes dist/sw.js from service-worker/sw.js with the build's file list (every emitted bundle and
 * the public files above) and a version derived from it, so each build installs a fresh cache
 * and drops the old one. Development (`npm run dev`) registers no service worker.
 */
function serviceWorkerPlugin(): Plugin {
  const source = path.resolve(import.meta.dirname, 'service-worker/sw.js');
  return {
    name: 'bidyourdate-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const bundled = Object.keys(bundle)
        .filter((fileName) => !fileName.endsWith('.map') && fileName !== 'index.html' && !fileName.startsWith('.vite/'))
        .map((fileName) => `/${fileName}`);
      const files = [...bundled, ...PRECACHED_PUBLIC_FILES].sort();
      const template = readFileSync(source, 'utf8');
      const version = createHash('sha256').update(template).update(files.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('self.__PRECACHE_MANIFEST__', JSON.stringify(files))
          .replace('self.__PRECACHE_VERSION__', JSON.stringify(version)),
      });
    },
  };
}

/** Text files worth compressing; index.html is left out because the server rewrites it per request. */
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every emitted text file, once at build
 * time, which the server sends to browsers that accept them (`preCompressed`, apps/server
 * plugins/web.ts). Uncompressed, the landing page's JavaScript cost a phone about 2.4 s of
 * download in Lighthouse's mobile run (docs/performance.md, "Lighthouse (mobile)").
 */
function precompressPlugin(): Plugin {
  return {
    name: 'bidyourdate-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? path.resolve(import.meta.dirname, 'dist');
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const body = readFileSync(file);
        if (body.length < COMPRESS_FROM_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const firstPages = firstPagesChunks();

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerPlugin(), precompressPlugin(), firstPages.plugin],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // The manifest tells the server which chunks each first page needs, to name them with modulepreload
  // in index.html (apps/server plugins/web.ts, docs/performance.md).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Fewer, larger chunks (docs/performance.md, item 17). Left to itself the bundler split the
    // entry's own code into a dozen files and every page into dozens of tiny shared ones (one per
    // icon): browse fetched 42 scripts, and over HTTP/1.1 (six connections, one request at a time
    // each) a phone waits a round trip per handful of them. The entry's whole static closure is
    // now one chunk besides the entry. The first pages' icons are one chunk, the icons the other
    // pages load later another, what home and browse share a third, and what landing shares with
    // them a fourth (item 26, `first-pages-chunks.ts`).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'], priority: 2 }, ...firstPages.groups],
        },
      },
    },
  },
  // `npm run dev`: Vite serves the web app and forwards API and WebSocket calls to the server.
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
});

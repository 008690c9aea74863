// Bundles the server into dist/main.js. Workspace packages (the shared contract, which
// ships TypeScript) are bundled in; everything from node_modules stays external.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@bid/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});

// The photo classifier's worker thread is its own file, loaded by URL beside the bundle
// (lib/photo-classifier/photo-classifier.ts); its packages stay in node_modules like the rest.
copyFileSync('src/lib/photo-classifier/classifier-worker.mjs', 'dist/classifier-worker.mjs');

// `npm run build` of the web app, which `npm start` runs: always the production app. Vite builds
// React's development build when NODE_ENV=development is set in the environment (a developer's
// shell often has it), and that app registers no service worker, so no install prompt and no
// offline page (docs/web-app.md). Arguments are passed on to `vite build` (for one, --outDir).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', ...process.argv.slice(2)], {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(result.status ?? 1);

// `npm run test:e2e`: builds the app and runs the Playwright specs in Debian's Chromium.
// Without a browser it says so loudly, and fails when CI is set (docs/engineering.md §4).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const banner = '!'.repeat(78);
  console.error(`\n${banner}\n  NO BROWSER: ${chromium} does not exist, so the browser tests did NOT run.`);
  console.error('  Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  console.error(`${banner}\n`);
  process.exit(process.env.CI ? 1 : 0);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// Each run builds the web app into its own folder, so parallel runs never serve each other's files.
// (E2E_SKIP_BUILD reuses an earlier build: E2E_WEB_DIST, or apps/web/dist.)
if (!process.env.E2E_SKIP_BUILD) {
  const webDist = process.env.E2E_WEB_DIST ?? mkdtempSync(path.join(os.tmpdir(), 'bid-e2e-web-'));
  run('npm', ['run', 'build', '-w', '@bid/web', '--', '--outDir', webDist, '--emptyOutDir']);
  run('npm', ['run', 'build', '-w', '@bid/server']);
  process.env.E2E_WEB_DIST = webDist;
}
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);

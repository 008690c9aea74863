// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const webDir = path.resolve(import.meta.dirname, '..');

/**
 * A build `npm run build` of the web app already made with NODE_ENV=development set: CI makes its
 * one build so (.ci/run, docs/reliability.md "What CI runs where") and names it here, so this test
 * checks that build instead of building the app a second time. Unset (a fresh clone), the test
 * makes its own build into a temporary folder.
 */
const builtInDevelopment = process.env.WEB_BUILD_MADE_IN_DEVELOPMENT;

/**
 * `NODE_ENV=development npm start` served React's development build (Vite builds in development
 * mode when NODE_ENV=development is set), so no service worker registered, no install prompt and
 * no offline page. `npm run build` of the web app is what `npm start` runs: it must build the
 * production app whatever NODE_ENV says (docs/web-app.md).
 */
describe('npm run build of the web app', () => {
  let temporaryOutDir: string | undefined;
  afterAll(async () => {
    if (temporaryOutDir) await rm(temporaryOutDir, { recursive: true, force: true });
  });

  async function buildInDevelopment(): Promise<string> {
    if (builtInDevelopment) return path.resolve(builtInDevelopment);
    temporaryOutDir = await mkdtemp(path.join(tmpdir(), 'web-build-'));
    await run('npm', ['run', 'build', '--', '--outDir', temporaryOutDir, '--emptyOutDir'], {
      cwd: webDir,
      env: { ...process.env, NODE_ENV: 'development' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return temporaryOutDir;
  }

  it('builds the production app even when NODE_ENV=development is set', async () => {
    const outDir = await buildInDevelopment();
    const assets = path.join(outDir, 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const texts = await Promise.all(scripts.map((name) => readFile(path.join(assets, name), 'utf8')));
    // React's development JSX runtime appears in every page of a development build, never in production.
    expect(scripts.filter((_name, i) => texts[i]!.includes('jsxDEV'))).toEqual([]);
    expect(await readFile(path.join(outDir, 'sw.js'), 'utf8')).toContain('offline.html');
  }, 300_000);
});

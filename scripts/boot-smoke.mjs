// Boot smoke test of the built server on whatever `node` runs this script (CI runs it on Node 24):
// starts apps/server/dist/main.js on a free port with the embedded database and the demo data
// (which hashes a password), waits for GET /api/health to answer 200 and to report the photo
// classifier ready, sends SIGTERM and expects
// exit code 0. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const HEALTHY_WITHIN_MS = 180_000;
const EXIT_WITHIN_MS = 20_000;

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'boot-smoke-'));
const started = Date.now();
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
  cwd: ROOT,
  env: {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

function fail(message) {
  console.error(`boot smoke test FAILED on Node ${process.version}: ${message}`);
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

let healthy = false;
while (!healthy) {
  if (Date.now() - started > HEALTHY_WITHIN_MS) fail(`/api/health did not answer 200 within ${HEALTHY_WITHIN_MS} ms`);
  if (server.exitCode !== null) fail(`the server exited with code ${server.exitCode} before it was healthy`);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
    healthy = res.status === 200;
  } catch {
    // Not listening yet.
  }
  if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
}
const bootMs = Date.now() - started;
// The photo screening's model (nsfwjs on the WebAssembly backend, in a worker beside the bundle)
// must load from the built server: /api/health reports it (docs/trust-and-safety.md "Screening").
let classifier;
while (classifier?.state !== 'ready') {
  if (Date.now() - started > HEALTHY_WITHIN_MS)
    fail(`the photo classifier was not ready within ${HEALTHY_WITHIN_MS} ms`);
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
  classifier = (await res.json()).photoClassifier;
  if (classifier?.state === 'failed') fail(`the photo classifier did not load: ${classifier.error}`);
  if (classifier?.state !== 'ready') await new Promise((resolve) => setTimeout(resolve, 500));
}
server.kill('SIGTERM');
const timer = setTimeout(() => fail(`no exit within ${EXIT_WITHIN_MS} ms of SIGTERM`), EXIT_WITHIN_MS);
const { code, signal } = await exited;
clearTimeout(timer);
rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) fail(`exit code ${code} (signal ${signal}) after SIGTERM`);
console.log(
  `boot smoke test passed on Node ${process.version}: healthy after ${bootMs} ms, photo classifier ready (${classifier.backend}, loaded in ${classifier.loadMs} ms), exit 0 on SIGTERM`,
);

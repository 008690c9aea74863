import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * An app instance as production runs it: the server's bundle (apps/server/dist/main.js, built
 * from the sources once per run) in its own process, so SIGTERM goes through the real graceful
 * shutdown (docs/deploy.md), with its metrics on a free port of their own.
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

let built = false;
/**
 * Bundles the server from the current sources (esbuild, a second or two), once per run; not at
 * all with FAULTS_SKIP_BUILD=1, which CI sets because npm test's end-to-end step has just built
 * apps/server/dist from the same sources (docs/reliability.md, "What CI runs where").
 */
function buildServerOnce(): void {
  if (built) return;
  if (process.env.FAULTS_SKIP_BUILD) {
    if (!existsSync(MAIN)) throw new Error(`FAULTS_SKIP_BUILD is set but ${MAIN} does not exist: npm run build first`);
    built = true;
    return;
  }
  execFileSync('npm', ['run', 'build', '-w', '@bid/server'], { cwd: REPO_ROOT, stdio: 'ignore' });
  built = true;
}

export interface AppInstanceOptions {
  name: string;
  port: number;
  databaseUrl: string;
  sessionSecret: string;
  /** The balancer's address, which the browser sees. */
  publicUrl: string;
  logFile: string;
  poolSize: number;
  /** How long readiness is 503 before the listener stops (SHUTDOWN_DELAY_MS). */
  shutdownDelayMs: number;
  webDistDir?: string;
}

export interface AppInstance {
  name: string;
  port: number;
  url: string;
  pid: number;
  logFile: string;
  /** Sends `signal` and resolves with the exit code and how long the process took to exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export async function startAppInstance(options: AppInstanceOptions): Promise<AppInstance> {
  buildServerOnce();
  const fd = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: String(options.poolSize),
      SESSION_SECRET: options.sessionSecret,
      PUBLIC_URL: options.publicUrl,
      // Production needs one; the suites sign members in with seeded sessions, so nothing is sent.
      SMTP_URL: 'smtp://127.0.0.1:25',
      // Production refuses these toys unless told (README.md, "Configuration"): offline payments
      // and identity, and plain http between HAProxy and the instances on loopback.
      ALLOW_SANDBOX: '1',
      ALLOW_INSECURE_PUBLIC_URL: '1',
      // Signs the audit checkpoints; thrown away with the suite's data.
      AUDIT_CHECKPOINT_KEY: 'faults-audit-checkpoint-key-'.padEnd(48, 'x'),
      TRUST_PROXY: '1',
      METRICS_PORT: '0',
      SHUTDOWN_DELAY_MS: String(options.shutdownDelayMs),
      LOG_LEVEL: 'info',
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`instance ${options.name} exited with ${child.exitCode} while starting`);
    const status = await fetch(`${url}/api/health/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${options.name} not ready in ${READY_TIMEOUT_MS} ms; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: options.name,
    port: options.port,
    url,
    pid: child.pid!,
    logFile: options.logFile,
    async stop(signal = 'SIGTERM') {
      const started = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: Math.round(performance.now() - started) };
    },
  };
}

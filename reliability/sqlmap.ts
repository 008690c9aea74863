/**
 * `npm run security:sqlmap`: Debian's sqlmap against a throwaway instance of the app (its own
 * PostgreSQL database, seeded, and the server's bundle in its own process as production runs it,
 * reliability/lib/app-instance.ts), one sqlmap run per injectable parameter, two at a time. Exit 1
 * on any finding, any 5xx, or any target sqlmap could not test; exit 2 when sqlmap is not
 * installed. docs/reliability.md.
 *
 * Environment: SQLMAP_LEVEL (default 3), SQLMAP_RISK (default 3), SQLMAP_TECHNIQUES (BEUST),
 * SQLMAP_TIME_SEC (2), SQLMAP_CONCURRENCY (2), SQLMAP_JOB_TIMEOUT_SEC (600 per run),
 * SQLMAP_ONLY (substring of a target: run only those), SQLMAP_DATABASE_URL or BENCH_DATABASE_URL
 * (the PostgreSQL server the scratch database is created on; the local one by default),
 * FAULTS_SKIP_BUILD (1: serve apps/server/dist as it is, which CI built from these sources;
 * otherwise the server is bundled first, as for the fault suite).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchServerUrl, createScratchDatabase, type ScratchDatabase } from '../bench/lib/database.js';
import { APP_POOL_SIZE, freePort } from '../bench/lib/servers.js';
import { startAppInstance, type AppInstance } from './lib/app-instance.js';
import {
  SQLMAP_INSTALL_HINT,
  runSqlmap,
  sqlmapVersion,
  type JobResult,
  type SqlmapJob,
  type SqlmapSettings,
} from './lib/sqlmap-runner.js';
import { buildJobs, seedWorld } from './lib/sqlmap-targets.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  }
  return value;
}

/**
 * Level 3 (default): sqlmap's 22 lowest-level boundaries (of 53), i.e. the value closed by a
 * quote, a double quote, `%'` (inside LIKE) or up to three parentheses, with and without a
 * comment; levels 4-5 add rarer contexts for 2-3 times the run time. (Levels 2-3 also
 * make cookies and headers targets, but `-p` and `*` keep each run to its one parameter.)
 * Risk 3 (default): adds heavy-query time-based (risk 2) and OR-based boolean payloads (risk 3).
 * OR is what flips an answer whose base value matches no row, which several bases here do (a
 * refused bid, an empty message); it is avoided on live systems because OR in an UPDATE
 * rewrites every row, which does not matter on this throwaway database.
 * Measured on 2 shared cores: level 3 / risk 3 in 1-2 minutes, level 5 / risk 3 in 1.7-6.7 (load).
 */
function settingsFromEnv(cookie: string, outputRoot: string): SqlmapSettings {
  const techniques = (process.env.SQLMAP_TECHNIQUES || 'BEUST').toUpperCase();
  if (!/^[BEUSTQ]+$/.test(techniques))
    throw new Error(`SQLMAP_TECHNIQUES must be letters of BEUSTQ, got ${techniques}`);
  return {
    level: intFromEnv('SQLMAP_LEVEL', 3, 1, 5),
    risk: intFromEnv('SQLMAP_RISK', 3, 1, 3),
    techniques,
    timeSec: intFromEnv('SQLMAP_TIME_SEC', 2, 1, 30),
    cookie,
    outputRoot,
    timeoutMs: intFromEnv('SQLMAP_JOB_TIMEOUT_SEC', 600, 30, 7200) * 1000,
  };
}

/** Runs the jobs `concurrency` at a time, in list order, reporting each as it ends. */
async function runAll(
  jobs: readonly SqlmapJob[],
  settings: SqlmapSettings,
  concurrency: number,
  onDone: (result: JobResult) => void,
): Promise<JobResult[]> {
  const results = new Array<JobResult>(jobs.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < jobs.length; index = next++) {
      results[index] = await runSqlmap(jobs[index]!, settings);
      onDone(results[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return results;
}

function formatTable(results: readonly JobResult[]): string {
  const header = ['target', 'parameter', 'outcome', 'seconds'];
  const rows = results.map((r) => [r.target, r.parameter, r.outcome, r.seconds.toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Keeps sqlmap's full console output of every run (reliability/results/ is not committed), for the reader. */
function saveLog(results: readonly JobResult[]): string {
  const file = resultsFile('sqlmap');
  const text = results
    .map((r) => `===== ${r.target} ${r.parameter}: ${r.outcome} (${r.reason})\n${r.output}`)
    .join('\n\n');
  writeFileSync(file, text);
  return file;
}

function resultsFile(prefix: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return path.join(RESULTS_DIR, `${prefix}-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.log`);
}

async function main(): Promise<number> {
  const version = sqlmapVersion();
  if (!version) {
    console.error(SQLMAP_INSTALL_HINT);
    return 2;
  }
  const started = performance.now();
  const serverUrl = process.env.SQLMAP_DATABASE_URL || benchServerUrl();
  const sessionSecret = randomBytes(32).toString('hex');
  const outputRoot = mkdtempSync(path.join(os.tmpdir(), 'bidyourdate-sqlmap-'));
  let database: ScratchDatabase | undefined;
  let server: AppInstance | undefined;

  // Ctrl-C still drops the scratch database and stops the app.
  const cleanup = async () => {
    await server?.stop().catch(() => undefined);
    await database?.drop().catch((err: unknown) => console.error('could not drop the scratch database:', err));
    rmSync(outputRoot, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    database = await createScratchDatabase(serverUrl, 'sqlmap');
    const port = await freePort();
    server = await startAppInstance({
      name: 'sqlmap',
      port,
      databaseUrl: database.url,
      sessionSecret,
      publicUrl: `http://127.0.0.1:${port}`,
      // The app's own output, kept for the reader when a run fails (reliability/results/ is not committed).
      logFile: resultsFile('sqlmap-app'),
      poolSize: APP_POOL_SIZE,
      shutdownDelayMs: 0,
    });
    const world = await seedWorld(database.pool, server.url, sessionSecret);
    const only = process.env.SQLMAP_ONLY;
    const jobs = buildJobs(server.url, world).filter((job) => !only || job.target.includes(only));
    const settings = settingsFromEnv(world.member.cookie, outputRoot);
    const concurrency = intFromEnv('SQLMAP_CONCURRENCY', 2, 1, 16);
    console.log(
      `${version}: ${jobs.length} injection points, level ${settings.level}, risk ${settings.risk}, ` +
        `techniques ${settings.techniques}, time-sec ${settings.timeSec}, ${concurrency} at a time, ` +
        `against ${server.url} (database ${database.name})`,
    );

    const results = await runAll(jobs, settings, concurrency, (r) =>
      console.log(`  ${r.outcome.padEnd(12)} ${r.target} ${r.parameter} (${r.seconds.toFixed(1)} s): ${r.reason}`),
    );
    const totalSeconds = (performance.now() - started) / 1000;
    console.log(`\n${formatTable(results)}\n`);
    const bad = results.filter((r) => r.outcome !== 'clean');
    console.log(`sqlmap's output of every run: ${saveLog(results)}`);
    console.log(`total ${totalSeconds.toFixed(1)} s (setup and teardown included) for ${results.length} runs`);
    if (bad.length === 0) {
      console.log('sqlmap found no injection and every parameter was tested.');
      return 0;
    }
    for (const r of bad) console.error(`FAIL ${r.target} ${r.parameter}: ${r.outcome}: ${r.reason}`);
    return 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('security:sqlmap failed:', err);
    process.exit(1);
  },
);

/**
 * `npm run test:faults`: injects faults into a real deployment (app instances in their own
 * processes on a private PostgreSQL cluster) and checks what the product promises
 * (docs/reliability.md). Exits 0 only when every check of every scenario held; writes
 * reliability/results/faults.json. `--only=<scenario>` runs one scenario.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { closingJobKilled } from './lib/faults-closing-job-killed.js';
import { databaseFrozen } from './lib/faults-database-frozen.js';
import { runCleanups, secondsSince, type ScenarioResult } from './lib/faults-common.js';
import { instanceKilled } from './lib/faults-instance-killed.js';
import { postgresRestart } from './lib/faults-postgres-restart.js';
import { rollingRestart } from './lib/faults-rolling-restart.js';

const SCENARIOS: Record<string, () => Promise<ScenarioResult>> = {
  'postgres-restart': postgresRestart,
  'instance-killed': instanceKilled,
  'closing-job-killed': closingJobKilled,
  'database-frozen': databaseFrozen,
  'rolling-restart': rollingRestart,
};

const RESULTS_FILE = fileURLToPath(new URL('./results/faults.json', import.meta.url));

function selectedScenarios(argv: readonly string[]): string[] {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!only) return Object.keys(SCENARIOS);
  const names = only.split(',');
  const unknown = names.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  }
  return names;
}

function printResult(result: ScenarioResult): void {
  console.log(`\n== ${result.name}: ${result.held ? 'HELD' : 'FAILED'} (${result.seconds} s)`);
  console.log(`   injected: ${result.injected}`);
  if (result.error) console.log(`   error: ${result.error}`);
  for (const c of result.checks) console.log(`   [${c.held ? 'ok' : 'FAIL'}] ${c.name}: ${c.detail}`);
  const counts = Object.entries(result.counts).map(([k, v]) => `${k}=${v}`);
  if (counts.length) console.log(`   counts: ${counts.join(' ')}`);
  const timings = Object.entries(result.timingsMs).map(([k, v]) => `${k}=${v}ms`);
  if (timings.length) console.log(`   timings: ${timings.join(' ')}`);
  if (!result.held && result.logs?.length) console.log(`   server logs: ${result.logs.join(' ')}`);
}

async function runScenario(name: string): Promise<ScenarioResult> {
  const started = performance.now();
  console.log(`\n-- ${name}: starting`);
  try {
    return await SCENARIOS[name]!();
  } catch (err) {
    return {
      name,
      injected: '(did not get to the checks)',
      checks: [],
      counts: {},
      timingsMs: {},
      seconds: secondsSince(started),
      held: false,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    };
  } finally {
    // Each scenario's cluster, processes and browser go before the next one starts.
    await runCleanups();
  }
}

async function main(): Promise<number> {
  // The bid loads are machine-paced, not human-paced: without this the per-member limit
  // (BIDS_PER_MINUTE, docs/engineering.md §5) would answer most of them 429 and fewer writes would be in
  // flight when a fault lands. The instances inherit it (bench/lib/server-process.ts).
  process.env.BIDS_PER_MINUTE ??= '100000';
  const started = performance.now();
  const names = selectedScenarios(process.argv.slice(2));
  const results: ScenarioResult[] = [];
  for (const name of names) {
    const result = await runScenario(name);
    printResult(result);
    results.push(result);
  }
  const seconds = secondsSince(started);
  const held = results.every((r) => r.held);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify({ finishedAt: new Date().toISOString(), seconds, held, scenarios: results }, null, 2) + '\n',
  );
  console.log(`\n${held ? 'All checks held' : 'Some checks FAILED'}: ${results.length} scenario(s) in ${seconds} s`);
  console.log(`Results: ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return held ? 0 : 1;
}

// Ctrl-C or a CI timeout must not leave a PostgreSQL cluster or a server process behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main()
  // Exit explicitly: a pool or timer of a failed scenario must not keep CI waiting.
  .then((code) => process.exit(code))
  .catch(async (err: unknown) => {
    console.error(err);
    await runCleanups();
    process.exit(1);
  });

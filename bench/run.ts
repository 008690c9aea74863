/**
 * `npm run bench [-- --quick] [--only=name,name]`: runs the benchmark scenarios of issue 7
 * on PostgreSQL (BENCH_DATABASE_URL's server, or the local one of docs/engineering.md §4), prints a table and
 * writes bench/results/summary.json. See docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkpoint,
  createScratchDatabase,
  benchServerUrl,
  describeMachine,
  type ScratchDatabase,
} from './lib/database.js';
import type { BenchContext, MarketplaceDatabase, Scenario } from './lib/context.js';
import { Marketplace } from './lib/marketplace.js';
import { createMembers } from './lib/members.js';
import { scenarioOutcomes } from './lib/outcomes.js';
import { auctionListScaling } from './scenarios/auction-list-scaling.js';
import { apiOverhead } from './scenarios/api-overhead.js';
import { fanoutRedis } from './scenarios/fanout-redis.js';
import { hotAuctionBids } from './scenarios/hot-auction-bids.js';
import { savedSearchMatch } from './scenarios/saved-search-match.js';
import { searchScaling } from './scenarios/search-scaling.js';
import { socketMemory } from './scenarios/socket-memory.js';
import { webInitialJs } from './scenarios/web-initial-js.js';
import { wsFanout } from './scenarios/ws-fanout.js';
import { photoClassification } from './scenarios/photo-classification.js';
import {
  buildSummary,
  formatTable,
  writeSummary,
  type Measurement,
  type ScenarioName,
  type ScenarioOutcome,
} from './summary.js';

const SCENARIOS: Scenario[] = [
  hotAuctionBids,
  auctionListScaling,
  searchScaling,
  wsFanout,
  apiOverhead,
  webInitialJs,
  socketMemory,
  fanoutRedis,
  savedSearchMatch,
  photoClassification,
];

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

/**
 * ws-fanout's clients (2 × 1,000 in quick mode, 2 × 5,000 in the full run) plus the servers'
 * sockets need more descriptors than the common default of 1,024; fanout-redis's full run
 * (2 × 15,000 through HAProxy, two descriptors per socket in the balancer) needs more still.
 * Where the hard limit is lower, the runner takes the hard limit (fanout-redis says what it lacks).
 */
const FILE_LIMIT_NEEDED = 65536;

/** Marketplaces larger than this (the full run's million) are loaded with their secondary indexes dropped. */
const BULK_LOAD_FROM = 100_000;

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const only = onlyArg ? onlyArg.split(',').filter(Boolean) : undefined;
  const names = SCENARIOS.flatMap((s) => [s.name, ...(s.companions ?? []).map((c) => c.name)]);
  const unknown = only?.filter((name) => !names.includes(name as ScenarioName)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown scenario ${unknown.join(', ')}. Scenarios: ${names.join(', ')}`);
    process.exit(2);
  }
  return { quick, only };
}

/** Raises the soft limit on open files (up to the hard limit) by running this file again under `ulimit -n`. */
function ensureFileLimit(): void {
  const probe = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const current = Number(probe.stdout.trim());
  if (!Number.isFinite(current) || current >= FILE_LIMIT_NEEDED || process.env.BENCH_FILE_LIMIT_RAISED) return;
  console.log(`open-file limit is ${current}; raising it towards ${FILE_LIMIT_NEEDED} for the WebSocket scenarios`);
  const rerun = spawnSync(
    'sh',
    [
      '-c',
      `{ ulimit -n ${FILE_LIMIT_NEEDED} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; } && exec "$0" "$@"`,
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_FILE_LIMIT_RAISED: '1' } },
  );
  if (rerun.status === null || rerun.error) {
    console.warn(
      `could not raise the limit (hard limit too low?); ws-fanout may fail. Try: ulimit -n ${FILE_LIMIT_NEEDED}`,
    );
    return;
  }
  process.exit(rerun.status);
}

async function seedMarketplace(serverUrl: string, size: number, sessionSecret: string): Promise<MarketplaceDatabase> {
  const started = Date.now();
  const database = await createScratchDatabase(serverUrl, `market_${size}`);
  try {
    const market = new Marketplace(database.pool);
    // A million rows inserted with every index in place would take most of an hour here; one
    // sorted build per index afterwards takes minutes (docs/performance.md, "Plans at a million rows").
    if (size > BULK_LOAD_FROM) await market.bulkLoad({ users: size, auctions: size }, console.log);
    else await market.grow({ users: size, auctions: size });
    const [viewer] = await createMembers(database.pool, { count: 1, sessionSecret, label: 'Viewer' });
    const { rows } = await database.pool.query<{ open: string }>(
      'SELECT count(*) AS open FROM auctions WHERE is_active AND end_time > now()',
    );
    const description = `${size} users, ${size} auctions (${rows[0]?.open} open)`;
    console.log(`  seeded ${description} in ${Math.round((Date.now() - started) / 1000)} s`);
    return { size, database, viewer: viewer!, description };
  } catch (err) {
    await database.drop().catch(() => undefined);
    throw err;
  }
}

async function main() {
  // A few bidders hammer one auction far past what a person does: the per-member bid limit
  // (BIDS_PER_MINUTE, docs/engineering.md §5) would measure the limit instead of the bid path.
  process.env.BIDS_PER_MINUTE ??= '100000';
  const { quick, only } = parseArgs(process.argv.slice(2));
  ensureFileLimit();
  const startedAt = new Date();
  const serverUrl = benchServerUrl();
  const machine = await describeMachine(serverUrl);
  const webDistDir = path.join(repoRoot, 'apps', 'web', 'dist');
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    console.warn('apps/web/dist is missing: run `npm run build` first (npm run bench does).');
  }
  console.log(`bench${quick ? ' --quick' : ''} on ${machine}`);

  const sessionSecret = randomBytes(32).toString('hex');
  // Seeded once and shared by the scenarios that only read them; dropped at the end of the run.
  const marketplaces = new Map<number, Promise<MarketplaceDatabase>>();
  const marketplace = (size: number) => {
    let found = marketplaces.get(size);
    if (!found) {
      found = seedMarketplace(serverUrl, size, sessionSecret);
      marketplaces.set(size, found);
    }
    return found;
  };

  const outcomes: ScenarioOutcome[] = [];
  try {
    const chosen = (s: Scenario) =>
      !only || [s.name, ...(s.companions ?? []).map((c) => c.name)].some((name) => only.includes(name));
    for (const scenario of SCENARIOS.filter(chosen)) {
      const scratch: ScratchDatabase[] = [];
      const log = (message: string) => console.log(message);
      const ctx: BenchContext = {
        quick,
        serverUrl,
        sessionSecret,
        webDistDir,
        chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        log,
        async scratchDatabase(label) {
          const database = await createScratchDatabase(serverUrl, label);
          scratch.push(database);
          return database;
        },
        marketplace,
        beforeTiming: () => checkpoint(serverUrl, log),
      };
      console.log(`\n${scenario.name}`);
      const started = Date.now();
      let result: Measurement | { error: string };
      try {
        result = await scenario.run(ctx);
      } catch (err) {
        console.error(err);
        result = { error: err instanceof Error ? err.message : String(err) };
      } finally {
        for (const database of scratch) await database.drop().catch((err: unknown) => console.warn(err));
      }
      console.log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
      outcomes.push(...scenarioOutcomes(scenario, quick, result));
    }
  } finally {
    for (const seeded of marketplaces.values()) {
      await seeded.then((m) => m.database.drop()).catch(() => undefined);
    }
  }

  const summary = buildSummary({ machine, startedAt, outcomes });
  const file = writeSummary(summary, path.join(benchDir, 'results'));
  const minutes = (Date.now() - startedAt.getTime()) / 60_000;
  console.log(
    `\n${formatTable(summary)}\n\nwritten to ${path.relative(process.cwd(), file)}; the run took ${minutes.toFixed(1)} min`,
  );
  // A missed target is a finding to read in the table; a broken invariant or a crash is a failure.
  const failed = summary.scenarios.some((s) => !s.invariantHeld);
  process.exit(failed ? 1 : 0);
}

await main();

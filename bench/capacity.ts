/**
 * `npm run capacity [-- --seconds=10 --instances=1,2,3]`: capacity on paper (docs/performance.md,
 * "Capacity"). One PostgreSQL database, a marketplace of 10,000 members and auctions, and 1, 2,
 * then 3 app instances in front of it. For each count, two closed-loop phases spread evenly over
 * the instances:
 *
 * - **bids**: 80 signed-in bidders on 10 hot auctions (8 each), every bidder sending its next bid
 *   as soon as the last was answered; accepted and refused bids both count (a refusal costs the
 *   same statement);
 * - **page views**: 80 signed-in visitors, each view being the two calls a listing page makes in
 *   turn: the first page of `GET /api/auctions` and one auction's `GET /api/auctions/{id}`.
 *
 * While a phase runs it reads the CPU time of PostgreSQL's processes and of each app instance
 * (from /proc, so only for a database on this machine), and samples `pg_stat_activity` every
 * 100 ms for what the busy backends wait on: a row lock (`Lock`), the commit's WAL flush
 * (`IO`/`LWLock`), the app (`Client`), or nothing (on CPU). Writes bench/results/capacity.json.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createHotAuctions } from './lib/auctions.js';
import { benchServerUrl, createScratchDatabase, describeMachine } from './lib/database.js';
import { HttpConnection, type HttpAnswer } from './lib/http.js';
import { Marketplace } from './lib/marketplace.js';
import { addSandboxCards, createMembers, type Member } from './lib/members.js';
import { APP_POOL_SIZE, freePort, startServer, type RunningServer } from './lib/servers.js';
import { summarizeLatencies, type LatencySummary } from './lib/stats.js';

const MARKETPLACE_SIZE = 10_000;
const HOT_AUCTIONS = 10;
const CLIENTS = 80;
const WARM_UP_SECONDS = 4;
const SAMPLE_EVERY_MS = 100;
/** Linux reports process times in clock ticks of 1/100 s. */
const CLOCK_TICKS_PER_SECOND = 100;

const benchDir = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv: string[]) {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const seconds = Number(value('seconds') ?? 10);
  const instances = (value('instances') ?? '1,2,3').split(',').map(Number);
  if (!(seconds > 0) || instances.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) {
    console.error('usage: npm run capacity [-- --seconds=N --instances=1,2,3] (1 to 8 instances)');
    process.exit(2);
  }
  return { seconds, instances };
}

interface PhaseResult {
  /** Operations per second: bids (accepted + refused) or page views. */
  perSecond: number;
  perInstance: number;
  acceptedPerSecond?: number;
  errors: number;
  firstError?: string;
  latencyMs: LatencySummary;
  /** CPU cores busy on average during the phase (CPU seconds per second). */
  cores: { postgres: number | null; appInstances: number[]; loadGenerator: number };
  /** Operations per second per PostgreSQL core busy: what one database core buys. */
  perPostgresCore: number | null;
  /** Average count of PostgreSQL backends in each state while the phase ran. */
  backends: Record<string, number>;
}

async function main() {
  // 80 bidders far past what a person does: the per-member bid limit would measure the limit.
  process.env.BIDS_PER_MINUTE ??= '100000';
  const { seconds, instances } = parseArgs(process.argv.slice(2));
  const serverUrl = benchServerUrl();
  const machine = await describeMachine(serverUrl);
  console.log(`capacity on ${machine}; ${seconds} s per phase`);
  const sessionSecret = randomBytes(32).toString('hex');
  const database = await createScratchDatabase(serverUrl, 'capacity');
  const results: Array<{ instances: number; bids: PhaseResult; pageViews: PhaseResult }> = [];
  try {
    const market = new Marketplace(database.pool);
    await market.bulkLoad({ users: MARKETPLACE_SIZE, auctions: MARKETPLACE_SIZE }, () => undefined);
    const [host, ...people] = await createMembers(database.pool, {
      count: 2 * CLIENTS + 1,
      sessionSecret,
      label: 'Capacity',
    });
    const bidders = people.slice(0, CLIENTS);
    const visitors = people.slice(CLIENTS);
    const { rows: listed } = await database.pool.query<{ id: string }>(
      `SELECT id FROM auctions WHERE is_active AND end_time > now() ORDER BY random() LIMIT 500`,
    );
    const auctionIds = listed.map((r) => r.id);

    for (const count of instances) {
      const servers: RunningServer[] = [];
      try {
        for (let i = 0; i < count; i += 1) {
          servers.push(
            await startServer({
              kind: 'app',
              databaseUrl: database.url,
              port: await freePort(),
              sessionSecret,
              poolSize: APP_POOL_SIZE,
              serveWeb: false,
            }),
          );
        }
        if (results.length === 0) await addSandboxCards(servers[0]!.url, bidders);
        const hot = await createHotAuctions(database.pool, host!.id, HOT_AUCTIONS);
        const urls = servers.map((s) => s.url);
        console.log(`\n${count} instance${count > 1 ? 's' : ''}`);
        await runBids(urls, bidders, hot, WARM_UP_SECONDS);
        const bids = await measurePhase(database.pool, servers, seconds, () => runBids(urls, bidders, hot, seconds));
        console.log(describe('bids', bids, count));
        await runPageViews(urls, visitors, auctionIds, WARM_UP_SECONDS);
        const pageViews = await measurePhase(database.pool, servers, seconds, () =>
          runPageViews(urls, visitors, auctionIds, seconds),
        );
        console.log(describe('page views', pageViews, count));
        results.push({ instances: count, bids, pageViews });
      } finally {
        for (const server of servers) await server.stop();
      }
    }
  } finally {
    await database.drop();
  }
  const file = path.join(benchDir, 'results', 'capacity.json');
  writeFileSync(
    file,
    `${JSON.stringify({ machine, secondsPerPhase: seconds, clients: CLIENTS, hotAuctions: HOT_AUCTIONS, results }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

function describe(label: string, r: PhaseResult, instances: number): string {
  const cores = (n: number | null) => (n === null ? '?' : n.toFixed(2));
  const waits = Object.entries(r.backends)
    .sort((a, b) => b[1] - a[1])
    .map(([state, n]) => `${state} ${n.toFixed(1)}`)
    .join(', ');
  return (
    `  ${label}: ${r.perSecond}/s (${r.perInstance}/s per instance of ${instances}), p50 ${r.latencyMs.p50} ms, ` +
    `p99 ${r.latencyMs.p99} ms, ${r.errors} errors${r.firstError ? ` (first: ${r.firstError})` : ''}; cores: PostgreSQL ${cores(r.cores.postgres)}, ` +
    `app ${r.cores.appInstances.map(cores).join(' + ')}, load ${cores(r.cores.loadGenerator)}; ` +
    `${r.perPostgresCore ?? '?'}/s per PostgreSQL core; backends: ${waits}`
  );
}

interface Counts {
  done: number;
  accepted: number;
  errors: number;
  /** The first unexpected answer, to say what went wrong. */
  firstError?: string;
  latencies: number[];
}

function countError(counts: Counts, answer: HttpAnswer, request: string): void {
  counts.errors += 1;
  counts.firstError ??= `${request} answered ${answer.status}: ${answer.body.slice(0, 200)}`;
}

/** Every bidder bids on its auction as soon as its last bid was answered; amounts rise per auction. */
async function runBids(urls: string[], bidders: Member[], auctions: string[], seconds: number): Promise<Counts> {
  const counts: Counts = { done: 0, accepted: 0, errors: 0, latencies: [] };
  const nextAmount = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    bidders.map(async (bidder, i) => {
      const auctionId = auctions[i % auctions.length]!;
      const connection = new HttpConnection(urls[i % urls.length]!, bidder.cookie);
      try {
        while (performance.now() < deadline) {
          const amount = (nextAmount.get(auctionId) ?? 0) + 1;
          nextAmount.set(auctionId, amount);
          const answer = await connection.post('/api/bids', { auctionId, amount: `${amount}.00` });
          counts.latencies.push(answer.ms);
          if (answer.status === 201) counts.accepted += 1;
          else if (answer.status !== 400 && answer.status !== 409) countError(counts, answer, 'POST /api/bids');
          counts.done += 1;
        }
      } finally {
        connection.close();
      }
    }),
  );
  return counts;
}

/** Every visitor opens the list, then one auction, then the list again, … */
async function runPageViews(urls: string[], visitors: Member[], auctionIds: string[], seconds: number) {
  const counts: Counts = { done: 0, accepted: 0, errors: 0, latencies: [] };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    visitors.map(async (visitor, i) => {
      const connection = new HttpConnection(urls[i % urls.length]!, visitor.cookie);
      let n = i;
      try {
        while (performance.now() < deadline) {
          n += 1;
          const request =
            n % 2 === 0 ? '/api/auctions?sortBy=ending-soon' : `/api/auctions/${auctionIds[n % auctionIds.length]}`;
          const answer = await connection.get(request);
          counts.latencies.push(answer.ms);
          if (answer.status !== 200) countError(counts, answer, `GET ${request}`);
          counts.done += 1;
        }
      } finally {
        connection.close();
      }
    }),
  );
  // A page view is the two calls.
  return { ...counts, done: counts.done / 2 };
}

async function measurePhase(
  pool: pg.Pool,
  servers: RunningServer[],
  seconds: number,
  run: () => Promise<Counts>,
): Promise<PhaseResult> {
  const states = new Map<string, number>();
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    const client = await pool.connect();
    try {
      while (sampling) {
        const { rows } = await client.query<{ state: string; n: string }>(
          `SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS state, count(*) AS n
           FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
           GROUP BY 1`,
        );
        for (const row of rows) states.set(row.state, (states.get(row.state) ?? 0) + Number(row.n));
        samples += 1;
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
      }
    } finally {
      client.release();
    }
  })();
  const before = { postgres: postgresCpuSeconds(), apps: servers.map((s) => cpuSecondsOf(s.pid)), self: selfCpu() };
  const started = performance.now();
  const counts = await run();
  const elapsed = (performance.now() - started) / 1000;
  const after = { postgres: postgresCpuSeconds(), apps: servers.map((s) => cpuSecondsOf(s.pid)), self: selfCpu() };
  sampling = false;
  await sampler;
  const postgresSeconds = postgresCpuBetween(before.postgres, after.postgres);
  const postgresCores = postgresSeconds === null ? null : postgresSeconds / elapsed;
  const perSecond = Math.round(counts.done / elapsed);
  return {
    perSecond,
    perInstance: Math.round(perSecond / servers.length),
    ...(counts.accepted ? { acceptedPerSecond: Math.round(counts.accepted / elapsed) } : {}),
    errors: counts.errors,
    ...(counts.firstError ? { firstError: counts.firstError } : {}),
    latencyMs: summarizeLatencies(counts.latencies),
    cores: {
      postgres: postgresCores === null ? null : round2(postgresCores),
      appInstances: after.apps.map((a, i) => round2((a - before.apps[i]!) / elapsed)),
      loadGenerator: round2((after.self - before.self) / elapsed),
    },
    perPostgresCore: postgresCores ? Math.round(perSecond / postgresCores) : null,
    backends: Object.fromEntries([...states].map(([state, n]) => [state, round2(n / Math.max(samples, 1))])),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function selfCpu(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** User + system CPU seconds of one process, from /proc/<pid>/stat (fields 14 and 15). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL process on this machine, by process id (empty for a remote database). */
function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let name: string;
    try {
      name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (name === 'postgres') byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
  }
  return byPid;
}

/**
 * PostgreSQL's CPU seconds between two readings: each process's own difference (a backend born
 * in between counts from zero; one gone in between is lost, a few ticks at most). Null when
 * PostgreSQL is not on this machine.
 */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

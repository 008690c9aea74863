import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { centsToMoneyString, minimumNextBidCents } from '@bid/contract';
import type pg from 'pg';
import { createScratchDatabase } from '../../bench/lib/database.js';
import { createMembers, type Member } from '../../bench/lib/members.js';
import {
  APP_POOL_SIZE,
  freePort,
  startServer,
  type RunningServer,
  type StartOptions,
} from '../../bench/lib/servers.js';
import { startAppInstance, type AppInstance } from './app-instance.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';
import { TimedConnection } from './timed-connection.js';

/** One promise of a scenario, checked: `held` false makes the run fail. */
export interface Check {
  name: string;
  held: boolean;
  detail: string;
}

export interface ScenarioResult {
  name: string;
  injected: string;
  checks: Check[];
  counts: Record<string, number>;
  timingsMs: Record<string, number>;
  seconds: number;
  held: boolean;
  /** Set when the scenario threw before its checks: the run fails. */
  error?: string;
  logs?: string[];
}

export function check(name: string, held: boolean, detail: string): Check {
  return { name, held, detail };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds since `started` (a performance.now() reading), to one decimal, for the results. */
export function secondsSince(started: number): number {
  return Math.round((performance.now() - started) / 100) / 10;
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Cleanup: every cluster, server, HAProxy and browser registers how to undo itself, so a
// failure or Ctrl-C never leaves a PostgreSQL cluster or a server process behind.

const cleanups: Array<() => Promise<void>> = [];

export function onCleanup(undo: () => Promise<void>): void {
  cleanups.push(undo);
}

/** Undoes everything registered so far, newest first. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const undo = cleanups.pop()!;
    await undo().catch((err: unknown) => console.error('cleanup failed:', err));
  }
}

// ---------------------------------------------------------------------------------------------
// A deployment: a private PostgreSQL cluster with the app's schema, and app instances on it.

export interface Deployment {
  cluster: PostgresCluster;
  databaseUrl: string;
  /** For seeding and checking, outside the app under test. */
  pool: pg.Pool;
  sessionSecret: string;
  logDir: string;
  startInstance(
    name: string,
    extra?: {
      /** A port chosen beforehand (the balancer's config names it); a free one when absent. */
      port?: number;
      publicUrl?: string;
      serveWeb?: boolean;
      webDistDir?: string;
      onSpawn?: StartOptions['onSpawn'];
    },
  ): Promise<RunningServer & { name: string; logFile: string }>;
  /** The server's own main.ts on `port` behind the balancer at `publicUrl` (lib/app-instance.ts). */
  startMainInstance(
    name: string,
    extra: { port: number; publicUrl: string; shutdownDelayMs: number; webDistDir?: string },
  ): Promise<AppInstance>;
}

export async function startDeployment(label: string): Promise<Deployment> {
  const cluster = await startPostgresCluster(label);
  onCleanup(() => cluster.destroy());
  // The cluster is destroyed with everything in it, so the database is never dropped; its pool
  // ignores errors, so a client the scenarios' restarts drop is not an error here.
  const { url: databaseUrl, pool } = await createScratchDatabase(cluster.serverUrl, 'faults');
  onCleanup(() => pool.end().catch(() => undefined));
  const sessionSecret = randomBytes(32).toString('hex');
  const logDir = path.join(os.tmpdir(), `bid-faults-logs-${process.pid}`);
  mkdirSync(logDir, { recursive: true });
  return {
    cluster,
    databaseUrl,
    pool,
    sessionSecret,
    logDir,
    async startInstance(name, extra = {}) {
      const logFile = path.join(logDir, `${label}-${name}.log`);
      const fd = openSync(logFile, 'a');
      const port = extra.port ?? (await freePort());
      try {
        const server = await startServer(
          {
            kind: 'app',
            databaseUrl,
            port,
            sessionSecret,
            poolSize: APP_POOL_SIZE,
            serveWeb: extra.serveWeb ?? false,
            ...(extra.webDistDir ? { webDistDir: extra.webDistDir } : {}),
            ...(extra.publicUrl ? { publicUrl: extra.publicUrl } : {}),
            // Behind HAProxy: one proxy in front, whose X-Forwarded-For names the client.
            trustProxy: extra.publicUrl ? '1' : undefined,
          },
          { outputFd: fd, ...(extra.onSpawn ? { onSpawn: extra.onSpawn } : {}) },
        );
        onCleanup(() => server.kill('SIGKILL'));
        return { ...server, name, logFile };
      } finally {
        closeSync(fd);
      }
    },
    async startMainInstance(name, extra) {
      const instance = await startAppInstance({
        name,
        port: extra.port,
        databaseUrl,
        sessionSecret,
        publicUrl: extra.publicUrl,
        logFile: path.join(logDir, `${label}-${name}.log`),
        poolSize: APP_POOL_SIZE,
        shutdownDelayMs: extra.shutdownDelayMs,
        ...(extra.webDistDir ? { webDistDir: extra.webDistDir } : {}),
      });
      onCleanup(async () => {
        await instance.stop('SIGKILL');
      });
      return instance;
    },
  };
}

/** Is process `pid` still alive (signal 0 tests without signalling)? */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding.

export async function seedMembers(deployment: Deployment, count: number, label: string): Promise<Member[]> {
  return createMembers(deployment.pool, { count, sessionSecret: deployment.sessionSecret, label });
}

/** Open auctions of `hostId`, ending in a day, starting at $1 (SQL: seeding is not what is tested). */
export async function createOpenAuctions(pool: pg.Pool, hostId: string, count: number, label: string) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO auctions (creator_id, title, description, date_type, location, starting_bid, current_bid,
                           expected_duration, end_time)
     SELECT $1, $3 || ' ' || n, 'Coffee with a fault-tolerant stranger.', 'coffee', 'Austin, TX', 1, 1, 60,
            now() + interval '1 day'
     FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [hostId, count, label],
  );
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Bid load: closed-loop bidders that read an auction's price and bid the minimum next amount,
// recording the outcome of every request.

export type Outcome = 'acknowledged' | 'rejected' | 'failed';

export interface BidRecord {
  target: string;
  auctionId: string;
  bidderId: string;
  amount: string;
  outcome: Outcome;
  status: number;
  /** From the 2xx body: the bid's id and amount as the server acknowledged them. */
  bidId?: string;
  ackAmount?: string;
  error?: string;
  sentAt: number;
  answeredAt: number;
}

export interface ReadRecord {
  target: string;
  outcome: Outcome;
  sentAt: number;
  answeredAt: number;
}

export const REQUEST_TIMEOUT_MS = envNumber('FAULTS_REQUEST_TIMEOUT_MS', 10_000);

/** A signed-in keep-alive connection with the scenarios' timeout; a timed-out or broken one is replaced. */
const signedIn = (baseUrl: string, cookie: string) => new TimedConnection(baseUrl, cookie, REQUEST_TIMEOUT_MS);

export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status >= 400 && status < 500) return 'rejected';
  return 'failed';
}

/** Places one bid of the minimum next amount, reading the price first; records both requests. */
async function bidOnce(
  client: TimedConnection,
  target: string,
  bidder: Member,
  auctionId: string,
  bids: BidRecord[],
  reads: ReadRecord[],
  clock: () => number,
): Promise<BidRecord | null> {
  const readAt = clock();
  let state: { startingBid: string; currentBid: string; bidCount: number };
  try {
    const answer = await client.get(`/api/auctions/${auctionId}`);
    reads.push({ target, outcome: classify(answer.status), sentAt: readAt, answeredAt: clock() });
    if (answer.status !== 200) return null;
    state = JSON.parse(answer.body) as typeof state;
  } catch {
    reads.push({ target, outcome: 'failed', sentAt: readAt, answeredAt: clock() });
    return null;
  }
  const amount = centsToMoneyString(minimumNextBidCents(state));
  const sentAt = clock();
  const record: BidRecord = {
    target,
    auctionId,
    bidderId: bidder.id,
    amount,
    outcome: 'failed',
    status: 0,
    sentAt,
    answeredAt: sentAt,
  };
  try {
    const answer = await client.post('/api/bids', { auctionId, amount });
    record.status = answer.status;
    record.outcome = classify(answer.status);
    if (record.outcome === 'acknowledged') {
      const body = JSON.parse(answer.body) as { bid?: { id?: string; amount?: string } };
      record.bidId = body.bid?.id;
      record.ackAmount = body.bid?.amount;
    } else if (record.outcome === 'failed') {
      record.error = answer.body.slice(0, 200);
    }
  } catch (err) {
    record.error = err instanceof Error ? err.message : String(err);
  }
  record.answeredAt = clock();
  bids.push(record);
  return record;
}

export interface BidLoad {
  bids: BidRecord[];
  reads: ReadRecord[];
  /** Stops the bidders and resolves when every one finished its current request. */
  stop(): Promise<void>;
}

/**
 * Starts `bidders.length` bidders, bidder i on targets[i % targets.length], each on auctions
 * picked at random among `auctionIds`, pausing `thinkMs` (±50%) between bids.
 */
export function startBidLoad(input: {
  targets: readonly string[];
  bidders: readonly Member[];
  auctionIds: readonly string[];
  thinkMs: number;
  clock: () => number;
}): BidLoad {
  const bids: BidRecord[] = [];
  const reads: ReadRecord[] = [];
  let running = true;
  const loops = input.bidders.map(async (bidder, i) => {
    const target = input.targets[i % input.targets.length]!;
    const client = signedIn(target, bidder.cookie);
    try {
      while (running) {
        const auctionId = input.auctionIds[Math.floor(Math.random() * input.auctionIds.length)]!;
        await bidOnce(client, target, bidder, auctionId, bids, reads, input.clock);
        await sleep(input.thinkMs * (0.5 + Math.random()));
      }
    } finally {
      client.close();
    }
  });
  return {
    bids,
    reads,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A one-off bid (retried on a lost race) by `bidder` through `target`: the acknowledged record, or the last one. */
export async function placeProbeBid(
  target: string,
  bidder: Member,
  auctionId: string,
  clock: () => number,
  attempts = 5,
): Promise<BidRecord | null> {
  const client = signedIn(target, bidder.cookie);
  const bids: BidRecord[] = [];
  try {
    for (let i = 0; i < attempts; i += 1) {
      const record = await bidOnce(client, target, bidder, auctionId, bids, [], clock);
      if (record?.outcome === 'acknowledged') return record;
      await sleep(200);
    }
    return bids.at(-1) ?? null;
  } finally {
    client.close();
  }
}

export function countOutcomes(records: ReadonlyArray<{ outcome: Outcome }>): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { acknowledged: 0, rejected: 0, failed: 0 };
  for (const record of records) counts[record.outcome] += 1;
  return counts;
}

/** The counts every bid-load scenario reports: bids by outcome, reads and failed reads. */
export function loadCounts(load: Pick<BidLoad, 'bids' | 'reads'>): Record<string, number> {
  const bids = countOutcomes(load.bids);
  return {
    bids: load.bids.length,
    acknowledged: bids.acknowledged,
    rejected: bids.rejected,
    failed: bids.failed,
    reads: load.reads.length,
    readsFailed: countOutcomes(load.reads).failed,
  };
}

/** Milliseconds since `origin`, from the monotonic clock. */
export function clockFrom(origin = performance.now()): () => number {
  return () => Math.round(performance.now() - origin);
}

/** GET /api/health on `baseUrl`: its status (0 when it did not answer). */
export async function healthStatus(baseUrl: string): Promise<number> {
  const connection = new TimedConnection(baseUrl, undefined, REQUEST_TIMEOUT_MS);
  try {
    return (await connection.get('/api/health')).status;
  } catch {
    return 0;
  } finally {
    connection.close();
  }
}

export type { Member };

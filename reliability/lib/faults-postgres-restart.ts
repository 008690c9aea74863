import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { addSandboxCards } from '../../bench/lib/members.js';
import { freePort } from '../../bench/lib/servers.js';
import { startHaproxy } from './haproxy.js';
import {
  check,
  clockFrom,
  createOpenAuctions,
  envNumber,
  healthStatus,
  isAlive,
  loadCounts,
  onCleanup,
  placeProbeBid,
  secondsSince,
  seedMembers,
  sleep,
  startBidLoad,
  startDeployment,
  type BidRecord,
  type Check,
  type ScenarioResult,
} from './faults-common.js';
import { waitForPostgres } from './postgres-cluster.js';

type Mode = 'fast' | 'immediate';

/**
 * PostgreSQL restarted in the middle of a bid load, on its own private cluster: every
 * acknowledged bid survives, nothing is duplicated, and both app instances recover by
 * themselves. Restarts with `-m fast` (sessions ended cleanly) and then `-m immediate` (a crash:
 * no checkpoint, WAL replay on start), unless FAULTS_PG_RESTART_MODES says otherwise.
 */
export async function postgresRestart(): Promise<ScenarioResult> {
  const started = performance.now();
  const bidderCount = envNumber('FAULTS_BIDDERS', 40);
  const auctionCount = envNumber('FAULTS_AUCTIONS', 6);
  const thinkMs = envNumber('FAULTS_THINK_MS', 200);
  const warmSeconds = envNumber('FAULTS_BEFORE_SECONDS', 4);
  const afterSeconds = envNumber('FAULTS_AFTER_SECONDS', 5);
  const modes = (process.env.FAULTS_PG_RESTART_MODES ?? 'fast,immediate')
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is Mode => m === 'fast' || m === 'immediate');
  if (modes.length === 0) throw new Error('FAULTS_PG_RESTART_MODES must list fast and/or immediate');

  const deployment = await startDeployment('postgres-restart');
  const { pool } = deployment;
  const [host, probe1, probe2, ...bidders] = await seedMembers(deployment, bidderCount + 3, 'Bidder');
  const auctionIds = await createOpenAuctions(pool, host!.id, auctionCount, 'Restart auction');
  // The load goes through HAProxy, as in production; the probes afterwards ask each instance directly.
  const ports = [await freePort(), await freePort()];
  const haproxy = await startHaproxy(ports, `${deployment.logDir}/postgres-restart-haproxy.log`);
  onCleanup(() => haproxy.close());
  const instances = [
    await deployment.startInstance('a', { port: ports[0]!, publicUrl: haproxy.url }),
    await deployment.startInstance('b', { port: ports[1]!, publicUrl: haproxy.url }),
  ];
  await Promise.all(['app1', 'app2'].map((server) => haproxy.waitFor(server, 'UP')));
  const pids = instances.map((instance) => instance.pid);
  await addSandboxCards(haproxy.url, [probe1!, probe2!, ...bidders]);

  const clock = clockFrom();
  const load = startBidLoad({ targets: [haproxy.url], bidders, auctionIds, thinkMs, clock });
  const restarts: Array<{ mode: Mode; at: number; commandMs: number; recoveryMs: number | null }> = [];
  try {
    await sleep(warmSeconds * 1000);
    for (const mode of modes) {
      const at = clock();
      await deployment.cluster.restart(mode);
      const commandMs = clock() - at;
      await waitForPostgres(deployment.cluster.serverUrl);
      // Recovery: the first acknowledged bid sent once the database was back, from the restart's start.
      const firstAck = await waitForFirstAck(load.bids, at + commandMs, clock, 30_000);
      restarts.push({ mode, at, commandMs, recoveryMs: firstAck === null ? null : firstAck - at });
      await sleep(afterSeconds * 1000);
    }
  } finally {
    await load.stop();
  }

  // After recovery, without restarting anything: both answer health and accept a new bid.
  const health = await Promise.all(instances.map((i) => healthStatus(i.url)));
  const probes = [
    await placeProbeBid(instances[0]!.url, probe1!, auctionIds[0]!, clock),
    await placeProbeBid(instances[1]!.url, probe2!, auctionIds[0]!, clock),
  ];
  const samePids = instances.every((i, n) => i.pid === pids[n] && isAlive(i.pid));

  const acknowledged = [...load.bids, ...probes.filter((p): p is BidRecord => p !== null)].filter(
    (b) => b.outcome === 'acknowledged',
  );
  const checks: Check[] = [];
  checks.push(...(await checkBids(pool, acknowledged, load.bids, auctionIds)));
  const ackBefore = load.bids.filter((b) => b.outcome === 'acknowledged' && b.answeredAt < restarts[0]!.at).length;
  const ackAfter = load.bids.filter((b) => b.outcome === 'acknowledged' && b.sentAt > restarts.at(-1)!.at).length;
  checks.push(
    check(
      'the load ran through the restarts',
      ackBefore > 0 && ackAfter > 0,
      `${ackBefore} bids acknowledged before the first restart, ${ackAfter} sent after the last one`,
    ),
    check(
      'every restart was recovered from',
      restarts.every((r) => r.recoveryMs !== null),
      restarts.map((r) => `${r.mode}: first 2xx ${r.recoveryMs ?? 'never'} ms after the restart began`).join('; '),
    ),
    check(
      'both instances answer /api/health 200 after recovery',
      health.every((s) => s === 200),
      `statuses ${health.join(', ')}`,
    ),
    check(
      'both instances accept a new bid after recovery',
      probes.every((p) => p?.outcome === 'acknowledged'),
      probes
        .map((p, i) => `instance ${i === 0 ? 'a' : 'b'}: ${p ? `${p.status} ${p.outcome}` : 'no answer'}`)
        .join('; '),
    ),
    check('neither instance was restarted (same PIDs, still alive)', samePids, `pids ${pids.join(', ')}`),
    check(
      'a bid the database could not take was answered 503 (try again), never another 5xx',
      load.bids.every((b) => b.status < 500 || b.status === 503),
      `statuses of failed bids: ${JSON.stringify(statusCounts(load.bids.filter((b) => b.outcome === 'failed')))}`,
    ),
  );

  const committedUnknown = await countCommittedFailures(pool, load.bids);
  return {
    name: 'postgres-restart',
    injected: `pg_ctl restart ${modes.map((m) => `-m ${m}`).join(', then ')} of the deployment's PostgreSQL during a bid load (${bidders.length} bidders, ${auctionIds.length} auctions, 2 app instances behind HAProxy)`,
    checks,
    counts: {
      ...statusCounts(load.bids),
      ...loadCounts(load),
      failedButCommitted: committedUnknown,
    },
    timingsMs: Object.fromEntries(
      restarts.flatMap((r) => [
        [`${r.mode}RestartCommand`, r.commandMs],
        [`${r.mode}Recovery`, r.recoveryMs ?? -1],
      ]),
    ),
    seconds: secondsSince(started),
    held: checks.every((c) => c.held),
    logs: [...instances.map((i) => i.logFile), haproxy.logFile],
  };
}

async function waitForFirstAck(
  bids: readonly BidRecord[],
  after: number,
  clock: () => number,
  timeoutMs: number,
): Promise<number | null> {
  const deadline = clock() + timeoutMs;
  while (clock() < deadline) {
    const first = bids
      .filter((b) => b.outcome === 'acknowledged' && b.sentAt >= after)
      .reduce<number | null>((min, b) => (min === null || b.answeredAt < min ? b.answeredAt : min), null);
    if (first !== null) return first;
    await sleep(50);
  }
  return null;
}

/** The durability checks, read straight from the database after the load. */
export async function checkBids(
  pool: pg.Pool,
  acknowledged: readonly BidRecord[],
  all: readonly BidRecord[],
  auctionIds: readonly string[],
): Promise<Check[]> {
  const { rows: stored } = await pool.query<{ id: string; auction_id: string; bidder_id: string; amount: string }>(
    'SELECT id, auction_id, bidder_id, amount::text AS amount FROM bids WHERE id = ANY($1::uuid[])',
    [acknowledged.map((b) => b.bidId).filter((id): id is string => typeof id === 'string')],
  );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const missing = acknowledged.filter((b) => {
    const row = b.bidId ? byId.get(b.bidId) : undefined;
    return !row || row.amount !== b.ackAmount || row.auction_id !== b.auctionId || row.bidder_id !== b.bidderId;
  });
  const { rows: duplicates } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM bids GROUP BY auction_id, bidder_id, amount HAVING count(*) > 1) d`,
  );
  const { rows: wentDown } = await pool.query<{ n: number }>(
    // A bid that meets the leader's maximum is stored beside the leader's answer at the same amount
    // (the earlier maximum keeps the lead, docs/auctions.md): amounts never go down, but may repeat.
    `SELECT count(*)::int AS n FROM (
       SELECT amount < lag(amount) OVER (PARTITION BY auction_id ORDER BY created_at, amount) AS went_down
       FROM bids) d
     WHERE went_down`,
  );
  const { rows: prices } = await pool.query<{
    id: string;
    current_bid: string;
    top: string | null;
    bid_count: number;
    n: number;
  }>(
    `SELECT a.id, a.current_bid::text AS current_bid, a.bid_count,
            (SELECT max(amount)::text FROM bids b WHERE b.auction_id = a.id) AS top,
            (SELECT count(*)::int FROM bids b WHERE b.auction_id = a.id) AS n
     FROM auctions a WHERE a.id = ANY($1::uuid[])`,
    [auctionIds],
  );
  const wrongPrice = prices.filter((p) => p.top !== null && (p.top !== p.current_bid || p.n !== p.bid_count));
  const unknown = all.filter((b) => b.outcome === 'failed').length;
  return [
    check(
      'every acknowledged bid is stored with the acknowledged amount',
      missing.length === 0 && acknowledged.length > 0,
      `${acknowledged.length - missing.length}/${acknowledged.length} found` +
        (missing.length ? `; missing e.g. ${JSON.stringify(missing.slice(0, 3))}` : ''),
    ),
    check(
      'no (auction, bidder, amount) is stored twice',
      duplicates[0]!.n === 0,
      `${duplicates[0]!.n} duplicated triples (${unknown} requests had an unknown outcome)`,
    ),
    check(
      'no bid of an auction is below an earlier one (bids never go down)',
      wentDown[0]!.n === 0,
      `${wentDown[0]!.n} bids below an earlier one`,
    ),
    check(
      "each auction's current price is its highest bid and its bid count the number of bids",
      wrongPrice.length === 0,
      wrongPrice.length ? JSON.stringify(wrongPrice.slice(0, 3)) : `${prices.length} auctions consistent`,
    ),
  ];
}

/** Requests whose outcome was unknown (5xx, reset, timeout) and whose bid turned out to be committed. */
async function countCommittedFailures(pool: pg.Pool, bids: readonly BidRecord[]): Promise<number> {
  const failed = bids.filter((b) => b.outcome === 'failed');
  if (failed.length === 0) return 0;
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bids b
     JOIN unnest($1::uuid[], $2::uuid[], $3::numeric[]) AS f(auction_id, bidder_id, amount)
       ON b.auction_id = f.auction_id AND b.bidder_id = f.bidder_id AND b.amount = f.amount`,
    [failed.map((b) => b.auctionId), failed.map((b) => b.bidderId), failed.map((b) => b.amount)],
  );
  return rows[0]!.n;
}

/** How many bids were answered with each status (0: no answer), e.g. status409. */
function statusCounts(bids: readonly BidRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const b of bids) counts[`status${b.status}`] = (counts[`status${b.status}`] ?? 0) + 1;
  return counts;
}

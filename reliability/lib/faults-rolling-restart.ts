import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { addSandboxCards } from '../../bench/lib/members.js';
import { freePort } from '../../bench/lib/servers.js';
import { RealtimeClient, type RealtimeEvent } from '../../apps/web/src/lib/realtime.js';
import type { AppInstance } from './app-instance.js';
import {
  check,
  clockFrom,
  countOutcomes,
  createOpenAuctions,
  envNumber,
  loadCounts,
  onCleanup,
  placeProbeBid,
  secondsSince,
  seedMembers,
  sleep,
  startBidLoad,
  startDeployment,
  type Check,
  type ScenarioResult,
} from './faults-common.js';
import { checkBids } from './faults-postgres-restart.js';
import { startHaproxy, type HaproxyServerStat } from './haproxy.js';

/** The promise of docs/deploy.md: a socket closed by a restart is back within this. */
const SOCKET_BACK_MS = 5_000;
/** What main.ts allows a graceful shutdown. */
const SHUTDOWN_LIMIT_MS = 10_000;
const LIVE_TIMEOUT_MS = 8_000;

interface SocketEvent {
  kind: 'open' | 'close';
  at: number;
  code?: number;
}

interface LiveClient {
  client: RealtimeClient;
  events: SocketEvent[];
  bidUpdates: string[];
}

interface Restart {
  instance: string;
  signalledAt: number;
  exitCode: number | null;
  shutdownMs: number;
  /** From the signal until HAProxy saw the new process ready (UP). */
  backUpMs: number;
}

/**
 * A deploy: two instances (the server's real main.ts) behind HAProxy with deploy/haproxy.cfg,
 * each in turn sent SIGTERM and started again once it exited, while bidders bid (each bid after
 * reading the auction's page) and live sockets, the web app's own RealtimeClient, watch an
 * auction. Nothing a client sees may fail, no acknowledged bid may be lost, and every socket the
 * restarts close (1012) must be back within 5 s and still get live events.
 */
export async function rollingRestart(): Promise<ScenarioResult> {
  const started = performance.now();
  const bidderCount = envNumber('FAULTS_BIDDERS', 40);
  const thinkMs = envNumber('FAULTS_THINK_MS', 200);
  const socketCount = envNumber('FAULTS_SOCKETS', 20);
  const shutdownDelayMs = envNumber('FAULTS_SHUTDOWN_DELAY_MS', 2000);

  const deployment = await startDeployment('rolling-restart');
  const { pool } = deployment;
  const [host, probe, ...bidders] = await seedMembers(deployment, bidderCount + 2, 'Roller');
  const [watchedAuction, ...loadAuctions] = await createOpenAuctions(pool, host!.id, 6, 'Rolling auction');

  const ports = [await freePort(), await freePort()];
  const haproxy = await startHaproxy(ports, `${deployment.logDir}/rolling-restart-haproxy.log`);
  onCleanup(() => haproxy.close());
  const start = (index: number, name: string) =>
    deployment.startMainInstance(name, { port: ports[index]!, publicUrl: haproxy.url, shutdownDelayMs });
  const instances: AppInstance[] = [await start(0, 'a'), await start(1, 'b')];
  const logs = instances.map((i) => i.logFile);
  await Promise.all(['app1', 'app2'].map((server) => haproxy.waitFor(server, 'UP')));
  await addSandboxCards(haproxy.url, [probe!, ...bidders]);

  const clock = clockFrom();
  const sockets = Array.from({ length: socketCount }, () => openLiveClient(haproxy.url, watchedAuction!, clock));
  onCleanup(async () => sockets.forEach((s) => s.client.stop()));
  // Live before anything happens: a bid reaches every socket (once all have subscribed: the
  // first probes may come before some subscriptions).
  await waitUntil(() => sockets.every((s) => s.client.isOpen), 20_000);
  let before: Awaited<ReturnType<typeof placeProbeBid>> = null;
  let liveBefore = 0;
  for (let attempt = 0; attempt < 5 && liveBefore < sockets.length; attempt += 1) {
    before = await placeProbeBid(haproxy.url, probe!, watchedAuction!, clock);
    liveBefore = await allReceive(sockets, before?.ackAmount, attempt < 4 ? 2000 : LIVE_TIMEOUT_MS);
  }

  const load = startBidLoad({ targets: [haproxy.url], bidders, auctionIds: loadAuctions, thinkMs, clock });
  const restarts: Restart[] = [];
  let sessionsAtSignal: number[] = [];
  try {
    await sleep(2000);
    for (const [index, server] of ['app1', 'app2'].entries()) {
      const old = instances[index]!;
      sessionsAtSignal.push((await haproxy.stats()).find((s) => s.name === server)?.currentSessions ?? -1);
      const signalledAt = clock();
      const { code, ms } = await old.stop('SIGTERM');
      instances[index] = await start(index, `${old.name}2`);
      logs.push(instances[index].logFile);
      await haproxy.waitFor(server, 'UP');
      restarts.push({
        instance: old.name,
        signalledAt,
        exitCode: code,
        shutdownMs: ms,
        backUpMs: clock() - signalledAt,
      });
      await sleep(1000);
    }
    await sleep(1000);
  } finally {
    await load.stop();
  }
  sessionsAtSignal = sessionsAtSignal.map((n) => Math.max(0, n));

  const after = await placeProbeBid(haproxy.url, probe!, watchedAuction!, clock);
  const liveAfter = await allReceive(sockets, after?.ackAmount);
  const finalStats = await haproxy.stats();

  const requests = [...load.bids, ...load.reads];
  const failed = requests.filter((r) => r.outcome === 'failed');
  const acknowledged = [before, after, ...load.bids].filter((b) => b?.outcome === 'acknowledged') as NonNullable<
    typeof before
  >[];
  const closes = sockets.flatMap((s) => s.events.filter((e) => e.kind === 'close'));
  const gaps = sockets.flatMap((s) => reconnectGaps(s.events));
  const slowest = gaps.length ? Math.max(...gaps.map((g) => g ?? Infinity)) : 0;
  const restartCloses = closes.filter((e) => e.code === 1012).length;
  const ackDuring = load.bids.filter(
    (b) =>
      b.outcome === 'acknowledged' &&
      b.sentAt > restarts[0]!.signalledAt &&
      b.sentAt < restarts.at(-1)!.signalledAt + restarts.at(-1)!.backUpMs,
  ).length;

  const checks: Check[] = [
    check(
      'both instances exited 0 on SIGTERM within 10 s',
      restarts.length === 2 && restarts.every((r) => r.exitCode === 0 && r.shutdownMs < SHUTDOWN_LIMIT_MS),
      restarts.map((r) => `${r.instance}: exit ${r.exitCode} after ${r.shutdownMs} ms`).join('; '),
    ),
    check(
      'no request failed as the clients saw it (through HAProxy)',
      failed.length === 0 && requests.length > 0,
      `${failed.length} failed of ${requests.length} (${load.bids.length} bids, ${load.reads.length} page reads)` +
        (failed.length ? `; e.g. ${JSON.stringify(failed.slice(0, 3))}` : ''),
    ),
    check(
      'bids kept being acknowledged during the restarts',
      ackDuring > 0,
      `${ackDuring} bids acknowledged between the first SIGTERM and the second instance back`,
    ),
    ...(await checkBids(pool, acknowledged, load.bids, loadAuctions)),
    check(
      'every socket a restart closed (1012) was back within 5 s',
      restartCloses > 0 && gaps.every((g) => g !== null && g <= SOCKET_BACK_MS),
      `${closes.length} closes (${restartCloses} with 1012) over ${sockets.length} sockets; slowest back in ` +
        `${slowest === Infinity ? 'never' : `${slowest} ms`}`,
    ),
    check(
      'before and after the restarts a bid reaches every live socket',
      liveBefore === sockets.length && liveAfter === sockets.length,
      `before: ${liveBefore}/${sockets.length}; after: ${liveAfter}/${sockets.length}`,
    ),
    check(
      'HAProxy has both instances UP at the end',
      finalStats.every((s) => s.status === 'UP'),
      finalStats.map((s) => `${s.name} ${s.status}`).join(', '),
    ),
  ];
  const sum = (pick: (s: HaproxyServerStat) => number) => finalStats.reduce((t, s) => t + pick(s), 0);
  return {
    name: 'rolling-restart',
    injected:
      `SIGTERM to each of 2 instances (the server bundle, SHUTDOWN_DELAY_MS=${shutdownDelayMs}) behind HAProxy in turn, each ` +
      `started again once it exited, under ${bidders.length} bidders and ${sockets.length} live sockets`,
    checks,
    counts: {
      ...loadCounts(load),
      readsFailed: countOutcomes(load.reads).failed,
      socketCloses: closes.length,
      socketClosesWith1012: restartCloses,
      sessionsOnInstanceAtSignal: sessionsAtSignal.reduce((a, b) => a + b, 0),
      haproxyConnectionErrors: sum((s) => s.connectionErrors),
      haproxyRetries: sum((s) => s.retries),
      haproxyRedispatches: sum((s) => s.redispatches),
    },
    timingsMs: {
      ...Object.fromEntries(
        restarts.flatMap((r) => [
          [`${r.instance}Shutdown`, r.shutdownMs],
          [`${r.instance}BackUp`, r.backUpMs],
        ]),
      ),
      slowestSocketBack: slowest === Infinity ? -1 : slowest,
    },
    seconds: secondsSince(started),
    held: checks.every((c) => c.held),
    logs: [...logs, haproxy.logFile],
  };
}

/** The web app's own realtime client on `ws`, through HAProxy, watching `auctionId`, its socket's life recorded. */
function openLiveClient(baseUrl: string, auctionId: string, clock: () => number): LiveClient {
  const events: SocketEvent[] = [];
  const bidUpdates: string[] = [];
  const origin = baseUrl;
  class RecordedSocket extends WebSocket {
    constructor(url: string) {
      super(url, { origin });
      this.on('open', () => events.push({ kind: 'open', at: clock() }));
      this.on('close', (code) => events.push({ kind: 'close', at: clock(), code }));
    }
  }
  const client = new RealtimeClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/ws`,
    WebSocketImpl: RecordedSocket as never,
    logger: { warn: () => undefined },
  });
  client.subscribe({ auctionId }, (event: RealtimeEvent) => {
    if (event.type === 'bid_update' && typeof event.newBid === 'string') bidUpdates.push(event.newBid);
  });
  client.start(null);
  return { client, events, bidUpdates };
}

/** For each close, how long until the socket was open again (null: never). */
function reconnectGaps(events: readonly SocketEvent[]): Array<number | null> {
  return events.flatMap((event, i) => {
    if (event.kind !== 'close') return [];
    const reopened = events.slice(i + 1).find((e) => e.kind === 'open');
    return [reopened ? reopened.at - event.at : null];
  });
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** How many clients got a bid_update for `amount` within `timeoutMs`. */
async function allReceive(
  clients: readonly LiveClient[],
  amount: string | undefined,
  timeoutMs = LIVE_TIMEOUT_MS,
): Promise<number> {
  if (!amount) return 0;
  const got = () => clients.filter((c) => c.bidUpdates.some((b) => Number(b) === Number(amount))).length;
  const deadline = Date.now() + timeoutMs;
  while (got() < clients.length && Date.now() < deadline) await sleep(50);
  return got();
}

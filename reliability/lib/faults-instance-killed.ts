import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type pg from 'pg';
import { addSandboxCards } from '../../bench/lib/members.js';
import { chromiumArgs, chromiumPath } from '../../playwright.config.js';
import { freePort } from '../../bench/lib/servers.js';
import { startHaproxy, type Haproxy, type HaproxyServerStat } from './haproxy.js';
import {
  check,
  clockFrom,
  createOpenAuctions,
  envNumber,
  healthStatus,
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

/** Well under the page's 30 s poll: only the WebSocket can make a change appear this fast. */
const LIVE_TIMEOUT_MS = 8_000;
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built web app: FAULTS_WEB_DIST, else apps/web/dist (built when missing). */
function webDist(): string {
  const dir = process.env.FAULTS_WEB_DIST ?? `${REPO_ROOT}apps/web/dist`;
  if (!existsSync(`${dir}/index.html`)) {
    console.log('   building the web app (npm run build -w @bid/web)');
    execFileSync('npm', ['run', 'build', '-w', '@bid/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  return dir;
}

interface SocketLog {
  openedAt: number;
  subscribedAt: number | null;
  closedAt: number | null;
}

/**
 * One of two app instances SIGKILLed under load behind a balancer: the other keeps serving,
 * and the real web client in Chromium reconnects its WebSocket and resubscribes, so a bid
 * placed after the kill appears live on the page. Fan-out between instances is PostgreSQL
 * LISTEN/NOTIFY: the instances get no REDIS_URL.
 */
export async function instanceKilled(): Promise<ScenarioResult> {
  const started = performance.now();
  const bidderCount = envNumber('FAULTS_BIDDERS', 40);
  const thinkMs = envNumber('FAULTS_THINK_MS', 200);
  const afterSeconds = envNumber('FAULTS_AFTER_SECONDS', 5);
  const distDir = webDist();

  const deployment = await startDeployment('instance-killed');
  const { pool } = deployment;
  const [host, watcher, probeA, probeB, ...bidders] = await seedMembers(deployment, bidderCount + 4, 'Killer');
  const [quietAuction, ...loadAuctions] = await createOpenAuctions(pool, host!.id, 6, 'Live auction');

  // HAProxy starts first, on the ports the instances will take, so its address can be their PUBLIC_URL.
  const ports = [await freePort(), await freePort()];
  const balancer = await startHaproxy(ports, `${deployment.logDir}/instance-killed-haproxy.log`);
  onCleanup(() => balancer.close());
  const instanceOptions = { publicUrl: balancer.url, serveWeb: true, webDistDir: distDir };
  const instances = [
    await deployment.startInstance('a', { ...instanceOptions, port: ports[0]! }),
    await deployment.startInstance('b', { ...instanceOptions, port: ports[1]! }),
  ];
  await Promise.all(['app1', 'app2'].map((server) => balancer.waitFor(server, 'UP')));
  await addSandboxCards(balancer.url, [watcher!, probeA!, probeB!, ...bidders]);
  const listeners = await listenSessions(pool);

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  onCleanup(() => browser.close());
  const context = await browser.newContext({ baseURL: balancer.url });
  const cut = watcher!.cookie.indexOf('=');
  const [name, value] = [watcher!.cookie.slice(0, cut), watcher!.cookie.slice(cut + 1)];
  await context.addCookies([{ name, value, url: balancer.url }]);
  const page = await context.newPage();
  const clock = clockFrom();
  // A first bid before the page opens, so every later bid changes the price text ($1 is also the start).
  // By probe B: the cross-instance bid below is probe A's, and a leader's new bid would only raise
  // their maximum, never the price (docs/auctions.md), so the two probes take turns.
  await placeProbeBid(balancer.url, probeB!, quietAuction!, clock);
  const sockets = watchSockets(page, quietAuction!, clock);
  await page.goto(`/auction/${quietAuction}`);
  await page.getByTestId('current-bid').waitFor({ timeout: 30_000 });
  await waitFor(() => sockets.some((s) => s.subscribedAt !== null), 15_000, 'the page never subscribed');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const shownBefore = (await page.getByTestId('current-bid').textContent())?.trim() ?? '';

  // Which instance holds the page's socket: the one session HAProxy keeps open once the page is idle.
  let victimIndex = -1;
  await waitFor(
    () => victimIndex >= 0,
    15_000,
    "HAProxy never showed the page's WebSocket as the one open session",
    async () => {
      const open = (await balancer.stats()).map((s) => s.currentSessions);
      victimIndex = open.reduce((a, b) => a + b, 0) === 1 ? open.findIndex((n) => n === 1) : -1;
    },
  );
  const victim = instances[victimIndex]!;
  const survivor = instances[1 - victimIndex]!;

  // Before the fault: a bid on the OTHER instance reaches this page (cross-instance fan-out).
  const crossBid = await placeProbeBid(survivor.url, probeA!, quietAuction!, clock);
  const crossShown = await priceShows(page, crossBid?.ackAmount, shownBefore);

  const load = startBidLoad({ targets: [balancer.url], bidders, auctionIds: loadAuctions, thinkMs, clock });
  await sleep(3000);
  const toVictim = (await balancer.stats())[victimIndex]!.currentSessions;
  const killedAt = clock();
  await victim.kill('SIGKILL');

  // The client reconnects after REALTIME_RECONNECT_MS (3 s) to HAProxy, which retries a refused
  // connection on the other instance and soon marks the dead one DOWN.
  const resubscribed = await waitFor(
    () => sockets.some((s) => s.openedAt > killedAt && s.subscribedAt !== null),
    20_000,
    null,
  );
  const newSocket = sockets.find((s) => s.openedAt > killedAt && s.subscribedAt !== null);
  const reconnectMs = newSocket?.subscribedAt ? newSocket.subscribedAt - killedAt : null;
  const afterBid = resubscribed ? await placeProbeBid(survivor.url, probeB!, quietAuction!, clock) : null;
  const afterShown = await priceShows(page, afterBid?.ackAmount, `$${Number(crossBid?.ackAmount)}`);
  const noReload = await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
  const elapsed = clock() - killedAt;
  await sleep(Math.max(0, afterSeconds * 1000 - elapsed));
  await load.stop();
  const survivorHealth = await healthStatus(survivor.url);

  const afterKill = [...load.bids, ...load.reads].filter((r) => r.answeredAt > killedAt);
  const failedAfter = afterKill.filter((r) => r.outcome === 'failed');
  // A request that failed but was sent well after the kill did not meet a dying connection.
  const lateFailures = failedAfter.filter((r) => r.sentAt > killedAt + 1000);
  const serverErrors = load.bids.filter((b) => b.status >= 500).length;
  const ackAfter = load.bids.filter((b) => b.outcome === 'acknowledged' && b.sentAt > killedAt).length;
  const checks: Check[] = [
    check(
      'no Redis: both instances hold a PostgreSQL LISTEN session',
      listeners >= 2 && !process.env.FAULTS_REDIS_URL,
      `${listeners} LISTEN sessions (the instances get no REDIS_URL)`,
    ),
    check(
      'before the kill, a bid on the other instance appears live on the page',
      crossShown,
      `price ${shownBefore} -> bid ${crossBid?.status ?? 'none'} for $${crossBid?.ackAmount ?? '?'} on instance ` +
        `${survivor.name}, page's socket on ${victim.name}: ${crossShown ? 'shown' : 'NOT shown'}`,
    ),
    check(
      'the surviving instance kept answering',
      survivorHealth === 200 && ackAfter > 0,
      `${ackAfter} bids acknowledged after the kill; health ${survivorHealth}`,
    ),
    check(
      'failures after the kill only on connections to the dead instance',
      failedAfter.length <= toVictim && lateFailures.length === 0 && serverErrors === 0,
      `${failedAfter.length} failed requests after the kill (${toVictim} requests were in flight to it), ` +
        `${lateFailures.length} failed more than 1 s after it, ${serverErrors} 5xx`,
    ),
    check(
      "the page's socket reconnected and resubscribed",
      reconnectMs !== null,
      reconnectMs === null ? 'no new subscription within 20 s' : `resubscribed ${reconnectMs} ms after the kill`,
    ),
    check(
      'a bid placed after the kill shows live on the page, without a reload',
      afterShown && noReload,
      `bid ${afterBid?.status ?? 'none'} for $${afterBid?.ackAmount ?? '?'} on ${survivor.name}: ` +
        `${afterShown ? 'shown' : 'NOT shown'} within ${LIVE_TIMEOUT_MS} ms; ${noReload ? 'same page' : 'page reloaded'}`,
    ),
  ];
  return {
    name: 'instance-killed',
    injected: `SIGKILL of instance ${victim.name} (the one holding the browser's WebSocket) of 2 behind HAProxy, under a bid load of ${bidders.length} bidders`,
    checks,
    counts: {
      ...loadCounts(load),
      failedAfterKill: failedAfter.length,
      connectionsToVictimAtKill: toVictim,
      ...(await haproxyCounts(balancer)),
      pageSockets: sockets.length,
    },
    timingsMs: { reconnect: reconnectMs ?? -1 },
    seconds: secondsSince(started),
    held: checks.every((c) => c.held),
    logs: instances.map((i) => i.logFile),
  };
}

/** Every WebSocket the page opens: when, and when it asked for `auctionId`. */
function watchSockets(page: Page, auctionId: string, clock: () => number): SocketLog[] {
  const sockets: SocketLog[] = [];
  page.on('websocket', (ws) => {
    const log: SocketLog = { openedAt: clock(), subscribedAt: null, closedAt: null };
    sockets.push(log);
    ws.on('framesent', (frame) => {
      if (log.subscribedAt === null && String(frame.payload).includes(auctionId)) log.subscribedAt = clock();
    });
    ws.on('close', () => (log.closedAt = clock()));
  });
  return sockets;
}

/** Does the page's price change from `before` to `$<whole dollars of amount>` within LIVE_TIMEOUT_MS? */
async function priceShows(page: Page, amount: string | undefined, before: string): Promise<boolean> {
  if (!amount) return false;
  const text = `$${Number(amount)}`;
  if (text === before) return false;
  try {
    await page.getByTestId('current-bid').filter({ hasText: text }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    return (await page.getByTestId('current-bid').textContent())?.trim() === text;
  } catch {
    return false;
  }
}

async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  failure: string | null,
  refresh?: () => Promise<void>,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await refresh?.();
    if (condition()) return true;
    if (Date.now() > deadline) {
      if (failure) throw new Error(failure);
      return false;
    }
    await sleep(50);
  }
}

/** What HAProxy did about the dead instance: connection errors, retries and redispatches. */
async function haproxyCounts(balancer: Haproxy): Promise<Record<string, number>> {
  const stats = await balancer.stats();
  const sum = (pick: (s: HaproxyServerStat) => number) => stats.reduce((total, s) => total + pick(s), 0);
  return {
    haproxyConnectionErrors: sum((s) => s.connectionErrors),
    haproxyRetries: sum((s) => s.retries),
    haproxyRedispatches: sum((s) => s.redispatches),
  };
}

/** The instances' LISTEN sessions (postgres-bus.ts names them), seen from the database. */
async function listenSessions(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'bidyourdate-realtime-listen'`,
  );
  return rows[0]!.n;
}

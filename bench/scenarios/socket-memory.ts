import { auctionChannel } from '@bid/contract';
import WebSocket from 'ws';
import { createHotAuctions } from '../lib/auctions.js';
import type { Scenario } from '../lib/context.js';
import { createMembers, type Member } from '../lib/members.js';
import { APP_POOL_SIZE, freePort, startServer, type RunningServer } from '../lib/servers.js';
import { bytesPerSocket, messageText, socketMemoryRound, type MemoryReading } from '../lib/socket-memory.js';
import { median } from '../lib/stats.js';
import type { Round } from '../summary.js';

/**
 * Sockets per side and round: 2,000 in quick mode, 5,000 in the full run. With 1,000 the bare
 * server's growth (a few MB) was not far above what a collection's timing moves the live bytes.
 */
const QUICK_SOCKETS = 2000;
const FULL_SOCKETS = 5000;
/** Auctions each socket subscribes to (issue 41). */
const SUBSCRIPTIONS = 10;
/** Sockets opened, subscribed and closed before the baseline, so first-use allocations count on neither side. */
const WARM_UP_SOCKETS = 50;
/** Handshakes in flight at once while opening the sockets. */
const HANDSHAKES_AT_ONCE = 50;

/**
 * Resident memory an app instance adds per 1,000 idle signed-in WebSocket clients, each
 * subscribed to 10 auctions in one `subscribe_auctions` frame, against a bare `ws` server
 * (bench/lib/server-process.ts) holding as many sockets with the same subscriptions in a Set per
 * socket, confirming each as the hub does. Each side runs in a fresh process per round (3 quick,
 * 5 full; each side first in turn), so memory a previous round's sockets left behind never counts:
 * warm up with 50 sockets, read the memory after a full collection, open the sockets, read it
 * again. The figure is live memory (V8's heap in use plus memory outside it, where the sockets'
 * buffers are); the resident set size is in `detail`, not judged on: in a smoke run on a loaded
 * machine it fell by 30 MB while an idle app took 1,000 sockets (V8 and the allocator hand pages
 * back on their own schedule). A round's ratio is the app's growth over the bare server's; the verdict is the
 * median of the rounds' (docs/performance.md, "Method"). `detail` reports bytes per socket.
 */
export const socketMemory: Scenario = {
  name: 'socket-memory',
  unit: 'MB per 1,000 sockets',
  target: { of: 'ratio', op: '<=', bound: 2 },
  invariant: 'every socket stayed open with its 10 subscriptions confirmed',
  async run(ctx) {
    const sockets = ctx.quick ? QUICK_SOCKETS : FULL_SOCKETS;
    const roundCount = ctx.quick ? 3 : 5;
    const database = await ctx.scratchDatabase('sockets');
    const [host, ...viewers] = await createMembers(database.pool, {
      count: sockets + WARM_UP_SOCKETS + 1,
      sessionSecret: ctx.sessionSecret,
      label: 'Viewer',
    });
    const auctionIds = await createHotAuctions(database.pool, host!.id, SUBSCRIPTIONS);
    const warmUpMembers = viewers.slice(0, WARM_UP_SOCKETS);
    const members = viewers.slice(WARM_UP_SOCKETS);
    ctx.log(`  ${sockets} sockets per side, ${SUBSCRIPTIONS} subscriptions each, ${roundCount} rounds`);

    const sides = {
      app: () =>
        freePort().then((port) =>
          startServer({
            kind: 'app',
            databaseUrl: database.url,
            port,
            sessionSecret: ctx.sessionSecret,
            poolSize: APP_POOL_SIZE,
            serveWeb: false,
          }),
        ),
      bare: () => freePort().then((port) => startServer({ kind: 'bare-ws', port })),
    };
    const readings: Record<'app' | 'bare', MemoryReading[]> = { app: [], bare: [] };
    let held = true;
    await ctx.beforeTiming();
    const rounds: Round[] = [];
    // The next process starts while this one is measured: memory is not a timing, so a process
    // booting beside it changes nothing measured, and a quick run no longer waits for six boots
    // one after another (each compiles the app with tsx first).
    const schedule = Array.from({ length: roundCount }, (_, round) =>
      round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const),
    ).flat();
    let next: Promise<RunningServer> | undefined = sides[schedule[0]!]();
    next.catch(() => undefined);
    const started: Array<Promise<RunningServer>> = [next];
    try {
      for (let round = 0; round < roundCount; round += 1) {
        const reading: Partial<Record<'app' | 'bare', MemoryReading>> = {};
        for (let turn = 0; turn < 2; turn += 1) {
          const index = round * 2 + turn;
          const side = schedule[index]!;
          const server = await next!;
          const following = schedule[index + 1];
          // Never an app booting beside an app measured: a boot's startup queries and jobs on the
          // same database, on a loaded machine, made a measured app refuse a subscription
          // ("Something went wrong") in a smoke run. A bare server boots beside anything.
          const bootNow = following !== undefined && !(side === 'app' && following === 'app');
          next = bootNow ? sides[following]() : undefined;
          if (next) {
            // Awaited at its turn; a failure before then is reported there, not as an unhandled rejection.
            next.catch(() => undefined);
            started.push(next);
          }
          try {
            const measured = await measureSide(server, warmUpMembers, members, auctionIds);
            held &&= measured.held;
            reading[side] = measured.reading;
            readings[side].push(measured.reading);
          } finally {
            await server.stop();
          }
          if (following !== undefined && !bootNow) {
            next = sides[following]();
            next.catch(() => undefined);
            started.push(next);
          }
        }
        const r = socketMemoryRound(reading.app!, reading.bare!);
        rounds.push(r);
        ctx.log(
          `  round ${round + 1}/${roundCount}: app ${Math.round(bytesPerSocket(reading.app!))} B/socket, ` +
            `bare ${Math.round(bytesPerSocket(reading.bare!))} B/socket`,
        );
      }
    } finally {
      // A process started for a turn that never came (a failed round) is stopped too.
      for (const server of await Promise.allSettled(started)) {
        if (server.status === 'fulfilled') await server.value.stop();
      }
    }
    const perSocket = (side: 'app' | 'bare') => readings[side].map((r) => Math.round(bytesPerSocket(r)));
    const medianPerSocket = { app: Math.round(median(perSocket('app'))), bare: Math.round(median(perSocket('bare'))) };
    ctx.log(`  bytes per socket (median of the rounds): app ${medianPerSocket.app}, bare ${medianPerSocket.bare}`);
    return {
      value: null,
      ceiling: null,
      rounds,
      invariantHeld: held,
      detail: {
        sockets,
        subscriptionsPerSocket: SUBSCRIPTIONS,
        bytesPerSocket: { app: perSocket('app'), bare: perSocket('bare') },
        // What one idle signed-in socket with its 10 subscriptions costs each side.
        bytesPerSocketMedian: medianPerSocket,
        // Subscribe frames sent again after the server's "Something went wrong." (a loaded machine).
        subscribeRetries,
        // The resident set size before and after, in MB: what `ps` shows, too noisy to judge on
        // (docs/performance.md, socket-memory).
        residentMB: {
          app: readings.app.map((r) =>
            [r.residentBeforeBytes ?? 0, r.residentAfterBytes ?? 0].map((v) => Math.round(v / 1e6)),
          ),
          bare: readings.bare.map((r) =>
            [r.residentBeforeBytes ?? 0, r.residentAfterBytes ?? 0].map((v) => Math.round(v / 1e6)),
          ),
        },
      },
    };
  },
};

/** Warm-up, baseline, `members.length` subscribed sockets, reading; then every socket is closed. */
async function measureSide(
  server: RunningServer,
  warmUpMembers: readonly Member[],
  members: readonly Member[],
  auctionIds: readonly string[],
): Promise<{ reading: MemoryReading; held: boolean }> {
  const url = `${server.url.replace('http', 'ws')}/ws`;
  const warmUp = await openSubscribed(url, warmUpMembers, auctionIds);
  await closeAll(warmUp);
  // The server has let go of every warm-up socket before the baseline, and holds every socket
  // before the reading: conditions waited for, never a pause.
  await untilConnections(server, 0);
  const before = await server.memory();
  const open = await openSubscribed(url, members, auctionIds);
  try {
    await untilConnections(server, members.length);
    const after = await server.memory();
    const held = open.length === members.length && open.every((socket) => socket.readyState === WebSocket.OPEN);
    return {
      reading: {
        beforeBytes: before.live,
        afterBytes: after.live,
        sockets: open.length,
        residentBeforeBytes: before.rss,
        residentAfterBytes: after.rss,
      },
      held,
    };
  } finally {
    await closeAll(open);
  }
}

const CONNECTIONS_WITHIN_MS = 60_000;

/** Resolves once the server's listener holds exactly `count` connections; throws after a minute. */
async function untilConnections(server: RunningServer, count: number): Promise<void> {
  const deadline = Date.now() + CONNECTIONS_WITHIN_MS;
  for (;;) {
    const held = await server.connections();
    if (held === count) return;
    if (Date.now() > deadline) throw new Error(`the server holds ${held} connections, not ${count}, after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens one socket per member (with the member's session cookie) and resolves once each has every subscription confirmed. */
async function openSubscribed(url: string, members: readonly Member[], auctionIds: readonly string[]) {
  const open: WebSocket[] = [];
  for (let i = 0; i < members.length; i += HANDSHAKES_AT_ONCE) {
    const batch = members.slice(i, i + HANDSHAKES_AT_ONCE);
    open.push(...(await Promise.all(batch.map((member) => subscribedSocket(url, member.cookie, auctionIds)))));
  }
  return open;
}

/**
 * The hub's answer when handling a frame failed on the server's side (hub.ts `receive`): on the
 * shared machine at load average 22 the subscription check's database work failed so for a
 * socket now and then. Such a frame is sent again, as a client would; any other refusal fails.
 */
const TRANSIENT_REFUSAL = 'Something went wrong.';
const SUBSCRIBE_ATTEMPTS = 5;
const RETRY_AFTER_MS = 500;
/** Subscribe frames sent again after a transient refusal, over the whole run (in `detail`). */
let subscribeRetries = 0;

function subscribedSocket(url: string, cookie: string, auctionIds: readonly string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie } });
    const wanted = new Set<string>(auctionIds.map(auctionChannel));
    const subscribe = () => socket.send(JSON.stringify({ type: 'subscribe_auctions', auctionIds }));
    let attempts = 1;
    socket.once('error', reject);
    socket.on('message', (data: WebSocket.RawData) => {
      const message = JSON.parse(messageText(data)) as { type?: string; channel?: string; message?: string };
      if (message.type === 'error') {
        if (message.message === TRANSIENT_REFUSAL && attempts < SUBSCRIBE_ATTEMPTS) {
          attempts += 1;
          subscribeRetries += 1;
          setTimeout(subscribe, RETRY_AFTER_MS);
        } else reject(new Error(`subscription refused: ${message.message}`));
      }
      if (message.type === 'subscribed' && message.channel) wanted.delete(message.channel);
      if (wanted.size === 0) resolve(socket);
    });
    socket.once('open', subscribe);
  });
}

function closeAll(sockets: readonly WebSocket[]): Promise<void> {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.terminate();
        }),
    ),
  ).then(() => undefined);
}

import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { Scenario } from '../lib/context.js';
import { HttpConnection } from '../lib/http.js';
import { addSandboxCards, createMembers } from '../lib/members.js';
import { APP_POOL_SIZE, freePort, startServer, type RunningServer } from '../lib/servers.js';
import { summarizeLatencies } from '../lib/stats.js';

const SUBSCRIBERS = 1000;
const WARM_UP_UPDATES = 2;
const UPDATE_TIMEOUT_MS = 5000;

/**
 * One auction followed by 1,000 signed-in WebSocket clients, half on each of two app instances
 * sharing one database (fan-out over LISTEN/NOTIFY). Bids go in one after another, alternately
 * to each instance; a client's latency is from the moment the bid request was sent to the
 * moment its `bid_update` arrived. Ceiling: a bare `ws` server broadcasting the very same
 * payloads to 1,000 clients, timed from the moment the broadcast request was sent.
 */
export const wsFanout: Scenario = {
  name: 'ws-fanout',
  unit: 'ms',
  target: { of: 'ratio', op: '<=', bound: 2 },
  invariant: 'every subscriber got every update, in order',
  async run(ctx) {
    const updates = ctx.quick ? 10 : 20;
    const database = await ctx.scratchDatabase('ws');
    const [host, bidderA, bidderB, ...viewers] = await createMembers(database.pool, {
      count: SUBSCRIBERS + 3,
      sessionSecret: ctx.sessionSecret,
      label: 'Viewer',
    });
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO auctions (creator_id, title, description, date_type, location, starting_bid, current_bid,
                             expected_duration, end_time)
       VALUES ($1, 'Sunset kayak paddle', 'Everyone is watching this one.', 'activity', 'Austin, TX', 1, 1, 120,
               now() + interval '1 day')
       RETURNING id`,
      [host!.id],
    );
    const auctionId = rows[0]!.id;

    const servers: RunningServer[] = [];
    const clients: Subscriber[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        servers.push(
          await startServer({
            kind: 'app',
            databaseUrl: database.url,
            port: await freePort(),
            sessionSecret: ctx.sessionSecret,
            poolSize: APP_POOL_SIZE,
            serveWeb: false,
          }),
        );
      }
      const bidders = [bidderA!, bidderB!];
      await addSandboxCards(servers[0]!.url, bidders);
      const wsUrls = servers.map((s) => `${s.url.replace('http', 'ws')}/ws`);
      clients.push(
        ...(await connectAll(
          viewers.map((viewer, i) => ({ url: wsUrls[i % 2]!, cookie: viewer.cookie, instance: i % 2 })),
          auctionId,
        )),
      );
      ctx.log(`  ${clients.length} subscribers on two app instances; ${updates} bids`);
      // Bid n goes to instance n % 2, from bidder n % 2: each instance serves half of the bids.
      const senders = [0, 1].map((i) => new HttpConnection(servers[i]!.url, bidders[i]!.cookie));
      const app = await runUpdates(clients, WARM_UP_UPDATES + updates, async (n) => {
        const answer = await senders[n % 2]!.post('/api/bids', { auctionId, amount: `${n}.00` });
        if (answer.status !== 201) throw new Error(`bid ${n} answered ${answer.status}: ${answer.body}`);
      });
      for (const sender of senders) sender.close();
      const payloads = clients[0]!.payloads;
      closeAll(clients.splice(0));

      const bare = await startServer({ kind: 'bare-ws', port: await freePort() });
      servers.push(bare);
      clients.push(
        ...(await connectAll(
          viewers.map(() => ({ url: `${bare.url.replace('http', 'ws')}/ws`, instance: 0 })),
          undefined,
        )),
      );
      const trigger = new HttpConnection(bare.url);
      const ceiling = await runUpdates(clients, WARM_UP_UPDATES + updates, async (n) => {
        const answer = await trigger.request('POST', '/broadcast', payloads[n - 1] ?? '');
        if (answer.status !== 204) throw new Error(`broadcast answered ${answer.status}`);
      });
      trigger.close();

      return {
        value: app.summary.p99,
        ceiling: ceiling.summary.p99,
        invariantHeld: app.everyUpdateInOrder && ceiling.everyUpdateInOrder,
        detail: {
          unit: 'ms',
          subscribers: SUBSCRIBERS,
          updates,
          app: {
            latencyMs: app.summary,
            sameInstanceAsBid: app.local,
            otherInstance: app.remote,
            everyUpdateInOrder: app.everyUpdateInOrder,
            missing: app.missing,
          },
          bareWs: {
            latencyMs: ceiling.summary,
            everyUpdateInOrder: ceiling.everyUpdateInOrder,
            missing: ceiling.missing,
          },
          payloadBytes: Buffer.byteLength(payloads[0] ?? ''),
        },
      };
    } finally {
      closeAll(clients);
      for (const server of servers) await server.stop();
    }
  },
};

interface Subscriber {
  socket: WebSocket;
  instance: number;
  /** bidCount of each bid_update in arrival order, and when it arrived. */
  received: Array<{ n: number; at: number }>;
  /** The raw text of each update (the first client's become the bare server's payloads). */
  payloads: string[];
  waiter?: { n: number; resolve: () => void };
}

async function connectAll(
  targets: Array<{ url: string; cookie?: string; instance: number }>,
  auctionId: string | undefined,
): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  // Fifty handshakes at a time: a thousand at once would measure the accept queue, not fan-out.
  for (let i = 0; i < targets.length; i += 50) {
    const batch = targets.slice(i, i + 50);
    subscribers.push(...(await Promise.all(batch.map((t) => connectOne(t, auctionId)))));
  }
  return subscribers;
}

function connectOne(
  target: { url: string; cookie?: string; instance: number },
  auctionId: string | undefined,
): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, { headers: target.cookie ? { cookie: target.cookie } : {} });
    const subscriber: Subscriber = { socket, instance: target.instance, received: [], payloads: [] };
    socket.on('error', reject);
    socket.on('message', (data: WebSocket.RawData) => {
      const at = performance.now();
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const text = bytes.toString('utf8');
      const message = JSON.parse(text) as { type: string; bidCount?: number };
      if (message.type === 'subscribed') resolve(subscriber);
      if (message.type !== 'bid_update' || typeof message.bidCount !== 'number') return;
      subscriber.received.push({ n: message.bidCount, at });
      subscriber.payloads.push(text);
      if (subscriber.waiter && message.bidCount >= subscriber.waiter.n) subscriber.waiter.resolve();
    });
    socket.on('open', () => {
      if (auctionId) socket.send(JSON.stringify({ type: 'subscribe_auction', auctionId }));
      else resolve(subscriber);
    });
  });
}

function closeAll(subscribers: Subscriber[]): void {
  for (const s of subscribers) s.socket.terminate();
}

function waitFor(subscriber: Subscriber, n: number): Promise<void> {
  if (subscriber.received.some((r) => r.n >= n)) return Promise.resolve();
  return new Promise((resolve) => {
    subscriber.waiter = { n, resolve };
  });
}

/** Sends update 1..total one at a time, each once every subscriber has the previous one (or it timed out). */
async function runUpdates(subscribers: Subscriber[], total: number, send: (n: number) => Promise<void>) {
  const sentAt = new Map<number, number>();
  for (let n = 1; n <= total; n += 1) {
    const arrived = Promise.all(subscribers.map((s) => waitFor(s, n)));
    sentAt.set(n, performance.now());
    await send(n);
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, UPDATE_TIMEOUT_MS))]);
    // A pause, so each update is delivered on a quiet system rather than behind the last one.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const all: number[] = [];
  const local: number[] = [];
  const remote: number[] = [];
  let missing = 0;
  let everyUpdateInOrder = true;
  for (const s of subscribers) {
    const sequence = s.received.map((r) => r.n);
    if (sequence.length !== total || sequence.some((n, i) => n !== i + 1)) everyUpdateInOrder = false;
    missing += Math.max(0, total - sequence.length);
    for (const r of s.received) {
      if (r.n <= WARM_UP_UPDATES) continue;
      const latency = r.at - sentAt.get(r.n)!;
      all.push(latency);
      // Bid n went to instance n % 2.
      (s.instance === r.n % 2 ? local : remote).push(latency);
    }
  }
  return {
    summary: summarizeLatencies(all),
    local: summarizeLatencies(local),
    remote: summarizeLatencies(remote),
    missing,
    everyUpdateInOrder,
  };
}

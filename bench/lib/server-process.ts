/**
 * A server under test, in its own process (started by servers.ts), so that the load generator
 * and the server do not share an event loop, as in production:
 *
 * - `app`: the real application from `buildApp`, in production mode, on PostgreSQL; with
 *   `barePort` also a bare Fastify instance in the same process that runs the auction list's
 *   SQL through the same pool and answers the same JSON (the api-overhead ceiling).
 * - `bare-ws`: a bare `ws` server that broadcasts whatever is POSTed to /broadcast to every
 *   client (the ws-fanout ceiling); with `redis`, it publishes it on a Redis channel instead and
 *   broadcasts what it hears there (the fanout-redis ceiling).
 */
import http from 'node:http';
import { AUCTION_PAGE_SIZE_DEFAULT, auctionChannel, viewerStandingOf } from '@bid/contract';
import { getTableColumns } from 'drizzle-orm';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { hostCardColumns } from '../../apps/server/src/db/card-columns.js';
import { auctions, type Auction } from '../../apps/server/src/db/schema/index.js';
import { reputationProbes } from '../../apps/server/src/modules/feedback/reputation.js';
import { presentAuctionListItem } from '../../apps/server/src/modules/auctions/auctions.presenter.js';
import type { Mailer } from '../../apps/server/src/lib/mailer.js';
import { listOpenAuctionsQuery } from '../../apps/server/src/modules/auctions/auctions.repository.js';
import type { ServerSpec } from './servers.js';
import { messageText } from './socket-memory.js';

const spec = JSON.parse(process.env.BENCH_SERVER ?? 'null') as ServerSpec | null;
if (!spec) throw new Error('BENCH_SERVER is not set: this file is started by bench/lib/servers.ts');

const closers: Array<() => Promise<void>> = [];
/** The listener of the server under test (the app's or the bare server's), for `connections`. */
let listener: { getConnections(callback: (err: Error | null, count: number) => void): void } | undefined;

/** Benchmark members sign in with seeded sessions; a mail would mean something is wrong. */
const refusingMailer: Mailer = {
  description: 'none (benchmark)',
  send: () => Promise.reject(new Error('benchmark servers send no mail')),
};

async function startApp(s: Extract<ServerSpec, { kind: 'app' }>): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: s.databaseUrl,
    DATABASE_POOL_SIZE: String(s.poolSize),
    SESSION_SECRET: s.sessionSecret,
    PUBLIC_URL: s.publicUrl ?? `http://127.0.0.1:${s.port}`,
    // Production refuses to boot without it; the refusing mailer above means nothing is ever sent.
    SMTP_URL: 'smtp://127.0.0.1:25',
    // Offline payments and identity, plain http on loopback: production refuses them unless told.
    ALLOW_SANDBOX: '1',
    ALLOW_INSECURE_PUBLIC_URL: '1',
    // Production refuses to boot without it; the bench's checkpoints are thrown away with its data.
    AUDIT_CHECKPOINT_KEY: 'bench-audit-checkpoint-key-'.padEnd(48, 'x'),
    PORT: String(s.port),
    // The benchmark sets it high (bench/run.ts): hot-auction-bids measures the bid path, not the limit.
    ...(process.env.BIDS_PER_MINUTE ? { BIDS_PER_MINUTE: process.env.BIDS_PER_MINUTE } : {}),
    ...(s.webDistDir ? { WEB_DIST_DIR: s.webDistDir } : {}),
    ...(s.trustProxy ? { TRUST_PROXY: s.trustProxy } : {}),
    ...(s.redisUrl ? { REDIS_URL: s.redisUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl: s.databaseUrl,
    poolSize: s.poolSize,
    timeLimits: config.databaseTimeLimits,
  });
  const app = await buildApp({ config, database, serveWeb: s.serveWeb, mailer: refusingMailer });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: s.port, host: '127.0.0.1' });
  listener = app.server;
  closers.push(() => app.close());
  if (s.barePort) {
    if (!s.bareViewerId) throw new Error('the bare route needs the viewer the app lists for');
    await startBareList(database, s.barePort, s.bareViewerId);
  }
}

/**
 * The api-overhead ceiling: no session, no hooks, no schemas; the very statement the auction
 * list runs (taken from the repository, so the two can never drift apart), through the same pg
 * pool, shaped by the same presenter into the same JSON.
 */
async function startBareList(database: Database, port: number, viewerId: string): Promise<void> {
  if (database.driver.kind !== 'postgres') throw new Error('the bare route needs PostgreSQL');
  const pool = database.driver.pool;
  const sentinel = new Date('2001-02-03T04:05:06.789Z');
  const query = listOpenAuctionsQuery(database.db, {
    now: sentinel,
    sortBy: 'ending-soon',
    limit: AUCTION_PAGE_SIZE_DEFAULT + 1,
    offset: 0,
    viewerId,
  }).toSQL();
  const nowAt = query.params.findIndex((p) => String(p).startsWith('2001-02-03'));
  if (nowAt < 0) throw new Error('could not find the time parameter of the list statement');
  const auctionKeys = Object.keys(getTableColumns(auctions));
  const creatorKeys = [...Object.keys(hostCardColumns), ...Object.keys(reputationProbes(auctions.creatorId))];

  const bare = Fastify({ logger: false });
  bare.get('/bare/auctions', async (_request, reply) => {
    const values = [...query.params];
    values[nowAt] = new Date().toISOString();
    const { rows } = await pool.query<unknown[]>({ text: query.sql, values, rowMode: 'array' });
    const now = new Date();
    const items = rows.slice(0, AUCTION_PAGE_SIZE_DEFAULT).map((row) => {
      const auction = Object.fromEntries(auctionKeys.map((key, i) => [key, row[i]])) as unknown as Auction;
      // After the auction's columns: the host card and its reputation probes, then isWatched and the
      // viewer's highest bid, in the order the app's statement selects them.
      const creator = Object.fromEntries(
        creatorKeys.map((key, i) => [key, row[auctionKeys.length + i]]),
      ) as unknown as Parameters<typeof presentAuctionListItem>[1];
      const [isWatched, highestBid] = row.slice(auctionKeys.length + creatorKeys.length) as [boolean, string | null];
      const standing = viewerStandingOf(auction, { id: viewerId, highestBid }, now);
      return presentAuctionListItem(auction, creator, isWatched, standing);
    });
    void reply.header('x-has-more', String(rows.length > AUCTION_PAGE_SIZE_DEFAULT));
    return items;
  });
  await bare.listen({ port, host: '127.0.0.1' });
  closers.unshift(() => bare.close());
}

async function startBareWs(s: Extract<ServerSpec, { kind: 'bare-ws' }>): Promise<void> {
  // Serialised once, sent to each client: what the hub does with a broadcast.
  const broadcast = (payload: Buffer | string) => {
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(payload, { binary: false });
  };
  let relay: Awaited<ReturnType<typeof startRedisRelay>> | null = null;
  const server = http.createServer((req, res) => {
    // Behind HAProxy (fanout-redis) the balancer checks readiness as it checks the app's.
    if (req.method === 'GET' && req.url === '/api/health/ready') {
      res.writeHead(200).end();
      return;
    }
    if (req.method !== 'POST' || req.url !== '/broadcast') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const payload = Buffer.concat(chunks);
      if (!relay) {
        broadcast(payload);
        res.writeHead(204).end();
        return;
      }
      // Answered once Redis took it, as the app answers a bid once its update is published.
      relay.publish(payload).then(
        () => res.writeHead(204).end(),
        () => res.writeHead(503).end(),
      );
    });
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (socket: WebSocket) => {
    socket.on('error', () => undefined);
    // socket-memory's ceiling holds what the hub must hold per socket at the least: the channels
    // it subscribed to, each confirmed as the hub confirms it.
    const channels = new Set<string>();
    socket.on('message', (data: WebSocket.RawData) => {
      let message: { type?: string; auctionIds?: unknown };
      try {
        message = JSON.parse(messageText(data)) as typeof message;
      } catch {
        return;
      }
      if (message.type !== 'subscribe_auctions' || !Array.isArray(message.auctionIds)) return;
      for (const id of message.auctionIds) {
        const channel = auctionChannel(String(id));
        channels.add(channel);
        socket.send(JSON.stringify({ type: 'subscribed', channel }));
      }
    });
  });
  // Subscribed before it listens, so no broadcast can be published before this server hears it.
  if (s.redis) relay = await startRedisRelay(s.redis, broadcast);
  await new Promise<void>((resolve) => server.listen(s.port, '127.0.0.1', resolve));
  listener = server;
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => server.close(() => resolve()));
      }),
  );
  const subscribedRelay = relay;
  if (subscribedRelay) closers.push(() => subscribedRelay.close());
}

/**
 * The bare servers' fan-out over Redis: one subscriber and one publisher connection per process,
 * as the app's Redis bus has (apps/server/src/modules/realtime/redis-bus.ts), without its
 * batching, envelopes or per-channel routing.
 */
async function startRedisRelay(
  options: { url: string; channel: string },
  broadcast: (payload: Buffer) => void,
): Promise<{ publish(payload: Buffer): Promise<unknown>; close(): Promise<void> }> {
  const subscriber = new Redis(options.url, { lazyConnect: true });
  const publisher = new Redis(options.url, { lazyConnect: true });
  await Promise.all([subscriber.connect(), publisher.connect()]);
  // As bytes: the hub turns a bus message into one Buffer and sends that same Buffer to each socket.
  subscriber.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
    if (channel.toString() === options.channel) broadcast(payload);
  });
  await subscriber.subscribe(options.channel);
  return {
    publish: (payload) => publisher.publish(options.channel, payload),
    async close() {
      await Promise.all([subscriber.quit(), publisher.quit()]).catch(() => undefined);
    },
  };
}

async function stop(): Promise<void> {
  for (const close of closers) await close().catch(() => undefined);
  process.exit(0);
}

/** Readings per memory answer; their median is reported, so one reading taken mid-allocation does not decide. */
const MEMORY_SAMPLES = 5;

/**
 * socket-memory asks for the process's memory after a full garbage collection (the server runs
 * with --expose-gc), so garbage not yet collected does not count as memory the sockets hold:
 * the resident set size, and the live bytes (V8's heap in use plus memory outside it, the
 * sockets' buffers included). Each is the median of several readings 100 ms apart, each after
 * its own collections, so a timer or a heartbeat allocating at that moment does not decide.
 */
async function memoryReading(): Promise<{ rss: number; live: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const rss: number[] = [];
  const live: number[] = [];
  for (let sample = 0; sample < MEMORY_SAMPLES; sample += 1) {
    if (sample > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    if (gc) for (let i = 0; i < 3; i += 1) gc();
    const usage = process.memoryUsage();
    rss.push(usage.rss);
    live.push(usage.heapUsed + usage.external);
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { rss: middle(rss), live: middle(live) };
}

process.on('message', (message: { type?: string }) => {
  if (message.type === 'stop') void stop();
  if (message.type === 'memory') void memoryReading().then((reading) => process.send?.({ type: 'memory', ...reading }));
  if (message.type === 'connections') {
    if (!listener) process.send?.({ type: 'connections', count: 0 });
    else listener.getConnections((_err, count) => process.send?.({ type: 'connections', count }));
  }
});
process.on('SIGTERM', () => void stop());

try {
  if (spec.kind === 'app') await startApp(spec);
  else await startBareWs(spec);
  process.send?.({ type: 'ready' });
} catch (err) {
  console.error('bench server failed to start:', err);
  process.exit(1);
}

/**
 * A server under test, in its own process (started by servers.ts), so that the load generator
 * and the server do not share an event loop, as in production:
 *
 * - `app`: the real application from `buildApp`, in production mode, on PostgreSQL; with
 *   `barePort` also a bare Fastify instance in the same process that runs the auction list's
 *   SQL through the same pool and answers the same JSON (the api-overhead ceiling).
 * - `bare-ws`: a bare `ws` server that broadcasts whatever is POSTed to /broadcast to every
 *   client (the ws-fanout ceiling).
 */
import http from 'node:http';
import { AUCTION_PAGE_SIZE_DEFAULT, auctionChannel, viewerStandingOf } from '@bid/contract';
import { getTableColumns } from 'drizzle-orm';
import Fastify from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { auctions, type Auction } from '../../apps/server/src/db/schema/index.js';
import { presentAuctionListItem } from '../../apps/server/src/modules/auctions/auctions.presenter.js';
import type { Mailer } from '../../apps/server/src/lib/mailer.js';
import { listOpenAuctionsQuery } from '../../apps/server/src/modules/auctions/auctions.repository.js';
import type { ServerSpec } from './servers.js';
import { messageText } from './socket-memory.js';

const spec = JSON.parse(process.env.BENCH_SERVER ?? 'null') as ServerSpec | null;
if (!spec) throw new Error('BENCH_SERVER is not set: this file is started by bench/lib/servers.ts');

const closers: Array<() => Promise<void>> = [];

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
  });
  const database = await openDatabase({
    databaseUrl: s.databaseUrl,
    poolSize: s.poolSize,
    timeLimits: config.databaseTimeLimits,
  });
  const app = await buildApp({ config, database, serveWeb: s.serveWeb, mailer: refusingMailer });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: s.port, host: '127.0.0.1' });
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

  const bare = Fastify({ logger: false });
  bare.get('/bare/auctions', async (_request, reply) => {
    const values = [...query.params];
    values[nowAt] = new Date().toISOString();
    const { rows } = await pool.query<unknown[]>({ text: query.sql, values, rowMode: 'array' });
    const now = new Date();
    const items = rows.slice(0, AUCTION_PAGE_SIZE_DEFAULT).map((row) => {
      const auction = Object.fromEntries(auctionKeys.map((key, i) => [key, row[i]])) as unknown as Auction;
      const [id, firstName, lastName, identityVerificationStatus, profileImageUrl, isWatched, highestBid] = row.slice(
        auctionKeys.length,
      ) as [string, string | null, string | null, string, string | null, boolean, string | null];
      const creator = { id, firstName, lastName, identityVerificationStatus, profileImageUrl };
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
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/broadcast') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // Serialised once, sent to each client: what the hub does with a broadcast.
      const payload = Buffer.concat(chunks);
      for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(payload, { binary: false });
      res.writeHead(204).end();
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
  await new Promise<void>((resolve) => server.listen(s.port, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => server.close(() => resolve()));
      }),
  );
}

async function stop(): Promise<void> {
  for (const close of closers) await close().catch(() => undefined);
  process.exit(0);
}

/**
 * socket-memory asks for the process's memory after a full garbage collection (the server runs
 * with --expose-gc), so garbage not yet collected does not count as memory the sockets hold:
 * the resident set size, and the live bytes (V8's heap in use plus memory outside it, the
 * sockets' buffers included).
 */
function memoryReading(): { rss: number; live: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) for (let i = 0; i < 3; i += 1) gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss, live: usage.heapUsed + usage.external };
}

process.on('message', (message: { type?: string }) => {
  if (message.type === 'stop') void stop();
  if (message.type === 'memory') process.send?.({ type: 'memory', ...memoryReading() });
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

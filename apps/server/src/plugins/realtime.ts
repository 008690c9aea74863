import { createHash } from 'node:crypto';
import { WS_HEARTBEAT_MS, WS_MAX_PAYLOAD_BYTES } from '@bid/contract';
import websocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { MAX_BUS_PAYLOAD_BYTES, type Bus, type BusLogger } from '../modules/realtime/bus.js';
import { RealtimeHub, type Connection, type ConversationAuthorizer, type Realtime } from '../modules/realtime/hub.js';
import { createPgliteBus, createPostgresBus } from '../modules/realtime/postgres-bus.js';
import { createRedisBus } from '../modules/realtime/redis-bus.js';
import { decodeInvalidation, encodeInvalidation } from '../modules/sessions/session-cache.js';

/** Room left for the envelope header in one bus payload. */
const SESSION_INVALIDATION_MAX_BYTES = MAX_BUS_PAYLOAD_BYTES - 200;

export type { ConversationAuthorizer, Realtime, RealtimePublisher } from '../modules/realtime/hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to browsers on every app instance (docs/realtime.md, "Server API"). */
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  publicUrl: string;
  database: Database;
  /** REDIS_URL: fan-out over Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY. */
  redisUrl?: string | undefined;
  /** Who may follow `conversation:{id}` (app.ts: the conversation's two participants, docs/engineering.md §5). */
  authorizeConversation: ConversationAuthorizer;
}

/**
 * The WebSocket endpoint at /ws (docs/product.md §7) and `app.realtime`. Identity comes from the session
 * cookie read at the handshake, never from a message, and only pages from our own origin may
 * connect (docs/engineering.md §5). The protocol, its bounds and the fan-out between instances are in
 * modules/realtime/ and docs/realtime.md.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimePluginOptions) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    const logger: BusLogger = {
      info: (obj, msg) => app.log.info(obj, msg),
      warn: (obj, msg) => app.log.warn(obj, msg),
      error: (obj, msg) => app.log.error(obj, msg),
    };
    const hub = new RealtimeHub({
      bus: createBus(opts, logger),
      logger,
      // A socket lives no longer than its session (docs/realtime.md): ended here, it closes on every instance.
      sessionChecker: (ids) => app.sessions.liveSessionIds(ids),
      authorizeConversation: opts.authorizeConversation,
    });
    await hub.start();
    app.decorate('realtime', hub as Realtime);
    app.sessions.onSessionsEnded((ids) => hub.closeSessionSockets(...ids));
    // The session cache of every instance follows every other's invalidations (docs/accounts.md).
    app.sessions.onInvalidated((target) => {
      for (const body of encodeInvalidation(target, SESSION_INVALIDATION_MAX_BYTES))
        hub.publishSessionInvalidation(body);
    });
    hub.onSessionInvalidation((body) => {
      const target = decodeInvalidation(body);
      if (target) app.sessions.dropCached(target);
    });
    hub.onBusConnected(() => app.sessions.clearCache());

    await app.register(websocket, {
      errorHandler: onHandshakeSocketError,
      options: {
        maxPayload: WS_MAX_PAYLOAD_BYTES,
        verifyClient: (info, done) => {
          const origin = info.origin || info.req.headers.origin;
          const host = info.req.headers.host;
          done(isAllowedOrigin(origin, publicOrigin, host), 403, 'Forbidden origin');
        },
      },
    });

    // Each socket's state, found from the socket by handlers shared by every socket: closures made
    // per socket cost a context and a function each (docs/performance.md, socket-memory).
    const connections = new WeakMap<WebSocket, Connection>();
    function onMessage(this: WebSocket, raw: RawData): void {
      const connection = connections.get(this);
      if (connection) hub.receive(connection, rawDataToString(raw));
    }
    function onPong(this: WebSocket): void {
      const connection = connections.get(this);
      if (connection) connection.alive = true;
    }
    function onClose(this: WebSocket): void {
      const connection = connections.get(this);
      if (connection) hub.detach(connection);
    }
    const errorLogger = (reqId: string): SocketErrorLogger => ({
      info: (obj, msg) => app.log.info({ reqId, ...obj }, msg),
      error: (obj, msg) => app.log.error({ reqId, ...obj }, msg),
    });
    const handshakes = new WeakMap<WebSocket, string>();
    function onError(this: WebSocket, error: Error): void {
      onSocketError(error, this, errorLogger(handshakes.get(this) ?? ''));
      const connection = connections.get(this);
      if (connection) hub.detach(connection);
    }

    app.route({
      method: 'GET',
      url: '/ws',
      // A plain GET (no Upgrade header) reaches this instead of the socket code: without it
      // @fastify/websocket answers an empty 404, unlike every other refusal of the API.
      handler: refuseWithoutUpgrade,
      // The handshake's response object is never written (ws answers the upgrade on the socket
      // itself), yet while assigned to the socket it holds the request, its headers and Fastify's
      // request and reply for the socket's whole life: let go of it before the upgrade.
      preHandler: (request, reply, done) => {
        if (request.ws) reply.raw.detachSocket(request.raw.socket);
        done();
      },
      wsHandler: (socket, request) => {
        // @fastify/websocket's own error listener keeps Fastify's request and reply (with its
        // child logger, headers and cookies) for as long as the socket lives; ours keeps the
        // request id only, and logs and terminates as onSocketError did through it.
        socket.removeAllListeners('error');
        handshakes.set(socket, request.id);
        socket.on('error', onError);
        const connection = hub.attach(socket, request.userId, request.session?.id, request.ip);
        connections.set(socket, connection);
        socket.on('message', onMessage);
        socket.on('pong', onPong);
        socket.on('close', onClose);
      },
    });

    const heartbeat = setInterval(() => {
      hub.heartbeat();
      hub
        .closeSocketsOfEndedSessions()
        .catch((err: unknown) => app.log.warn({ err }, 'realtime: session check failed'));
    }, WS_HEARTBEAT_MS);
    heartbeat.unref();
    // preClose: onClose hooks run last-registered first, and main.ts closes the database in one
    // it adds after buildApp; the bus must flush and close before that.
    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      await hub.stop();
    });
  },
  { name: 'realtime', dependencies: ['session'] },
);

export const WS_UPGRADE_REQUIRED_MESSAGE = 'This address only takes WebSocket connections (Upgrade: websocket).';

/**
 * 426 Upgrade Required rather than 404: the endpoint exists (docs/product.md §7 documents it) and the one
 * thing wrong with the request is its protocol; RFC 9110 §15.5.22 asks for the Upgrade header
 * naming the protocol to switch to, listed in Connection since Upgrade is hop-by-hop (§7.8).
 */
async function refuseWithoutUpgrade(_request: FastifyRequest, reply: FastifyReply): Promise<never> {
  void reply.header('upgrade', 'websocket').header('connection', 'Upgrade');
  throw new AppError(426, 'upgrade_required', WS_UPGRADE_REQUIRED_MESSAGE);
}

function createBus(opts: RealtimePluginOptions, logger: BusLogger): Bus {
  if (opts.redisUrl) {
    // One deployment = one database: instances sharing a database share a Redis channel, others never do.
    const deployment = createHash('sha256').update(opts.database.description).digest('hex').slice(0, 16);
    return createRedisBus(opts.redisUrl, `bidyourdate:realtime:${deployment}`, logger);
  }
  const { driver } = opts.database;
  return driver.kind === 'postgres' ? createPostgresBus(driver.pool, logger) : createPgliteBus(driver.client, logger);
}

/** Browsers always send Origin; a connection without one is not a page and gains only what its cookie allows. */
function isAllowedOrigin(origin: string | undefined, publicOrigin: string, host: string | undefined): boolean {
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * What the `ws` library raises when a client breaks the protocol on purpose or by accident (a frame
 * past maxPayload, text that is not UTF-8, a bad opcode, an unmasked frame...): every code it gives
 * such errors starts with WS_ERR_. A client that vanishes mid-frame gives ECONNRESET or EPIPE.
 */
function isClientCaused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE');
}

/** Sockets whose error was logged: one line per socket, however many errors it raises. */
const loggedSockets = new WeakSet<object>();

/** Where a socket's errors are logged: the app's logger with the handshake's request id. */
interface SocketErrorLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

/**
 * A socket's errors, in place of @fastify/websocket's default handler (the error at error level,
 * with its stack): anyone can send an oversize frame or invalid UTF-8, so that would let any
 * visitor flood the error log. A client's fault is one info line per socket, without a stack;
 * anything else is still an error. The socket is terminated either way, as the default did.
 */
function onSocketError(error: Error, socket: WebSocket, log: SocketErrorLogger): void {
  if (!loggedSockets.has(socket)) {
    loggedSockets.add(socket);
    if (isClientCaused(error)) {
      const code = (error as { code?: unknown }).code;
      log.info({ code, reason: error.message }, 'realtime: a client broke the WebSocket protocol');
    } else {
      log.error({ err: error }, 'realtime: socket error');
    }
  }
  socket.terminate();
}

/** @fastify/websocket's error handler, for errors before wsHandler replaced its listener (and a throwing wsHandler). */
function onHandshakeSocketError(this: FastifyInstance, error: Error, socket: WebSocket, request: FastifyRequest): void {
  onSocketError(error, socket, request.log);
}

function rawDataToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(new Uint8Array(raw)).toString('utf8');
}

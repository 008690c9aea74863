import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Batcher, type BatcherOptions, type Bus, type BusHandlers, type BusLogger } from './bus.js';

/** The NOTIFY channel (per database, so separate deployments never hear each other). */
export const PG_BUS_CHANNEL = 'bid_realtime';
/** Names the LISTEN session in pg_stat_activity, so operators (and tests) can find it. */
export const PG_LISTEN_APPLICATION_NAME = 'bidyourdate-realtime-listen';

const NOTIFY_BATCH_SQL = 'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n';

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * Fan-out over PostgreSQL (docs/engineering.md §2): one dedicated LISTEN connection per instance, outside
 * the pool, re-opened with backoff whenever it drops (a database restart must not crash the
 * process); publishing goes through the pool, one batch at a time (the first event after a quiet
 * spell at once, a burst collected for 10 ms: `Batcher`), and only
 * ever after the caller's transaction committed (docs/engineering.md §7: a NOTIFY inside the bid transaction
 * takes an instance-wide lock at commit and cut bid throughput to a fifth).
 */
export function createPostgresBus(
  pool: pg.Pool,
  logger: BusLogger,
  batching: BatcherOptions = {},
): Bus & { listenerPid(): number | undefined } {
  let handlers: BusHandlers | undefined;
  let client: pg.Client | undefined;
  let listenerPid: number | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = RECONNECT_MIN_MS;
  let everConnected = false;

  const batcher = new Batcher(
    async (batch) => {
      await pool.query(NOTIFY_BATCH_SQL, [PG_BUS_CHANNEL, batch]);
    },
    logger,
    batching,
  );

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...pool.options, application_name: PG_LISTEN_APPLICATION_NAME });
    let dropped = false;
    const onDrop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === next) {
        client = undefined;
        listenerPid = undefined;
      }
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (!closed) {
        logger.warn({ err }, 'realtime: the LISTEN connection dropped; reconnecting');
        scheduleReconnect();
      }
    };
    next.on('error', onDrop);
    next.on('end', () => onDrop());
    next.on('notification', (message) => {
      if (message.channel === PG_BUS_CHANNEL && message.payload !== undefined) handlers?.onPayload(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_BUS_CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (closed || dropped) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      listenerPid = rows[0]?.pid;
      retryDelay = RECONNECT_MIN_MS;
      if (everConnected) logger.info({}, 'realtime: LISTEN connection restored');
      everConnected = true;
      handlers?.onConnected();
    } catch (err) {
      onDrop(err);
      if (!everConnected && !closed) throw err;
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => undefined);
    }, delay);
    retryTimer.unref();
  }

  return {
    description: 'PostgreSQL LISTEN/NOTIFY',
    listenerPid: () => listenerPid,
    async start(h) {
      handlers = h;
      try {
        await connect();
      } catch (err) {
        // The app still serves (and retries in the background); only cross-instance events wait.
        logger.error({ err }, 'realtime: could not open the LISTEN connection; retrying in the background');
      }
    },
    publish: (payload) => batcher.push(payload),
    flush: () => batcher.flush(),
    async close() {
      await batcher.flush();
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
}

/**
 * The same bus on embedded PGlite: `listen` on the one client. PGlite serves one process, so
 * this matters only when several app objects share one PGlite (tests), but it keeps one code path.
 */
export function createPgliteBus(client: PGlite, logger: BusLogger, batching: BatcherOptions = {}): Bus {
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  const batcher = new Batcher(
    async (batch) => {
      if (closed) return;
      await client.query(NOTIFY_BATCH_SQL, [PG_BUS_CHANNEL, batch]);
    },
    logger,
    batching,
  );

  return {
    description: 'PostgreSQL LISTEN/NOTIFY (embedded PGlite: this process only)',
    async start(h) {
      unlisten = await client.listen(PG_BUS_CHANNEL, (payload) => h.onPayload(payload));
      h.onConnected();
    },
    publish: (payload) => batcher.push(payload),
    flush: () => batcher.flush(),
    async close() {
      await batcher.flush();
      closed = true;
      if (unlisten && !client.closed) await unlisten().catch(() => undefined);
      unlisten = undefined;
    },
  };
}

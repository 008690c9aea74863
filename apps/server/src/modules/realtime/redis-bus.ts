import { Redis } from 'ioredis';
import { Batcher, type BatcherOptions, type Bus, type BusLogger } from './bus.js';

const RECONNECT_MAX_MS = 5_000;

/**
 * Fan-out over Redis pub/sub when REDIS_URL is set (docs/engineering.md §2): one subscriber connection and
 * one publisher connection per instance. ioredis reconnects with backoff and subscribes again
 * by itself; publishes are batched into pipelines like the PostgreSQL bus (the first event after a
 * quiet spell at once, a burst collected for 10 ms).
 * `channel` is per deployment (derived from the database), so deployments sharing a Redis
 * never hear each other.
 */
export function createRedisBus(url: string, channel: string, logger: BusLogger, batching: BatcherOptions = {}): Bus {
  const options = {
    lazyConnect: true,
    // A publish while Redis is away fails at once (and is logged) instead of piling up in memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 6), RECONNECT_MAX_MS),
  };
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
  const publisher = new Redis(url, options);
  let warned = false;
  const onError = (err: unknown) => {
    // Without a listener ioredis would print every failed reconnection; one line per outage is enough.
    if (!warned) logger.warn({ err }, 'realtime: Redis connection error; reconnecting');
    warned = true;
  };
  subscriber.on('error', onError);
  publisher.on('error', onError);

  const batcher = new Batcher(
    async (batch) => {
      if (publisher.status !== 'ready') throw new Error(`Redis publisher is ${publisher.status}`);
      const pipeline = publisher.pipeline();
      for (const payload of batch) pipeline.publish(channel, payload);
      await pipeline.exec();
    },
    logger,
    batching,
  );

  return {
    description: 'Redis pub/sub',
    async start(h) {
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) h.onPayload(payload);
      });
      // 'ready' follows every reconnection, after ioredis has subscribed again.
      subscriber.on('ready', () => {
        if (warned) logger.info({}, 'realtime: Redis connection restored');
        warned = false;
        h.onConnected();
      });
      try {
        await Promise.all([subscriber.connect(), publisher.connect()]);
        await subscriber.subscribe(channel);
        h.onConnected();
      } catch (err) {
        logger.error({ err }, 'realtime: could not reach Redis; retrying in the background');
      }
    },
    publish: (payload) => batcher.push(payload),
    flush: () => batcher.flush(),
    async close() {
      await batcher.flush();
      subscriber.removeAllListeners('message');
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}

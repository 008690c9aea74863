import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Batcher, type Bus, type BusLogger } from '../../src/modules/realtime/bus.js';
import { createPgliteBus, createPostgresBus } from '../../src/modules/realtime/postgres-bus.js';
import { createRedisBus } from '../../src/modules/realtime/redis-bus.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';

const silentLogger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The bus's batching (docs/realtime.md, "Fan-out between instances"): the first event after a
 * quiet spell goes out at once, a burst is collected. The clock and the timers are fake, so
 * nothing here depends on how fast the machine is.
 */
describe('bus batching', () => {
  const sent: string[][] = [];
  // Date is faked with the timers, so the batcher's clock and its timers move together.
  const makeBatcher = () =>
    new Batcher(async (batch) => void sent.push(batch), silentLogger, { now: () => Date.now() });
  /** Lets queued microtasks (and the send chain) run; timers stay frozen. */
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };

  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('sends the first event after a quiet spell at once, without a timer', async () => {
    sent.length = 0;
    const batcher = makeBatcher();
    batcher.push('a');
    // What the same tick publishes (a bid's update and its notices) goes in the same batch.
    batcher.push('b');
    expect(vi.getTimerCount()).toBe(0);
    await settle();
    expect(sent).toEqual([['a', 'b']]);
    expect(batcher.pending).toBe(0);
  });

  it('collects what follows within the delay into one batch, then is immediate again after a quiet spell', async () => {
    sent.length = 0;
    const batcher = makeBatcher();
    batcher.push('first');
    await settle();
    expect(sent).toEqual([['first']]);

    // A burst: 3 ms later, and 2 ms after that, both within 10 ms of the first batch.
    await vi.advanceTimersByTimeAsync(3);
    batcher.push('second');
    await vi.advanceTimersByTimeAsync(2);
    batcher.push('third');
    await settle();
    expect(sent).toEqual([['first']]);
    expect(batcher.pending).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
    // 10 ms after the first batch, the burst goes out together.
    await vi.advanceTimersByTimeAsync(4);
    expect(sent).toEqual([['first']]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(sent).toEqual([['first'], ['second', 'third']]);

    // Quiet for longer than the delay: the next one does not wait.
    await vi.advanceTimersByTimeAsync(50);
    batcher.push('after a pause');
    await settle();
    expect(vi.getTimerCount()).toBe(0);
    expect(sent).toEqual([['first'], ['second', 'third'], ['after a pause']]);
  });

  it('sends one batch at a time: a batch queued while one is in flight waits for it', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const batcher = new Batcher(
      async (batch) => {
        order.push(`start ${batch.join(',')}`);
        if (batch[0] === 'slow') await new Promise<void>((r) => (release = r));
        order.push(`end ${batch.join(',')}`);
      },
      silentLogger,
      { now: () => Date.now() },
    );
    batcher.push('slow');
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    batcher.push('next');
    const flushed = batcher.flush();
    await settle();
    expect(order).toEqual(['start slow']);
    release();
    await flushed;
    expect(order).toEqual(['start slow', 'end slow', 'start next', 'end next']);
  });
});

/** TEST_REDIS_URL (or REDIS_URL) turns on the Redis run, like TEST_DATABASE_URL does PostgreSQL's. */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

type BusFactory = { name: string; open: () => Promise<{ make: () => Bus; cleanup: () => Promise<void> }> };

/** An hour: far longer than any test waits, so an event that arrives did not wait for the batch timer. */
const HOUR_MS = 3_600_000;

const busFactories: BusFactory[] = [
  ...testDatabaseFactories().map((factory): BusFactory => ({
    name: `${factory.kind} LISTEN/NOTIFY`,
    async open() {
      const testDb: TestDatabase = await factory.open();
      const { driver } = testDb.database;
      return {
        make: () =>
          driver.kind === 'postgres'
            ? createPostgresBus(driver.pool, silentLogger, { delayMs: HOUR_MS })
            : createPgliteBus(driver.client, silentLogger, { delayMs: HOUR_MS }),
        cleanup: () => testDb.cleanup(),
      };
    },
  })),
  ...(redisUrl
    ? [
        {
          name: 'Redis pub/sub',
          open: async () => {
            const channel = `bidyourdate:realtime:test-bus-${process.pid}-${Date.now()}`;
            return {
              make: () => createRedisBus(redisUrl, channel, silentLogger, { delayMs: HOUR_MS }),
              cleanup: async () => undefined,
            };
          },
        },
      ]
    : []),
];

describe.each(busFactories)('a lone event crosses the bus without waiting: $name', ({ open }) => {
  let cleanup: () => Promise<void>;
  let publisher: Bus;
  let listener: Bus;
  const heard: string[] = [];
  let wake: (() => void) | undefined;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    publisher = opened.make();
    listener = opened.make();
    let connected: () => void = () => undefined;
    const listening = new Promise<void>((r) => (connected = r));
    await publisher.start({ onPayload: () => undefined, onConnected: () => undefined });
    await listener.start({
      onPayload: (payload) => {
        heard.push(payload);
        wake?.();
      },
      onConnected: () => connected(),
    });
    await listening;
  });

  afterAll(async () => {
    await publisher?.close();
    await listener?.close();
    await cleanup?.();
  });

  const hear = (payload: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (heard.includes(payload)) resolve();
      };
      wake = check;
      check();
    });

  it('delivers a single event to the other instance with an hour-long batch delay, without flush()', async () => {
    // The batch delay is an hour and nobody calls flush(): the event can only arrive because the
    // first event after a quiet spell is sent at once.
    publisher.publish('lone event');
    await hear('lone event');
    expect(heard).toContain('lone event');
  });
});

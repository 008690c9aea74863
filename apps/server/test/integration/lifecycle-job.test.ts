import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { auctions, bids, charges, notifications, users } from '../../src/db/schema/index.js';
import { createLifecycleJob, LIFECYCLE_INTERVAL_MS } from '../../src/use-cases/close-due-auctions.job.js';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorld } from '../support/world.js';

/** A logger that keeps what it was told, standing in for pino. */
function recordingLogger() {
  const errors: unknown[] = [];
  const logger = {
    level: 'info',
    errors,
    info: () => undefined,
    warn: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    silent: () => undefined,
    error: (obj: unknown) => {
      errors.push(obj);
    },
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger & { errors: unknown[] };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A database whose transactions wait for `gate` and then fail, counting how many were started. */
function gatedFailingDb(gate: Promise<void>) {
  const state = { transactions: 0 };
  const db = {
    transaction: async () => {
      state.transactions += 1;
      await gate;
      throw new Error('database is down');
    },
    // The left-behind bid notices and saved-search matches are single statements, not transactions.
    execute: async () => {
      throw new Error('database is down');
    },
  } as unknown as Db;
  return { db, state };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(25);
  }
  return check();
}

describe('lifecycle job runner', () => {
  it('runs every few seconds by default', () => {
    expect(LIFECYCLE_INTERVAL_MS).toBe(5000);
  });

  it('logs failures instead of throwing, and never overlaps two runs', async () => {
    const gate = deferred();
    const { db, state } = gatedFailingDb(gate.promise);
    const logger = recordingLogger();
    const job = createLifecycleJob({ db, logger, endingSoonMinutes: 60, intervalMs: 10 });

    const first = job.runOnce();
    const second = job.runOnce();
    expect(second).toBe(first); // joined, not started again
    await sleep(20);
    expect(state.transactions).toBe(1); // closing is waiting; ending-soon has not started
    gate.resolve();
    await expect(first).resolves.toEqual({ closed: 0, endingSoonNotified: 0 });
    expect(state.transactions).toBe(2);
    // Closing, the left-behind bid notices, the left-behind saved-search matches and ending-soon
    // each failed, and each was logged.
    expect(logger.errors).toHaveLength(4);
    await job.stop();
  });

  it('waits for the run in progress when stopped, and runs no more afterwards', async () => {
    const gate = deferred();
    const { db, state } = gatedFailingDb(gate.promise);
    const job = createLifecycleJob({ db, logger: recordingLogger(), endingSoonMinutes: 60, intervalMs: 5 });
    job.start();
    await waitFor(async () => state.transactions > 0, 1000);

    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await sleep(30);
    expect(stopped).toBe(false); // still waiting for the run in progress
    gate.resolve();
    await stopping;
    const afterStop = state.transactions;
    await sleep(50);
    expect(state.transactions).toBe(afterStop);
  });

  it('keeps its schedule after failing runs', async () => {
    const { db, state } = gatedFailingDb(Promise.resolve());
    const logger = recordingLogger();
    const job = createLifecycleJob({ db, logger, endingSoonMinutes: 60, intervalMs: 5 });
    job.start();
    expect(await waitFor(async () => state.transactions >= 6, 2000)).toBe(true);
    await job.stop();
    expect(logger.errors.length).toBeGreaterThanOrEqual(6);
  });
});

async function seedDueAuction(db: Db): Promise<{ auctionId: string; bidderId: string }> {
  const [creator, bidder] = await db
    .insert(users)
    .values([
      { email: `host-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Host' },
      { email: `fan-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Fan' },
    ])
    .returning({ id: users.id });
  const [auction] = await db
    .insert(auctions)
    .values({
      creatorId: creator!.id,
      title: 'Board games night',
      description: 'Catan and snacks at the corner cafe.',
      dateType: 'activity',
      startingBid: '20.00',
      currentBid: '35.00',
      bidCount: 1,
      endTime: new Date(Date.now() - 1000),
    })
    .returning({ id: auctions.id });
  await db.insert(bids).values({ auctionId: auction!.id, bidderId: bidder!.id, amount: '35.00' });
  return { auctionId: auction!.id, bidderId: bidder!.id };
}

async function isClosed(db: Db, auctionId: string): Promise<boolean> {
  const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
  return row!.closedAt !== null;
}

describe.each(testDatabaseFactories())('lifecycle job in the app on $kind', (factory) => {
  // The world's own app runs no jobs; each test opens the app it is about (the world closes it).
  const world = suiteWorld(factory);

  it('closes a due auction within seconds once the app is ready, and stops on app.close()', async () => {
    const app = await world.openAnotherApp({}, { runJobs: true, lifecycleIntervalMs: 50 });
    const { auctionId, bidderId } = await seedDueAuction(world.db);
    expect(await waitFor(() => isClosed(world.db, auctionId), 3000)).toBe(true);
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({ isActive: false, winnerId: bidderId });
    // The run also collects the win (docs/charging-and-ledger.md); this winner never saved a card.
    const chargeFailed = async () =>
      (await world.db.select().from(charges).where(eq(charges.auctionId, auctionId)))[0]?.status === 'failed';
    expect(await waitFor(chargeFailed, 3000)).toBe(true);
    const sent = await world.db.select().from(notifications).where(eq(notifications.relatedAuctionId, auctionId));
    expect(sent.map((n) => n.type).sort()).toEqual(['auction_ended', 'auction_won', 'payment_failed']);
    expect(sent.find((n) => n.type === 'auction_won')?.userId).toBe(bidderId);

    await app.close();
    const afterClose = await seedDueAuction(world.db);
    await sleep(300);
    expect(await isClosed(world.db, afterClose.auctionId)).toBe(false);
  });

  it('does not run when the app is built with runJobs: false', async () => {
    const { auctionId } = await seedDueAuction(world.db);
    await world.openAnotherApp({}, { runJobs: false, lifecycleIntervalMs: 20 });
    await sleep(300);
    expect(await isClosed(world.db, auctionId)).toBe(false);
  });
});

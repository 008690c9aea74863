import { asc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.js';
import { charges, ledgerEntries, sandboxPayments } from '../../src/db/schema/index.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { createLifecycleJob, type LifecycleRunResult } from '../../src/use-cases/close-due-auctions.job.js';
import { createTestApp } from './app.js';
import { HOUR, MINUTE } from './clock.js';
import { connectionUrlOf, type TestDatabase } from './databases.js';
import { expectLedgerBalanced, ledgerTransactionsOf } from './ledger.js';
import { withSession } from './session.js';
import { signUpMember, suiteWorld, type Member, type WorldOptions } from './world.js';

/** What the charging, date and payment tests run, read and call (docs/charging-and-ledger.md). */

export { HOUR, MINUTE };

/** One app instance with its own pool and its own sandbox provider on that pool. */
export interface Instance {
  app: FastifyInstance;
  db: Db;
  provider: PaymentProvider;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** Closes both apps and the second pool (the test database itself stays the caller's). */
  close(): Promise<void>;
}

/**
 * Two app instances on two independent pools of one PostgreSQL test database, sharing one clock:
 * what the exactly-once tests race against each other. `a` uses the test database's own pool.
 */
export async function openTwoInstances(testDb: TestDatabase, now: () => Date): Promise<TwoInstances> {
  const secondDatabase = await openDatabase({ databaseUrl: connectionUrlOf(testDb.database), poolSize: 10 });
  const opened: Instance[] = [];
  const close = async () => {
    for (const instance of opened) await instance.app.close();
    await secondDatabase.close();
  };
  try {
    for (const database of [testDb.database, secondDatabase]) {
      const provider = createSandboxProvider(database.db, { now });
      const app = await createTestApp(database, {}, { now, paymentProvider: provider });
      opened.push({ app, db: database.db, provider });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { a: opened[0]!, b: opened[1]!, close };
}

/**
 * `openTwoInstances` for one `describe` block, on one clock that starts at `start`: the test
 * database and the two instances open before its tests (read them in a later `beforeAll` or in the
 * tests) and close after them; the ledger is checked balanced after every test.
 */
export function twoInstancesForSuite(factory: { open(): Promise<TestDatabase> }, start: Date) {
  const suite = {
    testDb: undefined as unknown as TestDatabase,
    /** The test database's own pool (instance `a`'s). */
    db: undefined as unknown as Db,
    a: undefined as unknown as Instance,
    b: undefined as unknown as Instance,
    /** Both instances' "now"; a test may move it. */
    clock: start,
    now: () => suite.clock,
    /** `minutes` before "now". */
    ago: (minutes: number) => new Date(suite.clock.getTime() - minutes * MINUTE),
    /** Moves the clock on by `ms`. */
    advance: (ms: number) => {
      suite.clock = new Date(suite.clock.getTime() + ms);
    },
  };
  const now = suite.now;
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    suite.testDb = await factory.open();
    suite.db = suite.testDb.database.db;
    instances = await openTwoInstances(suite.testDb, now);
    ({ a: suite.a, b: suite.b } = instances);
  }, 120_000);
  afterEach(() => expectLedgerBalanced(suite.db));
  afterAll(async () => {
    await instances?.close();
    await suite.testDb?.cleanup();
  });
  return suite;
}

/** The people of a race between instances: a host without a card, and a member with a card per label. */
export async function signUpHostAndMembers(
  app: FastifyInstance,
  labels = ['Ann', 'Ben', 'Cy', 'Dee'],
): Promise<{ host: Member; members: Member[] }> {
  const host = await signUpMember(app, 'Hana', { card: false });
  const members: Member[] = [];
  for (const label of labels) members.push(await signUpMember(app, label));
  return { host, members };
}

/**
 * The world of a charging suite for one `describe` block: the app on a clock that starts at
 * `start`, paying through a sandbox provider on that clock (`world.provider`, unless `options`
 * brings its own), and the ledger checked balanced after every test (docs/engineering.md §5).
 * Beside it, the clock arithmetic and the lifecycle run those suites share.
 */
export function chargingWorld(
  factory: { open(): Promise<TestDatabase> },
  start: Date,
  options: Omit<WorldOptions, 'clock'> = {},
) {
  const world = suiteWorld(factory, {
    clock: start,
    paymentProvider: (db, now) => createSandboxProvider(db, { now }),
    ...options,
  });
  afterEach(() => expectLedgerBalanced(world.db));
  const now = () => world.clock;
  return {
    world,
    now,
    /** `minutes` before the world's "now". */
    ago: (minutes: number) => new Date(world.clock.getTime() - minutes * MINUTE),
    /** `ms` after the world's "now". */
    later: (ms: number) => new Date(world.clock.getTime() + ms),
    /** Moves the world's clock on by `ms`. */
    advance: (ms: number) => {
      world.clock = new Date(world.clock.getTime() + ms);
    },
    /** One lifecycle run on the world's app and database, charging through `provider` (the world's by default). */
    lifecycle: (provider: PaymentProvider = world.provider) => runLifecycle(world.app, world.db, provider, now),
  };
}

/** One run of the lifecycle job (closing, second chance, charging), as every instance runs it. */
export function runLifecycle(
  app: FastifyInstance,
  db: Db,
  provider: PaymentProvider,
  now: () => Date,
): Promise<LifecycleRunResult> {
  return createLifecycleJob({ db, logger: app.log, endingSoonMinutes: 60, now, paymentProvider: provider }).runOnce();
}

export function chargesOf(db: Db, auctionId: string) {
  return db.select().from(charges).where(eq(charges.auctionId, auctionId)).orderBy(asc(charges.createdAt));
}

/** What the provider was asked to charge for a charge, whichever attempt. */
export function providerPaymentsOf(db: Db, chargeId: string) {
  return db
    .select()
    .from(sandboxPayments)
    .where(like(sandboxPayments.idempotencyKey, `charge:${chargeId}:%`))
    .orderBy(asc(sandboxPayments.createdAt));
}

/** The legs booked for a charge, as "account[:user] cents" strings. */
export async function ledgerLegsOf(db: Db, chargeId: string): Promise<{ transactions: number; legs: string[] }> {
  const transactions = await ledgerTransactionsOf(db, [chargeId]);
  if (transactions.length === 0) return { transactions: 0, legs: [] };
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.transactionId,
        transactions.map((t) => t.id),
      ),
    );
  return {
    transactions: transactions.length,
    legs: entries.map((e) => `${e.account}${e.userId ? `:${e.userId}` : ''} ${e.amount}`).sort(),
  };
}

/** Here too, beside the other reads of a charge's outcome, for the charging tests. */
export { notificationsOf } from './notifications.js';

type Caller = Pick<Member, 'cookie'>;

export function getPayments(app: FastifyInstance, member?: Caller) {
  return app.inject({ method: 'GET', url: '/api/payments', cookies: withSession(member?.cookie) });
}

export function retryPayment(app: FastifyInstance, chargeId: string, member?: Caller) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/${chargeId}/retry`,
    cookies: withSession(member?.cookie),
  });
}

/** POST /api/payments/:id/accept or /decline: the runner-up's answer to a second chance offer. */
export function answerOffer(
  app: FastifyInstance,
  chargeId: string,
  answer: 'accept' | 'decline',
  member?: Caller,
  headers?: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/${chargeId}/${answer}`,
    cookies: withSession(member?.cookie),
    ...(headers ? { headers } : {}),
  });
}

export function buyNowAs(app: FastifyInstance, auctionId: string, member: Caller) {
  return app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/buy-now`,
    cookies: withSession(member.cookie),
  });
}

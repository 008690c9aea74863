import { randomUUID } from 'node:crypto';
import type { ConfirmSetupResponse } from '@bid/contract';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import {
  charges,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  sandboxPayments,
  type Notification,
} from '../../src/db/schema/index.js';
import { createLifecycleJob, type LifecycleRunResult } from '../../src/use-cases/close-due-auctions.job.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { connectionUrlOf, type TestDatabase } from '../support/databases.js';
import { FUTURE_EXPIRY } from '../support/payments.js';
import { signUpWithProfile } from '../support/profiles.js';

/** Shared set-up of the charges*.test.ts files (docs/charging-and-ledger.md). */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Stripe's test cards, as the sandbox treats them. */
export const CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000341',
  needsAuthentication: '4000002760003184',
} as const;

/** The real app with jobs off (tests run the lifecycle by hand) and the given payment provider. */
export async function buildChargesApp(
  database: Database,
  now: () => Date,
  paymentProvider?: PaymentProvider,
): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL });
  const app = await buildApp({
    config,
    database,
    serveWeb: false,
    now,
    runJobs: false,
    ...(paymentProvider ? { paymentProvider } : {}),
  });
  await app.ready();
  return app;
}

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
      opened.push({ app: await buildChargesApp(database, now, provider), db: database.db, provider });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { a: opened[0]!, b: opened[1]!, close };
}

export interface Member {
  id: string;
  cookie: string;
  /** As others see them in notifications: "Wendy T.". */
  name: string;
}

/** A member with a complete profile (docs/product.md §5) and, when given, a saved sandbox card. */
export async function signUpMember(app: FastifyInstance, label: string, card?: string): Promise<Member> {
  const email = `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const needsAuthentication = card === CARDS.needsAuthentication;
  const { id, cookie } = await signUpWithProfile(app, email, label, needsAuthentication ? undefined : card);
  if (needsAuthentication) await addCardAfterAuthentication(app, cookie, card);
  return { id, cookie, name: `${label} T.` };
}

/** Saves a card whose setup asks for 3-D Secure, completing it as the member would on the bank's page. */
async function addCardAfterAuthentication(app: FastifyInstance, cookie: string, cardNumber: string): Promise<void> {
  const cookies = { [SESSION_COOKIE]: cookie };
  const setup = await app.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies });
  const { clientSecret } = setup.json<{ clientSecret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm-setup',
    payload: { clientSecret, cardNumber, ...FUTURE_EXPIRY, cvc: '123' },
    cookies,
  });
  if (confirmed.json<ConfirmSetupResponse>().status !== 'requires_action') {
    throw new Error(`confirm-setup did not ask to authenticate ${cardNumber}: ${confirmed.body}`);
  }
  const authenticated = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/authenticate-setup',
    payload: { clientSecret, outcome: 'complete' },
    cookies,
  });
  if (authenticated.json<ConfirmSetupResponse>().status !== 'succeeded') {
    throw new Error(`authentication did not save ${cardNumber}: ${authenticated.body}`);
  }
}

export { insertAuction } from '../support/auctions.js';

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
  const transactions = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.chargeId, chargeId));
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

export function notificationsOf(db: Db, userId: string, auctionId: string): Promise<Notification[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedAuctionId, auctionId)))
    .orderBy(asc(notifications.createdAt));
}

export function getPayments(app: FastifyInstance, member?: Member) {
  return app.inject({
    method: 'GET',
    url: '/api/payments',
    ...(member ? { cookies: { [SESSION_COOKIE]: member.cookie } } : {}),
  });
}

export function retryPayment(app: FastifyInstance, chargeId: string, member?: Member) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/${chargeId}/retry`,
    ...(member ? { cookies: { [SESSION_COOKIE]: member.cookie } } : {}),
  });
}

/** POST /api/payments/:id/accept or /decline: the runner-up's answer to a second chance offer. */
export function answerOffer(
  app: FastifyInstance,
  chargeId: string,
  answer: 'accept' | 'decline',
  member?: Member,
  headers?: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/${chargeId}/${answer}`,
    ...(member ? { cookies: { [SESSION_COOKIE]: member.cookie } } : {}),
    ...(headers ? { headers } : {}),
  });
}

export function buyNowAs(app: FastifyInstance, auctionId: string, member: Member) {
  return app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/buy-now`,
    cookies: { [SESSION_COOKIE]: member.cookie },
  });
}

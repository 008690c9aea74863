import { PAYMENT_FIX_WINDOW_HOURS } from '@bid/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { auctions } from '../../src/db/schema/index.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { expectLedgerBalanced } from '../support/ledger.js';
import { addSandboxCard } from '../support/payments.js';
import {
  buildChargesApp,
  CARDS,
  chargesOf,
  getPayments,
  HOUR,
  insertAuction,
  ledgerLegsOf,
  MINUTE,
  notificationsOf,
  providerPaymentsOf,
  retryPayment,
  runLifecycle,
  signUpMember,
  type Member,
} from './charges.fixtures.js';

const WINDOW = PAYMENT_FIX_WINDOW_HOURS * HOUR;

describe.each(testDatabaseFactories())('second chance after an unpaid win on $kind', (factory) => {
  let testDb: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let provider: PaymentProvider;
  let clock = new Date('2031-07-01T18:00:00.000Z');
  const now = () => clock;
  const ago = (minutes: number) => new Date(clock.getTime() - minutes * MINUTE);
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let host: Member;
  let dan: Member; // declines
  let rex: Member; // pays
  let tia: Member; // pays
  let vic: Member; // declines too

  const lifecycle = () => runLifecycle(app, db, provider, now);

  beforeAll(async () => {
    testDb = await factory.open();
    db = testDb.database.db;
    provider = createSandboxProvider(db, { now });
    app = await buildChargesApp(testDb.database, now, provider);
    host = await signUpMember(app, 'Hana');
    dan = await signUpMember(app, 'Dan', CARDS.declines);
    rex = await signUpMember(app, 'Rex', CARDS.succeeds);
    tia = await signUpMember(app, 'Tia', CARDS.succeeds);
    vic = await signUpMember(app, 'Vic', CARDS.declines);
  });
  afterEach(async () => {
    await expectLedgerBalanced(db);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('gives the date to the next-highest bidder at their own highest bid once the window has passed', async () => {
    const auctionId = await insertAuction(db, {
      creatorId: host.id,
      endTime: ago(1),
      title: 'Salsa night',
      bids: [
        { bidderId: rex.id, amount: '35.00', at: ago(50) },
        { bidderId: tia.id, amount: '50.00', at: ago(40) }, // ties Rex's later bid, and is earlier
        { bidderId: rex.id, amount: '50.00', at: ago(30) },
        { bidderId: dan.id, amount: '60.00', at: ago(20) },
      ],
    });
    await lifecycle();
    const [failed] = await chargesOf(db, auctionId);
    expect(failed).toMatchObject({ payerId: dan.id, status: 'failed' });

    // One second before the deadline nothing moves.
    advance(WINDOW - 1000);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0 });
    expect((await chargesOf(db, auctionId)).map((c) => c.status)).toEqual(['failed']);

    advance(1000);
    const run = await lifecycle();

    expect(run).toMatchObject({ winsReleased: 1, chargesRecorded: 1 });
    const [expired, secondChance, ...none] = await chargesOf(db, auctionId);
    expect(none).toEqual([]);
    expect(expired).toMatchObject({ id: failed!.id, status: 'expired', payerId: dan.id });
    expect(secondChance).toMatchObject({
      payerId: tia.id,
      payeeId: host.id,
      amount: '50.00',
      fee: '5.00',
      status: 'succeeded',
      attempt: 1,
    });
    const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({ isActive: false, winnerId: tia.id });
    expect(await providerPaymentsOf(db, secondChance!.id)).toHaveLength(1);
    expect((await ledgerLegsOf(db, secondChance!.id)).legs).toEqual(
      [`host_escrow:${host.id} -45.00`, 'platform_fees -5.00', 'provider_cash 50.00'].sort(),
    );
    expect((await ledgerLegsOf(db, failed!.id)).transactions).toBe(0);

    const toTia = await notificationsOf(db, tia.id, auctionId);
    expect(toTia.filter((n) => n.type !== 'auction_lost').map((n) => [n.type, n.title, n.message])).toEqual([
      [
        'auction_won',
        'You won after all!',
        'Second chance: the winner of "Salsa night" could not pay, so the date is yours at your bid of $50. ' +
          'Your card on file will be charged $50.',
      ],
      [
        'payment_succeeded',
        'Payment successful',
        'Your card was charged $50 for "Salsa night" (including the $5 service fee).',
      ],
    ]);
    expect(toTia.find((n) => n.type === 'auction_won')!.relatedUserId).toBe(host.id);
    const released = (await notificationsOf(db, dan.id, auctionId)).at(-1);
    expect(released).toMatchObject({
      type: 'payment_failed',
      title: 'Your win was released',
      message:
        'The time to fix your payment for "Salsa night" has passed, so the date went to the next-highest bidder. ' +
        'You have not been charged.',
    });
    const toHost = (await notificationsOf(db, host.id, auctionId)).filter(
      (n) => n.title === 'Your date has a new winner',
    );
    expect(toHost.map((n) => [n.type, n.message, n.relatedUserId])).toEqual([
      [
        'auction_ended',
        'The winner of "Salsa night" could not pay, so the date now goes to Tia T. at $50: say hello in Messages.',
        tia.id,
      ],
    ]);
    expect(await notificationsOf(db, rex.id, auctionId)).toHaveLength(1); // only the earlier auction_lost

    // Too late for Dan now; his list shows the charge expired, Tia's shows hers paid.
    const late = await retryPayment(app, failed!.id, dan);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: 'The time to fix this payment has passed.', code: 'bad_request' });
    expect((await getPayments(app, dan)).json().payments).toEqual([
      expect.objectContaining({ id: failed!.id, status: 'expired', failureMessage: null, payBy: null }),
    ]);
    expect((await getPayments(app, tia)).json().payments).toEqual([
      expect.objectContaining({ id: secondChance!.id, kind: 'charge', amount: '50.00', status: 'succeeded' }),
    ]);

    // Nothing more happens on later runs.
    advance(WINDOW * 2);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0, chargesRecorded: 0 });
    expect(await chargesOf(db, auctionId)).toHaveLength(2);
  });

  it('moves down the bidders one window at a time while each next winner cannot pay', async () => {
    const auctionId = await insertAuction(db, {
      creatorId: host.id,
      endTime: ago(1),
      title: 'Bowling',
      bids: [
        { bidderId: rex.id, amount: '22.00', at: ago(30) },
        { bidderId: vic.id, amount: '24.00', at: ago(20) },
        { bidderId: dan.id, amount: '26.00', at: ago(10) },
      ],
    });
    await lifecycle();
    advance(WINDOW);
    await lifecycle(); // Dan → Vic, whose card declines too
    expect((await chargesOf(db, auctionId)).map((c) => [c.payerId, c.status])).toEqual([
      [dan.id, 'expired'],
      [vic.id, 'failed'],
    ]);
    advance(WINDOW);
    await lifecycle(); // Vic → Rex, who pays 22.00

    expect((await chargesOf(db, auctionId)).map((c) => [c.payerId, c.status, c.amount])).toEqual([
      [dan.id, 'expired', '26.00'],
      [vic.id, 'expired', '24.00'],
      [rex.id, 'succeeded', '22.00'],
    ]);
    const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row!.winnerId).toBe(rex.id);
  });

  it('clears the winner and tells the host when no other bidder is left', async () => {
    const auctionId = await insertAuction(db, {
      creatorId: host.id,
      endTime: ago(1),
      title: 'Karaoke',
      bids: [
        { bidderId: dan.id, amount: '30.00', at: ago(20) },
        { bidderId: dan.id, amount: '31.00', at: ago(10) },
      ],
    });
    await lifecycle();
    advance(WINDOW + MINUTE);

    expect(await lifecycle()).toMatchObject({ winsReleased: 1, chargesRecorded: 0 });

    expect((await chargesOf(db, auctionId)).map((c) => [c.payerId, c.status])).toEqual([[dan.id, 'expired']]);
    const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({ isActive: false, winnerId: null });
    expect((await notificationsOf(db, host.id, auctionId)).at(-1)).toMatchObject({
      type: 'auction_ended',
      title: 'Nobody could pay for your date',
      message:
        'The winner of "Karaoke" could not pay and no other bidder is left, so the auction ended without a winner.',
    });
    expect((await notificationsOf(db, dan.id, auctionId)).at(-1)).toMatchObject({
      type: 'payment_failed',
      message:
        'The time to fix your payment for "Karaoke" has passed, so your win was released. You have not been charged.',
    });
  });

  it('keeps a win that was fixed in time', async () => {
    // Signed up now: the clock has run days ahead, past the earlier members' session lifetime.
    const val = await signUpMember(app, 'Val', CARDS.declines);
    const auctionId = await insertAuction(db, {
      creatorId: host.id,
      endTime: ago(1),
      bids: [
        { bidderId: rex.id, amount: '40.00', at: ago(20) },
        { bidderId: val.id, amount: '45.00', at: ago(10) },
      ],
    });
    await lifecycle();
    const [charge] = await chargesOf(db, auctionId);
    expect(charge!.status).toBe('failed');
    advance(WINDOW - HOUR);
    await addSandboxCard(app, val.cookie, CARDS.succeeds);
    expect((await retryPayment(app, charge!.id, val)).json()).toMatchObject({ status: 'succeeded' });

    advance(2 * HOUR);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0 });
    expect((await chargesOf(db, auctionId)).map((c) => [c.payerId, c.status])).toEqual([[val.id, 'succeeded']]);
    const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row!.winnerId).toBe(val.id);
  });
});

import { PAYMENT_FIX_WINDOW_HOURS, paymentsResponseSchema } from '@bid/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auctions, charges, ledgerEntries, ledgerTransactions } from '../../src/db/schema/index.js';
import { recordLedgerTransaction } from '../../src/modules/payments/ledger/ledger.repository.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import {
  buyNowAs,
  chargesOf,
  chargingWorld,
  getPayments,
  HOUR,
  ledgerLegsOf,
  MINUTE,
  notificationsOf,
  providerPaymentsOf,
  retryPayment,
} from '../support/charges.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories } from '../support/databases.js';
import { addSandboxCard, CARDS } from '../support/payments.js';
import { expectRefusal } from '../support/refusals.js';
import type { Member } from '../support/world.js';

describe.each(testDatabaseFactories())('charging the winner on $kind', (factory) => {
  const { world, ago, lifecycle } = chargingWorld(factory, new Date('2031-06-01T12:00:00.000Z'));
  let host: Member;
  let wendy: Member; // pays with 4242
  let rita: Member; // 4242 too, a rival bidder
  let dan: Member; // 0341: saves, then declines when charged
  let ada: Member; // 3184: every charge needs authentication
  let noel: Member; // never saved a card

  /**
   * An auction of `creator`'s (the host's by default) won by `winner` at `amount`, which ended a
   * minute ago, closed by one lifecycle run: its id and the charge that run recorded.
   */
  async function closedWin(winner: Member, amount: string, options: { title?: string; creator?: Member } = {}) {
    const auctionId = await insertAuction(world.db, {
      creatorId: (options.creator ?? host).id,
      endTime: ago(1),
      ...(options.title ? { title: options.title } : {}),
      bids: [{ bidderId: winner.id, amount, at: ago(5) }],
    });
    await lifecycle();
    const [charge, ...others] = await chargesOf(world.db, auctionId);
    expect(others).toEqual([]);
    return { auctionId, charge: charge! };
  }

  beforeAll(async () => {
    host = await world.signUp('Hana', { card: false });
    wendy = await world.signUp('Wendy');
    rita = await world.signUp('Rita');
    dan = await world.signUp('Dan', { card: CARDS.declines });
    ada = await world.signUp('Ada', { card: CARDS.needsAuthentication });
    noel = await world.signUp('Noel', { card: false });
  });

  it('charges the winner of an auction that closed by time once, books it and tells both sides', async () => {
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: ago(1),
      title: 'Sunset kayak trip',
      bids: [
        { bidderId: rita.id, amount: '40.00', at: ago(30) },
        { bidderId: wendy.id, amount: '51.00', at: ago(20) },
      ],
    });

    const run = await lifecycle();

    expect(run).toMatchObject({ closed: 1, chargesRecorded: 1, winsReleased: 0 });
    const [charge, ...others] = await chargesOf(world.db, auctionId);
    expect(others).toEqual([]);
    expect(charge).toMatchObject({
      payerId: wendy.id,
      payeeId: host.id,
      amount: '51.00',
      fee: '5.10',
      status: 'succeeded',
      attempt: 1,
      failureCode: null,
      failureMessage: null,
      payBy: null,
      lockedUntil: null,
      succeededAt: world.clock,
    });
    const payments = await providerPaymentsOf(world.db, charge!.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      idempotencyKey: `charge:${charge!.id}:attempt:1`,
      amountCents: 5100,
      status: 'succeeded',
    });
    expect(charge!.providerPaymentId).toBe(payments[0]!.id);

    expect(await ledgerLegsOf(world.db, charge!.id)).toEqual({
      transactions: 1,
      legs: [`host_escrow:${host.id} -45.90`, 'platform_fees -5.10', 'provider_cash 51.00'].sort(),
    });

    const toWendy = await notificationsOf(world.db, wendy.id, auctionId);
    expect(toWendy.map((n) => [n.type, n.title, n.message])).toEqual([
      ['auction_won', 'You won!', 'You won "Sunset kayak trip"! Your winning bid: $51.'],
      [
        'payment_succeeded',
        'Payment successful',
        'Your card was charged $51 for "Sunset kayak trip" (including the $5.10 service fee).',
      ],
    ]);
    const toHost = (await notificationsOf(world.db, host.id, auctionId)).filter((n) => n.type === 'payment_succeeded');
    expect(toHost.map((n) => [n.title, n.message, n.relatedUserId])).toEqual([
      [
        'Payment received',
        'Wendy T. paid $51 for "Sunset kayak trip". Your share of $45.90 is held until the date happens.',
        wendy.id,
      ],
    ]);
    expect((await notificationsOf(world.db, rita.id, auctionId)).filter((n) => n.type.startsWith('payment'))).toEqual(
      [],
    );

    // Later runs find nothing to do: no second charge, booking or notice.
    expect(await lifecycle()).toMatchObject({ closed: 0, chargesRecorded: 0 });
    expect(await providerPaymentsOf(world.db, charge!.id)).toHaveLength(1);
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(1);
    expect(await notificationsOf(world.db, wendy.id, auctionId)).toHaveLength(2);
  });

  it('charges a Buy Now buyer at once, at the buy-now price', async () => {
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() + 24 * HOUR),
      title: 'Jazz brunch',
      buyNowPrice: '80.00',
      bids: [{ bidderId: rita.id, amount: '30.00', at: ago(10) }],
    });

    const res = await buyNowAs(world.app, auctionId, wendy);

    expect(res.statusCode).toBe(200);
    const [charge, ...others] = await chargesOf(world.db, auctionId);
    expect(others).toEqual([]);
    expect(charge).toMatchObject({ payerId: wendy.id, amount: '80.00', fee: '8.00', status: 'succeeded' });
    expect(await providerPaymentsOf(world.db, charge!.id)).toHaveLength(1);
    expect((await ledgerLegsOf(world.db, charge!.id)).legs).toEqual(
      [`host_escrow:${host.id} -72.00`, 'platform_fees -8.00', 'provider_cash 80.00'].sort(),
    );
    const paid = (await notificationsOf(world.db, wendy.id, auctionId)).filter((n) => n.type === 'payment_succeeded');
    expect(paid.map((n) => n.message)).toEqual([
      'Your card was charged $80 for "Jazz brunch" (including the $8 service fee).',
    ]);
    // The lifecycle job has nothing left to collect for it.
    expect(await lifecycle()).toMatchObject({ chargesRecorded: 0 });
  });

  it('tells a declined winner how long they have, and a retry with a new card succeeds', async () => {
    const closedAt = world.clock;
    const { auctionId, charge: failed } = await closedWin(dan, '51.55', { title: 'Picnic in the park' });
    const payBy = new Date(closedAt.getTime() + PAYMENT_FIX_WINDOW_HOURS * HOUR);
    expect(failed).toMatchObject({
      status: 'failed',
      amount: '51.55',
      fee: '5.16',
      attempt: 1,
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
      payBy,
      lockedUntil: null,
      succeededAt: null,
    });
    expect((await ledgerLegsOf(world.db, failed.id)).transactions).toBe(0);
    const [failedNotice] = (await notificationsOf(world.db, dan.id, auctionId)).filter(
      (n) => n.type === 'payment_failed',
    );
    expect(failedNotice).toMatchObject({
      title: 'Payment failed',
      message:
        'We could not charge $51.55 for "Picnic in the park": Your card was declined. Add or update a card on the ' +
        'Payment Methods tab of your profile and retry the payment within 48 hours, or the date is offered to the ' +
        'next-highest bidder.',
      relatedUserId: host.id,
    });

    const listed = await getPayments(world.app, dan);
    expect(listed.statusCode).toBe(200);
    /** Dan's payment as GET /api/payments and the retry answer show it, in the state `now` gives. */
    const dansPayment = (now: { status: string; failureMessage: string | null; payBy: string | null }) => ({
      id: failed.id,
      auctionId,
      auctionTitle: 'Picnic in the park',
      kind: 'charge',
      amount: '51.55',
      fee: '5.16',
      ...now,
      createdAt: closedAt.toISOString(),
    });
    expect(listed.json().payments).toEqual([
      dansPayment({ status: 'failed', failureMessage: 'Your card was declined.', payBy: payBy.toISOString() }),
    ]);
    // Nothing was collected, so the host has nothing to show for it yet.
    expect(
      paymentsResponseSchema
        .parse((await getPayments(world.app, host)).json())
        .payments.filter((p) => p.auctionId === auctionId),
    ).toEqual([]);

    // Retrying with the same card fails again, as the next attempt, and keeps the first deadline.
    world.clock = new Date(world.clock.getTime() + 2 * HOUR);
    const again = await retryPayment(world.app, failed.id, dan);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: failed.id, status: 'failed', payBy: payBy.toISOString() });
    const notices = (await notificationsOf(world.db, dan.id, auctionId)).filter((n) => n.type === 'payment_failed');
    expect(notices).toHaveLength(2);
    expect(notices[1]!.message).toContain('retry the payment within 46 hours');

    await addSandboxCard(world.app, dan.cookie, CARDS.succeeds);
    const fixed = await retryPayment(world.app, failed.id, dan);

    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual(dansPayment({ status: 'succeeded', failureMessage: null, payBy: null }));
    const [paid] = await chargesOf(world.db, auctionId);
    expect(paid).toMatchObject({ status: 'succeeded', attempt: 3, failureCode: null, succeededAt: world.clock });
    const attempts = await providerPaymentsOf(world.db, failed.id);
    expect(attempts.map((p) => [p.idempotencyKey, p.status])).toEqual([
      [`charge:${failed.id}:attempt:1`, 'failed'],
      [`charge:${failed.id}:attempt:2`, 'failed'],
      [`charge:${failed.id}:attempt:3`, 'succeeded'],
    ]);
    expect((await ledgerLegsOf(world.db, failed.id)).legs).toEqual(
      [`host_escrow:${host.id} -46.39`, 'platform_fees -5.16', 'provider_cash 51.55'].sort(),
    );
    const hostSees = paymentsResponseSchema.parse((await getPayments(world.app, host)).json()).payments;
    const earning = hostSees.find((p) => p.id === failed.id);
    expect(earning).toMatchObject({ kind: 'earning', amount: '51.55', fee: '5.16', status: 'held', payBy: null });

    // Paid: a further retry is refused and changes nothing.
    const late = await retryPayment(world.app, failed.id, dan);
    expectRefusal(late, 400, 'This payment has already been made.', 'bad_request');
    expect((await chargesOf(world.db, auctionId))[0]).toMatchObject({ status: 'succeeded', attempt: 3 });
  });

  it('treats a card that needs authentication off-session as a decline', async () => {
    const { auctionId, charge } = await closedWin(ada, '60.00', { title: 'Museum afternoon' });
    expect(charge).toMatchObject({
      status: 'failed',
      failureCode: 'authentication_required',
      failureMessage: 'Your card was declined. This transaction requires authentication.',
      payBy: new Date(world.clock.getTime() + PAYMENT_FIX_WINDOW_HOURS * HOUR),
    });
    const notices = (await notificationsOf(world.db, ada.id, auctionId)).filter((n) => n.type === 'payment_failed');
    expect(notices.map((n) => n.message)).toEqual([
      'We could not charge $60 for "Museum afternoon": Your card was declined. This transaction requires ' +
        'authentication. Add or update a card on the Payment Methods tab of your profile and retry the payment ' +
        'within 48 hours, or the date is offered to the next-highest bidder.',
    ]);
    expect((await ledgerLegsOf(world.db, charge.id)).transactions).toBe(0);
  });

  it('fails the charge of a winner who never saved a card, without asking the provider', async () => {
    const { auctionId, charge } = await closedWin(noel, '25.00');
    expect(charge).toMatchObject({ status: 'failed', failureCode: 'no_payment_method', providerPaymentId: null });
    expect(charge.failureMessage).toMatch(/card/);
    expect(await providerPaymentsOf(world.db, charge.id)).toEqual([]);
    expect((await notificationsOf(world.db, noel.id, auctionId)).map((n) => n.type)).toEqual([
      'auction_won',
      'payment_failed',
    ]);
  });

  it('lets only the payer retry, only while the charge has failed and the window is open', async () => {
    // Dan's newest card succeeds by now; give him a fresh declining one so this charge fails.
    await addSandboxCard(world.app, dan.cookie, CARDS.declines);
    const { auctionId, charge } = await closedWin(dan, '33.00');
    expect(charge.status).toBe('failed');

    const anonymous = await retryPayment(world.app, charge.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'Unauthorized' });

    for (const stranger of [rita, host]) {
      const res = await retryPayment(world.app, charge.id, stranger);
      expectRefusal(res, 404, 'Payment not found', 'not_found');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await retryPayment(world.app, id, dan);
      expectRefusal(res, 404, 'Payment not found', 'not_found');
    }

    // A page on another site cannot make the payer's browser retry (docs/engineering.md §5).
    const crossSite = await world.app.inject({
      method: 'POST',
      url: `/api/payments/${charge.id}/retry`,
      cookies: { [SESSION_COOKIE]: dan.cookie },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await providerPaymentsOf(world.db, charge.id)).toHaveLength(1);

    // At the deadline the window is closed.
    world.clock = new Date(charge.payBy!.getTime());
    const late = await retryPayment(world.app, charge.id, dan);
    expectRefusal(late, 400, 'The time to fix this payment has passed.', 'bad_request');

    const [after] = await chargesOf(world.db, auctionId);
    expect(after).toMatchObject({ status: 'failed', attempt: 1, updatedAt: charge.updatedAt });
    expect(await providerPaymentsOf(world.db, charge.id)).toHaveLength(1);
  });

  it('lists charges and earnings newest first for the signed-in member only', async () => {
    world.clock = new Date(world.clock.getTime() + 100 * HOUR);
    const { auctionId: first, charge: firstCharge } = await closedWin(wendy, '42.00', {
      title: 'Climbing gym',
      creator: rita,
    });
    world.clock = new Date(world.clock.getTime() + MINUTE);
    const { auctionId: second, charge: secondCharge } = await closedWin(rita, '19.99', {
      title: 'Tea ceremony',
      creator: wendy,
    });

    const res = await getPayments(world.app, wendy);
    expect(res.statusCode).toBe(200);
    const { payments } = paymentsResponseSchema.parse(res.json());
    expect(payments.slice(0, 2)).toEqual([
      {
        id: secondCharge.id,
        auctionId: second,
        auctionTitle: 'Tea ceremony',
        kind: 'earning',
        amount: '19.99',
        fee: '2.00',
        status: 'held',
        failureMessage: null,
        payBy: null,
        createdAt: secondCharge.createdAt.toISOString(),
      },
      {
        id: firstCharge.id,
        auctionId: first,
        auctionTitle: 'Climbing gym',
        kind: 'charge',
        amount: '42.00',
        fee: '4.20',
        status: 'succeeded',
        failureMessage: null,
        payBy: null,
        createdAt: firstCharge.createdAt.toISOString(),
      },
    ]);
    // Everything Wendy paid or earned in this file, and nothing else.
    const mine = await world.db
      .select({ id: charges.id, payerId: charges.payerId, status: charges.status })
      .from(charges)
      .where(
        sql`${charges.payerId} = ${wendy.id} OR (${charges.payeeId} = ${wendy.id} AND ${charges.status} = 'succeeded')`,
      );
    expect(payments.map((p) => p.id).sort()).toEqual(mine.map((c) => c.id).sort());
    const dates = payments.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const ritaSees = paymentsResponseSchema.parse((await getPayments(world.app, rita)).json()).payments;
    expect(ritaSees.find((p) => p.id === secondCharge.id)).toMatchObject({ kind: 'charge', status: 'succeeded' });
    expect(ritaSees.find((p) => p.id === firstCharge.id)).toMatchObject({ kind: 'earning', amount: '42.00' });

    const nobody = await getPayments(world.app);
    expect(nobody.statusCode).toBe(401);
    const newcomer = await world.signUp('Nia', { card: false });
    const empty = await getPayments(world.app, newcomer);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ payments: [] });
  });

  it('never books an unbalanced transaction: the code refuses it, and so does the database at commit', async () => {
    await expect(
      recordLedgerTransaction(world.db, {
        kind: 'payout',
        chargeId: null,
        description: 'a leg is missing',
        entries: [
          { account: 'host_payable', userId: host.id, amountCents: 4590 },
          { account: 'provider_cash', userId: null, amountCents: -4500 },
        ],
      }),
    ).rejects.toThrow(/unbalanced by 90 cents/);

    const before = await world.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions);
    const refused = await world.db
      .transaction(async (tx) => {
        const [transaction] = await tx
          .insert(ledgerTransactions)
          .values({ kind: 'payout', description: 'written around the code' })
          .returning({ id: ledgerTransactions.id });
        await tx.insert(ledgerEntries).values([
          { transactionId: transaction!.id, account: 'host_payable', userId: host.id, amount: '45.90' },
          { transactionId: transaction!.id, account: 'provider_cash', amount: '-45.00' },
        ]);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    // node-postgres wraps the server's error in the failed COMMIT's; PGlite reports it directly.
    const reason = refused instanceof Error ? `${refused.message} ${String(refused.cause)}` : String(refused);
    expect(reason).toMatch(/ledger transaction [0-9a-f-]{36} is unbalanced by 0\.90/);
    expect(await world.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).toHaveLength(before.length);
  });

  it('creates the charge in the closing transaction, so an auction without a winner has none', async () => {
    const unsold = await insertAuction(world.db, { creatorId: host.id, endTime: ago(1) });
    await lifecycle();
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, unsold));
    expect(row).toMatchObject({ isActive: false, winnerId: null });
    expect(await chargesOf(world.db, unsold)).toEqual([]);
  });
});

import { DISPUTE_WINDOW_HOURS, HOST_NO_SHOW_GRACE_MINUTES } from '@bid/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import {
  auctionDates,
  charges,
  notifications,
  payouts,
  refunds,
  sandboxRefunds,
  sandboxTransfers,
} from '../../src/db/schema/index.js';
import { createDateJob } from '../../src/modules/dates/date.job.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { describePostgresOnly } from '../support/databases.js';
import { ledgerBalances, ledgerTransactionsOf } from '../support/ledger.js';
import {
  buyNowAs,
  HOUR,
  MINUTE,
  signUpHostAndMembers,
  twoInstancesForSuite,
  type Instance,
} from '../support/charges.js';
import { insertAuction } from '../support/auctions.js';
import type { Member } from '../support/world.js';

/**
 * The date job exactly once (docs/the-date.md): two app instances on two pools of one
 * PostgreSQL, with one controllable clock, run the job side by side over a backlog of dates.
 * Every date is settled, released, refunded and paid out once: one ledger booking of each kind
 * per charge, one provider refund and one transfer per key, one notice each.
 */
describePostgresOnly('the date job across instances on $kind', (factory) => {
  const suite = twoInstancesForSuite(factory, new Date('2031-11-01T12:00:00.000Z'));
  const { now, advance } = suite;
  let host: Member;
  let winners: Member[];

  const call = (app: FastifyInstance, who: Member, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, cookies: { [SESSION_COOKIE]: who.cookie }, ...(payload ? { payload } : {}) });
  const jobOf = (instance: Instance) =>
    createDateJob({ db: instance.db, paymentProvider: instance.provider, logger: instance.app.log, now });

  beforeAll(async () => {
    ({ host, members: winners } = await signUpHostAndMembers(suite.a.app));
    // The host's payout account is ready, so released shares are paid out in the same runs.
    expect((await call(suite.a.app, host, '/api/payouts/account')).statusCode).toBe(200);
    const completed = await call(suite.b.app, host, '/api/payouts/sandbox/complete', {
      accountHolderName: 'Hana Host',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(completed.statusCode, completed.body).toBe(200);
  }, 120_000);

  it('settles, releases, refunds and pays out a backlog of dates exactly once with two instances racing', async () => {
    const shorter: string[] = [];
    const noShows: string[] = [];
    const startsAt = new Date(suite.clock.getTime() + HOUR);
    for (let i = 0; i < 12; i += 1) {
      const winner = winners[i % winners.length]!;
      const auctionId = await insertAuction(suite.db, {
        creatorId: host.id,
        endTime: new Date(suite.clock.getTime() + 24 * HOUR),
        buyNowPrice: '80.00',
        expectedDuration: 60,
      });
      expect((await buyNowAs(suite.a.app, auctionId, winner)).statusCode).toBe(200);
      await call(suite.a.app, winner, `/api/auctions/${auctionId}/plan`, {
        place: 'Cafe Uno',
        startsAt: startsAt.toISOString(),
      });
      expect((await call(suite.b.app, host, `/api/auctions/${auctionId}/plan/accept`)).statusCode).toBe(200);
      (i % 3 === 0 ? noShows : shorter).push(auctionId);
    }

    // The date: the shorter ones last 30 of 60 minutes; in the others the host never comes.
    advance(HOUR);
    for (const auctionId of shorter) {
      const [date] = await suite.db.select().from(auctionDates).where(eq(auctionDates.auctionId, auctionId));
      const winner = winners.find((w) => w.id === date!.winnerId)!;
      await call(suite.a.app, host, `/api/auctions/${auctionId}/date-mode/start`);
      await call(suite.a.app, host, `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'arrived' });
      await call(suite.b.app, winner, `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'arrived' });
    }
    advance(30 * MINUTE);
    for (const auctionId of shorter) {
      expect((await call(suite.a.app, host, `/api/auctions/${auctionId}/date-mode/end`)).statusCode).toBe(200);
    }

    // Past the no-show grace and the dispute window: both instances run the job at the same moment, twice each.
    advance(HOST_NO_SHOW_GRACE_MINUTES * MINUTE + DISPUTE_WINDOW_HOURS * HOUR);
    await Promise.all([
      jobOf(suite.a).runOnce(),
      jobOf(suite.b).runOnce(),
      jobOf(suite.a).runOnce(),
      jobOf(suite.b).runOnce(),
    ]);
    await Promise.all([jobOf(suite.b).runOnce(), jobOf(suite.a).runOnce()]);

    const all = [...shorter, ...noShows];
    const dateRows = await suite.db.select().from(auctionDates).where(inArray(auctionDates.auctionId, all));
    expect(dateRows.every((d) => d.releasedAt !== null)).toBe(true);
    for (const d of dateRows) {
      const expected = noShows.includes(d.auctionId)
        ? { settlementReason: 'host_no_show', settledHostShare: '0.00', settledRefund: '80.00' }
        : { settlementReason: 'shorter_than_agreed', settledHostShare: '36.00', settledRefund: '36.00' };
      expect(d).toMatchObject(expected);
    }

    const chargeRows = await suite.db.select().from(charges).where(inArray(charges.auctionId, all));
    const bookings = await ledgerTransactionsOf(
      suite.db,
      chargeRows.map((c) => c.id),
    );
    for (const charge of chargeRows) {
      const kinds = bookings
        .filter((t) => t.chargeId === charge.id)
        .map((t) => t.kind)
        .sort();
      expect(kinds).toEqual(
        noShows.includes(charge.auctionId)
          ? ['charge', 'refund', 'release']
          : ['charge', 'payout', 'refund', 'release'],
      );
    }

    const refundRows = await suite.db.select().from(refunds).where(inArray(refunds.auctionId, all));
    expect(refundRows).toHaveLength(all.length);
    expect(refundRows.every((r) => r.status === 'succeeded')).toBe(true);
    const providerRefunds = await suite.db
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.idempotencyKey,
          refundRows.map((r) => `refund:${r.id}`),
        ),
      );
    expect(providerRefunds).toHaveLength(all.length);

    const payoutRows = await suite.db.select().from(payouts).where(inArray(payouts.auctionId, all));
    expect(payoutRows.map((p) => [p.status, p.amount])).toEqual(shorter.map(() => ['paid', '36.00']));
    const transfers = await suite.db
      .select()
      .from(sandboxTransfers)
      .where(
        inArray(
          sandboxTransfers.idempotencyKey,
          payoutRows.map((p) => `payout:${p.id}`),
        ),
      );
    expect(transfers).toHaveLength(shorter.length);

    const released = await suite.db
      .select()
      .from(notifications)
      .where(inArray(notifications.relatedAuctionId, shorter));
    expect(released.filter((n) => n.title === 'Payment released')).toHaveLength(shorter.length);
    expect(released.filter((n) => n.title === 'Payout sent')).toHaveLength(shorter.length);

    // Every cent is accounted for: the fees of the shorter dates stay ours; escrow, payable and refunds are empty.
    const balances = await ledgerBalances(suite.db);
    expect(balances[`host_escrow:${host.id}`] ?? 0).toBe(0);
    expect(balances[`host_payable:${host.id}`] ?? 0).toBe(0);
    expect(balances.platform_fees).toBe(-shorter.length * 800);
    expect(balances.provider_cash).toBe(shorter.length * 800);
  });
});

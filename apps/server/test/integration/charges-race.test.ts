import { PAYMENT_FIX_WINDOW_HOURS, SECOND_CHANCE_OFFER_HOURS } from '@bid/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auctions, charges, notifications, sandboxPayments } from '../../src/db/schema/index.js';
import { closeDueAuctions } from '../../src/modules/auctions/lifecycle/close-due-auctions.js';
import { processDueCharges } from '../../src/use-cases/charge-and-create-date.js';
import { releaseUnpaidWins } from '../../src/modules/payments/charges/second-chance.js';
import { describePostgresOnly } from '../support/databases.js';
import { ledgerTransactionsOf } from '../support/ledger.js';
import {
  answerOffer,
  chargesOf,
  HOUR,
  signUpHostAndMembers,
  twoInstancesForSuite,
  providerPaymentsOf,
  retryPayment,
  runLifecycle,
  type Instance,
} from '../support/charges.js';
import { insertAuction } from '../support/auctions.js';
import { CARDS } from '../support/payments.js';
import { signUpMember, type Member } from '../support/world.js';

describePostgresOnly('charging exactly once across instances on $kind', (factory) => {
  const suite = twoInstancesForSuite(factory, new Date('2031-09-01T20:00:00.000Z'));
  const { now, ago } = suite;
  let host: Member;
  let payers: Member[];
  let decliner: Member;

  beforeAll(async () => {
    ({ host, members: payers } = await signUpHostAndMembers(suite.a.app));
    decliner = await signUpMember(suite.a.app, 'Dan', { card: CARDS.declines });
  });

  /** One lifecycle run on `instance`. */
  const lifecycleOn = (instance: Instance) => runLifecycle(instance.app, instance.db, instance.provider, now);
  const workerDeps = (instance: Instance) => ({
    db: instance.db,
    paymentProvider: instance.provider,
    now,
    logger: instance.app.log,
  });

  it('two instances closing and charging one won auction at the same moment produce one charge', async () => {
    for (let round = 0; round < 8; round += 1) {
      const winner = payers[round % payers.length]!;
      const auctionId = await insertAuction(suite.db, {
        creatorId: host.id,
        endTime: ago(1),
        bids: [{ bidderId: winner.id, amount: '45.00', at: ago(5) }],
      });

      // Two lifecycle runs per instance, plus each instance's closer and worker called directly.
      await Promise.all([
        lifecycleOn(suite.a),
        lifecycleOn(suite.b),
        closeDueAuctions(suite.a.db, now()).then(() => processDueCharges(workerDeps(suite.a))),
        closeDueAuctions(suite.b.db, now()).then(() => processDueCharges(workerDeps(suite.b))),
        lifecycleOn(suite.b),
      ]);

      const rows = await chargesOf(suite.db, auctionId);
      expect(rows.map((c) => [c.payerId, c.status, c.amount])).toEqual([[winner.id, 'succeeded', '45.00']]);
      expect(await providerPaymentsOf(suite.db, rows[0]!.id)).toHaveLength(1);
      const bookings = await ledgerTransactionsOf(suite.db, [rows[0]!.id]);
      expect(bookings).toHaveLength(1);
      const paidNotices = await suite.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedAuctionId, auctionId), eq(notifications.type, 'payment_succeeded')));
      expect(paidNotices.map((n) => n.userId).sort()).toEqual([winner.id, host.id].sort());
    }
  });

  it('shares a backlog of won auctions between six workers on two pools, charging each once', async () => {
    const expected = new Map<string, string>();
    for (let i = 0; i < 30; i += 1) {
      const winner = payers[i % payers.length]!;
      const auctionId = await insertAuction(suite.db, {
        creatorId: host.id,
        endTime: ago(60 - i),
        bids: [
          { bidderId: payers[(i + 1) % payers.length]!.id, amount: '30.00', at: ago(90) },
          { bidderId: winner.id, amount: `${31 + i}.00`, at: ago(80) },
        ],
      });
      expected.set(auctionId, winner.id);
    }

    const worker = async (instance: Instance) => {
      for (;;) {
        const closed = await closeDueAuctions(instance.db, now(), 4);
        await processDueCharges(workerDeps(instance));
        if (closed.length === 0) return;
      }
    };
    await Promise.all([suite.a, suite.a, suite.a, suite.b, suite.b, suite.b].map(worker));

    const rows = await suite.db
      .select()
      .from(charges)
      .where(inArray(charges.auctionId, [...expected.keys()]));
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      expect(row.payerId).toBe(expected.get(row.auctionId));
      expect(row.status).toBe('succeeded');
    }
    const payments = await suite.db
      .select()
      .from(sandboxPayments)
      .where(
        inArray(
          sandboxPayments.idempotencyKey,
          rows.map((row) => `charge:${row.id}:attempt:1`),
        ),
      );
    expect(payments).toHaveLength(30);
    const bookings = await ledgerTransactionsOf(
      suite.db,
      rows.map((row) => row.id),
    );
    expect(bookings).toHaveLength(30);
  });

  it('offers each unpaid win once while two instances sweep at the same moment', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      ids.push(
        await insertAuction(suite.db, {
          creatorId: host.id,
          endTime: ago(1),
          bids: [
            { bidderId: payers[i % payers.length]!.id, amount: '28.00', at: ago(20) },
            { bidderId: decliner.id, amount: '29.00', at: ago(10) },
          ],
        }),
      );
    }
    await lifecycleOn(suite.a);
    suite.advance(PAYMENT_FIX_WINDOW_HOURS * HOUR);

    await Promise.all([
      lifecycleOn(suite.a),
      lifecycleOn(suite.b),
      releaseUnpaidWins(suite.a.db, now(), 3).then(() => processDueCharges(workerDeps(suite.a))),
      releaseUnpaidWins(suite.b.db, now(), 3).then(() => processDueCharges(workerDeps(suite.b))),
    ]);
    // Whatever a racer left for later is picked up by the next run.
    await lifecycleOn(suite.a);

    for (const [i, auctionId] of ids.entries()) {
      const runnerUp = payers[i % payers.length]!;
      const rows = await chargesOf(suite.db, auctionId);
      expect(rows.map((c) => [c.payerId, c.status])).toEqual([
        [decliner.id, 'expired'],
        [runnerUp.id, 'offered'],
      ]);
      expect(await providerPaymentsOf(suite.db, rows[1]!.id)).toEqual([]);
      const [auction] = await suite.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect(auction!.winnerId).toBeNull();
      const offerNotices = await suite.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedAuctionId, auctionId), eq(notifications.title, 'Second chance offer')));
      expect(offerNotices.map((n) => n.userId)).toEqual([runnerUp.id]);
    }

    // The offers' deadline passes while two instances sweep again: each offer ends once.
    suite.advance(SECOND_CHANCE_OFFER_HOURS * HOUR);
    await Promise.all([
      lifecycleOn(suite.a),
      lifecycleOn(suite.b),
      releaseUnpaidWins(suite.a.db, now(), 3),
      releaseUnpaidWins(suite.b.db, now(), 3),
    ]);
    await lifecycleOn(suite.a);
    for (const auctionId of ids) {
      expect((await chargesOf(suite.db, auctionId)).map((c) => c.status)).toEqual(['expired', 'expired']);
      const nobody = await suite.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.relatedAuctionId, auctionId), eq(notifications.title, 'Nobody could pay for your date')),
        );
      expect(nobody.map((n) => n.userId)).toEqual([host.id]);
    }
  });

  it('charges a double-clicked retry once', async () => {
    const auctionId = await insertAuction(suite.db, {
      creatorId: host.id,
      endTime: ago(1),
      bids: [{ bidderId: decliner.id, amount: '64.00', at: ago(5) }],
    });
    await lifecycleOn(suite.a);
    const [failed] = await chargesOf(suite.db, auctionId);
    expect(failed!.status).toBe('failed');

    const answers = await Promise.all([
      retryPayment(suite.a.app, failed!.id, decliner),
      retryPayment(suite.b.app, failed!.id, decliner),
      retryPayment(suite.a.app, failed!.id, decliner),
    ]);

    const accepted = answers.filter((res) => res.statusCode === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This payment is already being processed.');
    }
    // Each accepted retry is its own attempt; none of them is charged twice.
    const [after] = await chargesOf(suite.db, auctionId);
    expect(after!.attempt).toBe(1 + accepted.length);
    const attempts = await providerPaymentsOf(suite.db, failed!.id);
    expect(attempts.map((p) => p.idempotencyKey)).toEqual(
      Array.from({ length: after!.attempt }, (_, i) => `charge:${failed!.id}:attempt:${i + 1}`),
    );
  });

  it('settles an offer answered from two instances at once with one outcome, charged at most once', async () => {
    for (let round = 0; round < 6; round += 1) {
      // Signed up each round: every round moves the clock past a fix window, and so past an idle session.
      const runnerUp = await signUpMember(suite.a.app, `Rue${round}`);
      const next = await signUpMember(suite.a.app, `Nat${round}`);
      const auctionId = await insertAuction(suite.db, {
        creatorId: host.id,
        endTime: ago(1),
        bids: [
          { bidderId: next.id, amount: '30.00', at: ago(30) },
          { bidderId: runnerUp.id, amount: '31.00', at: ago(20) },
          { bidderId: decliner.id, amount: '32.00', at: ago(10) },
        ],
      });
      await lifecycleOn(suite.a);
      suite.advance(PAYMENT_FIX_WINDOW_HOURS * HOUR);
      await lifecycleOn(suite.a);
      const offer = (await chargesOf(suite.db, auctionId)).find((c) => c.payerId === runnerUp.id)!;
      expect(offer.status).toBe('offered');

      // Even rounds: a double click on accept across both instances; odd rounds: accept racing decline.
      const answers = await Promise.all([
        answerOffer(suite.a.app, offer.id, 'accept', runnerUp),
        answerOffer(suite.b.app, offer.id, round % 2 === 0 ? 'accept' : 'decline', runnerUp),
        answerOffer(suite.b.app, offer.id, 'accept', runnerUp),
      ]);

      const ok = answers.filter((res) => res.statusCode === 200);
      expect(ok).toHaveLength(1);
      const outcome = ok[0]!.json<{ status: string }>().status;
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(
          outcome === 'succeeded' ? 'You have already accepted this offer.' : 'You have already declined this offer.',
        );
      }
      const rows = await chargesOf(suite.db, auctionId);
      const [auction] = await suite.db.select().from(auctions).where(eq(auctions.id, auctionId));
      if (outcome === 'succeeded') {
        expect(rows.map((c) => [c.payerId, c.status])).toEqual([
          [decliner.id, 'expired'],
          [runnerUp.id, 'succeeded'],
        ]);
        expect(auction!.winnerId).toBe(runnerUp.id);
        expect(await providerPaymentsOf(suite.db, offer.id)).toHaveLength(1);
        const won = await suite.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.relatedAuctionId, auctionId), eq(notifications.title, 'You won!')));
        // The first is the closing's, to the winner who then could not pay.
        expect(won.map((n) => n.userId).sort()).toEqual([decliner.id, runnerUp.id].sort());
      } else {
        expect(outcome).toBe('expired');
        expect(rows.find((c) => c.payerId === runnerUp.id)!.status).toBe('expired');
        expect(rows.find((c) => c.payerId === next.id)!.status).toBe('offered');
        expect(auction!.winnerId).toBeNull();
        expect(await providerPaymentsOf(suite.db, offer.id)).toEqual([]);
        // Leave nothing open for the next round's sweeps.
        await answerOffer(suite.a.app, rows.find((c) => c.payerId === next.id)!.id, 'decline', next);
      }
    }
  });
});

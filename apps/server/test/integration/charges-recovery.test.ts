import { beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_LOCK_MINUTES } from '../../src/use-cases/charge-and-create-date.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import {
  buyNowAs,
  chargesOf,
  chargingWorld,
  HOUR,
  ledgerLegsOf,
  MINUTE,
  notificationsOf,
  providerPaymentsOf,
} from '../support/charges.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories } from '../support/databases.js';
import type { Member } from '../support/world.js';

/**
 * The sandbox behind a connection that breaks: `when: 'after'` lets the provider charge and
 * then loses the answer (the worst case: money moved, nothing recorded); `when: 'before'` fails
 * before the request leaves. Only the first `times` calls break.
 */
function flakyProvider(inner: PaymentProvider, when: 'before' | 'after', times = 1) {
  const state = { calls: 0, broken: 0 };
  const provider: PaymentProvider = {
    ...inner,
    name: inner.name,
    async chargeOffSession(request) {
      state.calls += 1;
      const breaks = state.broken < times;
      if (breaks) state.broken += 1;
      if (breaks && when === 'before') throw new Error('connect ETIMEDOUT');
      const outcome = await inner.chargeOffSession(request);
      if (breaks) throw new Error('socket hang up after the provider answered');
      return outcome;
    },
  };
  return { provider, state };
}

describe.each(testDatabaseFactories())('recovering a charge after a crash on $kind', (factory) => {
  const { world, ago, advance, lifecycle } = chargingWorld(factory, new Date('2031-08-01T09:00:00.000Z'));
  let host: Member;
  let buyer: Member;

  beforeAll(async () => {
    host = await world.signUp('Hana', { card: false });
    buyer = await world.signUp('Bea');
  });

  it('does not charge a Buy Now twice when the answer was lost after the provider charged', async () => {
    const crashing = flakyProvider(world.provider, 'after');
    // A second world.app instance on the same database, whose link to the provider breaks once.
    const crashingApp = await world.openAnotherApp({}, { paymentProvider: crashing.provider });
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() + 2 * HOUR),
      title: 'Wine tasting',
      buyNowPrice: '90.00',
    });

    // Sessions live in the database, so the buyer's cookie works on either instance.
    const res = await buyNowAs(crashingApp, auctionId, buyer);

    expect(res.statusCode).toBe(200); // the purchase stands whatever happened to the payment
    const [charge] = await chargesOf(world.db, auctionId);
    expect(charge).toMatchObject({
      status: 'processing',
      attempt: 1,
      lockedUntil: new Date(world.clock.getTime() + CHARGE_LOCK_MINUTES * MINUTE),
      providerPaymentId: null,
    });
    // The provider did charge: exactly the situation a naive retry would charge twice.
    expect((await providerPaymentsOf(world.db, charge!.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(0);

    // While the claim holds, nobody takes the charge over.
    advance((CHARGE_LOCK_MINUTES - 1) * MINUTE);
    expect(await lifecycle()).toMatchObject({ chargesRecorded: 0 });
    expect((await chargesOf(world.db, auctionId))[0]!.status).toBe('processing');

    // Once it lapses, the next run asks again with the same key and gets the first answer.
    advance(2 * MINUTE);
    expect(await lifecycle()).toMatchObject({ chargesRecorded: 1 });

    const payments = await providerPaymentsOf(world.db, charge!.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.idempotencyKey).toBe(`charge:${charge!.id}:attempt:1`);
    const [recovered] = await chargesOf(world.db, auctionId);
    expect(recovered).toMatchObject({
      status: 'succeeded',
      attempt: 1,
      providerPaymentId: payments[0]!.id,
      lockedUntil: null,
    });
    expect(await ledgerLegsOf(world.db, charge!.id)).toEqual({
      transactions: 1,
      legs: [`host_escrow:${host.id} -81.00`, 'platform_fees -9.00', 'provider_cash 90.00'].sort(),
    });
    const paid = (await notificationsOf(world.db, buyer.id, auctionId)).filter((n) => n.type === 'payment_succeeded');
    expect(paid).toHaveLength(1);
    expect(crashing.state.calls).toBe(1);
  });

  it('retries a closing charge whose request never reached the provider, and whose answer was then lost', async () => {
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: ago(1),
      bids: [{ bidderId: buyer.id, amount: '37.00', at: ago(5) }],
    });
    const unreachable = flakyProvider(world.provider, 'before');
    // The lifecycle job never throws, even when the provider does.
    expect(await lifecycle(unreachable.provider)).toMatchObject({
      closed: 1,
      chargesRecorded: 0,
    });
    const [charge] = await chargesOf(world.db, auctionId);
    expect(charge!.status).toBe('processing');
    expect(await providerPaymentsOf(world.db, charge!.id)).toEqual([]);

    advance((CHARGE_LOCK_MINUTES + 1) * MINUTE);
    const lossy = flakyProvider(world.provider, 'after');
    expect(await lifecycle(lossy.provider)).toMatchObject({ chargesRecorded: 0 });
    expect(await providerPaymentsOf(world.db, charge!.id)).toHaveLength(1);

    advance((CHARGE_LOCK_MINUTES + 1) * MINUTE);
    expect(await lifecycle(lossy.provider)).toMatchObject({ chargesRecorded: 1 });

    expect(await providerPaymentsOf(world.db, charge!.id)).toHaveLength(1);
    expect((await chargesOf(world.db, auctionId))[0]).toMatchObject({ status: 'succeeded', attempt: 1 });
    expect((await ledgerLegsOf(world.db, charge!.id)).transactions).toBe(1);
    expect(lossy.state.calls).toBe(2);
  });
});

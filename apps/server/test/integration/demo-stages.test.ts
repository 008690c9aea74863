import type { AuctionDetail, DateState, PaymentsResponse } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_STAGES, planDemoData, type DemoStage } from '../../src/seed/demo-plan.js';
import { DEMO_PASSWORD, demoEmail, seedDemoDataIfEmpty } from '../../src/seed/demo.js';
import { startOfThisMinute } from '../support/clock.js';
import { testDatabaseFactories } from '../support/databases.js';
import { signInByEmail } from '../support/session.js';
import { suiteWorld } from '../support/world.js';
import { auctions } from '../../src/db/schema/index.js';

// docs/the-date.md "The demo's dates": the demo data shows every stage a member meets after
// winning. Each stage's winner signs in with the demo password and reaches it through the routes.

const now = startOfThisMinute();

describe.each(testDatabaseFactories())('the demo data stages on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: now });
  const plan = planDemoData(now);

  /** The stage's auction (by title) and its winner's session. */
  async function stage(name: DemoStage) {
    const planned = plan.auctions.find((auction) => auction.stage === name);
    expect(planned, `the demo plan has a "${name}" auction`).toBeDefined();
    const winner = plan.users[planned!.winner!]!;
    const rows = await world.db.select({ id: auctions.id, title: auctions.title }).from(auctions);
    const id = rows.find((row) => row.title === planned!.title)!.id;
    const { cookie } = await signInByEmail(
      world.app,
      demoEmail(winner.firstName, winner.lastName),
      DEMO_PASSWORD,
      false,
    );
    const auction = (await world.call({ cookie }, 'GET', `/api/auctions/${id}`)).json<AuctionDetail>();
    expect(auction.viewerStanding).toBe('won');
    return { id, who: { cookie } };
  }

  it('seeds one won auction per stage, with the demo cards', async () => {
    expect(await seedDemoDataIfEmpty(world.db, now, { sandboxCards: true })).not.toBeNull();
    expect(new Set(plan.auctions.flatMap((a) => (a.stage ? [a.stage] : [])))).toEqual(new Set(DEMO_STAGES));
  });

  it('unpaid: the winner sees the declined payment and its deadline, pays with the saved card, then plans', async () => {
    const { id, who } = await stage('unpaid');
    expect((await world.call(who, 'GET', `/api/auctions/${id}/plan`)).statusCode).toBe(409);
    const payments = (await world.call(who, 'GET', '/api/payments')).json<PaymentsResponse>().payments;
    const charge = payments.find((p) => p.auctionId === id && p.kind === 'charge')!;
    expect(charge).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(new Date(charge.payBy!).getTime()).toBeGreaterThan(now.getTime());
    const retried = await world.call(who, 'POST', `/api/payments/${charge.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'succeeded' });
    const date = await world.call(who, 'GET', `/api/auctions/${id}/plan`);
    expect(date.statusCode).toBe(200);
    expect(date.json<DateState>()).toMatchObject({ viewerRole: 'winner', plan: null });
  });

  it('to plan: paid, no plan yet; the winner proposes one', async () => {
    const { id, who } = await stage('to-plan');
    const date = (await world.call(who, 'GET', `/api/auctions/${id}/plan`)).json<DateState>();
    expect(date).toMatchObject({ viewerRole: 'winner', plan: null, proposal: null, settlement: null });
    const startsAt = new Date(now.getTime() + 3 * 24 * 3_600_000).toISOString();
    const proposed = await world.call(who, 'POST', `/api/auctions/${id}/plan`, { place: 'The city library', startsAt });
    expect(proposed.statusCode, proposed.body).toBe(200);
  });

  it('Date Mode: the plan is agreed and its window is open; the winner starts Date Mode', async () => {
    const { id, who } = await stage('date-mode');
    const date = (await world.call(who, 'GET', `/api/auctions/${id}/plan`)).json<DateState>();
    expect(date.plan).not.toBeNull();
    expect(new Date(date.dateMode.opensAt!).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(date.plan!.startsAt).getTime()).toBeGreaterThan(now.getTime());
    const started = await world.call(who, 'POST', `/api/auctions/${id}/date-mode/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<DateState>().dateMode.startedAt).not.toBeNull();
  });

  it.each(['finished', 'to-review'] as const)('%s: the date happened and is settled by the rule', async (name) => {
    const { id, who } = await stage(name);
    const date = (await world.call(who, 'GET', `/api/auctions/${id}/plan`)).json<DateState>();
    expect(date.dateMode.endedAt).not.toBeNull();
    expect(date.settlement).toMatchObject({ reason: 'full_length', refund: '0.00', releasedAt: null });
    expect(new Date(date.settlement!.disputeUntil).getTime()).toBeGreaterThan(now.getTime());
  });
});

import {
  ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE,
  DATE_MESSAGES,
  DISPUTE_WINDOW_HOURS,
  HOST_NO_SHOW_GRACE_MINUTES,
  serverBroadcastSchema,
  type DateState,
  type PaymentsResponse,
  type RefundRequestQueueItem,
  type ServerBroadcast,
  type SharedDate,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auctions,
  charges,
  notifications,
  payouts,
  refunds,
  sandboxRefunds,
  sandboxTransfers,
  ledgerTransactions,
} from '../../src/db/schema/index.js';
import { insertAuction } from '../support/auctions.js';
import { HOUR, MINUTE } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { expectLedgerBalanced, ledgerBalances } from '../support/ledger.js';
import { agreePlan as agreePlanOf, dateWorld, paidDate as paidDateOf } from '../support/dates.js';
import type { Member } from '../support/world.js';

/**
 * The date itself (docs/the-date.md) through the API on a real database: planning in the chat,
 * Date Mode, the settlement, releases, refunds (host no-show, partial, denied) and payouts, with
 * the ledger balanced after every step. The clock is the test's; the date job is run by hand.
 */
describe.each(testDatabaseFactories())('the date itself on $kind', (factory) => {
  const suite = dateWorld(factory, new Date('2031-10-01T12:00:00.000Z'), 8);
  const { world, advance } = suite;
  let host: Member;
  let stranger: Member;
  let moderator: Member;
  let winners: Member[];

  const { call } = world;
  /** What the last job run told people's own channels (`date_updated`, `notifications_changed`). */
  let published: Array<[userId: string, event: ServerBroadcast]> = [];
  /** One run of the date job, as every instance runs it; the ledger balances after every run. */
  const runDateJob = async () => {
    const spy = vi.spyOn(world.app.realtime, 'publishToUser');
    try {
      const result = await suite.runDateJob();
      await expectLedgerBalanced(world.db);
      return result;
    } finally {
      published = spy.mock.calls.map(([userId, event]) => [userId, serverBroadcastSchema.parse(event)]);
      spy.mockRestore();
    }
  };

  const paidDate = (expectedDuration = 60) => paidDateOf(world, suite.cast, expectedDuration);
  const agreePlan = (auctionId: string, proposer: Member, accepter: Member, inMinutes = 60) =>
    agreePlanOf(world, auctionId, proposer, accepter, inMinutes);

  const stateOf = async (who: Member, auctionId: string) =>
    (await call(who, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();

  /** The ledger transactions booked for the date's charge, by kind. */
  async function bookingsOf(auctionId: string): Promise<string[]> {
    const [charge] = await world.db.select().from(charges).where(eq(charges.auctionId, auctionId));
    const rows = await world.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.chargeId, charge!.id));
    return rows.map((row) => row.kind).sort();
  }

  async function checkInBoth(auctionId: string, winner: Member) {
    expect((await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/start`)).statusCode).toBe(200);
    for (const who of [host, winner]) {
      const res = await call(who, 'POST', `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'arrived' });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  beforeAll(async () => {
    ({ host, stranger, moderator, winners } = suite.cast);
  });

  afterEach(async () => expectLedgerBalanced(world.db));

  it('only the winner and the host use a date; moderators read it; nobody else learns it exists', async () => {
    const { auctionId, winner } = await paidDate();
    const url = `/api/auctions/${auctionId}/plan`;
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect(
      (await call(undefined, 'POST', url, { place: 'Cafe', startsAt: world.clock.toISOString() })).statusCode,
    ).toBe(401);
    const strangers = await call(stranger, 'GET', url);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toMatchObject({ message: DATE_MESSAGES.notFound });
    expect((await call(stranger, 'POST', `${url}/accept`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/auctions/not-a-uuid/plan')).statusCode).toBe(404);

    const read = await call(moderator, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.json<DateState>().viewerRole).toBe('moderator');
    const write = await call(moderator, 'POST', `/api/auctions/${auctionId}/date-mode/start`);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ message: DATE_MESSAGES.readOnly });

    expect((await call(host, 'GET', url)).json<DateState>()).toMatchObject({ viewerRole: 'host', amount: '100.00' });
    // An id in capitals names the same auction, as on the auction routes.
    const upper = await call(host, 'GET', `/api/auctions/${auctionId.toUpperCase()}/plan`);
    expect(upper.statusCode).toBe(200);
    expect(upper.json<DateState>()).toMatchObject({ viewerRole: 'host', amount: '100.00' });
    expect((await call(winner, 'GET', url)).json<DateState>()).toMatchObject({
      viewerRole: 'winner',
      plan: null,
      proposal: null,
      emergencyNumber: '911',
    });
  });

  it('tells the host and the winner of an unpaid win that the date waits for the payment', async () => {
    const auctionId = await insertAuction(world.db, { creatorId: host.id, endTime: world.clock });
    await world.db.update(auctions).set({ isActive: false, winnerId: stranger.id }).where(eq(auctions.id, auctionId));
    for (const who of [host, stranger]) {
      const res = await call(who, 'GET', `/api/auctions/${auctionId}/plan`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: DATE_MESSAGES.notPaid });
    }
    expect((await call(winners[6], 'GET', `/api/auctions/${auctionId}/plan`)).statusCode).toBe(404);
  });

  it('agrees a plan by proposal and acceptance, refusing bad input without changing anything', async () => {
    const { auctionId, winner } = await paidDate();
    const url = `/api/auctions/${auctionId}/plan`;
    const inAnHour = new Date(world.clock.getTime() + HOUR).toISOString();
    const bad = [
      [{ place: 'ab', startsAt: inAnHour }, DATE_MESSAGES.placeTooShort],
      [{ place: 'x'.repeat(201), startsAt: inAnHour }, DATE_MESSAGES.placeTooLong],
      [{ place: 'Cafe Uno', startsAt: 'tomorrow' }, DATE_MESSAGES.startsAtInvalid],
      [
        { place: 'Cafe Uno', startsAt: new Date(world.clock.getTime() - MINUTE).toISOString() },
        DATE_MESSAGES.startsAtPast,
      ],
      [
        { place: 'Cafe Uno', startsAt: new Date(world.clock.getTime() + 91 * 24 * HOUR).toISOString() },
        DATE_MESSAGES.startsAtTooFar,
      ],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await call(winner, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call(winner, 'GET', url)).json<DateState>().proposal).toBeNull();
    expect((await call(winner, 'POST', `${url}/accept`)).json()).toMatchObject({ message: DATE_MESSAGES.noProposal });

    const proposed = await call(winner, 'POST', url, { place: '  Blue Bottle  ', startsAt: inAnHour });
    expect(proposed.json<DateState>().proposal).toMatchObject({ place: 'Blue Bottle', proposedBy: winner.id });
    expect((await call(winner, 'POST', `${url}/accept`)).json()).toMatchObject({ message: DATE_MESSAGES.ownProposal });
    const hostNotices = await world.db.select().from(notifications).where(eq(notifications.userId, host.id));
    expect(hostNotices.some((n) => n.type === 'date_plan' && n.relatedAuctionId === auctionId)).toBe(true);

    const later = new Date(world.clock.getTime() + 3 * HOUR).toISOString();
    await call(host, 'POST', url, { place: 'Sightglass', startsAt: later });
    const agreed = (await call(winner, 'POST', `${url}/accept`)).json<DateState>();
    expect(agreed.plan).toMatchObject({ place: 'Sightglass', startsAt: later });
    expect(agreed.proposal).toBeNull();
    expect((await call(host, 'GET', url)).json<DateState>().plan?.place).toBe('Sightglass');

    // The reminder goes once, DATE_REMINDER_MINUTES before.
    const reminders = async () =>
      (await world.db.select().from(notifications).where(eq(notifications.relatedAuctionId, auctionId))).filter(
        (n) => n.type === 'date_reminder',
      );
    await runDateJob();
    expect(await reminders()).toHaveLength(0);
    advance(HOUR + 1);
    await runDateJob();
    // The run that reminded both tells both pages, naming the two people.
    // The reminders' notices refresh both bells as their transaction commits (notify), then both pages.
    expect(published.slice(2)).toEqual([
      [host.id, { type: 'date_updated', auctionId }],
      [winner.id, { type: 'date_updated', auctionId }],
    ]);
    expect(published.slice(0, 2).sort()).toEqual(
      [
        [host.id, { type: 'notifications_changed' }],
        [winner.id, { type: 'notifications_changed' }],
      ].sort(),
    );
    await runDateJob();
    expect(published).toEqual([]);
    expect((await reminders()).map((n) => n.userId).sort()).toEqual([host.id, winner.id].sort());
  });

  it('full journey: win, charge, date, release after the dispute window, payout once connected', async () => {
    const { auctionId, winner } = await paidDate(60);
    await agreePlan(auctionId, winner, host, 3 * 60);
    const start = `/api/auctions/${auctionId}/date-mode/start`;
    expect((await call(winner, 'POST', start)).json()).toMatchObject({ message: DATE_MESSAGES.tooEarly });
    advance(3 * HOUR);
    expect(
      (await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'arrived' })).json(),
    ).toMatchObject({
      message: DATE_MESSAGES.notStarted,
    });
    await checkInBoth(auctionId, winner);
    expect(
      (await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'lost' })).statusCode,
    ).toBe(400);
    const safe = await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'safe' });
    expect(safe.json<DateState>().dateMode.winnerSafeAt).toBe(world.clock.toISOString());

    advance(61 * MINUTE);
    const ended = (await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/end`)).json<DateState>();
    expect(ended.settlement).toMatchObject({
      reason: 'full_length',
      fee: '10.00',
      hostShare: '90.00',
      refund: '0.00',
      releasedAt: null,
    });
    expect((await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/end`)).statusCode).toBe(409);

    const balances = async () => ledgerBalances(world.db);
    advance((DISPUTE_WINDOW_HOURS - 1) * HOUR);
    await runDateJob();
    expect((await stateOf(host, auctionId)).settlement?.releasedAt).toBeNull();
    expect((await balances())[`host_escrow:${host.id}`]).toBeLessThanOrEqual(-9000);

    advance(2 * HOUR);
    await runDateJob();
    await runDateJob();
    expect((await stateOf(host, auctionId)).settlement?.releasedAt).toBe(world.clock.toISOString());
    expect(await bookingsOf(auctionId)).toEqual(['charge', 'release']);
    const [waiting] = await world.db.select().from(payouts).where(eq(payouts.auctionId, auctionId));
    expect(waiting).toMatchObject({ status: 'awaiting_account', amount: '90.00' });
    expect((await balances())[`host_payable:${host.id}`]).toBeLessThanOrEqual(-9000);

    // The host connects a sandbox payout account; the waiting share is paid once.
    const onboarding = await call(host, 'POST', '/api/payouts/account');
    expect(onboarding.statusCode, onboarding.body).toBe(200);
    const completed = await call(host, 'POST', '/api/payouts/sandbox/complete', {
      accountHolderName: 'Hana Host',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await runDateJob();
    await runDateJob();
    expect(await bookingsOf(auctionId)).toEqual(['charge', 'payout', 'release']);
    const [paid] = await world.db.select().from(payouts).where(eq(payouts.auctionId, auctionId));
    expect(paid?.status).toBe('paid');
    const transfers = await world.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, `payout:${paid!.id}`));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.amountCents).toBe(9000);

    const hostPayments = (await call(host, 'GET', '/api/payments')).json<PaymentsResponse>().payments;
    const mine = hostPayments.filter((p) => p.auctionId === auctionId);
    expect(mine.map((p) => [p.kind, p.amount, p.status]).sort()).toEqual([
      ['earning', '100.00', 'released'],
      ['payout', '90.00', 'paid'],
      ['release', '90.00', 'released'],
    ]);
    const state = (await call(host, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();
    expect(state.settlement?.releasedAt).not.toBeNull();
  });

  it('cannot be ended early: arrival from 15 minutes before the start, the end from the start plus the grace', async () => {
    const { auctionId, winner } = await paidDate(60);
    await agreePlan(auctionId, winner, host, 2 * 60);
    const checkInUrl = `/api/auctions/${auctionId}/date-mode/check-in`;
    const endUrl = `/api/auctions/${auctionId}/date-mode/end`;
    // The reported attack: the host opens Date Mode two hours early, checks in and ends the date.
    expect((await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/start`)).statusCode).toBe(200);
    expect((await call(host, 'POST', checkInUrl, { kind: 'arrived' })).json()).toMatchObject({
      message: DATE_MESSAGES.arrivalTooEarly,
    });
    // "I'm safe" works while Date Mode runs; only the arrival waits.
    expect((await call(host, 'POST', checkInUrl, { kind: 'safe' })).statusCode).toBe(200);
    expect((await call(host, 'POST', endUrl)).json()).toMatchObject({ message: DATE_MESSAGES.endBeforeHost });

    advance(2 * HOUR - (ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE * MINUTE + 1));
    expect((await call(host, 'POST', checkInUrl, { kind: 'arrived' })).json()).toMatchObject({
      message: DATE_MESSAGES.arrivalTooEarly,
    });
    advance(1);
    const arrived = await call(host, 'POST', checkInUrl, { kind: 'arrived' });
    expect(arrived.json<DateState>().dateMode.hostArrivedAt).toBe(world.clock.toISOString());

    // At the start plus the grace less a millisecond the date still cannot end (no early winner_no_show).
    advance((ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE + HOST_NO_SHOW_GRACE_MINUTES) * MINUTE - 1);
    expect((await call(host, 'POST', endUrl)).json()).toMatchObject({ message: DATE_MESSAGES.endTooEarly });
    expect((await stateOf(host, auctionId)).settlement).toBeNull();
    advance(1);
    const ended = (await call(host, 'POST', endUrl)).json<DateState>();
    expect(ended.settlement).toMatchObject({ reason: 'winner_no_show' });
  });

  it('host no-show: refunded automatically in full, fee included, through the provider, once', async () => {
    const { auctionId, winner } = await paidDate(60);
    await agreePlan(auctionId, host, winner, 30);
    advance(30 * MINUTE);
    await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/start`);
    await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'arrived' });
    const early = await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/end`);
    expect(early.json()).toMatchObject({ message: DATE_MESSAGES.endBeforeHost });

    advance((HOST_NO_SHOW_GRACE_MINUTES - 1) * MINUTE);
    await runDateJob();
    expect((await stateOf(winner, auctionId)).settlement).toBeNull();
    advance(2 * MINUTE);
    await runDateJob();
    const state = (await call(winner, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();
    expect(state.settlement).toMatchObject({
      reason: 'host_no_show',
      fee: '0.00',
      hostShare: '0.00',
      refund: '100.00',
    });
    expect(state.refund).toMatchObject({ amount: '100.00', status: 'succeeded' });
    const [charge] = await world.db.select().from(charges).where(eq(charges.auctionId, auctionId));
    expect(charge?.status).toBe('refunded');
    const [refund] = await world.db.select().from(refunds).where(eq(refunds.auctionId, auctionId));
    expect(
      await world.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, `refund:${refund!.id}`)),
    ).toHaveLength(1);
    expect(await world.db.select().from(payouts).where(eq(payouts.auctionId, auctionId))).toHaveLength(0);
    const winnerPayments = (await call(winner, 'GET', '/api/payments')).json<PaymentsResponse>().payments;
    expect(winnerPayments.find((p) => p.kind === 'refund' && p.auctionId === auctionId)).toMatchObject({
      amount: '100.00',
      status: 'succeeded',
    });
    await runDateJob();
    expect(await bookingsOf(auctionId)).toEqual(['charge', 'refund', 'release']);
  });

  it('a shorter date pays pro rata; a refund request holds the release and a moderator grants part', async () => {
    const { auctionId, winner } = await paidDate(60);
    await agreePlan(auctionId, winner, host, 60);
    advance(HOUR);
    await checkInBoth(auctionId, winner);
    advance(30 * MINUTE);
    const ended = (await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/end`)).json<DateState>();
    expect(ended.settlement).toMatchObject({
      reason: 'shorter_than_agreed',
      hostShare: '45.00',
      refund: '45.00',
      minutesTogether: 30,
    });

    const url = `/api/auctions/${auctionId}/refund-request`;
    expect((await call(host, 'POST', url, { reason: 'I want my money back' })).json()).toMatchObject({
      message: DATE_MESSAGES.winnerOnlyRefund,
    });
    expect((await call(winner, 'POST', url, { reason: 'short' })).json()).toMatchObject({
      message: DATE_MESSAGES.reasonTooShort,
    });
    const requested = await call(winner, 'POST', url, { reason: 'The host left after half an hour, rudely.' });
    expect(requested.json<DateState>().refundRequest).toMatchObject({ status: 'open' });
    expect((await call(winner, 'POST', url, { reason: 'Asking a second time, again.' })).json()).toMatchObject({
      message: DATE_MESSAGES.refundOpen,
    });
    expect((await call(winner, 'POST', `/api/auctions/${auctionId}/release`)).json()).toMatchObject({
      message: DATE_MESSAGES.releaseDisputed,
    });

    advance((DISPUTE_WINDOW_HOURS + 1) * HOUR);
    await runDateJob();
    expect((await stateOf(winner, auctionId)).settlement?.releasedAt).toBeNull();

    expect((await call(stranger, 'GET', '/api/moderation/refund-requests')).statusCode).toBe(404);
    const queue = (await call(moderator, 'GET', '/api/moderation/refund-requests')).json<{
      requests: RefundRequestQueueItem[];
    }>();
    const item = queue.requests.find((r) => r.auctionId === auctionId)!;
    expect(item).toMatchObject({
      amount: '100.00',
      fee: '10.00',
      ruleSettlement: { hostShare: '45.00', refund: '45.00' },
    });
    const decide = `/api/moderation/refund-requests/${item.id}/decide`;
    expect((await call(winner, 'POST', decide, { decision: 'full' })).statusCode).toBe(404);
    const tooMuch = await call(moderator, 'POST', decide, { decision: 'partial', amount: '90.01', note: '' });
    expect(tooMuch.statusCode).toBe(400);
    const decided = await call(moderator, 'POST', decide, {
      decision: 'partial',
      amount: '60.00',
      note: 'Left early.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<{ requests: RefundRequestQueueItem[] }>().requests.some((r) => r.id === item.id)).toBe(false);
    expect((await call(moderator, 'POST', decide, { decision: 'deny' })).statusCode).toBe(409);

    const state = (await call(winner, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();
    expect(state.settlement).toMatchObject({ reason: 'moderator', fee: '10.00', hostShare: '30.00', refund: '60.00' });
    expect(state.settlement?.releasedAt).not.toBeNull();
    expect(state.refundRequest).toMatchObject({ status: 'partial', amount: '60.00', note: 'Left early.' });
    expect(state.refund).toMatchObject({ amount: '60.00', status: 'succeeded' });
    expect((await call(winner, 'POST', url, { reason: 'One more time, please.' })).json()).toMatchObject({
      message: DATE_MESSAGES.refundTooLate,
    });
  });

  it('a denied refund request leaves the rule: released once the window has passed', async () => {
    const { auctionId, winner } = await paidDate(60);
    await agreePlan(auctionId, winner, host, 60);
    advance(HOUR);
    await checkInBoth(auctionId, winner);
    advance(90 * MINUTE);
    await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/end`);
    await call(winner, 'POST', `/api/auctions/${auctionId}/refund-request`, {
      reason: 'It was not what I expected at all.',
    });
    const queue = (await call(moderator, 'GET', '/api/moderation/refund-requests')).json<{
      requests: RefundRequestQueueItem[];
    }>();
    const item = queue.requests.find((r) => r.auctionId === auctionId)!;
    await call(moderator, 'POST', `/api/moderation/refund-requests/${item.id}/decide`, {
      decision: 'deny',
      note: 'Full date.',
    });
    let state = (await call(winner, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();
    expect(state.refundRequest?.status).toBe('denied');
    expect(state.settlement).toMatchObject({ reason: 'full_length', releasedAt: null });
    advance((DISPUTE_WINDOW_HOURS + 1) * HOUR);
    await runDateJob();
    state = (await call(winner, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();
    expect(state.refund).toBeNull();
    expect(state.settlement?.releasedAt).not.toBeNull();
  });

  it('the winner may release early once the date ended; the share-my-date link only reads, and expires', async () => {
    const { auctionId, winner } = await paidDate(60);
    await agreePlan(auctionId, winner, host, 60);
    expect((await call(winner, 'POST', `/api/auctions/${auctionId}/release`)).json()).toMatchObject({
      message: DATE_MESSAGES.releaseNotEnded,
    });
    advance(HOUR);
    await checkInBoth(auctionId, winner);

    const link = await call(winner, 'POST', `/api/auctions/${auctionId}/share-link`);
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:5000\/shared-date\/[\w-]{43}$/);
    const token = url.split('/').pop()!;
    const shared = await call(undefined, 'GET', `/api/shared-dates/${token}`);
    expect(shared.statusCode).toBe(200);
    const body = shared.json<SharedDate>();
    expect(body).toMatchObject({
      sharedBy: { firstName: 'Wes' + String(winners.indexOf(winner)) },
      meeting: { firstName: 'Hana' },
      place: 'Blue Bottle, 5th Ave',
    });
    expect(JSON.stringify(body)).not.toContain(host.id);
    expect(JSON.stringify(body)).not.toContain(winner.id);
    // Useless for anything but reading: it is not a session, and there is nothing to post to.
    expect((await call(undefined, 'POST', `/api/shared-dates/${token}`)).statusCode).toBe(404);
    expect(
      (
        await world.app.inject({
          method: 'GET',
          url: `/api/auctions/${auctionId}/plan`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call(undefined, 'GET', `/api/shared-dates/${token.slice(0, -1)}x`)).json()).toMatchObject({
      message: DATE_MESSAGES.shareLinkExpired,
    });

    // A date cannot end before the start plus the no-show grace.
    advance(HOST_NO_SHOW_GRACE_MINUTES * MINUTE);
    const ended = (await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/end`)).json<DateState>();
    expect(ended.settlement).toMatchObject({ reason: 'shorter_than_agreed', hostShare: '45.00', refund: '45.00' });
    expect((await call(undefined, 'GET', `/api/shared-dates/${token}`)).statusCode).toBe(200);
    expect((await call(host, 'POST', `/api/auctions/${auctionId}/release`)).json()).toMatchObject({
      message: DATE_MESSAGES.releaseWinnerOnly,
    });
    // The winner confirms it went well: the host gets the full share, released now, nothing refunded.
    const released = await call(winner, 'POST', `/api/auctions/${auctionId}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<DateState>().settlement).toMatchObject({
      reason: 'winner_confirmed',
      fee: '10.00',
      hostShare: '90.00',
      refund: '0.00',
      releasedAt: world.clock.toISOString(),
    });
    expect(released.json<DateState>().refund).toBeNull();
    expect(await bookingsOf(auctionId)).toEqual(['charge', 'payout', 'release']);

    advance(61 * MINUTE);
    const expired = await call(undefined, 'GET', `/api/shared-dates/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ message: DATE_MESSAGES.shareLinkExpired });
  });
});

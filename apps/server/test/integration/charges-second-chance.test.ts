import { randomUUID } from 'node:crypto';
import {
  PAYMENT_FIX_WINDOW_HOURS,
  PAYMENT_METHOD_REQUIRED,
  paymentRecordSchema,
  SECOND_CHANCE_OFFER_HOURS,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auctions } from '../../src/db/schema/index.js';
import {
  answerOffer,
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
import type { Member } from '../support/world.js';

const WINDOW = PAYMENT_FIX_WINDOW_HOURS * HOUR;
const OFFER = SECOND_CHANCE_OFFER_HOURS * HOUR;

describe.each(testDatabaseFactories())('second chance offers after an unpaid win on $kind', (factory) => {
  const { world, ago, later, advance, lifecycle } = chargingWorld(factory, new Date('2031-07-01T18:00:00.000Z'));

  // Signed up in each test: the clock runs days ahead, past a session's idle timeout.
  const member = (label: string, card?: string) => world.signUp(label, { card: card ?? false });
  const winnerOf = async (auctionId: string) =>
    (await world.db.select().from(auctions).where(eq(auctions.id, auctionId)))[0]!.winnerId;
  // Highest amount first, which is the order bidders are offered the date in (a decline and the
  // offer it makes can share a clock instant, so creation times may tie).
  const statusesOf = async (auctionId: string) =>
    (await chargesOf(world.db, auctionId))
      .sort((a, b) => Number(b.amount) - Number(a.amount))
      .map((c) => [c.payerId, c.status, c.amount]);
  const chargeOf = async (auctionId: string, payer: Member) =>
    (await chargesOf(world.db, auctionId)).find((c) => c.payerId === payer.id)!;
  const titlesTo = async (who: Member, auctionId: string) =>
    (await notificationsOf(world.db, who.id, auctionId)).map((n) => n.title);

  /** An auction `winner` won and could not pay for, closed and swept once its fix window passed. */
  async function offeredAuction(input: {
    host: Member;
    winner: Member;
    others: Array<{ bidder: Member; amount: string }>;
    title: string;
  }) {
    const auctionId = await insertAuction(world.db, {
      creatorId: input.host.id,
      endTime: ago(1),
      title: input.title,
      bids: [
        ...input.others.map((bid, i) => ({ bidderId: bid.bidder.id, amount: bid.amount, at: ago(60 - i) })),
        { bidderId: input.winner.id, amount: '99.00', at: ago(10) },
      ],
    });
    await lifecycle();
    advance(WINDOW);
    await lifecycle();
    const rows = await chargesOf(world.db, auctionId);
    return { auctionId, offer: rows.at(-1)! };
  }

  it('offers the date to the next-highest bidder at their own bid, and charges them only once they accept', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const rex = await member('Rex', CARDS.succeeds);
    const tia = await member('Tia', CARDS.succeeds);
    const auctionId = await insertAuction(world.db, {
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
    const [failed] = await chargesOf(world.db, auctionId);
    expect(failed).toMatchObject({ payerId: dan.id, status: 'failed' });

    // One second before the deadline nothing moves.
    advance(WINDOW - 1000);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0 });
    expect(await statusesOf(auctionId)).toEqual([[dan.id, 'failed', '60.00']]);

    advance(1000);
    expect(await lifecycle()).toMatchObject({ winsReleased: 1, chargesRecorded: 0 });

    const [expired, offer, ...none] = await chargesOf(world.db, auctionId);
    expect(none).toEqual([]);
    expect(expired).toMatchObject({ id: failed!.id, status: 'expired', payerId: dan.id });
    expect(offer).toMatchObject({
      payerId: tia.id,
      payeeId: host.id,
      amount: '50.00',
      fee: '5.00',
      status: 'offered',
      attempt: 1,
      payBy: later(OFFER),
    });
    // Nobody holds the win and nobody is charged while the offer is open.
    expect(await winnerOf(auctionId)).toBeNull();
    expect(await providerPaymentsOf(world.db, offer!.id)).toEqual([]);
    expect((await ledgerLegsOf(world.db, offer!.id)).transactions).toBe(0);

    const toTia = (await notificationsOf(world.db, tia.id, auctionId)).filter((n) => n.type !== 'auction_lost');
    expect(toTia.map((n) => [n.type, n.title, n.message, n.relatedUserId])).toEqual([
      [
        'auction_won',
        'Second chance offer',
        'The winner of "Salsa night" could not pay. The date can be yours for your bid of $50: accept within ' +
          '24 hours in Payments on your profile. You are charged only if you accept.',
        null,
      ],
    ]);
    expect((await notificationsOf(world.db, dan.id, auctionId)).at(-1)).toMatchObject({
      type: 'payment_failed',
      title: 'Your win was released',
      message:
        'The time to fix your payment for "Salsa night" has passed, so the date was offered to the next-highest ' +
        'bidder. You have not been charged.',
    });
    expect((await notificationsOf(world.db, host.id, auctionId)).at(-1)).toMatchObject({
      type: 'auction_ended',
      title: 'Your date was offered to the next bidder',
      message:
        'The winner of "Salsa night" could not pay, so the date was offered to the next-highest bidder. ' +
        'We will tell you when they accept.',
    });
    expect(await titlesTo(rex, auctionId)).toEqual(['Auction ended']); // only the auction_lost of the closing

    // Tia's list shows the offer, its deadline and what she would pay; the host has no earning yet.
    const offeredRow = {
      id: offer!.id,
      auctionId,
      auctionTitle: 'Salsa night',
      kind: 'charge',
      amount: '50.00',
      fee: '5.00',
      status: 'offered',
      failureMessage: null,
      payBy: later(OFFER).toISOString(),
      createdAt: world.clock.toISOString(),
    };
    expect((await getPayments(world.app, tia)).json().payments).toEqual([offeredRow]);
    expect((await getPayments(world.app, host)).json().payments).toEqual([]);

    // A retry is no way around the question, and later runs leave the offer alone.
    const retried = await retryPayment(world.app, offer!.id, tia);
    expect(retried.statusCode).toBe(400);
    expect(retried.json()).toEqual({
      message: 'Accept this offer first: you are charged only if you accept.',
      code: 'bad_request',
      requestId: expect.any(String),
    });
    advance(HOUR);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0, chargesRecorded: 0 });
    expect(await providerPaymentsOf(world.db, offer!.id)).toEqual([]);

    const published = vi.spyOn(world.app.realtime, 'publish');
    const accepted = await answerOffer(world.app, offer!.id, 'accept', tia);

    expect(accepted.statusCode).toBe(200);
    // Pages showing the auction learn who has the date now (the members' own channels hear of their notices).
    expect(published.mock.calls.filter(([channel]) => channel.startsWith('auction:'))).toEqual([
      [`auction:${auctionId}`, { type: 'auction_closed', auctionId, isActive: false, winnerId: tia.id }],
    ]);
    published.mockRestore();
    expect(paymentRecordSchema.parse(accepted.json())).toEqual({ ...offeredRow, status: 'succeeded', payBy: null });
    expect(await winnerOf(auctionId)).toBe(tia.id);
    expect(await statusesOf(auctionId)).toEqual([
      [dan.id, 'expired', '60.00'],
      [tia.id, 'succeeded', '50.00'],
    ]);
    const payments = await providerPaymentsOf(world.db, offer!.id);
    expect(payments.map((p) => [p.idempotencyKey, p.amountCents])).toEqual([[`charge:${offer!.id}:attempt:1`, 5000]]);
    expect((await ledgerLegsOf(world.db, offer!.id)).legs).toEqual(
      [`host_escrow:${host.id} -45.00`, 'platform_fees -5.00', 'provider_cash 50.00'].sort(),
    );
    const afterAccept = (await notificationsOf(world.db, tia.id, auctionId)).filter((n) => n.type !== 'auction_lost');
    expect(afterAccept.slice(1).map((n) => [n.type, n.title, n.message, n.relatedUserId])).toEqual([
      [
        'auction_won',
        'You won!',
        'You accepted the second chance offer: "Salsa night" is yours for $50. Your card on file is being charged $50.',
        host.id,
      ],
      [
        'payment_succeeded',
        'Payment successful',
        'Your card was charged $50 for "Salsa night" (including the $5 service fee).',
        host.id,
      ],
    ]);
    const newWinner = (await notificationsOf(world.db, host.id, auctionId)).filter(
      (n) => n.title === 'Your date has a new winner',
    );
    expect(newWinner.map((n) => [n.type, n.message, n.relatedUserId])).toEqual([
      [
        'auction_ended',
        'Tia T. accepted the second chance offer for "Salsa night" at $50, so the date now goes to them: ' +
          'say hello in Messages.',
        tia.id,
      ],
    ]);

    // Answered once: a second click changes nothing, and Dan's time has passed.
    for (const answer of ['accept', 'decline'] as const) {
      const again = await answerOffer(world.app, offer!.id, answer, tia);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: 'You have already accepted this offer.',
        code: 'bad_request',
        requestId: expect.any(String),
      });
    }
    const late = await retryPayment(world.app, failed!.id, dan);
    expect(late.json()).toEqual({
      message: 'The time to fix this payment has passed.',
      code: 'bad_request',
      requestId: expect.any(String),
    });
    advance(WINDOW * 2);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0, chargesRecorded: 0 });
    expect(await chargesOf(world.db, auctionId)).toHaveLength(2);
    expect(await providerPaymentsOf(world.db, offer!.id)).toHaveLength(1);
  });

  it('offers the next bidder at once on a decline, and gives an accepted offer whose card fails a fresh window', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const tia = await member('Tia', CARDS.succeeds);
    const vic = await member('Vic', CARDS.declines);
    const rex = await member('Rex', CARDS.succeeds);
    const { auctionId, offer: toTia } = await offeredAuction({
      host,
      winner: dan,
      title: 'Bowling',
      others: [
        { bidder: rex, amount: '22.00' },
        { bidder: vic, amount: '24.00' },
        { bidder: tia, amount: '25.00' },
      ],
    });
    expect(toTia).toMatchObject({ payerId: tia.id, status: 'offered' });
    const hostTitles = await titlesTo(host, auctionId);

    const declined = await answerOffer(world.app, toTia.id, 'decline', tia);

    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id: toTia.id, status: 'expired', payBy: null, amount: '25.00' });
    const toVic = await chargeOf(auctionId, vic);
    expect(toVic).toMatchObject({ payerId: vic.id, status: 'offered', amount: '24.00', payBy: later(OFFER) });
    expect((await notificationsOf(world.db, vic.id, auctionId)).at(-1)).toMatchObject({
      title: 'Second chance offer',
      message: expect.stringContaining('The date can be yours for your bid of $24: accept within 24 hours'),
    });
    // Offers passing between bidders are not news to the host; a decline is not news to Tia.
    expect(await titlesTo(host, auctionId)).toEqual(hostTitles);
    expect((await titlesTo(tia, auctionId)).at(-1)).toBe('Second chance offer');
    expect(await winnerOf(auctionId)).toBeNull();
    for (const answer of ['accept', 'decline'] as const) {
      const again = await answerOffer(world.app, toTia.id, answer, tia);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: 'You have already declined this offer.',
        code: 'bad_request',
        requestId: expect.any(String),
      });
    }

    // Vic accepts an hour later and his card is declined: his fix window starts now, not at the offer's deadline.
    advance(HOUR);
    const accepted = await answerOffer(world.app, toVic.id, 'accept', vic);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
      payBy: later(WINDOW).toISOString(),
    });
    expect(await winnerOf(auctionId)).toBe(vic.id);
    expect((await titlesTo(vic, auctionId)).slice(-2)).toEqual(['You won!', 'Payment failed']);

    advance(WINDOW);
    expect(await lifecycle()).toMatchObject({ winsReleased: 1 });
    expect(await winnerOf(auctionId)).toBeNull();
    expect((await titlesTo(vic, auctionId)).at(-1)).toBe('Your win was released');
    expect(
      (await titlesTo(host, auctionId)).filter((t) => t === 'Your date was offered to the next bidder'),
    ).toHaveLength(2);
    const toRex = await chargeOf(auctionId, rex);
    expect(toRex).toMatchObject({ payerId: rex.id, status: 'offered', amount: '22.00' });
    expect((await answerOffer(world.app, toRex.id, 'accept', rex)).json()).toMatchObject({ status: 'succeeded' });

    expect(await statusesOf(auctionId)).toEqual([
      [dan.id, 'expired', '99.00'],
      [tia.id, 'expired', '25.00'],
      [vic.id, 'expired', '24.00'],
      [rex.id, 'succeeded', '22.00'],
    ]);
    expect(await winnerOf(auctionId)).toBe(rex.id);
    expect(await providerPaymentsOf(world.db, toTia.id)).toEqual([]);
    expect(await providerPaymentsOf(world.db, toVic.id)).toHaveLength(1);
  });

  it('passes a lapsed offer to the next bidder, and ends without a winner when nobody takes the date', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const rex = await member('Rex', CARDS.succeeds);
    const tia = await member('Tia', CARDS.succeeds);
    const { auctionId, offer: toRex } = await offeredAuction({
      host,
      winner: dan,
      title: 'Karaoke',
      others: [
        { bidder: tia, amount: '29.00' },
        { bidder: rex, amount: '30.00' },
      ],
    });
    expect(toRex).toMatchObject({ payerId: rex.id, status: 'offered' });
    const hostTitles = await titlesTo(host, auctionId);

    advance(OFFER - 1000);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0 });
    advance(1000);
    expect(await lifecycle()).toMatchObject({ winsReleased: 1, chargesRecorded: 0 });

    expect(await statusesOf(auctionId)).toEqual([
      [dan.id, 'expired', '99.00'],
      [rex.id, 'expired', '30.00'],
      [tia.id, 'offered', '29.00'],
    ]);
    expect((await notificationsOf(world.db, rex.id, auctionId)).at(-1)).toMatchObject({
      type: 'auction_lost',
      title: 'Second chance offer expired',
      message:
        'You did not accept the second chance offer for "Karaoke" in time, so it was offered to the next bidder. ' +
        'You have not been charged.',
    });
    expect(await titlesTo(host, auctionId)).toEqual(hostTitles);
    expect((await getPayments(world.app, rex)).json().payments).toEqual([
      expect.objectContaining({ id: toRex.id, status: 'expired', payBy: null }),
    ]);

    const toTia = await chargeOf(auctionId, tia);
    expect((await answerOffer(world.app, toTia.id, 'decline', tia)).statusCode).toBe(200);

    expect(await statusesOf(auctionId)).toEqual([
      [dan.id, 'expired', '99.00'],
      [rex.id, 'expired', '30.00'],
      [tia.id, 'expired', '29.00'],
    ]);
    expect(await winnerOf(auctionId)).toBeNull();
    expect((await notificationsOf(world.db, host.id, auctionId)).at(-1)).toMatchObject({
      type: 'auction_ended',
      title: 'Nobody could pay for your date',
      message:
        'The winner of "Karaoke" could not pay and no other bidder took the date, so the auction ended without a winner.',
    });
    advance(OFFER * 2);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0 });
    expect(await chargesOf(world.db, auctionId)).toHaveLength(3);
  });

  it('refuses an answer after the offer deadline, changing nothing, and the sweep ends it', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const rex = await member('Rex', CARDS.succeeds);
    const { auctionId, offer } = await offeredAuction({
      host,
      winner: dan,
      title: 'Mini golf',
      others: [{ bidder: rex, amount: '40.00' }],
    });
    advance(OFFER); // the deadline itself, before any sweep ran
    const rexNotices = await titlesTo(rex, auctionId);

    for (const answer of ['accept', 'decline'] as const) {
      const res = await answerOffer(world.app, offer.id, answer, rex);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The time to accept this offer has passed.',
        code: 'bad_request',
        requestId: expect.any(String),
      });
    }
    expect(await statusesOf(auctionId)).toEqual([
      [dan.id, 'expired', '99.00'],
      [rex.id, 'offered', '40.00'],
    ]);
    expect(await winnerOf(auctionId)).toBeNull();
    expect(await providerPaymentsOf(world.db, offer.id)).toEqual([]);
    expect(await titlesTo(rex, auctionId)).toEqual(rexNotices);

    expect(await lifecycle()).toMatchObject({ winsReleased: 1 });
    expect((await notificationsOf(world.db, rex.id, auctionId)).at(-1)).toMatchObject({
      title: 'Second chance offer expired',
      message: 'You did not accept the second chance offer for "Mini golf" in time. You have not been charged.',
    });
    expect((await notificationsOf(world.db, host.id, auctionId)).at(-1)).toMatchObject({
      title: 'Nobody could pay for your date',
      message:
        'The winner of "Mini golf" could not pay and no other bidder took the date, so the auction ended without a winner.',
    });
    const after = await answerOffer(world.app, offer.id, 'accept', rex);
    expect(after.json()).toEqual({
      message: 'The time to accept this offer has passed.',
      code: 'bad_request',
      requestId: expect.any(String),
    });
  });

  it('refuses to accept without a card, changing nothing, and accepts once a card is saved', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const noel = await member('Noel'); // never saved a card
    const { auctionId, offer } = await offeredAuction({
      host,
      winner: dan,
      title: 'Ice skating',
      others: [{ bidder: noel, amount: '33.00' }],
    });
    expect(offer).toMatchObject({ payerId: noel.id, status: 'offered' });
    const noticeCounts = async () => [
      (await notificationsOf(world.db, noel.id, auctionId)).length,
      (await notificationsOf(world.db, host.id, auctionId)).length,
    ];
    const before = await noticeCounts();

    const refused = await answerOffer(world.app, offer.id, 'accept', noel);

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: PAYMENT_METHOD_REQUIRED,
      code: 'payment_method_required',
      requestId: expect.any(String),
    });
    expect((await chargesOf(world.db, auctionId)).at(-1)).toMatchObject({ status: 'offered', payBy: offer.payBy });
    expect(await winnerOf(auctionId)).toBeNull();
    expect(await noticeCounts()).toEqual(before);

    await addSandboxCard(world.app, noel.cookie, CARDS.succeeds);
    const accepted = await answerOffer(world.app, offer.id, 'accept', noel);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'succeeded', amount: '33.00', fee: '3.30' });
    expect(await winnerOf(auctionId)).toBe(noel.id);
  });

  it('lets only the offered member answer: nobody 401, anybody else 404', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const rex = await member('Rex', CARDS.succeeds);
    const tia = await member('Tia', CARDS.succeeds);
    const { auctionId, offer } = await offeredAuction({
      host,
      winner: dan,
      title: 'Pottery class',
      others: [
        { bidder: tia, amount: '41.00' },
        { bidder: rex, amount: '42.00' },
      ],
    });
    expect(offer).toMatchObject({ payerId: rex.id, status: 'offered' });
    const before = await chargesOf(world.db, auctionId);

    for (const answer of ['accept', 'decline'] as const) {
      const anonymous = await answerOffer(world.app, offer.id, answer);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: 'Unauthorized' });
      // The host, the previous winner and another bidder: it is not theirs, so it does not exist for them.
      for (const other of [host, dan, tia]) {
        const res = await answerOffer(world.app, offer.id, answer, other);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Payment not found', code: 'not_found', requestId: expect.any(String) });
      }
      for (const id of ['not-a-uuid', randomUUID()]) {
        const res = await answerOffer(world.app, id, answer, rex);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Payment not found', code: 'not_found', requestId: expect.any(String) });
      }
      // A page on another site cannot answer for Rex's browser (docs/engineering.md §5).
      const crossSite = await answerOffer(world.app, offer.id, answer, rex, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode).toBe(403);
    }
    // Dan's own expired charge is his, but it is no offer to accept.
    const own = await answerOffer(world.app, before[0]!.id, 'accept', dan);
    expect(own.json()).toEqual({
      message: 'This payment is not an offer.',
      code: 'bad_request',
      requestId: expect.any(String),
    });

    expect(await chargesOf(world.db, auctionId)).toEqual(before);
    expect(await winnerOf(auctionId)).toBeNull();
    expect(await providerPaymentsOf(world.db, offer.id)).toEqual([]);

    // Rex himself can.
    expect((await answerOffer(world.app, offer.id, 'accept', rex)).json()).toMatchObject({ status: 'succeeded' });
  });

  it('clears the winner and tells the host when no other bidder is left', async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const auctionId = await insertAuction(world.db, {
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

    expect(await statusesOf(auctionId)).toEqual([[dan.id, 'expired', '31.00']]);
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
    expect(row).toMatchObject({ isActive: false, winnerId: null });
    expect((await notificationsOf(world.db, host.id, auctionId)).at(-1)).toMatchObject({
      type: 'auction_ended',
      title: 'Nobody could pay for your date',
      message:
        'The winner of "Karaoke" could not pay and no other bidder is left, so the auction ended without a winner.',
    });
    expect((await notificationsOf(world.db, dan.id, auctionId)).at(-1)).toMatchObject({
      type: 'payment_failed',
      message:
        'The time to fix your payment for "Karaoke" has passed, so your win was released. You have not been charged.',
    });
  });

  it("refuses to accept or decline a winner's own charge with a true message, changing nothing", async () => {
    const host = await member('Hana');
    const dan = await member('Dan', CARDS.declines);
    const rex = await member('Rex', CARDS.succeeds);
    const val = await member('Val', CARDS.succeeds);
    const fay = await member('Fay', CARDS.declines);
    const notAnOffer = { message: 'This payment is not an offer.', code: 'bad_request', requestId: expect.any(String) };
    const answersToAll = async (chargeId: string, who: Member) => {
      for (const answer of ['accept', 'decline'] as const) {
        const res = await answerOffer(world.app, chargeId, answer, who);
        expect(res.statusCode, `${answer}: ${res.body}`).toBe(400);
        expect(res.json(), answer).toEqual(notAnOffer);
      }
    };

    // Failed and still fixable: neither answer touches it, and a retry still can.
    const failedAuction = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: ago(1),
      bids: [{ bidderId: fay.id, amount: '45.00', at: ago(10) }],
    });
    await lifecycle();
    const [failed] = await chargesOf(world.db, failedAuction);
    expect(failed!.status).toBe('failed');
    await answersToAll(failed!.id, fay);
    expect(await chargesOf(world.db, failedAuction)).toEqual([failed]);
    // Settled here, so no later test's sweep finds it lapsed.
    await addSandboxCard(world.app, fay.cookie, CARDS.succeeds);
    expect((await retryPayment(world.app, failed!.id, fay)).json()).toMatchObject({ status: 'succeeded' });

    // Paid.
    const paidAuction = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: ago(1),
      bids: [{ bidderId: val.id, amount: '30.00', at: ago(10) }],
    });
    await lifecycle();
    const [paid] = await chargesOf(world.db, paidAuction);
    expect(paid!.status).toBe('succeeded');
    await answersToAll(paid!.id, val);
    expect(await chargesOf(world.db, paidAuction)).toEqual([paid]);

    // Released to the runner-up: the winner's expired row is still not an offer, while the
    // runner-up's row (made later) is one and stays open.
    const { auctionId, offer } = await offeredAuction({
      host,
      winner: dan,
      title: 'Pottery class',
      others: [{ bidder: rex, amount: '40.00' }],
    });
    const dansRow = await chargeOf(auctionId, dan);
    const before = await chargesOf(world.db, auctionId);
    const notices = [await titlesTo(dan, auctionId), await titlesTo(host, auctionId)];
    await answersToAll(dansRow.id, dan);
    expect(await chargesOf(world.db, auctionId)).toEqual(before);
    expect([await titlesTo(dan, auctionId), await titlesTo(host, auctionId)]).toEqual(notices);
    expect(await winnerOf(auctionId)).toBeNull();
    expect((await answerOffer(world.app, offer.id, 'accept', rex)).json()).toMatchObject({ status: 'succeeded' });
  });

  it('keeps a win that was fixed in time', async () => {
    const host = await member('Hana');
    const rex = await member('Rex', CARDS.succeeds);
    const val = await member('Val', CARDS.declines);
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: ago(1),
      bids: [
        { bidderId: rex.id, amount: '40.00', at: ago(20) },
        { bidderId: val.id, amount: '45.00', at: ago(10) },
      ],
    });
    await lifecycle();
    const [charge] = await chargesOf(world.db, auctionId);
    expect(charge!.status).toBe('failed');
    advance(WINDOW - HOUR);
    await addSandboxCard(world.app, val.cookie, CARDS.succeeds);
    expect((await retryPayment(world.app, charge!.id, val)).json()).toMatchObject({ status: 'succeeded' });

    advance(2 * HOUR);
    expect(await lifecycle()).toMatchObject({ winsReleased: 0 });
    expect(await statusesOf(auctionId)).toEqual([[val.id, 'succeeded', '45.00']]);
    expect(await winnerOf(auctionId)).toBe(val.id);
  });
});

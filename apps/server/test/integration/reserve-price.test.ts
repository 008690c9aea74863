import {
  RESERVE_PRICE_MESSAGES,
  RESERVE_SECOND_CHANCE_MESSAGES,
  SECOND_CHANCE_NO_FIELDS_MESSAGE,
  SECOND_CHANCE_OFFER_HOURS,
  type AuctionDetail,
  type AuctionListItem,
  type PlaceBidResponse,
} from '@bid/contract';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auctions, bids } from '../../src/db/schema/index.js';
import { answerOffer, chargesOf, chargingWorld, HOUR, notificationsOf } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { withSession } from '../support/session.js';
import { CARDS } from '../support/payments.js';
import { auctionInput, type Member } from '../support/world.js';

/**
 * The reserve price (issue 40 point 1, docs/auctions.md "Reserve price"): create and edit, the
 * amount private to the host, `reserveMet` in public answers and events, the rule in `place_bids`,
 * Buy Now until it is met, closing below it, and the host's second-chance offer.
 */
describe.each(testDatabaseFactories())('reserve price on $kind', (factory) => {
  const { world, advance, lifecycle } = chargingWorld(factory, new Date('2031-09-01T18:00:00.000Z'), {
    env: { BIDS_PER_MINUTE: '10000' },
    listen: true,
  });
  const member = (label: string) => world.signUp(label, { card: CARDS.succeeds });
  const auctionCount = async (host: Member) =>
    Number((await world.db.select({ n: count() }).from(auctions).where(eq(auctions.creatorId, host.id)))[0]!.n);
  const row = async (id: string) => (await world.db.select().from(auctions).where(eq(auctions.id, id)))[0]!;
  const put = (who: Member | undefined, id: string, payload: unknown) =>
    world.app.inject({
      method: 'PUT',
      url: `/api/auctions/${id}`,
      cookies: withSession(who?.cookie),
      payload: payload as object,
    });
  const secondChance = (who: Member | undefined, id: string, payload?: object) =>
    world.app.inject({
      method: 'POST',
      url: `/api/auctions/${id}/second-chance`,
      cookies: withSession(who?.cookie),
      ...(payload ? { payload } : {}),
    });
  const createRaw = (host: Member, overrides: Record<string, unknown>) =>
    world.app.inject({
      method: 'POST',
      url: '/api/auctions',
      payload: { ...auctionInput({}, world.clock), ...overrides },
      cookies: withSession(host.cookie),
    });
  const titlesTo = async (who: Member, auctionId: string) =>
    (await notificationsOf(world.db, who.id, auctionId)).map((n) => n.title);

  it('creates with a reserve only in whole dollars from the starting bid to $100,000, naming the field', async () => {
    const host = await member('Hana');
    const refused: Array<[unknown, string]> = [
      ['15', RESERVE_PRICE_MESSAGES.belowStartingBid],
      ['60.50', RESERVE_PRICE_MESSAGES.invalid],
      ['abc', RESERVE_PRICE_MESSAGES.invalid],
      ['100001', RESERVE_PRICE_MESSAGES.tooHigh],
    ];
    for (const [reservePrice, message] of refused) {
      const res = await createRaw(host, { startingBid: '20', reservePrice });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', field: 'reservePrice', message });
    }
    expect(await auctionCount(host)).toBe(0);
    const created = await world.createAuction(host, { startingBid: '20', reservePrice: '20' });
    expect(created).toMatchObject({ reservePrice: '20.00', reserveMet: false });
    const none = await world.createAuction(host, {});
    expect(none.reservePrice).toBeNull();
    expect(none).not.toHaveProperty('reserveMet');
  });

  it('never shows the amount to anyone but the host; everyone sees reserveMet', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const auction = await world.createAuction(host, { startingBid: '10', reservePrice: '67', title: 'Reserve coffee' });
    for (const who of [undefined, ann]) {
      const detail = await world.get(`/api/auctions/${auction.id}`, who);
      expect(detail.json<AuctionDetail>()).toMatchObject({ reserveMet: false });
      expect(detail.json()).not.toHaveProperty('reservePrice');
      expect(detail.body).not.toContain('67.00');
      const list = await world.get('/api/auctions?limit=100', who);
      const card = list.json<AuctionListItem[]>().find((item) => item.id === auction.id)!;
      expect(card).toMatchObject({ reserveMet: false });
      expect(card).not.toHaveProperty('reservePrice');
      expect(list.body).not.toContain('67.00');
    }
    const own = await world.get(`/api/auctions/${auction.id}`, host);
    expect(own.json()).toMatchObject({ reservePrice: '67.00', reserveMet: false });
    const mine = await world.get('/api/my-auctions', host);
    expect(mine.json<Array<{ id: string; reservePrice: string }>>().find((a) => a.id === auction.id)).toMatchObject({
      reservePrice: '67.00',
    });
  });

  it('below the reserve the price follows the normal rule; a maximum at or above it jumps to it, live', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const ben = await member('Ben');
    const auction = await world.createAuction(host, { startingBid: '10', reservePrice: '60', buyNowPrice: '150' });
    const socket = await world.live(ann);
    await socket.request({ type: 'subscribe_auction', auctionId: auction.id });

    const first = await world.bid(ann, { auctionId: auction.id, amount: '10', maxAmount: '30' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PlaceBidResponse>().auction).toMatchObject({ currentBid: '10.00', reserveMet: false });
    expect(await socket.take((m) => m.type === 'bid_update')).toMatchObject({ newBid: '10.00', reserveMet: false });

    // Buy Now stays while the reserve is not met.
    expect((await world.get(`/api/auctions/${auction.id}`, ben)).json<AuctionDetail>().reserveMet).toBe(false);

    const second = await world.bid(ben, { auctionId: auction.id, amount: '11', maxAmount: '80' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<PlaceBidResponse>()).toMatchObject({
      bid: { amount: '60.00' },
      auction: { currentBid: '60.00', reserveMet: true },
    });
    const update = await socket.take((m) => m.type === 'bid_update' && m.newBid === '60.00');
    expect(update).toMatchObject({ reserveMet: true });
    expect(JSON.stringify(update)).not.toContain('80.00');
    const stored = await world.db
      .select({ bidderId: bids.bidderId, amount: bids.amount, isAutomatic: bids.isAutomatic })
      .from(bids)
      .where(eq(bids.auctionId, auction.id))
      .orderBy(asc(bids.createdAt));
    expect(stored).toEqual([
      { bidderId: ann.id, amount: '10.00', isAutomatic: false },
      { bidderId: ann.id, amount: '30.00', isAutomatic: true },
      { bidderId: ben.id, amount: '60.00', isAutomatic: false },
    ]);

    // Met: Buy Now is gone, and nothing changes.
    const buy = await world.app.inject({
      method: 'POST',
      url: `/api/auctions/${auction.id}/buy-now`,
      cookies: withSession(ann.cookie),
    });
    expect(buy.statusCode, buy.body).toBe(400);
    expect(buy.json()).toMatchObject({ message: 'Buy Now is not available for this auction' });
    expect(await row(auction.id)).toMatchObject({ isActive: true, winnerId: null, currentBid: '60.00' });
  });

  it('a leader raising their maximum to the reserve lifts the price to it; Buy Now works until then', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const ben = await member('Ben');
    const auction = await world.createAuction(host, { startingBid: '10', reservePrice: '50', buyNowPrice: '150' });
    expect((await world.bid(ann, { auctionId: auction.id, amount: '12' })).statusCode).toBe(201);
    const raise = await world.bid(ann, { auctionId: auction.id, amount: '12', maxAmount: '55' });
    expect(raise.statusCode, raise.body).toBe(201);
    expect(raise.json<PlaceBidResponse>()).toMatchObject({
      bid: { amount: '50.00' },
      auction: { currentBid: '50.00', reserveMet: true },
    });

    const other = await world.createAuction(host, { startingBid: '10', reservePrice: '50', buyNowPrice: '150' });
    expect((await world.bid(ann, { auctionId: other.id, amount: '12' })).statusCode).toBe(201);
    const buy = await world.app.inject({
      method: 'POST',
      url: `/api/auctions/${other.id}/buy-now`,
      cookies: withSession(ben.cookie),
    });
    expect(buy.statusCode, buy.body).toBe(200);
  });

  it('edit: only lowers once bids are in (nothing changed otherwise); a lower reserve the leader meets lifts the price', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const eve = await member('Eve');
    const auction = await world.createAuction(host, { startingBid: '10', reservePrice: '90' });
    expect((await put(undefined, auction.id, { reservePrice: '80' })).statusCode).toBe(401);
    const stranger = await put(eve, auction.id, { reservePrice: '80' });
    expect(stranger.statusCode).toBe(403);
    const bad = await put(host, auction.id, { reservePrice: '80.25' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'reservePrice', message: RESERVE_PRICE_MESSAGES.invalid });
    const below = await put(host, auction.id, { reservePrice: '5' });
    expect(below.json()).toMatchObject({ field: 'reservePrice', message: RESERVE_PRICE_MESSAGES.belowStartingBid });
    // Before any bid it may go up.
    expect((await put(host, auction.id, { reservePrice: '95' })).json()).toMatchObject({ reservePrice: '95.00' });

    expect((await world.bid(ann, { auctionId: auction.id, amount: '10', maxAmount: '70' })).statusCode).toBe(201);
    const up = await put(host, auction.id, { reservePrice: '99' });
    expect(up.statusCode).toBe(400);
    expect(up.json()).toMatchObject({ field: 'reservePrice', message: RESERVE_PRICE_MESSAGES.onlyLower });
    expect(await row(auction.id)).toMatchObject({ reservePrice: '95.00', currentBid: '10.00' });

    const socket = await world.live(ann);
    await socket.request({ type: 'subscribe_auction', auctionId: auction.id });
    const lowered = await put(host, auction.id, { reservePrice: '65' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({ reservePrice: '65.00', currentBid: '65.00', reserveMet: true, bidCount: 2 });
    expect(await socket.take((m) => m.type === 'bid_update')).toMatchObject({ newBid: '65.00', reserveMet: true });
    expect(await row(auction.id)).toMatchObject({ leaderId: ann.id, currentBid: '65.00' });
  });

  it('closes below the reserve with no winner and no charge, and tells the host and the highest bidder', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const ben = await member('Ben');
    const auction = await world.createAuction(host, {
      startingBid: '10',
      reservePrice: '60',
      title: 'Dinner below reserve',
      endTime: new Date(world.clock.getTime() + HOUR).toISOString(),
    });
    expect((await world.bid(ann, { auctionId: auction.id, amount: '20' })).statusCode).toBe(201);
    expect((await world.bid(ben, { auctionId: auction.id, amount: '35' })).statusCode).toBe(201);
    advance(2 * HOUR);
    await lifecycle();
    expect(await row(auction.id)).toMatchObject({ isActive: false, winnerId: null });
    expect(await chargesOf(world.db, auction.id)).toEqual([]);
    expect(await titlesTo(host, auction.id)).toContain('The reserve was not met');
    const toBen = await notificationsOf(world.db, ben.id, auction.id);
    expect(toBen.map((n) => [n.title, n.message])).toContainEqual([
      'The reserve was not met',
      `"Dinner below reserve" ended below the host's reserve price, so it has no winner. You will not be charged. The host may still offer you the date at your bid of $35.`,
    ]);
    expect((await notificationsOf(world.db, ann.id, auction.id)).map((n) => n.message)).toContain(
      '"Dinner below reserve" ended without a winner: the reserve price was not met. You will not be charged.',
    );
    const page = await world.get(`/api/auctions/${auction.id}`, ann);
    expect(page.json()).toMatchObject({ reserveMet: false, winnerId: null, isActive: false });
  });

  it('second chance: host only, one offer, to the highest bidder at their highest bid; accepted, they win and pay', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const ben = await member('Ben');
    const eve = await member('Eve');
    const auction = await world.createAuction(host, {
      startingBid: '10',
      reservePrice: '60',
      endTime: new Date(world.clock.getTime() + HOUR).toISOString(),
    });
    expect((await world.bid(ann, { auctionId: auction.id, amount: '20' })).statusCode).toBe(201);
    expect((await world.bid(ben, { auctionId: auction.id, amount: '35' })).statusCode).toBe(201);
    // Still open: nothing to offer.
    const early = await secondChance(host, auction.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: RESERVE_SECOND_CHANCE_MESSAGES.notEnded });
    advance(2 * HOUR);
    await lifecycle();

    expect((await secondChance(undefined, auction.id)).statusCode).toBe(401);
    const other = await secondChance(eve, auction.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: RESERVE_SECOND_CHANCE_MESSAGES.notYours });
    expect((await secondChance(ben, auction.id)).statusCode).toBe(403);
    expect((await secondChance(host, 'not-an-id')).statusCode).toBe(404);
    const field = await secondChance(host, auction.id, { amount: '50' });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({
      code: 'validation',
      field: 'amount',
      message: SECOND_CHANCE_NO_FIELDS_MESSAGE,
    });
    expect(await chargesOf(world.db, auction.id)).toEqual([]);

    const sent = await secondChance(host, auction.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      auctionId: auction.id,
      status: 'offered',
      amount: '35.00',
      payBy: new Date(world.clock.getTime() + SECOND_CHANCE_OFFER_HOURS * HOUR).toISOString(),
      bidder: { id: ben.id, displayName: 'Ben T.' },
    });
    const again = await secondChance(host, auction.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: RESERVE_SECOND_CHANCE_MESSAGES.alreadySent });
    expect(await titlesTo(ben, auction.id)).toContain('Second chance offer');

    const offerId = sent.json<{ id: string }>().id;
    const accepted = await answerOffer(world.app, offerId, 'accept', ben);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'succeeded', amount: '35.00' });
    expect(await row(auction.id)).toMatchObject({ winnerId: ben.id });
  });

  it('a declined offer passes to nobody; an auction that met its reserve gets none', async () => {
    const host = await member('Hana');
    const ann = await member('Ann');
    const ben = await member('Ben');
    const below = await world.createAuction(host, {
      startingBid: '10',
      reservePrice: '60',
      endTime: new Date(world.clock.getTime() + HOUR).toISOString(),
    });
    const met = await world.createAuction(host, {
      startingBid: '10',
      reservePrice: '15',
      endTime: new Date(world.clock.getTime() + HOUR).toISOString(),
    });
    expect((await world.bid(ann, { auctionId: below.id, amount: '20' })).statusCode).toBe(201);
    expect((await world.bid(ben, { auctionId: below.id, amount: '35' })).statusCode).toBe(201);
    expect((await world.bid(ann, { auctionId: met.id, amount: '20' })).statusCode).toBe(201);
    advance(2 * HOUR);
    await lifecycle();
    expect(await row(met.id)).toMatchObject({ winnerId: ann.id });
    const refused = await secondChance(host, met.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: RESERVE_SECOND_CHANCE_MESSAGES.reserveMet });

    const sent = await secondChance(host, below.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const declined = await answerOffer(world.app, sent.json<{ id: string }>().id, 'decline', ben);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await chargesOf(world.db, below.id)).map((c) => [c.payerId, c.status])).toEqual([[ben.id, 'expired']]);
    expect(await titlesTo(host, below.id)).toContain('Your second-chance offer was not taken');
    expect(await row(below.id)).toMatchObject({ winnerId: null });
  });
});

import type { AuctionDetail, ReportReceipt } from '@bid/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, auditLogs, bids, notifications } from '../../src/db/schema/index.js';
import { createWorld, type Member } from '../support/world.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';

type Person = Member;

const MODERATOR_EMAIL = 'void.mod@example.com';

describe.each(testDatabaseFactories())('voiding bids on $kind', (factory) => {
  const world = createWorld(factory, { env: { MODERATOR_EMAILS: MODERATOR_EMAIL } });
  let testDb: TestDatabase;
  let moderator: Person;
  let host: Person;
  let ann: Person;
  let ben: Person;

  const signUp = (firstName: string, email?: string) => world.signUp(firstName, { email });
  const { call } = world;
  const createAuction = async (title: string) => (await world.createAuction(host, { title })).id;
  const bid = async (who: Person, payload: Record<string, unknown>) => {
    const res = await call(who, 'POST', '/api/bids', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ bid: { id: string } }>().bid.id;
  };
  const auctionRow = async (id: string) =>
    (await testDb.database.db.select().from(auctions).where(eq(auctions.id, id)))[0]!;
  const noticesOf = (who: Person, auctionId: string) =>
    testDb.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.relatedAuctionId, auctionId)));

  beforeAll(async () => {
    await world.open();
    ({ testDb } = world);
    moderator = await signUp('Morgan', MODERATOR_EMAIL);
    host = await signUp('Host');
    ann = await signUp('Ann');
    ben = await signUp('Ben');
  }, 120_000);
  afterAll(() => world.close());

  it('voids a leader’s bids and maximum, recomputes the price from what remains, tells everyone, audits', async () => {
    const auctionId = await createAuction('Coffee to void');
    const annsBid = await bid(ann, { auctionId, amount: '20', maxAmount: '100' });
    await bid(ben, { auctionId, amount: '50' });
    expect((await auctionRow(auctionId)).currentBid).toBe('51.00');

    // Members other than moderators do not see the route; a reason is required.
    expect((await call(ben, 'POST', `/api/moderation/bids/${annsBid}/void`, { reason: 'Shill' })).statusCode).toBe(404);
    expect((await call(moderator, 'POST', `/api/moderation/bids/${annsBid}/void`, {})).statusCode).toBe(400);
    expect((await auctionRow(auctionId)).currentBid).toBe('51.00');

    const res = await call(moderator, 'POST', `/api/moderation/bids/${annsBid}/void`, { reason: 'Shill bidding' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ auctionId, currentBid: '50.00', bidCount: 1 });
    const row = await auctionRow(auctionId);
    expect(row).toMatchObject({ currentBid: '50.00', bidCount: 1, leaderId: ben.id, leaderMax: '50.00' });
    const stored = await testDb.database.db
      .select()
      .from(bids)
      .where(eq(bids.auctionId, auctionId))
      .orderBy(asc(bids.createdAt));
    expect(stored.map((b) => [b.bidderId, b.amount, b.voidedAt !== null])).toEqual([
      [ann.id, '20.00', true],
      [ben.id, '50.00', false],
      [ann.id, '51.00', true],
    ]);
    const detail = (await call(ben, 'GET', `/api/auctions/${auctionId}`)).json<AuctionDetail>();
    expect(detail.bids.map((b) => b.bidder.id)).toEqual([ben.id]);
    expect(detail.bidderCount).toBe(1);

    expect((await noticesOf(ann, auctionId)).map((n) => [n.type, n.message])).toContainEqual([
      'moderation_action',
      'Our moderators removed your bids on "Coffee to void". Reason: Shill bidding',
    ]);
    expect((await noticesOf(ben, auctionId)).map((n) => [n.type, n.message])).toContainEqual([
      'auction_updated',
      'Our moderators removed a bid on "Coffee to void". The current bid is now $50.',
    ]);
    const audit = await testDb.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, annsBid));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'delete', resource: 'bid', userId: moderator.id });

    // Twice is a 409 that changes nothing; bidding goes on from the recomputed price.
    expect(
      (await call(moderator, 'POST', `/api/moderation/bids/${annsBid}/void`, { reason: 'Again' })).statusCode,
    ).toBe(409);
    const next = await call(ann, 'POST', '/api/bids', { auctionId, amount: '50' });
    expect(next.json().message).toBe('Bid must be at least 51');
  });

  it('raises the new leader to the price their rivals’ maximums force when the leader goes', async () => {
    const auctionId = await createAuction('Coffee with three');
    const cat = await signUp('Cat');
    await bid(ann, { auctionId, amount: '20', maxAmount: '60' }); // ann leads at 20
    await bid(ben, { auctionId, amount: '30', maxAmount: '80' }); // ben leads at 61
    const catsBid = await bid(cat, { auctionId, amount: '62', maxAmount: '200' }); // cat leads at 81
    expect((await auctionRow(auctionId)).currentBid).toBe('81.00');
    const res = await call(moderator, 'POST', `/api/moderation/bids/${catsBid}/void`, { reason: 'Stolen card' });
    expect(res.statusCode, res.body).toBe(200);
    // Ben's maximum (80, shown at 80 when Cat beat it) now leads; Ann's 60 is beaten by a step.
    expect(await auctionRow(auctionId)).toMatchObject({ leaderId: ben.id, currentBid: '80.00' });
  });

  it('a suspended member’s open bids are voided the same way', async () => {
    const auctionId = await createAuction('Coffee with a suspended bidder');
    const dan = await signUp('Dan');
    await bid(ann, { auctionId, amount: '20' });
    await bid(dan, { auctionId, amount: '40', maxAmount: '90' });
    expect(await auctionRow(auctionId)).toMatchObject({ leaderId: dan.id, currentBid: '40.00' });

    const report = await call(ann, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: dan.id,
      reason: 'harassment',
    });
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await call(
      moderator,
      'POST',
      `/api/moderation/reports/${report.json<ReportReceipt>().id}/resolve`,
      {
        action: 'suspend_user',
        reasons: 'Repeated harassment.',
      },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await auctionRow(auctionId)).toMatchObject({ leaderId: ann.id, currentBid: '20.00', bidCount: 1 });
  });
});

import type { AuctionDetail, AuctionListItem } from '@bid/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions } from '../../src/db/schema/index.js';
import { closeDueAuctions } from '../../src/modules/auctions/lifecycle/close-due-auctions.js';
import { notifyEndingSoon } from '../../src/modules/auctions/lifecycle/notify-ending-soon.js';
import { createWorld, type Member } from '../support/world.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { notificationsOf } from '../support/notifications.js';

type Person = Member;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabaseFactories())('the watchlist on $kind', (factory) => {
  const world = createWorld(factory, { clock: new Date(Math.floor(Date.now() / MINUTE) * MINUTE) });
  let testDb: TestDatabase;
  let host: Person;
  let ann: Person;
  let ben: Person;

  const signUp = (firstName: string) => world.signUp(firstName);
  const { call } = world;
  const createAuction = async (title: string, endsIn = 24 * HOUR) =>
    (await world.createAuction(host, { title, endTime: new Date(world.clock.getTime() + endsIn).toISOString() })).id;
  const detail = async (id: string, who?: Person) =>
    (await call(who, 'GET', `/api/auctions/${id}`)).json<AuctionDetail>();
  const endingSoonTo = (who: Person, auctionId: string) =>
    notificationsOf(testDb.database.db, who.id, auctionId, 'auction_ending_soon');

  beforeAll(async () => {
    await world.open();
    ({ testDb } = world);
    host = await signUp('Host');
    ann = await signUp('Ann');
    ben = await signUp('Ben');
  }, 120_000);
  afterAll(() => world.close());

  it('watches and unwatches idempotently, with the heart and the count on list and detail', async () => {
    const id = await createAuction('Coffee to watch');
    expect((await call(undefined, 'PUT', `/api/auctions/${id}/watch`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await call(ann, 'PUT', `/api/auctions/${id}/watch`)).statusCode).toBe(204);
    expect(await detail(id, ann)).toMatchObject({ isWatched: true, watcherCount: 1 });
    expect(await detail(id, ben)).toMatchObject({ isWatched: false, watcherCount: 1 });
    expect(await detail(id)).toMatchObject({ isWatched: false, watcherCount: 1 });
    const feed = (await call(ann, 'GET', '/api/auctions?limit=100')).json<AuctionListItem[]>();
    expect(feed.find((a) => a.id === id)).toMatchObject({ isWatched: true, watcherCount: 1 });
    const list = (await call(ann, 'GET', '/api/watchlist')).json<AuctionListItem[]>();
    expect(list.map((a) => a.id)).toContain(id);

    for (let i = 0; i < 2; i++) expect((await call(ann, 'DELETE', `/api/auctions/${id}/watch`)).statusCode).toBe(204);
    expect(await detail(id, ann)).toMatchObject({ isWatched: false, watcherCount: 0 });
    expect((await call(ann, 'GET', '/api/watchlist')).json<AuctionListItem[]>().map((a) => a.id)).not.toContain(id);

    expect((await call(ann, 'PUT', '/api/auctions/not-an-id/watch')).statusCode).toBe(404);
    expect((await call(ann, 'PUT', '/api/auctions/00000000-0000-4000-8000-000000000000/watch')).statusCode).toBe(404);
    expect((await call(undefined, 'GET', '/api/watchlist')).statusCode).toBe(401);
  });

  it('watches an auction on a bid, lists open ones first, and leaves out blocked and hidden ones', async () => {
    const later = await createAuction('Later coffee', 48 * HOUR);
    const sooner = await createAuction('Sooner coffee', 12 * HOUR);
    expect((await call(ben, 'POST', '/api/bids', { auctionId: later, amount: '20' })).statusCode).toBe(201);
    expect(await detail(later, ben)).toMatchObject({ isWatched: true, watcherCount: 1 });
    expect((await call(ben, 'PUT', `/api/auctions/${sooner}/watch`)).statusCode).toBe(204);
    const ended = await createAuction('Ended coffee', 1 * HOUR);
    expect((await call(ben, 'PUT', `/api/auctions/${ended}/watch`)).statusCode).toBe(204);
    await testDb.database.db
      .update(auctions)
      .set({ endTime: new Date(world.clock.getTime() - MINUTE) })
      .where(eq(auctions.id, ended));

    const ids = (await call(ben, 'GET', '/api/watchlist')).json<AuctionListItem[]>().map((a) => a.id);
    expect(ids.filter((id) => [later, sooner, ended].includes(id))).toEqual([sooner, later, ended]);

    // Hidden by a moderator: gone from the list, and cannot be watched again.
    await testDb.database.db.update(auctions).set({ hiddenAt: world.clock }).where(eq(auctions.id, sooner));
    expect((await call(ben, 'GET', '/api/watchlist')).json<AuctionListItem[]>().map((a) => a.id)).not.toContain(sooner);
    expect((await call(ann, 'PUT', `/api/auctions/${sooner}/watch`)).statusCode).toBe(404);

    // A block either way: the host's auctions leave the list and cannot be watched.
    expect((await call(host, 'POST', '/api/blocks', { userId: ben.id })).statusCode).toBeLessThan(300);
    expect((await call(ben, 'GET', '/api/watchlist')).json<AuctionListItem[]>()).toEqual([]);
    const refused = await call(ben, 'PUT', `/api/auctions/${later}/watch`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot watch this auction because one of you has blocked the other');
    expect((await call(host, 'DELETE', `/api/blocks/${ben.id}`)).statusCode).toBeLessThan(300);
  });

  it('tells watchers and bidders an auction ends soon once each, also when soft close moves the end', async () => {
    const id = await createAuction('Coffee ending soon', 30 * MINUTE);
    const cat = await signUp('Cat');
    expect((await call(cat, 'PUT', `/api/auctions/${id}/watch`)).statusCode).toBe(204);
    // A watcher hears even before anyone bid.
    await notifyEndingSoon(testDb.database.db, world.clock, 60);
    expect(await endingSoonTo(cat, id)).toHaveLength(1);

    expect((await call(ann, 'POST', '/api/bids', { auctionId: id, amount: '20' })).statusCode).toBe(201);
    expect(await notifyEndingSoon(testDb.database.db, world.clock, 60)).toEqual([{ auctionId: id, bidderCount: 1 }]);
    expect(await endingSoonTo(ann, id)).toHaveLength(1);

    // Soft close moves the end; nobody hears twice, and a late bidder still hears once.
    world.clock = new Date(world.clock.getTime() + 29 * MINUTE);
    expect((await call(ben, 'POST', '/api/bids', { auctionId: id, amount: '21' })).statusCode).toBe(201);
    expect((await detail(id)).endTime).toBe(new Date(world.clock.getTime() + 2 * MINUTE).toISOString());
    await notifyEndingSoon(testDb.database.db, world.clock, 60);
    await notifyEndingSoon(testDb.database.db, world.clock, 60);
    expect(await endingSoonTo(cat, id)).toHaveLength(1);
    expect(await endingSoonTo(ann, id)).toHaveLength(1);
    expect(await endingSoonTo(ben, id)).toHaveLength(1);
    expect(await endingSoonTo(host, id)).toHaveLength(0);
  });

  it('closes with the member whose maximum won a tie, at that maximum', async () => {
    const id = await createAuction('Coffee with a tie', 2 * HOUR);
    expect((await call(ann, 'POST', '/api/bids', { auctionId: id, amount: '20', maxAmount: '100' })).statusCode).toBe(
      201,
    );
    const tie = await call(ben, 'POST', '/api/bids', { auctionId: id, amount: '100' });
    expect(tie.json()).toMatchObject({ outbidByAutomaticBid: true, auction: { currentBid: '100.00' } });
    world.clock = new Date(world.clock.getTime() + 3 * HOUR);
    const closed = await closeDueAuctions(testDb.database.db, world.clock);
    expect(closed.find((a) => a.auctionId === id)).toMatchObject({ winnerId: ann.id, winningBid: '100.00' });
  });
});

import {
  SAVED_SEARCH_MATCH_TITLE,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchList,
} from '@bid/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import {
  auctions,
  notificationDeliveries,
  notifications,
  pendingAuctionAnnouncements,
  savedSearches,
  users,
} from '../../src/db/schema/index.js';
import { queueAuctionAnnouncement } from '../../src/modules/saved-searches/saved-searches.repository.js';
import { announceVisibleAuction } from '../../src/modules/saved-searches/saved-searches.service.js';
import { createLifecycleJob } from '../../src/use-cases/close-due-auctions.job.js';
import { SAVED_SEARCH_EMAIL_SKIPPED } from '../../src/modules/saved-searches/saved-search-emails.js';
import { austinCoffeeRow } from '../support/auctions.js';
import { connectionUrlOf, describePostgresOnly, testDatabaseFactories } from '../support/databases.js';
import { suiteWorld, type Member, type World } from '../support/world.js';

const DAY = 24 * 3_600_000;

/**
 * An auction published and committed whose saved-search match never ran: what an instance that
 * died right after the commit leaves (docs/notifications.md "Saved searches: matched after the
 * commit"). Inserted directly, with its queue row, in one transaction as POST /api/auctions does.
 */
async function committedButUnmatched(world: World, hostId: string, title: string): Promise<string> {
  return world.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(auctions)
      .values(austinCoffeeRow(hostId, title, new Date(world.clock.getTime() + DAY)))
      .returning({ id: auctions.id });
    await queueAuctionAnnouncement(tx, row!.id);
    return row!.id;
  });
}

/** `res` is a refusal: its status, the contract's message and the field it names (if any). */
function expectRefused(
  res: { statusCode: number; body: string; json: <T>() => T },
  expected: { status: number; message: string; field?: string },
) {
  expect(res.statusCode, res.body).toBe(expected.status);
  const body = res.json<{ message: string; field?: string }>();
  expect(body.message).toBe(expected.message);
  if (expected.field) expect(body.field).toBe(expected.field);
}

/**
 * Saved searches (docs/auctions.md "Saved searches", docs/notifications.md): the three routes with
 * their refusals, the match made by the database when an auction is published (own auctions and
 * blocked members left out, one notice per member), and the e-mail limit with its daily digest,
 * against a real SMTP server.
 */
describe.each(testDatabaseFactories())('saved searches on $kind', (factory) => {
  // A clock ahead of the database's, so outbox rows (due from the database's clock) are due.
  const world = suiteWorld(factory, { clock: new Date('2031-03-01T12:00:00.000Z'), smtp: true });
  const { call } = world;
  let host: Member;
  let ann: Member;
  let bob: Member;
  let cat: Member;

  beforeAll(async () => {
    // Everyone signs up in Austin, TX (78701) unless a test says otherwise.
    host = await world.signUp('Hosta');
    ann = await world.signUp('Ann');
    bob = await world.signUp('Bob');
    cat = await world.signUp('Cat');
  }, 120_000);

  const save = (who: Member | undefined, body: unknown) => call(who, 'POST', '/api/saved-searches', body as object);
  const listOf = async (who: Member) =>
    (await call(who, 'GET', '/api/saved-searches')).json<SavedSearchList>().savedSearches;
  const clear = async (who: Member) => world.db.delete(savedSearches).where(eq(savedSearches.userId, who.id));
  const matchNotices = (who: Member) =>
    world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.type, 'saved_search_match')));
  const mailsTo = (who: Member): ParsedMail[] =>
    world.smtp.received.filter(
      (mail) => JSON.stringify(mail.to).includes(who.email) && !mail.subject?.startsWith('Your BidYourDate code'),
    );

  describe('the routes', () => {
    it('saves browse filters and answers them, "all" and "any" as no filter', async () => {
      const res = await save(ann, {
        name: 'Coffee near Austin',
        query: '  River ',
        dateType: 'coffee',
        location: 'Austin, TX',
        radius: '25',
        priceRange: 'any',
      });
      expect(res.statusCode, res.body).toBe(201);
      const saved = res.json<SavedSearch>();
      expect(saved).toMatchObject({
        name: 'Coffee near Austin',
        query: 'river',
        dateType: 'coffee',
        location: 'Austin, TX',
        radius: '25',
        priceRange: null,
      });
      expect(await listOf(ann)).toEqual([saved]);
      expect(await listOf(bob)).toEqual([]);
      await clear(ann);
    });

    it('measures a radius without a place from the member’s profile location', async () => {
      const res = await save(ann, { name: 'Near home', radius: '10' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<SavedSearch>()).toMatchObject({ location: null, radius: '10' });
      await clear(ann);
    });

    it('refuses bad input with the field named, and saves nothing', async () => {
      const cases: Array<[body: unknown, field: string, message: string]> = [
        [{}, 'name', SAVED_SEARCH_MESSAGES.nameRequired],
        [{ name: '   ' }, 'name', SAVED_SEARCH_MESSAGES.nameRequired],
        [{ name: 'x'.repeat(61) }, 'name', SAVED_SEARCH_MESSAGES.nameTooLong],
        [{ name: 'A', query: 'q'.repeat(101) }, 'query', SAVED_SEARCH_MESSAGES.queryTooLong],
        [{ name: 'A', dateType: 'virtual' }, 'dateType', SAVED_SEARCH_MESSAGES.dateType],
        [{ name: 'A', radius: '7' }, 'radius', SAVED_SEARCH_MESSAGES.radius],
        [{ name: 'A', priceRange: 'under-50' }, 'priceRange', SAVED_SEARCH_MESSAGES.priceRange],
        [{ name: 'A', location: 'Nowhere Atall, ZZ', radius: '5' }, 'location', SAVED_SEARCH_MESSAGES.unknownPlace],
        [{ name: 'A', radius: 5 }, 'radius', SAVED_SEARCH_MESSAGES.radius],
      ];
      for (const [body, field, message] of cases) {
        expectRefused(await save(ann, body), { status: 400, field, message });
      }
      const unknownField = await save(ann, { name: 'A', sortBy: 'newest' });
      expect(unknownField.statusCode).toBe(400);
      expect(await listOf(ann)).toEqual([]);
    });

    it('refuses a radius with no place to measure from', async () => {
      // As if Cat's profile named a place the gazetteer does not know.
      await world.db.update(users).set({ latitude: null, longitude: null }).where(eq(users.id, cat.id));
      expectRefused(await save(cat, { name: 'Near me', radius: '25' }), {
        status: 400,
        field: 'location',
        message: SAVED_SEARCH_MESSAGES.noPlaceForRadius,
      });
      expect(await listOf(cat)).toEqual([]);
    });

    it('answers 401 with no session, on every route', async () => {
      expect((await save(undefined, { name: 'A' })).statusCode).toBe(401);
      expect((await save(undefined, {})).statusCode).toBe(401);
      expect((await call(undefined, 'GET', '/api/saved-searches')).statusCode).toBe(401);
      const id = (await save(ann, { name: 'Mine' })).json<SavedSearch>().id;
      expect((await call(undefined, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(401);
      expect(await listOf(ann)).toHaveLength(1);
      await clear(ann);
    });

    it('deletes only the member’s own: another member’s, an unknown or a malformed id is a 404', async () => {
      const id = (await save(ann, { name: 'Mine' })).json<SavedSearch>().id;
      for (const [who, target] of [
        [bob, id],
        [ann, '00000000-0000-4000-8000-000000000000'],
        [ann, 'not-an-id'],
      ] as const) {
        expectRefused(await call(who, 'DELETE', `/api/saved-searches/${target}`), {
          status: 404,
          message: SAVED_SEARCH_MESSAGES.notFound,
        });
      }
      expect(await listOf(ann)).toHaveLength(1);
      expect((await call(ann, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(204);
      expect(await listOf(ann)).toEqual([]);
    });

    it(`keeps at most ${SAVED_SEARCHES_MAX} per member`, async () => {
      const results = await Promise.all(
        Array.from({ length: SAVED_SEARCHES_MAX + 2 }, (_, i) => save(bob, { name: `Search ${i}` })),
      );
      expect(results.filter((res) => res.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX);
      for (const refused of results.filter((res) => res.statusCode !== 201)) {
        expectRefused(refused, { status: 409, message: SAVED_SEARCH_MESSAGES.tooMany });
      }
      expect(await listOf(bob)).toHaveLength(SAVED_SEARCHES_MAX);
      await clear(bob);
    });
  });

  describe('matching a new auction', () => {
    it('tells each member with a matching search once, never the host, a blocked member or a mismatch', async () => {
      await save(ann, {
        name: 'River coffee',
        query: 'river',
        dateType: 'coffee',
        location: 'Austin, TX',
        radius: '25',
      });
      await save(ann, { name: 'Cheap anything', priceRange: '0-25' });
      await save(ann, { name: 'Dinners', dateType: 'dinner' });
      await save(bob, { name: 'Seattle coffee', location: 'Seattle, WA', radius: '50' });
      await save(bob, { name: 'Pricey', priceRange: '100+' });
      await save(cat, { name: 'Anything' });
      await save(host, { name: 'My own kind', dateType: 'coffee' });
      // Cat blocked the host: neither sees the other's auctions.
      expect((await call(cat, 'POST', '/api/blocks', { userId: host.id })).statusCode).toBe(201);

      const auction = await world.createAuction(host, { title: 'Coffee by the river', startingBid: '20' });
      // Matched after the creation's commit, by this instance's announcer.
      await world.app.savedSearchAnnouncer.idle();
      expect(await world.db.select().from(pendingAuctionAnnouncements)).toEqual([]);

      const [notice, ...more] = await matchNotices(ann);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        title: SAVED_SEARCH_MATCH_TITLE,
        message: `"Coffee by the river" matches your saved search "Cheap anything", "River coffee". Have a look before the bids start.`,
        relatedAuctionId: auction.id,
        relatedUserId: host.id,
      });
      expect(await matchNotices(bob)).toEqual([]);
      expect(await matchNotices(cat)).toEqual([]);
      expect(await matchNotices(host)).toEqual([]);
      // Its e-mail and push rows come from the outbox trigger, like every out-of-app notice.
      const deliveries = await world.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notice!.id));
      expect(deliveries.map((row) => row.channel)).toEqual(['email']);
    });

    it('e-mails a saved search at most once a day, and gathers the rest in a daily digest', async () => {
      await world.app.notificationDelivery.runOnce();
      const [first, ...others] = mailsTo(ann);
      expect(others).toEqual([]);
      expect(first!.subject).toBe('New auction for your saved search: Coffee by the river');
      expect(first!.text).toContain('"Coffee by the river" matches your saved search');

      // A second and third match the same day: in the bell, not e-mailed.
      // Still open tomorrow, when the digest goes out (one that has ended is left out of it).
      const endTime = new Date(world.clock.getTime() + 3 * DAY).toISOString();
      await world.createAuction(host, { title: 'Riverside espresso', startingBid: '15', endTime });
      await world.createAuction(host, { title: 'Coffee at the river bend', startingBid: '12', endTime });
      await world.app.savedSearchAnnouncer.idle();
      expect(await matchNotices(ann)).toHaveLength(3);
      await world.app.notificationDelivery.runOnce();
      expect(mailsTo(ann)).toHaveLength(1);
      const skipped = await world.db
        .select()
        .from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.userId, ann.id), eq(notificationDeliveries.status, 'skipped')));
      expect(skipped.map((row) => row.lastError)).toEqual([SAVED_SEARCH_EMAIL_SKIPPED, SAVED_SEARCH_EMAIL_SKIPPED]);

      // Not yet a day: no digest.
      expect((await world.app.savedSearchDigests.runOnce()).sent).toBe(0);
      world.clock = new Date(world.clock.getTime() + DAY);
      const run = await world.app.savedSearchDigests.runOnce();
      expect(run.sent).toBe(2);
      const digests = mailsTo(ann).slice(1);
      expect(digests.map((mail) => mail.subject).sort()).toEqual([
        'New auctions for your saved search "Cheap anything"',
        'New auctions for your saved search "River coffee"',
      ]);
      for (const digest of digests) {
        expect(digest.text).toContain('2 new auctions match');
        expect(digest.text).toContain('"Riverside espresso"');
        expect(digest.text).toContain('"Coffee at the river bend"');
      }
      // Sent once: the next run has nothing.
      expect((await world.app.savedSearchDigests.runOnce()).sent).toBe(0);
    });

    it('announces an auction once, even when it becomes visible again', async () => {
      const auction = await world.createAuction(host, { title: 'Second river coffee', startingBid: '10' });
      await world.app.savedSearchAnnouncer.idle();
      const before = (await matchNotices(ann)).length;
      expect(before).toBeGreaterThan(0);
      // Queued again (approved after being held, say): the match rows stop a second notice.
      await queueAuctionAnnouncement(world.db, auction.id);
      expect(await announceVisibleAuction(world.db, auction.id, world.now())).toEqual([]);
      expect(await matchNotices(ann)).toHaveLength(before);
    });

    it('matches an auction left behind by an instance that died after the commit, by the lifecycle job', async () => {
      const job = createLifecycleJob({
        db: world.db,
        logger: world.app.log,
        endingSoonMinutes: 60,
        now: () => world.now(),
      });
      const auctionId = await committedButUnmatched(world, host.id, 'Coffee by the river, left behind');
      const before = (await matchNotices(ann)).length;

      // Fresh: its own instance may still be matching it.
      expect((await job.runOnce()).leftBehindSavedSearchMatches).toBe(0);
      expect(await matchNotices(ann)).toHaveLength(before);

      await world.db.execute(
        sql`UPDATE pending_auction_announcements SET created_at = created_at - interval '11 seconds'
            WHERE auction_id = ${auctionId}::uuid`,
      );
      expect((await job.runOnce()).leftBehindSavedSearchMatches).toBeGreaterThan(0);
      const notices = await matchNotices(ann);
      expect(notices).toHaveLength(before + 1);
      expect(notices.filter((notice) => notice.relatedAuctionId === auctionId)).toHaveLength(1);
      expect(await world.db.select().from(pendingAuctionAnnouncements)).toEqual([]);
      // Taken off the queue: the next run has nothing to match.
      expect((await job.runOnce()).leftBehindSavedSearchMatches).toBe(0);
    });

    it('matches a listing held for review when a moderator approves it, after the approval commits', async () => {
      const moderator = await world.signUp('Mona');
      await world.makeModerator(moderator);
      const before = (await matchNotices(ann)).length;
      // Held by screening: not visible, so not queued.
      const held = await world.createAuction(host, { title: 'Sexy river coffee night', startingBid: '20' });
      expect(held.review?.status).toBe('pending');
      await world.app.savedSearchAnnouncer.idle();
      expect(await matchNotices(ann)).toHaveLength(before);
      expect(await world.db.select().from(pendingAuctionAnnouncements)).toEqual([]);

      const approve = await call(moderator, 'POST', `/api/moderation/held/auctions/${held.id}/decide`, {
        decision: 'approve',
        reasons: 'A coffee is fine.',
      });
      expect(approve.statusCode, approve.body).toBe(200);
      await world.app.savedSearchAnnouncer.idle();
      const notices = await matchNotices(ann);
      expect(notices).toHaveLength(before + 1);
      expect(notices.filter((notice) => notice.relatedAuctionId === held.id)).toHaveLength(1);
      expect(await world.db.select().from(pendingAuctionAnnouncements)).toEqual([]);
    });

    it('leaves a non-matching auction without a notice, and off the queue', async () => {
      const before = (await matchNotices(ann)).length;
      await world.createAuction(host, { title: 'Pottery class', dateType: 'activity', startingBid: '60' });
      await world.app.savedSearchAnnouncer.idle();
      expect(await matchNotices(ann)).toHaveLength(before);
      expect(await world.db.select().from(pendingAuctionAnnouncements)).toEqual([]);
    });
  });
});

/**
 * Two instances matching the same queued auction at once (their after-commit match and a
 * lifecycle job, or two jobs): the statement takes the queue row FOR UPDATE SKIP LOCKED, so one
 * of them matches and the other does nothing. PostgreSQL only: PGlite has one connection.
 */
describePostgresOnly('a new auction matched by two instances at once on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: new Date('2031-03-01T12:00:00.000Z') });

  it('tells each member once', async () => {
    const host = await world.signUp('Hosta');
    const members = [await world.signUp('Ann'), await world.signUp('Bob'), await world.signUp('Cat')];
    for (const member of members) {
      const saved = await world.call(member, 'POST', '/api/saved-searches', { name: 'Coffee', dateType: 'coffee' });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const other = await openDatabase({ databaseUrl: connectionUrlOf(world.testDb.database), poolSize: 4 });
    try {
      for (let round = 0; round < 5; round += 1) {
        const auctionId = await committedButUnmatched(world, host.id, `Coffee round ${round}`);
        const told = await Promise.all([
          announceVisibleAuction(world.db, auctionId, world.now()),
          announceVisibleAuction(other.db, auctionId, world.now()),
          announceVisibleAuction(other.db, auctionId, world.now()),
        ]);
        expect(told.flat().sort()).toEqual(members.map((member) => member.id).sort());
        const notices = await world.db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(and(eq(notifications.relatedAuctionId, auctionId), eq(notifications.type, 'saved_search_match')));
        expect(notices.map((notice) => notice.userId).sort()).toEqual(members.map((member) => member.id).sort());
      }
    } finally {
      await other.close();
    }
  });
});

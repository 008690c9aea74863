import {
  ACCOUNT_SUSPENDED_MESSAGE,
  BLOCK_SELF_MESSAGE,
  BLOCKED_BID_MESSAGE,
  BLOCKED_MESSAGE_MESSAGE,
  HIDE_AUCTION_NEEDS_AUCTION,
  REPORT_ALREADY_RESOLVED,
  REPORT_SELF_MESSAGE,
  REPORT_TARGET_NOT_FOUND,
  REPORTS_TOO_FAST,
  type ModerationQueueItem,
  type ReportReceipt,
} from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auctions, auditLogs, notifications, reports, users } from '../../src/db/schema/index.js';
import {
  describeLiftedSuspension,
  liftSuspensionByEmail,
  setRoleByEmail,
} from '../../src/modules/moderation/moderator-role.js';
import { insertAuction } from '../support/auctions.js';
import { advanceClock } from '../support/dates.js';
import { testDatabaseFactories } from '../support/databases.js';
import { signInByEmail } from '../support/session.js';
import { suiteWorld, type Member } from '../support/world.js';

const HOUR = 3_600_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MODERATOR_EMAIL = 'mod.one@example.com';

describe.each(testDatabaseFactories())('moderation, reports and blocks on $kind', (factory) => {
  const world = suiteWorld(factory, {
    clock: new Date(),
    env: { MODERATOR_EMAILS: ` ${MODERATOR_EMAIL.toUpperCase()} ` },
  });
  const { call } = world;
  let emails = 0;
  let moderator: Member;
  let alice: Member;
  let bob: Member;
  let carol: Member;

  const signUp = (firstName: string, email?: string): Promise<Member> => world.signUp(firstName, { email });

  const inHours = (hours: number) => new Date(world.clock.getTime() + hours * HOUR);

  const openAuction = (creator: Member, title = `Coffee with ${creator.firstName} ${++emails}`) =>
    insertAuction(world.db, { creatorId: creator.id, endTime: inHours(48), title });

  const notificationsOf = (who: Member) =>
    world.db.select().from(notifications).where(eq(notifications.userId, who.id));

  beforeAll(async () => {
    moderator = await signUp('Morgan', MODERATOR_EMAIL);
    alice = await signUp('Alice');
    bob = await signUp('Bob');
    carol = await signUp('Carol');
  }, 120_000);

  describe('moderators', () => {
    it('MODERATOR_EMAILS grants the role at sign-up, and the current user carries it', async () => {
      expect((await call(moderator, 'GET', '/api/auth/user')).json()).toMatchObject({ role: 'moderator' });
      expect((await call(alice, 'GET', '/api/auth/user')).json()).toMatchObject({ role: 'member' });
    });

    it('MODERATOR_EMAILS grants the role at boot to accounts that already exist', async () => {
      await world.openAnotherApp({ MODERATOR_EMAILS: carol.email });
      try {
        const [row] = await world.db.select({ role: users.role }).from(users).where(eq(users.id, carol.id));
        expect(row?.role).toBe('moderator');
      } finally {
        await world.db.update(users).set({ role: 'member' }).where(eq(users.id, carol.id));
      }
    });

    it('the moderation API is a 401 for nobody and a 404 for members', async () => {
      for (const [method, url] of [
        ['GET', '/api/moderation/reports'],
        ['POST', `/api/moderation/reports/${UNKNOWN_ID}/resolve`],
      ] as const) {
        const payload = method === 'POST' ? { action: 'dismiss', reasons: 'x' } : undefined;
        expect((await call(undefined, method, url, payload)).statusCode).toBe(401);
        const member = await call(alice, method, url, payload);
        expect(member.statusCode).toBe(404);
        expect(member.json()).toMatchObject({ message: 'Not found' });
      }
      expect((await call(moderator, 'GET', '/api/moderation/reports')).statusCode).toBe(200);
    });
  });

  describe('reports', () => {
    it('stores one of two identical reports sent at the same moment; the other gets the duplicate answer', async () => {
      const rita = await signUp('Rita');
      // On PostgreSQL the pair runs on two connections at once; the unique index decides, not a read.
      for (let round = 0; round < 6; round += 1) {
        const auctionId = await openAuction(bob);
        const payload = { targetType: 'auction', targetId: auctionId, reason: 'spam' };
        const answers = await Promise.all([
          call(rita, 'POST', '/api/reports', payload),
          call(rita, 'POST', '/api/reports', payload),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
        const [first, second] = answers.map((a) => a.json<ReportReceipt>());
        expect(first!.id).toBe(second!.id);
        const stored = await world.db
          .select()
          .from(reports)
          .where(and(eq(reports.reporterId, rita.id), eq(reports.targetId, auctionId)));
        expect(stored).toHaveLength(1);
      }
    });

    it('refuses bad input, yourself and targets the reporter cannot see, with no report stored', async () => {
      const auctionId = await openAuction(bob);
      const cases: Array<[object, number, string]> = [
        [{ targetType: 'planet', targetId: auctionId, reason: 'spam' }, 400, 'Choose what you are reporting'],
        [{ targetType: 'auction', targetId: auctionId }, 400, 'Choose a reason'],
        [
          { targetType: 'auction', targetId: auctionId, reason: 'spam', details: 'x'.repeat(501) },
          400,
          'Details must be at most 500 characters',
        ],
        [{ targetType: 'auction', targetId: auctionId, reason: 'other' }, 400, 'Tell us what is wrong'],
        [{ targetType: 'user', targetId: alice.id, reason: 'spam' }, 400, REPORT_SELF_MESSAGE],
        [{ targetType: 'auction', targetId: UNKNOWN_ID, reason: 'spam' }, 404, REPORT_TARGET_NOT_FOUND],
        [{ targetType: 'message', targetId: UNKNOWN_ID, reason: 'spam' }, 404, REPORT_TARGET_NOT_FOUND],
      ];
      for (const [payload, status, message] of cases) {
        const res = await call(alice, 'POST', '/api/reports', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toBe(message);
      }
      expect(
        (await call(undefined, 'POST', '/api/reports', { targetType: 'user', targetId: bob.id, reason: 'spam' }))
          .statusCode,
      ).toBe(401);
      const queue = (await call(moderator, 'GET', '/api/moderation/reports')).json<ModerationQueueItem[]>();
      expect(queue.filter((r) => r.targetId === auctionId)).toEqual([]);
    });

    it('a message can be reported only by someone in its conversation, and is about its sender', async () => {
      const started = await call(bob, 'POST', '/api/conversations/start', {
        receiverId: carol.id,
        message: 'Hi Carol',
      });
      expect(started.statusCode, started.body).toBe(201);
      const { conversationId } = started.json<{ conversationId: string }>();
      const [message] = (await call(carol, 'GET', `/api/conversations/${conversationId}/messages`)).json<
        Array<{ id: string }>
      >();
      const outsider = await call(alice, 'POST', '/api/reports', {
        targetType: 'message',
        targetId: message!.id,
        reason: 'spam',
      });
      expect(outsider.statusCode).toBe(404);
      const own = await call(bob, 'POST', '/api/reports', {
        targetType: 'message',
        targetId: message!.id,
        reason: 'spam',
      });
      expect(own.json().message).toBe(REPORT_SELF_MESSAGE);
      const res = await call(carol, 'POST', '/api/reports', {
        targetType: 'message',
        targetId: message!.id,
        reason: 'harassment',
      });
      expect(res.statusCode).toBe(201);
      const queue = (await call(moderator, 'GET', '/api/moderation/reports')).json<ModerationQueueItem[]>();
      const item = queue.find((r) => r.id === res.json<ReportReceipt>().id)!;
      expect(item).toMatchObject({ targetSummary: 'Hi Carol', reportedUser: { id: bob.id, name: 'Bob Tester' } });
    });

    it('report → queue (due in 24 h, overdue after) → resolve → both parties notified with the reasons', async () => {
      const auctionId = await openAuction(bob, 'Suspicious coffee');
      const made = await call(alice, 'POST', '/api/reports', {
        targetType: 'auction',
        targetId: auctionId,
        reason: 'scam_or_fraud',
        details: 'Asks for money up front',
      });
      expect(made.statusCode, made.body).toBe(201);
      const receipt = made.json<ReportReceipt>();
      expect(new Date(receipt.dueAt).getTime() - new Date(receipt.createdAt).getTime()).toBe(24 * HOUR);

      // A repeat answers the open report instead of queueing a second one.
      const repeat = await call(alice, 'POST', '/api/reports', {
        targetType: 'auction',
        targetId: auctionId,
        reason: 'spam',
      });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json<ReportReceipt>().id).toBe(receipt.id);

      let queue = (await call(moderator, 'GET', '/api/moderation/reports?status=open')).json<ModerationQueueItem[]>();
      let item = queue.find((r) => r.id === receipt.id)!;
      expect(item).toMatchObject({
        targetType: 'auction',
        targetSummary: 'Suspicious coffee',
        reason: 'scam_or_fraud',
        details: 'Asks for money up front',
        isOverdue: false,
        reporter: { id: alice.id, name: 'Alice Tester' },
        reportedUser: { id: bob.id, name: 'Bob Tester', isSuspended: false },
        resolution: null,
      });
      expect(queue.filter((r) => r.id === receipt.id)).toHaveLength(1);
      // The queue is ordered by due time, oldest first.
      const dues = queue.map((r) => r.dueAt);
      expect([...dues].sort()).toEqual(dues);

      advanceClock(world, 25 * HOUR);
      queue = (await call(moderator, 'GET', '/api/moderation/reports')).json<ModerationQueueItem[]>();
      item = queue.find((r) => r.id === receipt.id)!;
      expect(item.isOverdue).toBe(true);
      expect(item.ageMinutes).toBeGreaterThanOrEqual(25 * 60);

      const url = `/api/moderation/reports/${receipt.id}/resolve`;
      expect((await call(alice, 'POST', url, { action: 'warn', reasons: 'x' })).statusCode).toBe(404);
      expect((await call(undefined, 'POST', url, { action: 'warn', reasons: 'x' })).statusCode).toBe(401);
      const noReasons = await call(moderator, 'POST', url, { action: 'warn', reasons: '  ' });
      expect(noReasons.statusCode).toBe(400);
      expect(noReasons.json().message).toBe('Write the reasons for your decision');
      const badAction = await call(moderator, 'POST', url, { action: 'ban_forever', reasons: 'x' });
      expect(badAction.json().message).toBe('Choose an action');

      const reasons = 'Asking for money outside the app breaks rule 4.';
      const resolved = await call(moderator, 'POST', url, { action: 'warn', reasons });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toMatchObject({ status: 'resolved', resolution: { action: 'warn', reasons } });

      const again = await call(moderator, 'POST', url, { action: 'dismiss', reasons: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(REPORT_ALREADY_RESOLVED);

      const toReporter = (await notificationsOf(alice)).filter((n) => n.type === 'report_resolved');
      expect(toReporter.map((n) => [n.title, n.message])).toEqual([
        ['Your report was reviewed', `We reviewed your report and warned the member. Reasons: ${reasons}`],
      ]);
      const toReported = (await notificationsOf(bob)).filter((n) => n.type === 'moderation_action');
      expect(toReported.map((n) => [n.title, n.message])).toEqual([
        [
          'A warning from our moderators',
          `Our moderators reviewed a report about you and are giving you a warning. Reasons: ${reasons}`,
        ],
      ]);

      const open = (await call(moderator, 'GET', '/api/moderation/reports')).json<ModerationQueueItem[]>();
      expect(open.find((r) => r.id === receipt.id)).toBeUndefined();
      const done = (await call(moderator, 'GET', '/api/moderation/reports?status=resolved')).json<
        ModerationQueueItem[]
      >();
      expect(done.find((r) => r.id === receipt.id)?.resolution?.reasons).toBe(reasons);
      const audit = await world.db.select().from(auditLogs).where(eq(auditLogs.resourceId, receipt.id));
      expect(audit.map((a) => [a.action, a.resource, a.userId])).toEqual([['verify', 'report', moderator.id]]);

      // The next report against Bob counts the earlier one.
      const next = await call(carol, 'POST', '/api/reports', { targetType: 'user', targetId: bob.id, reason: 'spam' });
      const nextItem = (await call(moderator, 'GET', '/api/moderation/reports'))
        .json<ModerationQueueItem[]>()
        .find((r) => r.id === next.json<ReportReceipt>().id);
      expect(nextItem?.earlierReportsAgainstMember).toBeGreaterThanOrEqual(2);
      const hideUser = await call(moderator, 'POST', `/api/moderation/reports/${nextItem!.id}/resolve`, {
        action: 'hide_auction',
        reasons: 'x',
      });
      expect(hideUser.statusCode).toBe(400);
      expect(hideUser.json().message).toBe(HIDE_AUCTION_NEEDS_AUCTION);
      const dismissed = await call(moderator, 'POST', `/api/moderation/reports/${nextItem!.id}/resolve`, {
        action: 'dismiss',
        reasons: 'Nothing against the rules.',
      });
      expect(dismissed.statusCode).toBe(200);
    });

    it('hiding an auction takes it out of lists and detail (but not for its host), and tells its bidders', async () => {
      const title = `Rooftop coffee ${++emails}`;
      const auctionId = await insertAuction(world.db, {
        creatorId: bob.id,
        endTime: inHours(48),
        title,
        bids: [{ bidderId: carol.id, amount: '25.00', at: inHours(-1) }],
      });
      const report = await call(alice, 'POST', '/api/reports', {
        targetType: 'auction',
        targetId: auctionId,
        reason: 'spam',
      });
      const res = await call(moderator, 'POST', `/api/moderation/reports/${report.json<ReportReceipt>().id}/resolve`, {
        action: 'hide_auction',
        reasons: 'Advertising.',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect(row).toMatchObject({ isActive: false, winnerId: null });
      expect(row?.hiddenAt).not.toBeNull();

      expect((await call(alice, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(404);
      expect((await call(undefined, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(404);
      expect((await call(bob, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(200);
      expect((await call(moderator, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(200);
      const list = (await call(alice, 'GET', '/api/auctions?limit=100')).json<Array<{ id: string }>>();
      expect(list.map((a) => a.id)).not.toContain(auctionId);
      const search = (await call(alice, 'GET', `/api/search?q=${encodeURIComponent(title)}`)).json();
      expect(search.auctions).toEqual([]);
      const bid = await call(carol, 'POST', '/api/bids', { auctionId, amount: '40' });
      expect(bid.statusCode).toBe(404);

      const toBidder = (await notificationsOf(carol)).filter((n) => n.relatedAuctionId === auctionId);
      expect(toBidder.map((n) => [n.type, n.title, n.message])).toEqual([
        [
          'auction_cancelled',
          'Auction removed',
          `"${title}" was removed by our moderators. There is no winner and no one will be charged.`,
        ],
      ]);
      const toHost = (await notificationsOf(bob)).filter(
        (n) => n.type === 'moderation_action' && n.relatedAuctionId === auctionId,
      );
      expect(toHost.map((n) => n.message)).toEqual([
        `Our moderators removed your auction "${title}". Reasons: Advertising.`,
      ]);
    });
  });

  describe('blocks', () => {
    it('refuses nobody, yourself and unknown members', async () => {
      expect((await call(undefined, 'GET', '/api/blocks')).statusCode).toBe(401);
      expect((await call(undefined, 'POST', '/api/blocks', { userId: bob.id })).statusCode).toBe(401);
      expect((await call(undefined, 'DELETE', `/api/blocks/${bob.id}`)).statusCode).toBe(401);
      const self = await call(alice, 'POST', '/api/blocks', { userId: alice.id });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(BLOCK_SELF_MESSAGE);
      expect((await call(alice, 'POST', '/api/blocks', { userId: UNKNOWN_ID })).statusCode).toBe(404);
      expect((await call(alice, 'POST', '/api/blocks', { userId: 'nope' })).json().message).toBe('Choose who to block');
      // No body, or one that is not an object, is answered for the field the form shows.
      expect((await call(alice, 'POST', '/api/blocks')).json()).toMatchObject({
        message: 'Choose who to block',
        field: 'userId',
      });
      const notAnObject = await call(alice, 'POST', '/api/blocks', ['x']);
      expect(notAnObject.statusCode).toBe(400);
      expect(notAnObject.json().field).toBe('userId');
      expect((await call(alice, 'GET', '/api/blocks')).json()).toEqual([]);
    });

    it('a block stops bids, messages, new conversations, search and lists both ways, until unblocked', async () => {
      const dave = await signUp('Davexyz');
      const erin = await signUp('Erinxyz');
      const daveAuction = await openAuction(dave, `Davexyz picnic ${++emails}`);
      const erinAuction = await openAuction(erin, `Erinxyz museum ${++emails}`);
      const chat = await call(erin, 'POST', '/api/conversations/start', { receiverId: dave.id, message: 'Hello Dave' });
      const { conversationId } = chat.json<{ conversationId: string }>();

      const blocked = await call(dave, 'POST', '/api/blocks', { userId: erin.id });
      expect(blocked.statusCode, blocked.body).toBe(201);
      expect(blocked.json()).toMatchObject({ id: erin.id, name: 'Erinxyz T.' });
      expect((await call(dave, 'POST', '/api/blocks', { userId: erin.id })).statusCode).toBe(201);
      expect((await call(dave, 'GET', '/api/blocks')).json()).toMatchObject([{ id: erin.id, name: 'Erinxyz T.' }]);
      expect((await call(erin, 'GET', '/api/blocks')).json()).toEqual([]);

      // Bids: neither may bid on the other's auctions.
      for (const [who, auctionId] of [
        [erin, daveAuction],
        [dave, erinAuction],
      ] as const) {
        const bid = await call(who, 'POST', '/api/bids', { auctionId, amount: '25' });
        expect(bid.statusCode).toBe(403);
        expect(bid.json().message).toBe(BLOCKED_BID_MESSAGE);
      }
      // Buy Now is a bid: refused too.
      const buyNowAuction = await insertAuction(world.db, {
        creatorId: dave.id,
        endTime: inHours(48),
        buyNowPrice: '90.00',
      });
      const bought = await call(erin, 'POST', `/api/auctions/${buyNowAuction}/buy-now`);
      expect(bought.statusCode).toBe(403);
      expect(bought.json().message).toBe(BLOCKED_BID_MESSAGE);
      // Messages and new conversations, both ways.
      for (const [from, to] of [
        [erin, dave],
        [dave, erin],
      ] as const) {
        const sent = await call(from, 'POST', '/api/messages', {
          conversationId,
          receiverId: to.id,
          content: 'Still there?',
        });
        expect(sent.statusCode).toBe(403);
        expect(sent.json().message).toBe(BLOCKED_MESSAGE_MESSAGE);
        const started = await call(from, 'POST', '/api/conversations/start', { receiverId: to.id, message: 'Hi' });
        expect(started.statusCode).toBe(403);
        expect(started.json().message).toBe(BLOCKED_MESSAGE_MESSAGE);
      }
      // The conversation leaves both lists.
      for (const who of [dave, erin]) {
        const list = (await call(who, 'GET', '/api/conversations')).json<Array<{ conversationId: string }>>();
        expect(list.map((c) => c.conversationId)).not.toContain(conversationId);
      }
      // Search and the auction feed, both ways.
      const daveSearch = (await call(dave, 'GET', '/api/search?q=Erinxyz')).json();
      expect(daveSearch).toEqual({ users: [], auctions: [] });
      const erinSearch = (await call(erin, 'GET', '/api/search?q=Davexyz')).json();
      expect(erinSearch).toEqual({ users: [], auctions: [] });
      expect((await call(erin, 'GET', '/api/search/users?q=Davexyz')).json()).toEqual({ users: [] });
      const erinFeed = (await call(erin, 'GET', '/api/auctions?limit=100')).json<Array<{ id: string }>>();
      expect(erinFeed.map((a) => a.id)).not.toContain(daveAuction);
      expect(erinFeed.map((a) => a.id)).toContain(erinAuction);
      // Others still find both.
      const aliceSearch = (await call(alice, 'GET', '/api/search?q=xyz')).json<{ users: Array<{ id: string }> }>();
      expect(aliceSearch.users.map((u) => u.id).sort()).toEqual([dave.id, erin.id].sort());

      // Member pages: the blocker still sees the blocked member (to unblock); the blocked one does not.
      expect((await call(dave, 'GET', `/api/users/${erin.id}`)).json()).toMatchObject({ isBlockedByMe: true });
      expect((await call(erin, 'GET', `/api/users/${dave.id}`)).statusCode).toBe(404);
      expect((await call(undefined, 'GET', `/api/users/${dave.id}`)).statusCode).toBe(401);

      // Only the blocker can lift it.
      expect((await call(erin, 'DELETE', `/api/blocks/${dave.id}`)).statusCode).toBe(404);
      expect((await call(dave, 'DELETE', `/api/blocks/${erin.id}`)).statusCode).toBe(200);
      expect((await call(dave, 'GET', '/api/blocks')).json()).toEqual([]);
      expect((await call(erin, 'POST', '/api/bids', { auctionId: daveAuction, amount: '25' })).statusCode).toBe(201);
      const again = await call(dave, 'POST', '/api/messages', {
        conversationId,
        receiverId: erin.id,
        content: 'Sorry!',
      });
      expect(again.statusCode).toBe(201);
      expect((await call(erin, 'GET', `/api/users/${dave.id}`)).json()).toMatchObject({
        id: dave.id,
        name: 'Davexyz T.',
        age: 30,
        location: 'Austin, TX',
        identityVerified: false,
        isBlockedByMe: false,
        isMe: false,
      });
    });
  });

  describe('limits and the role command', () => {
    it('takes at most 20 new reports per member per hour', async () => {
      const reporter = await signUp('Quinn');
      for (let i = 0; i < 20; i++) {
        const auctionId = await openAuction(bob);
        const res = await call(reporter, 'POST', '/api/reports', {
          targetType: 'auction',
          targetId: auctionId,
          reason: 'spam',
        });
        expect(res.statusCode).toBe(201);
      }
      const extra = await call(reporter, 'POST', '/api/reports', {
        targetType: 'user',
        targetId: bob.id,
        reason: 'spam',
      });
      expect(extra.statusCode).toBe(429);
      expect(extra.json().message).toBe(REPORTS_TOO_FAST);
      advanceClock(world, HOUR + 1000);
      expect(
        (await call(reporter, 'POST', '/api/reports', { targetType: 'user', targetId: bob.id, reason: 'spam' }))
          .statusCode,
      ).toBe(201);
    });

    it('grant and revoke (npm run moderator) take effect on the next call', async () => {
      expect(await setRoleByEmail(world.db, alice.email.toUpperCase(), 'moderator')).toBe(true);
      expect((await call(alice, 'GET', '/api/moderation/reports')).statusCode).toBe(200);
      expect(await setRoleByEmail(world.db, alice.email, 'member')).toBe(true);
      expect((await call(alice, 'GET', '/api/moderation/reports')).statusCode).toBe(404);
      expect(await setRoleByEmail(world.db, 'nobody@example.com', 'moderator')).toBe(false);
    });
  });

  describe('suspension', () => {
    it('keeps an auction hidden by its own decision hidden after unsuspend, even if the suspension hid it first', async () => {
      const gina = await signUp('Gina');
      const auctionId = await openAuction(gina, `Gina's picnic ${++emails}`);
      const aboutAuction = await call(carol, 'POST', '/api/reports', {
        targetType: 'auction',
        targetId: auctionId,
        reason: 'spam',
      });
      const aboutGina = await call(alice, 'POST', '/api/reports', {
        targetType: 'user',
        targetId: gina.id,
        reason: 'harassment',
      });
      const resolve = (report: typeof aboutGina, action: string) =>
        call(moderator, 'POST', `/api/moderation/reports/${report.json<ReportReceipt>().id}/resolve`, {
          action,
          reasons: 'Checked.',
        });
      expect((await resolve(aboutGina, 'suspend_user')).statusCode).toBe(200);
      expect((await resolve(aboutAuction, 'hide_auction')).statusCode).toBe(200);

      const lifted = await liftSuspensionByEmail(world.db, gina.email, world.now());
      expect(lifted).toEqual({ userId: gina.id, reopened: [], stayedEnded: [] });
      const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect(row).toMatchObject({ isActive: false, hiddenBySuspension: false });
      expect(row!.hiddenAt).not.toBeNull();
      expect((await call(alice, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(404);
    });

    it('suspending ends the member’s sessions, refuses their sign-in and hides their open auctions', async () => {
      const frank = await signUp('Frank');
      const auctionId = await openAuction(frank, `Frank's walk ${++emails}`);
      // One that ends an hour from now: still open when suspended, ended by the time he is unsuspended.
      const shortTitle = `Frank's quick coffee ${++emails}`;
      const shortId = await insertAuction(world.db, {
        creatorId: frank.id,
        endTime: inHours(1),
        title: shortTitle,
      });
      const report = await call(alice, 'POST', '/api/reports', {
        targetType: 'user',
        targetId: frank.id,
        reason: 'harassment',
      });
      const res = await call(moderator, 'POST', `/api/moderation/reports/${report.json<ReportReceipt>().id}/resolve`, {
        action: 'suspend_user',
        reasons: 'Repeated harassment.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ reportedUser: { id: frank.id, isSuspended: true } });

      expect((await call(frank, 'GET', '/api/auth/user')).statusCode).toBe(401);
      await expect(signInByEmail(world.app, frank.email, 'correct horse battery', false)).rejects.toThrow(
        // The body goes on with the request id (docs/deploy.md), so the message and code are matched up to it.
        `complete failed: 403 ${JSON.stringify({ message: ACCOUNT_SUSPENDED_MESSAGE, code: 'account_suspended' }).slice(0, -1)},"requestId":`,
      );
      // Setting a new password is refused as well.
      await expect(signInByEmail(world.app, frank.email, 'another password 1', true)).rejects.toThrow('403');

      expect((await call(alice, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(404);
      const feed = (await call(alice, 'GET', '/api/auctions?limit=100')).json<Array<{ id: string }>>();
      expect(feed.map((a) => a.id)).not.toContain(auctionId);
      expect((await call(alice, 'GET', '/api/search?q=Frank')).json().users).toEqual([]);
      const toFrank = (await notificationsOf(frank)).filter((n) => n.type === 'moderation_action');
      expect(toFrank.map((n) => n.message)).toEqual([
        'Our moderators suspended your account. Reasons: Repeated harassment.',
      ]);

      expect((await call(alice, 'GET', `/api/auctions/${shortId}`)).statusCode).toBe(404);

      // npm run moderator -- unsuspend, two hours later: Frank can sign in again; the auction whose
      // end is still ahead reopens, the one that ended meanwhile stays ended; the moderator is told which.
      const liftedAt = inHours(2);
      const lifted = await liftSuspensionByEmail(world.db, frank.email.toUpperCase(), liftedAt);
      const [walk] = await world.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect(lifted).toEqual({
        userId: frank.id,
        reopened: [{ id: auctionId, title: walk!.title, endTime: walk!.endTime }],
        stayedEnded: [{ id: shortId, title: shortTitle }],
      });
      expect(describeLiftedSuspension(frank.email, lifted!)).toEqual([
        `${frank.email} is no longer suspended and can sign in again.`,
        `Reopened "${walk!.title}" (${auctionId}): it ends ${walk!.endTime.toISOString()}.`,
        `"${shortTitle}" (${shortId}) stays ended: its end passed during the suspension.`,
      ]);
      expect(await liftSuspensionByEmail(world.db, frank.email, liftedAt)).toBeUndefined();
      const again = await signInByEmail(world.app, frank.email, 'correct horse battery', false);
      expect(again.body.user.id).toBe(frank.id);
      expect(walk).toMatchObject({ isActive: true, hiddenAt: null, cancelledAt: null, closedAt: null });
      expect((await call(alice, 'GET', `/api/auctions/${auctionId}`)).statusCode).toBe(200);
      const [short] = await world.db.select().from(auctions).where(eq(auctions.id, shortId));
      expect(short).toMatchObject({ isActive: false, hiddenBySuspension: false });
      expect(short!.cancelledAt).not.toBeNull();
      expect((await call(alice, 'GET', `/api/auctions/${shortId}`)).statusCode).toBe(404);
    });
  });
});

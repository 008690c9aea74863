import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELETE_CONFIRMATION_REQUIRED,
  ACCOUNT_DELETE_PAYMENT_IN_PROGRESS,
  ACCOUNT_DELETED_MESSAGE,
  auctionConversationId,
  DELETED_USER_NAME,
} from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import {
  auctions,
  auditLogs,
  bids,
  charges,
  messages,
  notifications,
  reports,
  sandboxPaymentMethods,
  users,
} from '../../src/db/schema/index.js';
import type { AccountExport } from '../../src/modules/account/account.service.js';
import { createTestApp } from '../support/app.js';
import { createWorld, type Member, signUpMember } from '../support/world.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { addSandboxCard } from '../support/payments.js';
import { signInByEmail, withSession } from '../support/session.js';

const DAY = 24 * 60 * 60 * 1000;

const signUp = (app: FastifyInstance, firstName: string, lastName: string) =>
  signUpMember(app, firstName, { lastName, card: false });

describe.each(testDatabaseFactories())('account export and deletion on $kind', (factory) => {
  const world = createWorld(factory);
  let testDb: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let ada: Member;
  let bea: Member;

  const exportOf = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/account/export', cookies: withSession(cookie) });
  const deleteAccount = (cookie: string | undefined, payload: unknown) =>
    app.inject({ method: 'DELETE', url: '/api/account', payload: payload as object, cookies: withSession(cookie) });

  beforeAll(async () => {
    await world.open();
    ({ testDb, db, app } = world);
    ada = await signUp(app, 'Ada', 'Lovelace');
    bea = await signUp(app, 'Bea', 'Zeta');
  });
  afterAll(() => world.close());

  describe('GET /api/account/export', () => {
    it('answers 401 to nobody', async () => {
      const res = await exportOf(undefined);
      expect(res.statusCode).toBe(401);
    });

    it("holds the member's own data, names the other party by first name only, and nothing of anyone else", async () => {
      await addSandboxCard(app, ada.cookie);
      const hosted = await insertAuction(db, {
        creatorId: ada.id,
        endTime: new Date(Date.now() + 3 * DAY),
        title: 'Ada hosts tea',
      });
      const beaAuction = await insertAuction(db, {
        creatorId: bea.id,
        endTime: new Date(Date.now() + 3 * DAY),
        title: 'Bea hosts a hike',
        bids: [{ bidderId: ada.id, amount: '31.00', at: new Date() }],
      });
      const conversationId = auctionConversationId(beaAuction, ada.id, bea.id);
      await db.insert(messages).values([
        {
          conversationId,
          senderId: ada.id,
          receiverId: bea.id,
          content: 'Hello from Ada',
          createdAt: new Date(Date.now() - 60_000),
        },
        { conversationId, senderId: bea.id, receiverId: ada.id, content: 'Hi Ada, Bea here', createdAt: new Date() },
      ]);
      // A conversation Ada is not in.
      const other = await signUp(app, 'Cy', 'Private');
      await db.insert(messages).values({
        conversationId: auctionConversationId(beaAuction, bea.id, other.id),
        senderId: other.id,
        receiverId: bea.id,
        content: 'Secret between Cy and Bea',
      });
      await db.insert(reports).values({
        reporterId: bea.id,
        targetType: 'user',
        targetId: ada.id,
        reportedUserId: ada.id,
        reason: 'spam',
        details: 'Bea wrote this about Ada',
        dueAt: new Date(Date.now() + DAY),
      });

      // Notification choices and a push device (docs/notifications.md).
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/notification-preferences',
            cookies: withSession(ada.cookie),
            payload: { preferences: [{ type: 'outbid', email: false }] },
          })
        ).statusCode,
      ).toBe(200);
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
      const device = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        cookies: withSession(ada.cookie),
        payload: {
          endpoint,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        },
      });
      expect(device.statusCode).toBe(201);

      const res = await exportOf(ada.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="bidyourdate-my-data.json"');
      expect(res.headers['content-type']).toContain('application/json');
      const data = res.json<AccountExport>();
      expect(data.profile).toMatchObject({
        id: ada.id,
        email: ada.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        age: 30,
      });
      expect(data.auctionsHosted.map((a) => a.id)).toEqual([hosted]);
      expect(data.bidsPlaced).toEqual([
        expect.objectContaining({ auctionId: beaAuction, auctionTitle: 'Bea hosts a hike', amount: '31.00' }),
      ]);
      expect(data.messages.map((m) => [m.direction, m.otherPartyFirstName, m.content])).toEqual([
        ['sent', 'Bea', 'Hello from Ada'],
        ['received', 'Bea', 'Hi Ada, Bea here'],
      ]);
      expect(data.paymentMethods).toEqual([{ type: 'card', brand: 'visa', last4: '4242' }]);
      expect(data.notificationPreferences).toContainEqual({ type: 'outbid', email: false, push: true });
      expect(data.pushDevices).toEqual([
        { pushService: 'https://fcm.googleapis.com', createdAt: expect.any(String), updatedAt: expect.any(String) },
      ]);
      expect(res.body).not.toContain(endpoint);
      expect(data.reportsAboutYou).toEqual([
        expect.objectContaining({ targetType: 'user', targetId: ada.id, reason: 'spam', status: 'open' }),
      ]);
      expect(data.identityVerification.status).toBe('unverified');
      expect(data.auditLog.some((e) => e.action === 'login')).toBe(true);
      expect(data.auditLog[0]).not.toHaveProperty('entryHash');

      const text = res.body;
      for (const foreign of [
        bea.email,
        other.email,
        // Cy shares no conversation with Ada, so not even Cy's id appears.
        other.id,
        'Zeta',
        'Private',
        'Secret between',
        'Bea wrote this',
      ]) {
        expect(text).not.toContain(foreign);
      }
      // And Bea's export holds nothing of Ada's private data.
      const beas = await exportOf(bea.cookie);
      expect(beas.statusCode).toBe(200);
      for (const foreign of [ada.email, 'Lovelace']) expect(beas.body).not.toContain(foreign);
      expect(beas.json().reportsMade).toEqual([
        expect.objectContaining({ targetType: 'user', reason: 'spam', details: 'Bea wrote this about Ada' }),
      ]);
    });
  });

  describe('DELETE /api/account', () => {
    it('answers 401 to nobody', async () => {
      const res = await deleteAccount(undefined, { confirm: 'DELETE' });
      expect(res.statusCode).toBe(401);
    });

    it('refuses without the typed confirmation, changing nothing', async () => {
      for (const payload of [{}, { confirm: 'delete' }, { confirm: 'yes' }]) {
        const res = await deleteAccount(ada.cookie, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(ACCOUNT_DELETE_CONFIRMATION_REQUIRED);
      }
      expect(ACCOUNT_DELETE_CONFIRMATION_REQUIRED).toBe('Type DELETE to confirm that your account is to be deleted.');
      const me = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(ada.cookie) });
      expect(me.statusCode).toBe(200);
      const [row] = await db.select().from(users).where(eq(users.id, ada.id));
      expect(row!.deletedAt).toBeNull();
    });

    it('refuses with 409 while a payment is in progress', async () => {
      const member = await signUp(app, 'Payer', 'Pending');
      const auctionId = await insertAuction(db, { creatorId: bea.id, endTime: new Date(Date.now() - DAY) });
      await db
        .insert(charges)
        .values({ auctionId, payerId: member.id, payeeId: bea.id, amount: '40.00', fee: '4.00', status: 'pending' });
      const res = await deleteAccount(member.cookie, { confirm: 'DELETE' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_DELETE_PAYMENT_IN_PROGRESS);
      const [row] = await db.select().from(users).where(eq(users.id, member.id));
      expect(row!.deletedAt).toBeNull();
      // Settled, it no longer blocks.
      await db.update(charges).set({ status: 'expired' }).where(eq(charges.auctionId, auctionId));
      expect((await deleteAccount(member.cookie, { confirm: 'DELETE' })).statusCode).toBe(200);
    });

    it("deletes the owner's account only: personal data gone, open auctions cancelled, the rest shown as 'Deleted user'", async () => {
      const owner = await signUp(app, 'Dora', 'Gone');
      const secondSession = (await signInByEmail(app, owner.email, 'correct horse battery', false)).cookie;
      const cardId = await addSandboxCard(app, owner.cookie);
      const open = await insertAuction(db, {
        creatorId: owner.id,
        endTime: new Date(Date.now() + 2 * DAY),
        title: 'Dora open dinner',
        bids: [{ bidderId: bea.id, amount: '22.00', at: new Date() }],
      });
      const ended = await insertAuction(db, {
        creatorId: owner.id,
        endTime: new Date(Date.now() - DAY),
        title: 'Dora ended',
      });
      await db
        .update(auctions)
        .set({ isActive: false, closedAt: new Date(), winnerId: bea.id })
        .where(eq(auctions.id, ended));
      const beaAuction = await insertAuction(db, {
        creatorId: bea.id,
        endTime: new Date(Date.now() + 2 * DAY),
        bids: [{ bidderId: owner.id, amount: '27.00', at: new Date() }],
      });
      await db.insert(messages).values({
        conversationId: auctionConversationId(ended, owner.id, bea.id),
        senderId: owner.id,
        receiverId: bea.id,
        content: 'See you there',
      });

      await db.insert(notifications).values([
        {
          userId: bea.id,
          type: 'bid_received',
          title: 'New bid on your auction',
          message: 'Dora G. bid $27 on "Hike".',
          relatedUserId: owner.id,
        },
        {
          userId: bea.id,
          type: 'message_received',
          title: 'New message',
          message: 'Dora: See you there',
          relatedUserId: owner.id,
        },
      ]);

      const res = await deleteAccount(owner.cookie, { confirm: 'DELETE' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_DELETED_MESSAGE });
      expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

      // Signed out everywhere.
      for (const cookie of [owner.cookie, secondSession]) {
        const me = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });
        expect(me.statusCode).toBe(401);
      }
      // Another member is untouched.
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(bea.cookie) })).statusCode,
      ).toBe(200);

      const [row] = await db.select().from(users).where(eq(users.id, owner.id));
      expect(row).toMatchObject({
        email: null,
        passwordHash: null,
        firstName: DELETED_USER_NAME,
        lastName: null,
        bio: null,
        age: null,
        location: null,
        zipCode: null,
        profileImageUrl: null,
        stripeCustomerId: null,
        interests: [],
        identityVerificationStatus: 'unverified',
      });
      expect(row!.deletedAt).not.toBeNull();

      // The card is detached at the provider.
      const [card] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, cardId));
      expect(card!.detachedAt).not.toBeNull();

      const [openRow] = await db.select().from(auctions).where(eq(auctions.id, open));
      expect([openRow!.isActive, openRow!.cancelledAt !== null, openRow!.winnerId]).toEqual([false, true, null]);
      const cancelNotice = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, bea.id), eq(notifications.relatedAuctionId, open)));
      expect(cancelNotice.map((n) => n.message)).toEqual([
        'The host cancelled "Dora open dinner". There is no winner and no one will be charged.',
      ]);

      // What stays for the other party names a 'Deleted user' with no photo.
      const detail = await app.inject({
        method: 'GET',
        url: `/api/auctions/${ended}`,
        cookies: withSession(bea.cookie),
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().creator).toMatchObject({
        id: owner.id,
        firstName: DELETED_USER_NAME,
        lastName: null,
        profileImageUrl: null,
      });
      const beaDetail = await app.inject({
        method: 'GET',
        url: `/api/auctions/${beaAuction}`,
        cookies: withSession(bea.cookie),
      });
      expect(
        beaDetail.json<{ bids: { bidder: { firstName: string } }[] }>().bids.map((b) => b.bidder.firstName),
      ).toEqual([DELETED_USER_NAME]);
      expect(await db.select().from(bids).where(eq(bids.bidderId, owner.id))).toHaveLength(1);
      const conversations = await app.inject({
        method: 'GET',
        url: '/api/conversations',
        cookies: withSession(bea.cookie),
      });
      const withOwner = conversations
        .json<{ otherUser: { id: string }; lastMessage: { content: string } }[]>()
        .find((c) => c.otherUser.id === owner.id)!;
      expect(withOwner.otherUser).toMatchObject({
        firstName: DELETED_USER_NAME,
        lastName: null,
        profileImageUrl: null,
      });
      expect(withOwner.lastMessage.content).toBe('See you there');

      const renamed = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, bea.id), eq(notifications.relatedUserId, owner.id)));
      expect(
        renamed
          .filter((n) => n.type !== 'auction_cancelled')
          .map((n) => n.message)
          .sort(),
      ).toEqual(['Deleted user bid $27 on "Hike".', 'Deleted user: See you there'].sort());

      // The other party can no longer write to them.
      const reply = await app.inject({
        method: 'POST',
        url: '/api/messages',
        payload: {
          conversationId: auctionConversationId(ended, owner.id, bea.id),
          receiverId: owner.id,
          content: 'Hello?',
        },
        cookies: withSession(bea.cookie),
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json<{ message: string }>().message).toBe(
        'This member has deleted their account and can no longer receive messages.',
      );

      // Search never finds a deleted account.
      for (const q of ['Dora', 'Deleted']) {
        const search = await app.inject({ method: 'GET', url: `/api/search?q=${q}`, cookies: withSession(bea.cookie) });
        expect(search.json<{ users: { id: string }[] }>().users.map((u) => u.id)).not.toContain(owner.id);
      }

      const audit = await db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, owner.id), eq(auditLogs.action, 'delete')));
      expect(audit.map((a) => [a.resource, a.outcome, (a.details as { reason: string }).reason])).toEqual([
        ['account', 'success', 'member_request'],
      ]);

      // The e-mail is free again: signing up makes a new, empty account.
      const again = await signInByEmail(app, owner.email);
      expect(again.body.user.id).not.toBe(owner.id);
    });
  });

  it('a sign-in records activity and withdraws an inactivity warning', async () => {
    const member = await signUp(app, 'Eve', 'Active');
    const old = new Date('2020-01-01T00:00:00.000Z');
    await db.update(users).set({ lastActiveAt: old, inactivityWarnedAt: old }).where(eq(users.id, member.id));
    await signInByEmail(app, member.email, 'correct horse battery', false);
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row!.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.inactivityWarnedAt).toBeNull();
  });
  it('a session refresh records activity and withdraws an inactivity warning, in the same statement', async () => {
    let clock = new Date('2031-01-01T10:00:00.000Z');
    const clocked = await createTestApp(testDb.database, {}, { now: () => clock });
    try {
      const member = await signUp(clocked, 'Flo', 'Touch');
      const warnedAt = new Date('2030-12-01T00:00:00.000Z');
      await db.update(users).set({ inactivityWarnedAt: warnedAt }).where(eq(users.id, member.id));
      // Within the touch interval nothing is written.
      clock = new Date(clock.getTime() + 60_000);
      await clocked.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(member.cookie) });
      let [row] = await db.select().from(users).where(eq(users.id, member.id));
      expect(row!.inactivityWarnedAt?.toISOString()).toBe(warnedAt.toISOString());
      // A day later the session slides, and the member counts as active from now.
      clock = new Date(clock.getTime() + DAY);
      const me = await clocked.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(member.cookie) });
      expect(me.statusCode).toBe(200);
      [row] = await db.select().from(users).where(eq(users.id, member.id));
      expect(row!.lastActiveAt.toISOString()).toBe(clock.toISOString());
      expect(row!.inactivityWarnedAt).toBeNull();
    } finally {
      await clocked.close();
    }
  });
});

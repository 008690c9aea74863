import { randomUUID } from 'node:crypto';
import { OUT_OF_APP_NOTIFICATION_TYPES, NOTIFICATION_TYPES, type NotificationPreferencesResponse } from '@bid/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../../src/db/client.js';
import { notificationDeliveries, notifications } from '../../src/db/schema/index.js';
import { closeDueAuctions } from '../../src/modules/auctions/lifecycle/close-due-auctions.js';
import { signUnsubscribeToken } from '../../src/modules/notifications/delivery/unsubscribe-token.js';
import { insertNotifications } from '../../src/modules/notifications/notifications.repository.js';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app.js';
import {
  connectionUrlOf,
  postgresOnlyFactories,
  testDatabaseFactories,
  type TestDatabase,
} from '../support/databases.js';
import { withSession } from '../support/session.js';
import type { TestSmtpServer } from '../support/smtp.js';
import { createWorld, type Member } from '../support/world.js';

/**
 * Alert e-mails through the outbox (docs/notifications.md), against a real SMTP server
 * (smtp-server) and parsed as a mail client would (mailparser): both parts, the link, escaped
 * titles, the RFC 8058 headers, one-click unsubscribe, retries while mail is down, and exactly
 * one e-mail per notification with two instances on one PostgreSQL database.
 */

const HOUR = 3_600_000;
const SECRET = 'a-test-session-secret-of-at-least-32-characters';
/** A title with every character HTML cares about, as a host may type it. */
const RISKY_TITLE = `Coffee <b>& "cake"</b> <script>alert('x')</script>`;

/**
 * The world with a real SMTP server, and what these tests do and read there: a member signs up
 * with the code from their e-mail and saves a card; an auction is one where the winner pays.
 */
function harness(factory: { open(): Promise<TestDatabase> }) {
  const world = createWorld(factory, { clock: new Date(), smtp: true, env: { SESSION_SECRET: SECRET } });
  const h = Object.assign(world, {
    /** New rows are due from the database's clock; the app's clock must not lag behind it. */
    catchUp() {
      world.clock = new Date(Math.max(world.clock.getTime(), Date.now() + 1_000));
    },
    member: (label: string): Promise<Member> => world.signUp(label),
    async auction(host: Member, title: string): Promise<string> {
      return (await world.createAuction(host, { title, paymentResponsibility: 'winner_pays' })).id;
    },
    /** A bid the app takes (201). */
    async placeBid(who: Member, auctionId: string, amount: string) {
      const res = await world.bid(who, { auctionId, amount });
      expect(res.statusCode, res.body).toBe(201);
    },
    /** The alerts a member received (their sign-in codes left out). */
    mailsTo(member: Member): ParsedMail[] {
      return world.smtp.received.filter(
        (mail) => addressesOf(mail).includes(member.email) && !mail.subject?.startsWith('Your BidYourDate code'),
      );
    },
    async deliveriesOf(userId: string) {
      return world.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.userId, userId))
        .orderBy(notificationDeliveries.id);
    },
  });
  return h;
}

/** Polls `read` until it answers `expected` (presence changes arrive asynchronously). */
async function waitFor<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await read()) !== expected) {
    if (Date.now() > deadline) throw new Error(`still not ${String(expected)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => address.address ?? ''));
}

/** A header as sent (mailparser folds the List-* headers into one structured `list` value). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

function unsubscribeUrlOf(mail: ParsedMail): string {
  const raw = rawHeader(mail, 'List-Unsubscribe') ?? '';
  const match = /^<([^>]+)>$/.exec(raw);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe URL in ${raw}`);
  return match[1];
}

describe.each(testDatabaseFactories())('alert e-mails through the outbox on $kind', (factory) => {
  const h = harness(factory);
  let host: Member;
  let ann: Member;
  let bob: Member;
  let auctionId: string;

  beforeAll(async () => {
    await h.open();
    host = await h.member('Hana');
    ann = await h.member('Ann');
    bob = await h.member('Bob');
    auctionId = await h.auction(host, RISKY_TITLE);
  });
  afterAll(() => h.close());

  it('writes the outbox rows with the notification, for the out-of-app types only (the trigger matches the contract)', async () => {
    const db = h.testDb.database.db;
    // One notification of every type to a fresh member: only the out-of-app types get an e-mail row.
    const probe = await h.member('Probe');
    await insertNotifications(
      db,
      NOTIFICATION_TYPES.map((type) => ({ userId: probe.id, type, title: `t ${type}`, message: 'm' })),
    );
    const rows = await db
      .select({ type: notifications.type, channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notificationDeliveries.userId, probe.id));
    expect(rows.map((row) => row.type).sort()).toEqual([...OUT_OF_APP_NOTIFICATION_TYPES].sort());
    expect(new Set(rows.map((row) => row.channel))).toEqual(new Set(['email']));

    // A notification whose transaction rolls back leaves no outbox row behind.
    await expect(
      db.transaction(async (tx) => {
        await insertNotifications(tx, [{ userId: probe.id, type: 'outbid', title: 'rolled back', message: 'm' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await h.deliveriesOf(probe.id)).toHaveLength(OUT_OF_APP_NOTIFICATION_TYPES.length);
  });

  it('e-mails the outbid bidder and the host: both parts, the button link, the amount, escaped titles, unsubscribe headers', async () => {
    await h.placeBid(ann, auctionId, '25');
    await h.placeBid(bob, auctionId, '30');
    h.catchUp();
    await h.app.notificationDelivery.runOnce();

    const [outbid, ...moreToAnn] = h.mailsTo(ann);
    expect(moreToAnn).toEqual([]);
    expect(outbid!.subject).toBe(`You've been outbid on ${RISKY_TITLE}`);
    const link = `${TEST_PUBLIC_URL}/auction/${auctionId}`;
    expect(outbid!.text).toContain(`Bid again: ${link}`);
    expect(outbid!.text).toContain('Current bid: $30');
    expect(outbid!.text).toContain(RISKY_TITLE);
    const html = outbid!.html as string;
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Current bid: $30');
    expect(html).toContain(
      'Coffee &lt;b&gt;&amp; &quot;cake&quot;&lt;/b&gt; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>&');

    const unsubscribe = unsubscribeUrlOf(outbid!);
    expect(unsubscribe).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/api/notification-preferences/unsubscribe\\?token=[A-Za-z0-9_%.-]+$`),
    );
    expect(rawHeader(outbid!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(html).toContain(unsubscribe.replace(/&/g, '&amp;'));

    // The host heard of both bids.
    expect(h.mailsTo(host).map((mail) => mail.subject)).toEqual([
      `New bid on ${RISKY_TITLE}`,
      `New bid on ${RISKY_TITLE}`,
    ]);
    // Sent rows are done: running again sends nothing more.
    const before = h.smtp.received.length;
    expect((await h.app.notificationDelivery.runOnce()).sent).toBe(0);
    expect(h.smtp.received.length).toBe(before);
  });

  it('e-mails the winner "You won" and the losing bidder when the auction closes', async () => {
    h.clock = new Date(h.clock.getTime() + 25 * HOUR);
    const closed = await closeDueAuctions(h.testDb.database.db, h.clock);
    expect(closed.map((auction) => auction.auctionId)).toContain(auctionId);
    await h.app.notificationDelivery.runOnce();

    const won = h.mailsTo(bob).find((mail) => mail.subject === `You won ${RISKY_TITLE}`);
    expect(
      won,
      h
        .mailsTo(bob)
        .map((m) => m.subject)
        .join(' | '),
    ).toBeDefined();
    expect(won!.text).toContain('Winning bid: $30');
    expect(won!.text).toContain(`View the auction: ${TEST_PUBLIC_URL}/auction/${auctionId}`);
    expect(won!.html as string).toContain(`href="${TEST_PUBLIC_URL}/auction/${auctionId}"`);
    expect(rawHeader(won!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(won!)).toContain('/api/notification-preferences/unsubscribe?token=');
    expect(h.mailsTo(ann).map((mail) => mail.subject)).toContain(`${RISKY_TITLE} went to another bidder`);
  });

  it('never lets sign-in code e-mails be unsubscribed', async () => {
    const email = `codes-${randomUUID().slice(0, 8)}@example.com`;
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
    expect(res.statusCode).toBe(200);
    const code = h.smtp.received.find((mail) => addressesOf(mail).includes(email));
    expect(code).toBeDefined();
    expect(rawHeader(code!, 'List-Unsubscribe')).toBeUndefined();
    expect(rawHeader(code!, 'List-Unsubscribe-Post')).toBeUndefined();
  });

  it('turns the e-mails of one type off with the one-click POST (no cookie, cross-site) and refuses a stranger’s token', async () => {
    const outbid = h.mailsTo(ann).find((mail) => mail.subject?.startsWith("You've been outbid"));
    const url = new URL(unsubscribeUrlOf(outbid!));
    const path = `${url.pathname}${url.search}`;
    const prefsOf = async (member: Member) =>
      (
        await h.app.inject({ method: 'GET', url: '/api/notification-preferences', cookies: withSession(member.cookie) })
      ).json<NotificationPreferencesResponse>().preferences;

    // A GET (a mail scanner, or the member clicking) only shows the confirmation page.
    const page = await h.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop these e-mails?');
    expect((await prefsOf(ann)).find((p) => p.type === 'outbid')).toEqual({ type: 'outbid', email: true, push: true });

    // Forged tokens: signed with another secret, or Ann's signature on Bob's id.
    const foreign = signUnsubscribeToken('another-secret-of-at-least-32-characters!!', bob.id, 'outbid');
    const signature = url.searchParams.get('token')!.split('.')[1];
    const swapped = `${Buffer.from(`${bob.id}.outbid`).toString('base64url')}.${signature}`;
    for (const token of [foreign, swapped, 'garbage', '']) {
      const refused = await h.app.inject({
        method: 'POST',
        url: `/api/notification-preferences/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode, token).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe('This unsubscribe link is not valid.');
    }
    expect((await prefsOf(bob)).every((p) => p.email)).toBe(true);
    // A browser following a bad link, or a link that lost its token on the way, is shown a page, not JSON.
    for (const url of [
      '/api/notification-preferences/unsubscribe?token=garbage',
      '/api/notification-preferences/unsubscribe',
    ]) {
      const badPage = await h.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(badPage.statusCode, url).toBe(400);
      expect(badPage.headers['content-type'], url).toContain('text/html');
      expect(badPage.body, url).toContain('This unsubscribe link is not valid.');
    }

    // The mail client's one-click POST: from its own server, a form body, no cookie.
    const done = await h.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: 'https://mail.example',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const after = await prefsOf(ann);
    expect(after.find((p) => p.type === 'outbid')).toEqual({ type: 'outbid', email: false, push: true });
    expect(after.filter((p) => p.type !== 'outbid').every((p) => p.email)).toBe(true);

    // Ann is outbid again: no e-mail this time; Bob (still subscribed) is e-mailed when outbid.
    const second = await h.auction(host, 'Second coffee');
    h.clock = new Date(Math.max(h.clock.getTime(), Date.now()));
    await h.placeBid(ann, second, '25');
    await h.placeBid(bob, second, '30');
    await h.placeBid(ann, second, '35');
    h.catchUp();
    const annBefore = h.mailsTo(ann).length;
    await h.app.notificationDelivery.runOnce();
    expect(h.mailsTo(ann).length).toBe(annBefore);
    expect(h.mailsTo(bob).map((mail) => mail.subject)).toContain("You've been outbid on Second coffee");
  });
});

describe.each(testDatabaseFactories())('the outbox while SMTP is down on $kind', (factory) => {
  const h = harness(factory);
  let ann: Member;

  beforeEach(async () => {
    await h.open();
    ann = await h.member('Ann');
  });
  afterEach(() => h.close());

  async function notifyAnn(title: string) {
    await insertNotifications(h.testDb.database.db, [
      { userId: ann.id, type: 'payment_failed', title, message: 'Your card was declined.' },
    ]);
    h.catchUp();
  }

  it('retries with backoff from 5 s while mail is down, then delivers each e-mail exactly once', async () => {
    await h.smtp.stop();
    await notifyAnn('Payment failed one');
    await notifyAnn('Payment failed two');

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const run = await h.app.notificationDelivery.runOnce();
      expect(run).toMatchObject({ sent: 0, retried: 2 });
      const rows = await h.deliveriesOf(ann.id);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ['pending', attempt],
        ['pending', attempt],
      ]);
      delays.push(rows[0]!.nextAttemptAt.getTime() - h.clock.getTime());
      expect(rows[0]!.lastError).toBeTruthy();
      // Just before the next try is due nothing is claimed; at the due time it is.
      h.clock = new Date(rows[0]!.nextAttemptAt.getTime() - 1);
      expect((await h.app.notificationDelivery.runOnce()).retried).toBe(0);
      h.clock = rows[0]!.nextAttemptAt;
    }
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000]);

    await h.smtp.start();
    expect(await h.app.notificationDelivery.runOnce()).toMatchObject({ sent: 2, retried: 0 });
    h.clock = new Date(h.clock.getTime() + 10 * 60_000);
    expect((await h.app.notificationDelivery.runOnce()).sent).toBe(0);
    expect(
      h
        .mailsTo(ann)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Payment failed one', 'Payment failed two']);
    expect((await h.deliveriesOf(ann.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('caps the wait at 5 minutes and gives up 24 hours after the notification, recording why', async () => {
    await h.smtp.stop();
    await notifyAnn('Payment failed long ago');
    const start = h.clock.getTime();
    let longest = 0;
    for (let i = 0; i < 400; i++) {
      await h.app.notificationDelivery.runOnce();
      const [row] = await h.deliveriesOf(ann.id);
      if (row!.status !== 'pending') break;
      longest = Math.max(longest, row!.nextAttemptAt.getTime() - h.clock.getTime());
      h.clock = row!.nextAttemptAt;
    }
    const [row] = await h.deliveriesOf(ann.id);
    expect(row!.status).toBe('failed');
    expect(row!.lastError).toMatch(/^gave up after \d+ attempts/);
    expect(longest).toBe(5 * 60_000);
    expect(h.clock.getTime() - start).toBeGreaterThan(23 * HOUR);
    expect(h.clock.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(24 * HOUR);
    await h.smtp.start();
    h.clock = new Date(h.clock.getTime() + HOUR);
    expect((await h.app.notificationDelivery.runOnce()).sent).toBe(0);
    expect(h.mailsTo(ann)).toEqual([]);
    // A limit for a hung run, not a speed check: about 290 delivery rounds, each a few statements,
    // took 16 s alone and 41 s in a full run on a busy two-core machine (over the 30 s default).
  }, 120_000);

  it('e-mails a new message only while the member is away, at most once per conversation per 15 minutes', async () => {
    const bob = await h.member('Bob');
    let conversationId: string | undefined;
    const send = async (content: string) => {
      const res = conversationId
        ? await h.app.inject({
            method: 'POST',
            url: '/api/messages',
            cookies: withSession(bob.cookie),
            payload: { conversationId, receiverId: ann.id, content },
          })
        : await h.app.inject({
            method: 'POST',
            url: '/api/conversations/start',
            cookies: withSession(bob.cookie),
            payload: { receiverId: ann.id, message: content },
          });
      expect(res.statusCode, res.body).toBe(201);
      conversationId ??= res.json<{ conversationId: string }>().conversationId;
      h.catchUp();
    };
    await send('Hello there');
    await h.app.notificationDelivery.runOnce();
    await send('Are you free on Friday?');
    await h.app.notificationDelivery.runOnce();
    expect(h.mailsTo(ann).map((mail) => mail.subject)).toEqual(['New message']);
    expect(h.mailsTo(ann)[0]!.text).toContain('Bob: Hello there');
    expect(h.mailsTo(ann)[0]!.text).toContain(`Open your messages: ${TEST_PUBLIC_URL}/messages`);

    h.clock = new Date(h.clock.getTime() + 16 * 60_000);
    await send('Still there?');
    await h.app.notificationDelivery.runOnce();
    expect(h.mailsTo(ann).map((mail) => mail.text?.includes('Bob: Still there?'))).toEqual([false, true]);
  });

  it('sends no message e-mail while the member has a live socket, and does once they left', async () => {
    const bob = await h.member('Bob');
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: `sid=${encodeURIComponent(ann.cookie)}` },
      origin: `http://127.0.0.1:${port}`,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await waitFor(() => h.app.realtime.isOnline(ann.id), true);

    const start = await h.app.inject({
      method: 'POST',
      url: '/api/conversations/start',
      cookies: withSession(bob.cookie),
      payload: { receiverId: ann.id, message: 'Are you around?' },
    });
    expect(start.statusCode, start.body).toBe(201);
    const { conversationId } = start.json<{ conversationId: string }>();
    h.catchUp();
    await h.app.notificationDelivery.runOnce();
    expect(h.mailsTo(ann)).toEqual([]);
    expect((await h.deliveriesOf(ann.id)).map((row) => [row.status, row.lastError])).toEqual([
      ['skipped', 'the member is online'],
    ]);

    socket.close();
    await waitFor(() => h.app.realtime.isOnline(ann.id), false);
    const later = await h.app.inject({
      method: 'POST',
      url: '/api/messages',
      cookies: withSession(bob.cookie),
      payload: { conversationId, receiverId: ann.id, content: 'I will wait by the fountain.' },
    });
    expect(later.statusCode, later.body).toBe(201);
    h.catchUp();
    await h.app.notificationDelivery.runOnce();
    expect(h.mailsTo(ann).map((mail) => mail.text?.includes('Bob: I will wait by the fountain.'))).toEqual([true]);
  });
});

describe.each(postgresOnlyFactories())('two instances draining one outbox on $kind', (factory) => {
  const world = createWorld(factory, { clock: new Date(), smtp: true });
  let testDb: TestDatabase;
  let second: Database;
  let smtp: TestSmtpServer;
  /** The world's app, and a second instance on its own pool of the same database. */
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    await world.open();
    ({ testDb, smtp } = world);
    second = await openDatabase({ databaseUrl: connectionUrlOf(testDb.database), poolSize: 10 });
    apps.push(
      world.app,
      await createTestApp(second, { SMTP_URL: smtp.url, OTP_MAX_PER_IP: '1000' }, { now: () => world.clock }),
    );
  });
  afterAll(async () => {
    await apps[1]?.close();
    await second?.close();
    await world.close();
  });

  it('shares one generated VAPID key pair between the instances (kept in the database)', async () => {
    const keys = await Promise.all(
      apps.map(async (app) =>
        (await app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{ publicKey: string }>(),
      ),
    );
    expect(keys[0]!.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys[1]).toEqual(keys[0]);
  });

  it('sends every e-mail exactly once while both instances run the job at the same time', async () => {
    const members = await Promise.all(['Ann', 'Bob', 'Cal'].map((label) => world.signUp(label, { card: false })));
    const rows = members.flatMap((member) =>
      Array.from({ length: 15 }, (_, i) => ({
        userId: member.id,
        type: 'refund' as const,
        title: `Refund ${i} for ${member.id}`,
        message: 'Your refund is on its way.',
      })),
    );
    await insertNotifications(testDb.database.db, rows);
    world.clock = new Date(Date.now() + 1_000);

    // Both instances drain at once, several times over.
    for (let round = 0; round < 4; round++) {
      await Promise.all(apps.flatMap((app) => [app.notificationDelivery.runOnce()]));
    }
    await smtp.waitForCount(rows.length);
    const subjects = smtp.received.map((mail) => mail.subject).filter((s) => s?.startsWith('Refund'));
    expect(subjects).toHaveLength(rows.length);
    expect(new Set(subjects).size).toBe(rows.length);
    const statuses = await testDb.database.db
      .select({ status: notificationDeliveries.status, attempts: notificationDeliveries.attempts })
      .from(notificationDeliveries)
      .where(
        and(
          inArray(
            notificationDeliveries.userId,
            members.map((m) => m.id),
          ),
          eq(notificationDeliveries.channel, 'email'),
        ),
      );
    expect(statuses.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

import { auctionConversationId, directConversationId, serverBroadcastSchema } from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, notifications } from '../../src/db/schema/index.js';
import { isConversationParticipant, MESSAGES_PER_MINUTE } from '../../src/modules/messages/messages.service.js';
import { createWorld } from '../support/world.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { withSession } from '../support/session.js';

interface Person {
  id: string;
  cookie: string;
  firstName: string;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Summary {
  conversationId: string;
  otherUser: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };
  lastMessage: { id: string; content: string; senderId: string; createdAt: string; isRead: boolean };
  unreadCount: number;
  auction?: { id: string; title: string };
}

interface MessageBody {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  isRead: boolean;
  createdAt: string;
}

describe.each(testDatabaseFactories())('messages API on $kind', (factory) => {
  const published: Array<{ channel: string; payload: unknown }> = [];
  const userEvents: Array<{ userId: string; payload: unknown }> = [];
  const world = createWorld(factory, {
    appOptions: {
      // Record what the use cases publish (each event must fit the contract), and send it as usual.
      configure: (instance) => {
        const { realtime } = instance;
        const publish = realtime.publish.bind(realtime);
        const publishToUser = realtime.publishToUser.bind(realtime);
        vi.spyOn(realtime, 'publish').mockImplementation((channel, event) => {
          published.push({ channel, payload: serverBroadcastSchema.parse(event) });
          publish(channel, event);
        });
        vi.spyOn(realtime, 'publishToUser').mockImplementation((userId, event) => {
          userEvents.push({ userId, payload: serverBroadcastSchema.parse(event) });
          publishToUser(userId, event);
        });
      },
    },
  });
  let testDb: TestDatabase;
  let app: FastifyInstance;

  let host: Person; // created the auction that `winner` won
  let winner: Person;
  let loser: Person; // bid on it and lost
  let otherHost: Person; // created another auction
  let stranger: Person;
  let auctionId: string;
  let auctionTitle: string;
  let auctionChat: string;

  const signUp = (firstName: string) => world.signUp(firstName);

  const createAuction = async (who: Person, title: string) =>
    (await world.createAuction(who, { title, buyNowPrice: '80' })).id;

  const as = (who: Person | undefined) => withSession(who?.cookie);
  const get = (who: Person | undefined, url: string) => app.inject({ method: 'GET', url, cookies: as(who) });
  const post = (who: Person | undefined, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, cookies: as(who) });
  const send = (who: Person | undefined, conversationId: string, receiverId: string, content: string) =>
    post(who, '/api/messages', { conversationId, receiverId, content });
  const start = (who: Person | undefined, receiverId: string, message: string) =>
    post(who, '/api/conversations/start', { receiverId, message });
  const read = (who: Person | undefined, conversationId: string, query = '') =>
    get(who, `/api/conversations/${encodeURIComponent(conversationId)}/messages${query}`);
  const list = async (who: Person) => {
    const res = await get(who, '/api/conversations');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Summary[]>();
  };
  const unread = async (who: Person) => {
    const res = await get(who, '/api/conversations/unread-count');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number }>().count;
  };
  const expectNotFound = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Conversation not found');
  };

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
    host = await signUp('Hana');
    winner = await signUp('Wes');
    loser = await signUp('Lou');
    otherHost = await signUp('Otto');
    stranger = await signUp('Stan');

    auctionTitle = 'Coffee and a walk by the river';
    auctionId = await createAuction(host, auctionTitle);
    await createAuction(otherHost, 'Board games night');
    const lost = await post(loser, '/api/bids', { auctionId, amount: '25' });
    expect(lost.statusCode, lost.body).toBe(201);
    const bought = await post(winner, `/api/auctions/${auctionId}/buy-now`, {});
    expect(bought.statusCode, bought.body).toBe(200);
    auctionChat = auctionConversationId(auctionId, host.id, winner.id);
  });
  afterAll(() => world.close());

  it('answers 401 on every route to nobody', async () => {
    expect((await get(undefined, '/api/conversations')).statusCode).toBe(401);
    expect((await get(undefined, '/api/conversations/unread-count')).statusCode).toBe(401);
    expect((await read(undefined, auctionChat)).statusCode).toBe(401);
    expect((await send(undefined, auctionChat, host.id, 'Hello')).statusCode).toBe(401);
    expect((await start(undefined, host.id, 'Hello')).statusCode).toBe(401);
  });

  it('lets the winner and the creator of a won auction talk, trimmed, notified and published', async () => {
    expect(await unread(host)).toBe(0);
    const res = await send(winner, auctionChat, host.id, '   Looking forward to it!  \n');
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json<MessageBody>();
    expect(message).toMatchObject({
      conversationId: `${auctionId}-${[host.id, winner.id].sort().join('-')}`,
      senderId: winner.id,
      receiverId: host.id,
      content: 'Looking forward to it!',
      isRead: false,
    });

    const [notice] = await testDb.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, host.id), eq(notifications.type, 'message_received')));
    expect(notice).toMatchObject({
      title: 'New message',
      message: 'Wes: Looking forward to it!',
      relatedUserId: winner.id,
      relatedAuctionId: auctionId,
      isRead: false,
    });
    expect(published).toContainEqual({
      channel: `conversation:${auctionChat}`,
      payload: { type: 'new_message', message },
    });
    expect(userEvents).toContainEqual({ userId: host.id, payload: { type: 'notifications_changed' } });

    expect(await unread(host)).toBe(1);
    expect(await unread(winner)).toBe(0);
    const [summary] = await list(host);
    expect(summary).toEqual({
      conversationId: auctionChat,
      otherUser: { id: winner.id, firstName: 'Wes', lastName: 'Tester', profileImageUrl: null },
      lastMessage: {
        id: message.id,
        content: 'Looking forward to it!',
        senderId: winner.id,
        createdAt: message.createdAt,
        isRead: false,
      },
      unreadCount: 1,
      auction: { id: auctionId, title: auctionTitle },
    });

    // The creator reads: the message is marked read for them, and the badge drops.
    const opened = await read(host, auctionChat);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<MessageBody[]>().map((m) => [m.content, m.isRead])).toEqual([['Looking forward to it!', true]]);
    expect(await unread(host)).toBe(0);
    expect((await list(host))[0]!.unreadCount).toBe(0);

    const reply = await send(host, auctionChat, winner.id, 'Me too. See you Saturday.');
    expect(reply.statusCode, reply.body).toBe(201);
    // Reading marks only what was sent to the reader: the winner's own message stays as the host left it.
    const winnerView = await read(winner, auctionChat);
    expect(winnerView.json<MessageBody[]>().map((m) => m.content)).toEqual([
      'Looking forward to it!',
      'Me too. See you Saturday.',
    ]);
    const rows = await testDb.database.db.select().from(messages).where(eq(messages.conversationId, auctionChat));
    expect(rows.every((m) => m.isRead)).toBe(true);

    const [winnerSummary] = await list(winner);
    expect(winnerSummary).toMatchObject({
      conversationId: auctionChat,
      otherUser: { id: host.id, firstName: 'Hana' },
      lastMessage: { content: 'Me too. See you Saturday.', senderId: host.id },
      auction: { id: auctionId, title: auctionTitle },
    });
  });

  it('keeps everybody else out of an auction chat: 404 for reading and posting', async () => {
    for (const outsider of [loser, otherHost, stranger]) {
      expectNotFound(await read(outsider, auctionChat));
      expectNotFound(await send(outsider, auctionChat, host.id, 'Hi'));
      expect(await isConversationParticipant(testDb.database.db, outsider.id, auctionChat)).toBe(false);
      expect((await list(outsider)).map((c) => c.conversationId)).not.toContain(auctionChat);
    }
    expect(await isConversationParticipant(testDb.database.db, host.id, auctionChat)).toBe(true);
    expect(await isConversationParticipant(testDb.database.db, winner.id, auctionChat)).toBe(true);

    // An id built with the losing bidder, or with the creator of another auction, names no chat.
    const loserChat = auctionConversationId(auctionId, host.id, loser.id);
    expectNotFound(await send(loser, loserChat, host.id, 'I bid too'));
    expectNotFound(await send(host, loserChat, loser.id, 'Sorry'));
    expectNotFound(await read(loser, loserChat));
    const otherHostChat = auctionConversationId(auctionId, otherHost.id, winner.id);
    expectNotFound(await send(otherHost, otherHostChat, winner.id, 'Hello'));
    expectNotFound(await send(winner, auctionConversationId(UNKNOWN_ID, host.id, winner.id), host.id, 'Hello'));
  });

  it('opens no chat about an auction that nobody has won yet', async () => {
    const openAuction = await createAuction(host, 'Dinner downtown');
    const bid = await post(loser, '/api/bids', { auctionId: openAuction, amount: '30' });
    expect(bid.statusCode, bid.body).toBe(201);
    const early = auctionConversationId(openAuction, host.id, loser.id);
    expectNotFound(await send(loser, early, host.id, 'Hi!'));
    expectNotFound(await send(host, early, loser.id, 'Hi!'));
    expectNotFound(await read(host, early));
  });

  it('refuses empty, whitespace-only and over-long content, and the wrong receiver', async () => {
    for (const content of ['', '   ', '\n\t ']) {
      const res = await send(winner, auctionChat, host.id, content);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Message cannot be empty');
    }
    const missing = await post(winner, '/api/messages', { conversationId: auctionChat, receiverId: host.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Message cannot be empty', field: 'content' });
    expect((await send(winner, auctionChat, host.id, 'x'.repeat(2001))).statusCode).toBe(400);
    const longest = await send(winner, auctionChat, host.id, ` ${'y'.repeat(2000)} `);
    expect(longest.statusCode, longest.body).toBe(201);
    // Control characters other than tab and line breaks, a NUL first (PostgreSQL would refuse it).
    for (const content of ['Hi\u0000there', 'Bell\u0007', '\u001b[31mred']) {
      const res = await send(winner, auctionChat, host.id, content);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: 'Message contains characters that are not allowed',
        code: 'validation',
        field: 'content',
        requestId: expect.any(String),
      });
    }
    expect((await send(winner, auctionChat, host.id, 'Two\r\nlines\tand a tab')).statusCode).toBe(201);
    const wrong = await send(winner, auctionChat, stranger.id, 'Hello');
    expect(wrong.statusCode).toBe(400);
    expect((await send(winner, auctionChat, winner.id, 'Hello')).statusCode).toBe(400);
  });

  it('answers 404 for malformed conversation ids', async () => {
    for (const id of ['abc', `${host.id}-${host.id}`, auctionChat.toUpperCase(), `${auctionChat}-x`]) {
      expectNotFound(await read(host, id));
      expectNotFound(await send(host, id, winner.id, 'Hi'));
    }
    expect((await get(host, `/api/conversations/${auctionChat}/x/messages`)).statusCode).toBe(404);
    expect((await get(host, `/api/conversations/${auctionChat}`)).statusCode).toBe(404);
  });

  it('starts a direct conversation, appends to it, and lets the other person reply', async () => {
    const a = await signUp('Amy');
    const b = await signUp('Bea');
    const direct = directConversationId(a.id, b.id);

    // A direct conversation begins only through start.
    expectNotFound(await send(a, direct, b.id, 'Hi there'));

    const started = await start(a, b.id, '  Hi Bea, fancy a coffee?  ');
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toEqual({ conversationId: [a.id, b.id].sort().join('-') });
    const [notice] = await testDb.database.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(notice).toMatchObject({
      type: 'message_received',
      title: 'New message',
      message: 'Amy: Hi Bea, fancy a coffee?',
      relatedUserId: a.id,
      relatedAuctionId: null,
    });

    const [bSummary] = await list(b);
    expect(bSummary).toMatchObject({
      conversationId: direct,
      otherUser: { id: a.id, firstName: 'Amy' },
      lastMessage: { content: 'Hi Bea, fancy a coffee?', senderId: a.id, isRead: false },
      unreadCount: 1,
    });
    expect(bSummary).not.toHaveProperty('auction');
    expect(await unread(b)).toBe(1);

    const replied = await send(b, direct, a.id, 'Sure!');
    expect(replied.statusCode, replied.body).toBe(201);
    const again = await start(a, b.id, 'Great, Saturday then.');
    expect(again.json()).toEqual({ conversationId: direct });

    const aView = await read(a, direct);
    expect(aView.json<MessageBody[]>().map((m) => m.content)).toEqual([
      'Hi Bea, fancy a coffee?',
      'Sure!',
      'Great, Saturday then.',
    ]);
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(2);

    // Strangers cannot read, post to, or see it.
    expectNotFound(await read(stranger, direct));
    expectNotFound(await send(stranger, direct, a.id, 'Hi'));
    expect((await list(stranger)).map((c) => c.conversationId)).not.toContain(direct);
    expect(await unread(stranger)).toBe(0);

    // Profile "Active Conversations" counts the same conversations as this list.
    const stats = await get(a, '/api/profile/stats');
    expect(stats.json().activeConversations).toBe((await list(a)).length);
  });

  it('refuses to start a conversation without a valid receiver or a message', async () => {
    const missing = await post(stranger, '/api/conversations/start', { message: 'Hi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Please select a user', field: 'receiverId' });
    expect((await start(stranger, stranger.id, 'Hi me')).statusCode).toBe(400);
    expect((await start(stranger, UNKNOWN_ID, 'Hi')).statusCode).toBe(404);
    expect((await start(stranger, 'not-a-user', 'Hi')).statusCode).toBe(404);
    const empty = await start(stranger, host.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Message cannot be empty');
    const nul = await start(stranger, host.id, 'Hi\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Message contains characters that are not allowed');
    expect(await list(stranger)).toEqual([]);
  });

  it('pages a conversation: the latest messages oldest first, then older ones before a cursor', async () => {
    const a = await signUp('Pia');
    const b = await signUp('Pat');
    const direct = directConversationId(a.id, b.id);
    expect((await start(a, b.id, 'one')).statusCode).toBe(201);
    for (const content of ['two', 'three', 'four']) {
      expect((await send(a, direct, b.id, content)).statusCode).toBe(201);
    }
    const latest = await read(b, direct, '?limit=2');
    expect(latest.headers['x-has-more']).toBe('true');
    const page = latest.json<MessageBody[]>();
    expect(page.map((m) => m.content)).toEqual(['three', 'four']);
    const older = await read(b, direct, `?limit=2&before=${page[0]!.id}`);
    expect(older.json<MessageBody[]>().map((m) => m.content)).toEqual(['one', 'two']);
    expect(older.headers['x-has-more']).toBe('false');
    expect((await read(b, direct, '?before=nope')).statusCode).toBe(400);
    expect((await read(b, direct, `?before=${UNKNOWN_ID}`)).statusCode).toBe(400);
    expect((await read(b, direct, '?limit=0')).statusCode).toBe(400);
  });

  it(`limits sending to ${MESSAGES_PER_MINUTE} messages a minute per user`, async () => {
    const a = await signUp('Rae');
    const b = await signUp('Rob');
    const direct = directConversationId(a.id, b.id);
    expect((await start(a, b.id, 'first')).statusCode).toBe(201);
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++) {
      expect((await send(a, direct, b.id, `message ${i}`)).statusCode).toBe(201);
    }
    const refused = await send(a, direct, b.id, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect((await start(a, b.id, 'one too many')).statusCode).toBe(429);
    // The other person is not limited by it.
    expect((await send(b, direct, a.id, 'slow down')).statusCode).toBe(201);
  });

  it(`passes exactly ${MESSAGES_PER_MINUTE} of 60 concurrent messages (the limit is decided under a lock)`, async () => {
    const a = await signUp('Ria');
    const b = await signUp('Roy');
    const direct = directConversationId(a.id, b.id);
    expect((await start(a, b.id, 'first')).statusCode).toBe(201);
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => send(a, direct, b.id, `burst ${i}`)));
    expect(burst.filter((res) => res.statusCode === 201)).toHaveLength(MESSAGES_PER_MINUTE - 1);
    expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(60 - (MESSAGES_PER_MINUTE - 1));
  });
});

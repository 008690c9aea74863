import { randomUUID } from 'node:crypto';
import { serverEventSchema, WS_MAX_BUFFERED_BYTES, WS_MAX_SUBSCRIPTIONS, type ChatMessageView } from '@bid/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, type Bus, type BusHandlers } from '../../src/modules/realtime/bus.js';
import { RealtimeHub, type HubSocket } from '../../src/modules/realtime/hub.js';
import { WS_UPGRADE_REQUIRED_MESSAGE } from '../../src/plugins/realtime.js';
import { offProtocolFrames, signOutByLink, suiteWorld, type LiveMessage, type Member } from '../support/world.js';
import { testDatabaseFactories } from '../support/databases.js';
import { withSession } from '../support/session.js';

afterEach(() => {
  expect(offProtocolFrames.splice(0), 'every frame the server sends fits ServerEvent (docs/realtime.md)').toEqual([]);
});

/** A chat message as the messaging module publishes it. */
const chatMessage = (conversationId: string, content = 'hi'): ChatMessageView => ({
  id: randomUUID(),
  conversationId,
  senderId: randomUUID(),
  receiverId: randomUUID(),
  content,
  isRead: false,
  createdAt: new Date().toISOString(),
});

describe.each(testDatabaseFactories())('realtime channel on $kind', (factory) => {
  let alice: Member;
  let bob: Member;
  let host: Member;
  /** Only alice is in this conversation, as far as the test's authorizer knows. */
  const alicesConversation = randomUUID();
  const world = suiteWorld(factory, {
    listen: true,
    appOptions: {
      conversationAuthorizer: async (userId, conversationId) =>
        userId === alice.id && conversationId === alicesConversation,
    },
  });

  const createAuction = async () => (await world.createAuction(host, { buyNowPrice: '100' })).id;
  const bid = (who: Member, auctionId: string, amount: string) => world.bid(who, { auctionId, amount });

  beforeAll(async () => {
    alice = await world.signUp('Alice');
    bob = await world.signUp('Bob');
    host = await world.signUp('Hank');
  });

  it('answers presence from live sockets: signed-in callers only, online while a socket is open', async () => {
    const ask = (cookie?: string) =>
      world.app.inject({ method: 'GET', url: `/api/users/${bob.id}/presence`, cookies: withSession(cookie) });
    expect((await ask()).statusCode).toBe(401);
    expect((await ask(alice.cookie)).json()).toEqual({ online: false });
    const bobSocket = await world.live(bob);
    await bobSocket.sync();
    expect((await ask(alice.cookie)).json()).toEqual({ online: true });
    bobSocket.close();
  });

  it('hides presence across a block, in both directions', async () => {
    const blocker = await world.signUp('Bea');
    const blocked = await world.signUp('Ben');
    const presenceOf = async (viewer: { cookie: string }, person: { id: string }) =>
      (
        await world.app.inject({
          method: 'GET',
          url: `/api/users/${person.id}/presence`,
          cookies: withSession(viewer.cookie),
        })
      ).json<{ online: boolean }>();
    const blockersSocket = await world.live(blocker);
    const blockedsSocket = await world.live(blocked);
    await blockersSocket.sync();
    await blockedsSocket.sync();
    expect(await presenceOf(blocked, blocker)).toEqual({ online: true });
    const block = await world.app.inject({
      method: 'POST',
      url: '/api/blocks',
      payload: { userId: blocked.id },
      cookies: withSession(blocker.cookie),
    });
    expect(block.statusCode).toBeLessThan(300);
    expect(await presenceOf(blocked, blocker)).toEqual({ online: false });
    expect(await presenceOf(blocker, blocked)).toEqual({ online: false });
    // Anyone else still sees them online.
    expect(await presenceOf(alice, blocker)).toEqual({ online: true });
    blockersSocket.close();
    blockedsSocket.close();
  });

  it('answers a plain GET of /ws (no upgrade) with a JSON 426 naming the protocol, over real HTTP', async () => {
    const res = await fetch(`http://127.0.0.1:${world.port}/ws`);
    expect(res.status).toBe(426);
    expect(res.headers.get('upgrade')).toBe('websocket');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      message: WS_UPGRADE_REQUIRED_MESSAGE,
      code: 'upgrade_required',
      requestId: expect.any(String),
    });
    // The socket route itself still upgrades.
    const socket = await world.live();
    await socket.sync();
    socket.close();
  });

  it('refuses a handshake from a foreign Origin', async () => {
    await expect(world.live(alice, 'https://evil.example')).rejects.toThrow(/403/);
  });

  it('without a cookie: cannot authenticate, cannot join a conversation, hears nothing of it', async () => {
    const anon = await world.live();
    expect(await anon.request({ type: 'authenticate', userId: alice.id })).toMatchObject({
      type: 'error',
      message: 'Not authenticated',
    });
    expect(await anon.request({ type: 'subscribe_conversation', conversationId: alicesConversation })).toMatchObject({
      type: 'error',
    });
    // A visitor may follow auctions (public), and only those.
    const auctionId = randomUUID();
    expect(await anon.request({ type: 'subscribe_auction', auctionId })).toEqual({
      type: 'subscribed',
      channel: `auction:${auctionId}`,
    });
    world.app.realtime.publish(`conversation:${alicesConversation}`, {
      type: 'new_message',
      message: chatMessage(alicesConversation),
    });
    world.app.realtime.publishToUser(alice.id, { type: 'notifications_changed' });
    await anon.sync();
    expect(anon.messages).toEqual([]);
    anon.close();
  });

  it('a spoofed authenticate is refused and grants nothing; the real user gets her events', async () => {
    const aliceSocket = await world.live(alice);
    const bobSocket = await world.live(bob);

    expect(await aliceSocket.request({ type: 'authenticate', userId: alice.id })).toEqual({
      type: 'authenticated',
      userId: alice.id,
    });
    expect(await bobSocket.request({ type: 'authenticate', userId: alice.id })).toMatchObject({
      type: 'error',
      message: 'Not authenticated',
    });
    // Someone else's conversation: the authorizer says no.
    expect(
      await bobSocket.request({ type: 'subscribe_conversation', conversationId: alicesConversation }),
    ).toMatchObject({ type: 'error' });
    expect(await aliceSocket.request({ type: 'subscribe_conversation', conversationId: alicesConversation })).toEqual({
      type: 'subscribed',
      channel: `conversation:${alicesConversation}`,
    });
    // Naming another user's channel is not a way in either.
    expect(await bobSocket.request({ type: 'unsubscribe', channel: `user:${alice.id}` })).toMatchObject({
      type: 'unsubscribed',
    });

    const posted = chatMessage(alicesConversation);
    world.app.realtime.publish(`conversation:${alicesConversation}`, { type: 'new_message', message: posted });
    world.app.realtime.publishToUser(alice.id, { type: 'notifications_changed' });
    expect(await aliceSocket.take((m) => m.type === 'new_message')).toMatchObject({ message: { id: posted.id } });
    expect(await aliceSocket.take((m) => m.type === 'notifications_changed')).toBeTruthy();
    await bobSocket.sync();
    expect(bobSocket.messages).toEqual([]);
    expect(await world.app.realtime.isOnline(alice.id)).toBe(true);

    aliceSocket.close();
    bobSocket.close();
    await aliceSocket.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(await world.app.realtime.isOnline(alice.id)).toBe(false);
  });

  it('answers malformed JSON, unknown types and bad ids with an error and keeps the connection', async () => {
    const socket = await world.live(alice);
    expect(await socket.request('{not json')).toMatchObject({ type: 'error' });
    expect(await socket.request({ type: 'launch_missiles' })).toMatchObject({ type: 'error' });
    expect(await socket.request([1, 2])).toMatchObject({ type: 'error' });
    expect(await socket.request({ type: 'subscribe_auction', auctionId: "1' OR 1=1" })).toMatchObject({
      type: 'error',
    });
    expect(await socket.request({ type: 'unsubscribe', channel: 'everything' })).toMatchObject({ type: 'error' });
    await socket.sync();
    socket.close();
  });

  it('closes a socket that sends a frame over 4 KB', async () => {
    const socket = await world.live(alice);
    socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(5000) }));
    expect((await socket.closed).code).toBe(1009);
  });

  it('refuses more than 20 messages a second, then closes a socket that keeps flooding', async () => {
    const socket = await world.live(alice);
    for (let i = 0; i < 25; i += 1) socket.send({ type: 'ping' });
    expect(await socket.take((m) => m.type === 'error')).toMatchObject({ message: expect.stringMatching(/Too many/) });
    // The refusal is written as the 21st frame arrives, while the 20 accepted pings are answered
    // in turn from the socket's queue: when the burst arrives in one read, pongs follow the
    // refusal on the wire. Exactly 20 are answered; the 5 refused pings never are.
    await expect.poll(() => socket.messages.filter((m) => m.type === 'pong').length).toBeGreaterThanOrEqual(20);
    expect(socket.messages.filter((m) => m.type === 'pong')).toHaveLength(20);
    // Still open once a calm second has passed on the server's clock: a ping is answered again.
    // (Asked again until then: a loaded machine may deliver the burst late, moving the window.)
    await expect
      .poll(
        async () => {
          socket.send({ type: 'ping' });
          return socket
            .take((m) => m.type === 'pong', 1_000)
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);

    for (let i = 0; i < 200; i += 1) socket.send({ type: 'ping' });
    expect((await socket.closed).code).toBe(1008);
  });

  it(`holds at most ${WS_MAX_SUBSCRIPTIONS} subscriptions per socket`, async () => {
    const socket = await world.live(alice);
    // Filled in frames of 50 ids (a list page's subscribe_auctions), so the message rate limit,
    // which counts frames, plays no part whatever the machine's load.
    for (let filled = 0; filled < WS_MAX_SUBSCRIPTIONS; filled += 50) {
      socket.send({ type: 'subscribe_auctions', auctionIds: Array.from({ length: 50 }, () => randomUUID()) });
    }
    await socket.sync();
    socket.send({ type: 'subscribe_auction', auctionId: randomUUID() });
    expect(await socket.take((m) => m.type === 'error')).toMatchObject({
      message: expect.stringMatching(/At most 100/),
    });
    expect(socket.messages.filter((m) => m.type === 'subscribed')).toHaveLength(WS_MAX_SUBSCRIPTIONS);
    socket.close();
  });

  it('publishes bid_update after a bid commits, and nothing for a refused bid', async () => {
    const auctionId = await createAuction();
    const watcher = await world.live();
    // A list page follows its auctions in one frame (subscribe_auctions, up to 50 ids).
    watcher.send({ type: 'subscribe_auctions', auctionIds: [randomUUID(), auctionId] });
    await watcher.take((m) => m.type === 'subscribed' && m.channel === `auction:${auctionId}`);
    watcher.send({ type: 'subscribe_auctions', auctionIds: ['nope'] });
    expect(await watcher.take((m) => m.type === 'error')).toMatchObject({
      message: expect.stringMatching(/auctionIds/),
    });

    const tooLow = await bid(alice, auctionId, '5');
    expect(tooLow.statusCode).toBe(400);
    const ownAuction = await bid(host, auctionId, '30');
    expect(ownAuction.statusCode).toBe(403);

    const accepted = await bid(alice, auctionId, '25');
    expect(accepted.statusCode, accepted.body).toBe(201);
    const update = await watcher.take((m) => m.type === 'bid_update');
    // One shape for every bid_update: a bid's, Buy Now's and a voided bid's.
    expect(update).toEqual({
      type: 'bid_update',
      auctionId,
      newBid: '25.00',
      bidCount: 1,
      endTime: expect.any(String),
      isActive: true,
      winnerId: null,
      channel: `auction:${auctionId}`,
    });
    // The refused bids published nothing: the first update is the accepted bid's.
    await watcher.sync();
    expect(watcher.messages.filter((m) => m.type === 'bid_update')).toEqual([]);

    const bought = await world.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/buy-now`,
      payload: {},
      cookies: withSession(bob.cookie),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await watcher.take((m) => m.type === 'bid_update')).toEqual({
      type: 'bid_update',
      auctionId,
      newBid: '100.00',
      bidCount: 2,
      endTime: expect.any(String),
      isActive: false,
      winnerId: bob.id,
      channel: `auction:${auctionId}`,
    });
    watcher.close();
  });

  it('tells the host and the outbid member live: their bells refresh and the outbid one hears by how much', async () => {
    const auctionId = await createAuction();
    const hostSocket = await world.live(host);
    const aliceSocket = await world.live(alice);
    const bobSocket = await world.live(bob);
    await Promise.all([hostSocket.sync(), aliceSocket.sync(), bobSocket.sync()]);

    expect((await bid(alice, auctionId, '25')).statusCode).toBe(201);
    await hostSocket.take((m) => m.type === 'notifications_changed');
    // Nobody was outbid by the first bid.
    await aliceSocket.sync();
    expect(aliceSocket.messages.filter((m) => m.type === 'outbid' || m.type === 'notifications_changed')).toEqual([]);

    expect((await bid(bob, auctionId, '30')).statusCode).toBe(201);
    expect(await aliceSocket.take((m) => m.type === 'outbid')).toMatchObject({
      auctionId,
      newBid: '30.00',
      minimumBid: '31.00',
      channel: `user:${alice.id}`,
    });
    await aliceSocket.take((m) => m.type === 'notifications_changed');
    await hostSocket.take((m) => m.type === 'notifications_changed');
    // The new leader hears no outbid of their own.
    await bobSocket.sync();
    expect(bobSocket.messages.filter((m) => m.type === 'outbid')).toEqual([]);

    // Raising one's own lead outbids nobody.
    expect((await bid(bob, auctionId, '35')).statusCode).toBe(201);
    await Promise.all([aliceSocket.sync(), bobSocket.sync()]);
    expect([...aliceSocket.messages, ...bobSocket.messages].filter((m) => m.type === 'outbid')).toEqual([]);

    // Buy Now refreshes the buyer's and the host's bells.
    hostSocket.messages.length = 0;
    const bought = await world.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/buy-now`,
      payload: {},
      cookies: withSession(alice.cookie),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).not.toHaveProperty('hostId');
    await aliceSocket.take((m) => m.type === 'notifications_changed');
    await hostSocket.take((m) => m.type === 'notifications_changed');
    for (const socket of [hostSocket, aliceSocket, bobSocket]) socket.close();
  });

  it('closes the user’s sockets at logout', async () => {
    const carol = await world.signUp('Carol', { profile: false });
    const first = await world.live(carol);
    const second = await world.live(carol);
    const bystander = await world.live(bob);
    const res = await signOutByLink(world, carol);
    expect(res.statusCode).toBe(302);
    expect((await first.closed).code).toBe(4001);
    expect((await second.closed).code).toBe(4001);
    await bystander.sync();
    bystander.close();
  });

  it('closes every socket of a member who resets a forgotten password (docs/accounts.md)', async () => {
    const dora = await world.signUp('Dora', { profile: false });
    const { email } = dora;
    const signedIn = await world.live(dora);
    const bystander = await world.live(bob);
    const sent = await world.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/send-code',
      payload: { email },
    });
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, otp: sent.json().devOtp, password: 'the new password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await signedIn.closed).code).toBe(4001);
    await bystander.sync();
    bystander.close();
  });
});

/** The hub alone, on a bus that goes nowhere. */
describe('realtime hub', () => {
  const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const published: string[] = [];
  const bus: Bus = {
    description: 'test',
    start: async (_h: BusHandlers) => undefined,
    publish: (payload) => published.push(payload),
    flush: async () => undefined,
    close: async () => undefined,
  };
  const fakeSocket = () => {
    const sent: LiveMessage[] = [];
    const socket: HubSocket = {
      readyState: 1,
      bufferedAmount: 0,
      send: (data) => sent.push(JSON.parse(data.toString()) as LiveMessage),
      close: () => undefined,
      terminate: () => undefined,
      ping: () => undefined,
    };
    return { socket, sent };
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** This instance's sockets get a publish on the next turn of the event loop, after the bus (hub.ts). */
  const localDelivery = () => new Promise((r) => setImmediate(r));

  it('refuses every conversation subscription on a hub built without an authorizer, and asks the one it is given', async () => {
    const userId = randomUUID();
    const conversationId = randomUUID();
    const subscribe = async (hub: RealtimeHub) => {
      const { socket, sent } = fakeSocket();
      const connection = hub.attach(socket, userId);
      hub.receive(connection, JSON.stringify({ type: 'subscribe_conversation', conversationId }));
      await settle();
      return sent.at(-1);
    };
    expect(await subscribe(new RealtimeHub({ bus, logger: silentLogger }))).toMatchObject({ type: 'error' });
    const authorized = new RealtimeHub({
      bus,
      logger: silentLogger,
      authorizeConversation: async (u, c) => u === userId && c === conversationId,
    });
    expect(await subscribe(authorized)).toEqual({ type: 'subscribed', channel: `conversation:${conversationId}` });
  });

  it('sends a message too large for one NOTIFY as its id alone, and serialises it once', () => {
    const hub = new RealtimeHub({ bus, logger: silentLogger, authorizeConversation: async () => true });
    const conversationId = randomUUID();
    const { socket, sent } = fakeSocket();
    const connection = hub.attach(socket, randomUUID());
    // Subscribing directly through the protocol is async; reach the same state synchronously.
    hub.receive(connection, JSON.stringify({ type: 'subscribe_conversation', conversationId }));
    return settle().then(async () => {
      published.length = 0;
      const big = chatMessage(conversationId, 'é'.repeat(5000));
      hub.publish(`conversation:${conversationId}`, { type: 'new_message', message: big });
      await localDelivery();
      expect(serverEventSchema.parse(sent.at(-1))).toEqual({
        type: 'new_message',
        message: { id: big.id, conversationId },
        truncated: true,
        channel: `conversation:${conversationId}`,
      });
      expect(published).toHaveLength(1);
      expect(Buffer.byteLength(published[0]!)).toBeLessThan(8000);
    });
  });
  it("hands an event to the bus before this instance's sockets get it, and keeps their order", async () => {
    const order: string[] = [];
    const hub = new RealtimeHub({ bus: { ...bus, publish: () => void order.push('bus') }, logger: silentLogger });
    await hub.start();
    const auctionId = randomUUID();
    const { socket, sent } = fakeSocket();
    const connection = hub.attach(
      {
        ...socket,
        send: (data: Buffer, options: { binary: boolean }) => {
          order.push('socket');
          socket.send(data, options);
        },
      },
      randomUUID(),
    );
    hub.receive(connection, JSON.stringify({ type: 'subscribe_auction', auctionId }));
    await settle();
    order.length = 0;
    sent.length = 0;
    for (const bidCount of [1, 2, 3]) {
      hub.publish(`auction:${auctionId}`, {
        type: 'bid_update',
        auctionId,
        newBid: `${30 + bidCount}.00`,
        bidCount,
        endTime: new Date().toISOString(),
        isActive: true,
        winnerId: null,
      });
    }
    // The other instances' subscribers do not wait for this instance's fan-out.
    expect(order).toEqual(['bus', 'bus', 'bus']);
    await localDelivery();
    expect(order).toEqual(['bus', 'bus', 'bus', 'socket', 'socket', 'socket']);
    expect(sent.map((message) => message.bidCount)).toEqual([1, 2, 3]);
    await hub.stop();
  });

  it('serialises an event once per publish: every subscriber, local or reached over the bus, gets the same bytes', async () => {
    let handlers: BusHandlers | undefined;
    const hub = new RealtimeHub({
      bus: {
        ...bus,
        start: async (h) => {
          handlers = h;
        },
      },
      logger: silentLogger,
    });
    await hub.start();
    const auctionId = randomUUID();
    const frames: Buffer[][] = [];
    const slow: { terminated: boolean; frames: Buffer[] } = { terminated: false, frames: [] };
    for (let i = 0; i < 50; i += 1) {
      const received: Buffer[] = [];
      frames.push(received);
      const connection = hub.attach(
        { ...fakeSocket().socket, send: (data: Buffer) => received.push(data) },
        randomUUID(),
      );
      hub.receive(connection, JSON.stringify({ type: 'subscribe_auction', auctionId }));
    }
    // A socket that stopped reading: dropped, never buffered for without bound.
    const slowConnection = hub.attach(
      {
        ...fakeSocket().socket,
        bufferedAmount: WS_MAX_BUFFERED_BYTES + 1,
        send: (data: Buffer) => slow.frames.push(data),
        terminate: () => {
          slow.terminated = true;
        },
      },
      randomUUID(),
    );
    hub.receive(slowConnection, JSON.stringify({ type: 'subscribe_auction', auctionId }));
    await settle();
    for (const received of frames) received.length = 0;

    hub.publish(`auction:${auctionId}`, {
      type: 'bid_update',
      auctionId,
      newBid: '31.00',
      bidCount: 1,
      endTime: new Date().toISOString(),
      isActive: true,
      winnerId: null,
    });
    await localDelivery();
    const local = frames.map((received) => received[0]);
    expect(new Set(local).size).toBe(1);
    expect(JSON.parse(local[0]!.toString())).toMatchObject({ type: 'bid_update', channel: `auction:${auctionId}` });

    handlers!.onPayload(
      encodeEnvelope('another-instance', 1, 'channel', `auction:${auctionId}`, '{"type":"bid_update","bidCount":2}'),
    );
    const remote = frames.map((received) => received[1]);
    expect(new Set(remote).size).toBe(1);
    expect(remote[0]).not.toBe(local[0]);
    expect(slow).toEqual({ terminated: true, frames: [] });
    await hub.stop();
  });
});

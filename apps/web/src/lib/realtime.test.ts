// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { RealtimeClient, type RealtimeEvent } from './realtime';

const AUCTION = '0b7f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const OTHER_AUCTION = '1c8e2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';
const CONVERSATION = '2d9f3e4a-5f6c-4d7e-8f90-91a2b3c4d5e6';
const USER = '3eaf4f5b-6a7d-4e8f-9a01-a2b3c4d5e6f7';
/** A bid_update frame as the server sends it. */
const bidUpdate = (newBid: string, bidCount: number) =>
  JSON.stringify({
    type: 'bid_update',
    auctionId: AUCTION,
    newBid,
    bidCount,
    endTime: '2030-01-01T00:00:00.000Z',
    isActive: true,
    winnerId: null,
    channel: `auction:${AUCTION}`,
  });

/** A real local WebSocket server that records what each connection sends. */
async function startServer() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connections: Array<{ socket: WebSocket; received: Array<Record<string, unknown>> }> = [];
  wss.on('connection', (socket) => {
    const entry = { socket, received: [] as Array<Record<string, unknown>> };
    connections.push(entry);
    socket.on('message', (raw: Buffer) =>
      entry.received.push(JSON.parse(raw.toString('utf8')) as Record<string, unknown>),
    );
  });
  const { port } = wss.address() as { port: number };
  return { wss, connections, url: `ws://127.0.0.1:${port}/ws` };
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('RealtimeClient against a real WebSocket server', () => {
  const cleanups: Array<() => void | Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('authenticates and subscribes on open, then reconnects after the delay and subscribes again', async () => {
    const server = await startServer();
    cleanups.push(() => new Promise<void>((resolve) => server.wss.close(() => resolve())));
    const logger = { warn: vi.fn() };
    const client = new RealtimeClient({
      url: server.url,
      reconnectMs: 200,
      WebSocketImpl: WebSocket as never,
      logger,
    });
    cleanups.push(() => client.stop());

    const auctionEvents: RealtimeEvent[] = [];
    const userEvents: RealtimeEvent[] = [];
    client.subscribe({ auctionId: AUCTION }, (e) => auctionEvents.push(e));
    client.subscribe({ auctionId: OTHER_AUCTION }, () => undefined);
    client.subscribe({ conversationId: CONVERSATION }, () => undefined);
    client.subscribe(`user:${USER}`, (e) => userEvents.push(e));
    client.start(USER);

    await until(() => (server.connections[0]?.received.length ?? 0) >= 3);
    const first = server.connections[0]!;
    expect(first.received[0]).toEqual({ type: 'authenticate', userId: USER });
    expect(first.received).toHaveLength(3);
    expect(first.received).toEqual(
      expect.arrayContaining([
        { type: 'subscribe_auctions', auctionIds: [AUCTION, OTHER_AUCTION] },
        { type: 'subscribe_conversation', conversationId: CONVERSATION },
      ]),
    );

    // Events reach the handlers of their channel only; the user channel needs no frame.
    first.socket.send(bidUpdate('30.00', 2));
    first.socket.send(JSON.stringify({ type: 'notifications_changed', channel: `user:${USER}` }));
    await until(() => auctionEvents.length === 1 && userEvents.length === 1);
    expect(auctionEvents[0]).toMatchObject({ newBid: '30.00', bidCount: 2 });

    // A garbled frame, an unknown type and an event of the wrong shape are only logged: no handler hears them.
    first.socket.send('{garbled');
    first.socket.send(JSON.stringify({ type: 'launch', channel: `auction:${AUCTION}` }));
    first.socket.send(
      JSON.stringify({ type: 'bid_update', auctionId: AUCTION, newBid: 31.5, channel: `auction:${AUCTION}` }),
    );
    first.socket.send(bidUpdate('32.00', 3));
    await until(() => auctionEvents.length === 2);
    expect(auctionEvents[1]).toMatchObject({ newBid: '32.00', bidCount: 3 });
    expect(logger.warn).toHaveBeenCalledTimes(3);
    auctionEvents.length = 1;

    // The server drops the connection: no reconnection before the delay, then everything again.
    const droppedAt = Date.now();
    first.socket.terminate();
    await until(() => server.connections.length === 2 && server.connections[1]!.received.length >= 3);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(180);
    expect(server.connections[1]!.received).toEqual(first.received);

    // Events on the new connection still reach the same handlers.
    server.connections[1]!.socket.send(bidUpdate('35.00', 4));
    await until(() => auctionEvents.length === 2);
  });

  it('reconnects at once after a 1012 (service restart), subscribes again and tells its reconnect listeners', async () => {
    const server = await startServer();
    cleanups.push(() => new Promise<void>((resolve) => server.wss.close(() => resolve())));
    // A normal drop would wait a minute: only the restart code makes it come back now.
    const client = new RealtimeClient({ url: server.url, reconnectMs: 60_000, WebSocketImpl: WebSocket as never });
    cleanups.push(() => client.stop());
    let reconnects = 0;
    const stopListening = client.onReconnect(() => (reconnects += 1));
    client.subscribe({ auctionId: AUCTION }, () => undefined);
    client.start(null);
    await until(() => server.connections[0]?.received.length === 1);
    expect(reconnects).toBe(0);

    server.connections[0]!.socket.close(1012, 'Service restart');
    await until(() => server.connections[1]?.received.length === 1);
    expect(server.connections[1]!.received[0]).toEqual({ type: 'subscribe_auction', auctionId: AUCTION });
    await until(() => reconnects === 1);

    stopListening();
    server.connections[1]!.socket.close(1012, 'Service restart');
    await until(() => server.connections[2]?.received.length === 1);
    expect(reconnects).toBe(1);
  });

  it('unsubscribes when the last handler leaves, and keeps to the server’s message rate', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const server = await startServer();
    cleanups.push(() => new Promise<void>((resolve) => server.wss.close(() => resolve())));
    const client = new RealtimeClient({ url: server.url, WebSocketImpl: WebSocket as never, maxMessagesPerSecond: 5 });
    cleanups.push(() => client.stop());
    client.start(null);
    await until(() => client.isOpen);

    const leave = client.subscribe({ auctionId: AUCTION }, () => undefined);
    await until(() => server.connections[0]?.received.length === 1);
    leave();
    await vi.advanceTimersByTimeAsync(1100);
    await until(() => server.connections[0]!.received.length === 2);
    expect(server.connections[0]!.received[1]).toEqual({ type: 'unsubscribe', channel: `auction:${AUCTION}` });

    // Twelve conversation subscriptions at once go out five a second.
    for (let i = 0; i < 12; i += 1) {
      client.subscribe(
        { conversationId: `${CONVERSATION.slice(0, -2)}${String(i).padStart(2, '0')}` },
        () => undefined,
      );
    }
    await vi.advanceTimersByTimeAsync(50);
    await until(() => server.connections[0]!.received.length >= 5);
    const sentSoFar = server.connections[0]!.received.length;
    expect(sentSoFar).toBeLessThanOrEqual(2 + 5);
    await vi.advanceTimersByTimeAsync(2100);
    await until(() => server.connections[0]!.received.length === 14);
  });
});

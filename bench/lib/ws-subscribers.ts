/**
 * One load-generator thread of `ws-fanout`, started by ws-subscriber-threads.ts. It holds its share
 * of the subscribers of both sides (app and bare server), stamps each `bid_update` the moment its
 * event loop gets to it, and keeps the stamps until the main thread asks for them: one answer per
 * batch of updates, not one message per socket per update. Its only unsolicited messages are one
 * per update and side (every subscriber of this thread has it) and, on the thread that holds the
 * first app subscriber, that subscriber's copy of each update (the bare server's payload).
 */
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';
import {
  sharedClockMs,
  type CheckResult,
  type Notice,
  type Reply,
  type Request,
  type Side,
  type SubscriberTarget,
  type UpdateArrivals,
} from './ws-subscriber-threads.js';

const port = parentPort;
if (!port) throw new Error('ws-subscribers.ts runs in a worker thread started by ws-subscriber-threads.ts');

interface Subscriber {
  socket: WebSocket;
  instance: number;
  /** bidCount of each bid_update in arrival order, and when it arrived (sharedClockMs). */
  received: Array<{ n: number; at: number }>;
  /** The highest bidCount this subscriber has had: it has "reached" every update up to it. */
  highest: number;
}

interface SideState {
  subscribers: Subscriber[];
  /** How many of this side's subscribers have reached update n, until all of them have. */
  reached: Map<number, number>;
}

const sides: Record<Side, SideState> = {
  app: { subscribers: [], reached: new Map() },
  bare: { subscribers: [], reached: new Map() },
};

function notify(notice: Notice): void {
  port!.postMessage(notice);
}

/** Counts `subscriber` as having every update up to `n`, and says so once all of the side have one. */
function advance(side: Side, subscriber: Subscriber, n: number): void {
  const state = sides[side];
  for (let k = subscriber.highest + 1; k <= n; k += 1) {
    const count = (state.reached.get(k) ?? 0) + 1;
    if (count === state.subscribers.length) {
      state.reached.delete(k);
      notify({ type: 'complete', side, n: k });
    } else {
      state.reached.set(k, count);
    }
  }
  subscriber.highest = Math.max(subscriber.highest, n);
}

function connectOne(
  side: Side,
  target: SubscriberTarget,
  auctionId: string | undefined,
  reportPayloads: boolean,
): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, { headers: target.cookie ? { cookie: target.cookie } : {} });
    const subscriber: Subscriber = { socket, instance: target.instance, received: [], highest: 0 };
    socket.on('error', reject);
    socket.on('message', (data: WebSocket.RawData) => {
      // Stamped first, before any parsing: the same clock the main thread reads when it sends.
      const at = sharedClockMs();
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const text = bytes.toString('utf8');
      const message = JSON.parse(text) as { type: string; bidCount?: number };
      if (message.type === 'subscribed') resolve(subscriber);
      if (message.type !== 'bid_update' || typeof message.bidCount !== 'number') return;
      subscriber.received.push({ n: message.bidCount, at });
      if (reportPayloads) notify({ type: 'payload', n: message.bidCount, text });
      advance(side, subscriber, message.bidCount);
    });
    socket.on('open', () => {
      if (auctionId) socket.send(JSON.stringify({ type: 'subscribe_auction', auctionId }));
      else resolve(subscriber);
    });
  });
}

async function connect(request: Extract<Request, { type: 'connect' }>): Promise<number> {
  const state = sides[request.side];
  const { targets, handshakesAtOnce } = request;
  for (let i = 0; i < targets.length; i += handshakesAtOnce) {
    const batch = targets.slice(i, i + handshakesAtOnce);
    state.subscribers.push(
      ...(await Promise.all(
        batch.map((target, j) =>
          // Only the first subscriber of the batch that starts the thread's share reports payloads.
          connectOne(request.side, target, request.auctionId, request.reportPayloads && i + j === 0),
        ),
      )),
    );
  }
  return state.subscribers.length;
}

/** The arrival times of updates `from`..`to`, per update, split by the instance each subscriber is on. */
function arrivals(side: Side, from: number, to: number): UpdateArrivals[] {
  const byUpdate = new Map<number, number[][]>();
  for (let n = from; n <= to; n += 1) byUpdate.set(n, []);
  for (const s of sides[side].subscribers) {
    for (const r of s.received) {
      const byInstance = byUpdate.get(r.n);
      if (!byInstance) continue;
      (byInstance[s.instance] ??= []).push(r.at);
    }
  }
  return [...byUpdate].map(([n, byInstance]) => ({ n, byInstance }));
}

/** Every subscriber of this thread on `side` got updates 1..total, each once, in order. */
function check(side: Side, total: number): CheckResult {
  let missing = 0;
  let everyUpdateInOrder = true;
  for (const s of sides[side].subscribers) {
    const sequence = s.received.map((r) => r.n);
    if (sequence.length !== total || sequence.some((n, i) => n !== i + 1)) everyUpdateInOrder = false;
    missing += Math.max(0, total - sequence.length);
  }
  return { missing, everyUpdateInOrder };
}

function close(): null {
  for (const state of Object.values(sides)) for (const s of state.subscribers) s.socket.terminate();
  return null;
}

async function answer(request: Request): Promise<unknown> {
  switch (request.type) {
    case 'connect':
      return connect(request);
    case 'clock':
      return sharedClockMs();
    case 'arrivals':
      return arrivals(request.side, request.from, request.to);
    case 'check':
      return check(request.side, request.total);
    case 'close':
      return close();
  }
}

port.on('message', (request: Request) => {
  answer(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies Reply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies Reply),
  );
});
notify({ type: 'ready' });

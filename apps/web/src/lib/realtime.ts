import {
  auctionChannel,
  conversationChannel,
  REALTIME_CLOSE_SERVICE_RESTART,
  SERVER_BROADCAST_TYPES,
  SERVER_REPLY_TYPES,
  REALTIME_RECONNECT_MS,
  WS_MAX_IDS_PER_MESSAGE,
  WS_MAX_SUBSCRIPTIONS,
  type ClientMessageInput,
  type ServerBroadcastEvent,
} from '@bid/contract';
import { useEffect, useRef } from 'react';

/**
 * The real-time channel of docs/product.md §7 (docs/realtime.md): one WebSocket per tab at /ws on the
 * page's host (wss on https). On open it authenticates (signed in) and subscribes again to
 * every channel it holds; on close it reconnects after 3 s (docs/realtime.md), or at once when the server
 * closed it for a graceful restart (1012, docs/deploy.md), and after a reconnection it tells its
 * listeners, so the page refetches what it may have missed meanwhile. Every broadcast is read with
 * the contract's `ServerEvent` union; one that does not fit is ignored. That parser (and zod with
 * it) loads with the first broadcast, not with the page (docs/performance.md, "Initial
 * JavaScript"); broadcasts arriving meanwhile wait for it in order. The answers to the socket's
 * own frames carry nothing a page uses: they are not parsed, and a refusal is only logged. Parse
 * and connection errors are only logged, never shown (docs/product.md §8).
 */

/** A broadcast from the server (the contract's `ServerEvent`), with the `channel` it was published on. */
export type RealtimeEvent = ServerBroadcastEvent;
/** Handlers `switch` on `event.type`; the union says what each type carries. */
export type RealtimeHandler = (event: RealtimeEvent) => void;
/** `auction:{id}`, `conversation:{id}`, `user:{id}`, or the id of an auction or a conversation. */
export type ChannelSpec = string | { auctionId: string } | { conversationId: string };

/** The subset of the browser's WebSocket used here (the `ws` package fits it too, for tests). */
interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
type SocketFactory = new (url: string) => SocketLike;

export interface RealtimeClientOptions {
  /** Default: ws(s)://{page host}/ws. */
  url?: string | (() => string);
  reconnectMs?: number;
  WebSocketImpl?: SocketFactory;
  logger?: Pick<Console, 'warn'>;
  /** The server takes 20 messages a second per socket; the client stays under it. */
  maxMessagesPerSecond?: number;
}

const OPEN = 1;
/** Ids per `subscribe_auctions` frame (the server's limit). */
const AUCTIONS_PER_FRAME = WS_MAX_IDS_PER_MESSAGE;
/** The server's subscriptions per socket; more are not asked for (those auctions still poll). */
const MAX_SUBSCRIPTIONS = WS_MAX_SUBSCRIPTIONS;
/** A channel left is kept this long, so a page change that shows the same auction again costs no frames. */
const UNSUBSCRIBE_DELAY_MS = 1_000;

/** Broadcasts held while the parser loads; beyond this the oldest go (pages refetch on reconnect). */
const MAX_WAITING_BROADCASTS = 500;

type BroadcastParser = (frame: unknown) => RealtimeEvent | null;
let broadcastParser: BroadcastParser | undefined;
let broadcastParserLoading: Promise<BroadcastParser> | undefined;

/**
 * Loads the contract's `ServerEvent` parser once (the first broadcast calls it; tests may await
 * it first). A failed load (offline, a stale deployment) is tried again by the next broadcast.
 */
export function loadBroadcastParser(): Promise<BroadcastParser> {
  broadcastParserLoading ??= import('@bid/contract/realtime-schemas').then(
    ({ serverEventSchema }) => {
      // Only frames whose type is a broadcast's reach it (receive), so a fit is a broadcast.
      broadcastParser = (frame) => {
        const result = serverEventSchema.safeParse(frame);
        return result.success ? (result.data as RealtimeEvent) : null;
      };
      return broadcastParser;
    },
    (err: unknown) => {
      broadcastParserLoading = undefined;
      throw err;
    },
  );
  return broadcastParserLoading;
}

/** A frame's JSON object and its `type`, or null when it is not JSON or has no string type. */
function readFrame(text: string): { type: string; [field: string]: unknown } | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return null;
  const { type } = frame as { type?: unknown };
  return typeof type === 'string' ? (frame as { type: string }) : null;
}

export function channelOf(spec: ChannelSpec): string {
  if (typeof spec === 'string') return spec;
  return 'auctionId' in spec ? auctionChannel(spec.auctionId) : conversationChannel(spec.conversationId);
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

export class RealtimeClient {
  private socket: SocketLike | undefined;
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  /** Channels the server was asked for on the current socket. */
  private readonly subscribed = new Set<string>();
  private readonly pendingLeave = new Map<string, ReturnType<typeof setTimeout>>();
  private outbox: string[] = [];
  /** Channels asked for since the last flush, sent in as few frames as possible. */
  private pendingChannels: string[] = [];
  private sentInWindow = 0;
  private windowTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private flushScheduled = false;
  private userId: string | null = null;
  private running = false;
  /** A socket has opened before: the next open is a reconnection. */
  private everOpened = false;
  private readonly reconnectListeners = new Set<() => void>();
  /** Broadcasts received before the parser had loaded, oldest first. */
  private waitingBroadcasts: unknown[] = [];
  private readonly options: Required<Omit<RealtimeClientOptions, 'url' | 'WebSocketImpl'>> &
    Pick<RealtimeClientOptions, 'url' | 'WebSocketImpl'>;

  constructor(options: RealtimeClientOptions = {}) {
    this.options = {
      reconnectMs: REALTIME_RECONNECT_MS,
      logger: console,
      maxMessagesPerSecond: 15,
      ...options,
    };
  }

  /** Opens the connection (idempotent). `userId`: the signed-in user, or null for a visitor. */
  start(userId: string | null = null): void {
    if (this.running && userId === this.userId) return;
    const changed = this.running && userId !== this.userId;
    this.userId = userId;
    this.running = true;
    // Identity comes from the cookie at the handshake: after sign-in or sign-out, shake hands again.
    if (changed) this.restart();
    else if (!this.socket) this.connect();
  }

  /** Closes the connection and stops reconnecting; subscriptions are kept for the next start. */
  stop(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.subscribed.clear();
    this.pendingChannels = [];
    this.outbox = [];
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  /** Calls `listener` each time the connection is back after a drop; returns the unsubscribe. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Calls `handler` for every event on the channel until the returned function is called. */
  subscribe(spec: ChannelSpec, handler: RealtimeHandler): () => void {
    const channel = channelOf(spec);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const leaving = this.pendingLeave.get(channel);
    if (leaving) {
      clearTimeout(leaving);
      this.pendingLeave.delete(channel);
    }
    this.ask(channel);
    this.scheduleFlush();
    return () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(channel);
      this.pendingLeave.set(
        channel,
        setTimeout(() => {
          this.pendingLeave.delete(channel);
          if (this.handlers.has(channel) || !this.subscribed.delete(channel)) return;
          this.queue({ type: 'unsubscribe', channel });
          this.scheduleFlush();
        }, UNSUBSCRIBE_DELAY_MS),
      );
    };
  }

  private connect(): void {
    if (!this.running) return;
    const Impl = this.options.WebSocketImpl ?? (globalThis.WebSocket as unknown as SocketFactory | undefined);
    if (!Impl) return;
    const url = typeof this.options.url === 'function' ? this.options.url() : (this.options.url ?? defaultUrl());
    let socket: SocketLike;
    try {
      socket = new Impl(url);
    } catch (err) {
      this.options.logger.warn('realtime: could not open the connection', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.subscribed.clear();
    this.pendingChannels = [];
    this.outbox = [];
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.userId) this.queue({ type: 'authenticate', userId: this.userId });
      for (const channel of this.handlers.keys()) this.ask(channel);
      this.flush();
      if (this.everOpened) for (const listener of [...this.reconnectListeners]) listener();
      this.everOpened = true;
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = (event) => this.options.logger.warn('realtime: connection error', event);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.subscribed.clear();
      // The instance is restarting: the balancer has another one ready, so no need to wait.
      this.scheduleReconnect(event?.code === REALTIME_CLOSE_SERVICE_RESTART ? 0 : this.options.reconnectMs);
    };
  }

  private restart(): void {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.connect();
  }

  private scheduleReconnect(delayMs = this.options.reconnectMs): void {
    if (!this.running || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delayMs);
  }

  private receive(data: unknown): void {
    const text = typeof data === 'string' ? data : String(data);
    const frame = readFrame(text);
    if (!frame) {
      // Not JSON, or not an event of the protocol (docs/realtime.md): ignored.
      this.options.logger.warn('realtime: could not read a message', text.slice(0, 200));
      return;
    }
    if (SERVER_REPLY_TYPES.has(frame.type)) {
      // An answer to one of this socket's frames (subscribed, pong, …): only a refusal is worth a line.
      if (frame.type === 'error') this.options.logger.warn('realtime: the server refused a request', frame.message);
      return;
    }
    if (!SERVER_BROADCAST_TYPES.has(frame.type)) {
      this.options.logger.warn('realtime: could not read a message', text.slice(0, 200));
      return;
    }
    if (broadcastParser && this.waitingBroadcasts.length === 0) {
      this.deliver(broadcastParser, frame);
      return;
    }
    if (this.waitingBroadcasts.length >= MAX_WAITING_BROADCASTS) this.waitingBroadcasts.shift();
    this.waitingBroadcasts.push(frame);
    if (this.waitingBroadcasts.length > 1) return;
    loadBroadcastParser().then(
      (parse) => {
        const waiting = this.waitingBroadcasts;
        this.waitingBroadcasts = [];
        for (const waitingFrame of waiting) this.deliver(parse, waitingFrame);
      },
      (err: unknown) => {
        this.waitingBroadcasts = [];
        this.options.logger.warn('realtime: could not load the event parser', err);
      },
    );
  }

  private deliver(parse: BroadcastParser, frame: unknown): void {
    const broadcast = parse(frame);
    if (!broadcast) {
      this.options.logger.warn('realtime: could not read a message', JSON.stringify(frame).slice(0, 200));
      return;
    }
    for (const handler of [...(this.handlers.get(broadcast.channel) ?? [])]) {
      try {
        handler(broadcast);
      } catch (err) {
        this.options.logger.warn('realtime: a handler failed', err);
      }
    }
  }

  /**
   * Asks the server for `channel` unless it was asked on this socket already. Only while open:
   * on open every held channel is asked for. User channels come with the cookie (no frame).
   */
  private ask(channel: string): void {
    if (!this.isOpen || this.subscribed.has(channel) || channel.startsWith('user:')) return;
    if (this.subscribed.size >= MAX_SUBSCRIPTIONS) return;
    this.subscribed.add(channel);
    this.pendingChannels.push(channel);
  }

  private queue(message: ClientMessageInput): void {
    this.outbox.push(JSON.stringify(message));
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Subscriptions made in one render (a whole list) go out together.
    queueMicrotask(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (!this.isOpen) return;
    const asked = this.pendingChannels;
    this.pendingChannels = [];
    const auctions: string[] = [];
    for (const channel of asked) {
      if (channel.startsWith('auction:')) auctions.push(channel.slice('auction:'.length));
      else if (channel.startsWith('conversation:')) {
        this.queue({ type: 'subscribe_conversation', conversationId: channel.slice('conversation:'.length) });
      }
    }
    for (let i = 0; i < auctions.length; i += AUCTIONS_PER_FRAME) {
      const ids = auctions.slice(i, i + AUCTIONS_PER_FRAME);
      const [only] = ids;
      this.queue(
        ids.length === 1 && only !== undefined
          ? { type: 'subscribe_auction', auctionId: only }
          : { type: 'subscribe_auctions', auctionIds: ids },
      );
    }
    this.drain();
  }

  /** Sends queued frames, at most `maxMessagesPerSecond` a second (the server closes a flooding socket). */
  private drain(): void {
    const socket = this.socket;
    while (socket && socket.readyState === OPEN && this.outbox.length > 0) {
      this.startWindow();
      if (this.sentInWindow >= this.options.maxMessagesPerSecond) return;
      this.sentInWindow += 1;
      socket.send(this.outbox.shift()!);
    }
  }

  private startWindow(): void {
    if (this.windowTimer) return;
    this.windowTimer = setTimeout(() => {
      this.windowTimer = undefined;
      this.sentInWindow = 0;
      this.drain();
    }, 1000);
  }
}

/** The tab's one connection. */
export const realtime = new RealtimeClient();

/**
 * Keeps the tab's connection open, as `userId` (signed in) or as a visitor (null); after a
 * reconnection `onReconnect` runs (the app refetches its queries: events may have been missed).
 */
export function useRealtimeConnection(userId: string | null, enabled = true, onReconnect?: () => void): void {
  useEffect(() => {
    if (enabled) realtime.start(userId);
  }, [userId, enabled]);
  const onReconnectRef = useRef(onReconnect);
  onReconnectRef.current = onReconnect;
  useEffect(() => realtime.onReconnect(() => onReconnectRef.current?.()), []);
}

/** Calls `handler` for every event on `channel` while the component is mounted (null: none). */
export function useRealtimeChannel(channel: ChannelSpec | null | undefined, handler: RealtimeHandler): void {
  useRealtimeChannels(channel ? [channel] : [], handler);
}

/** The same for several channels at once (a list of auctions). */
export function useRealtimeChannels(channels: readonly ChannelSpec[], handler: RealtimeHandler): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const key = [...new Set(channels.map(channelOf))].sort().join(' ');
  useEffect(() => {
    if (!key) return undefined;
    const forward: RealtimeHandler = (event) => handlerRef.current(event);
    const unsubscribes = key.split(' ').map((channel) => realtime.subscribe(channel, forward));
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [key]);
}

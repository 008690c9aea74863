import { randomBytes } from 'node:crypto';
import { isUuid } from '@bid/contract';
import {
  decodeEnvelope,
  encodeEnvelope,
  MAX_BUS_PAYLOAD_BYTES,
  type Bus,
  type BusLogger,
  type EnvelopeKind,
} from './bus.js';
import {
  auctionChannel,
  conversationChannel,
  NOT_AUTHENTICATED,
  parseChannel,
  parseClientMessage,
  userChannel,
  WS_CLOSE,
  WS_FLOOD_FACTOR,
  WS_MAX_BUFFERED_BYTES,
  WS_MAX_MESSAGES_PER_SECOND,
  WS_MAX_SOCKETS_PER_SESSION,
  WS_MAX_SOCKETS_PER_USER,
  WS_MAX_VISITOR_SOCKETS_PER_ADDRESS,
  WS_MAX_SUBSCRIPTIONS,
  WS_RATE_STRIKES_BEFORE_CLOSE,
  type Channel,
  type ClientMessage,
  type ServerBroadcast,
  type ServerReply,
} from '@bid/contract';

/** Of these session ids, the ones still live; registered by the realtime plugin from the session store. */
export type SessionChecker = (sessionIds: readonly string[]) => Promise<Set<string>>;

/** Says whether a user takes part in a conversation; registered by the messaging module. */
export type ConversationAuthorizer = (userId: string, conversationId: string) => Promise<boolean>;

/**
 * The port use cases publish through (they receive it in their deps): the one way to send a live
 * event. Events are the contract's `ServerBroadcast` union (docs/realtime.md, "Messages").
 */
export interface RealtimePublisher {
  /**
   * Sends `event` to every subscriber of `channel` (`auctionChannel(id)`, `conversationChannel(id)`,
   * `userChannel(id)`) on every app instance, with `channel` added. Call it AFTER the transaction
   * that made the change has committed. Serialised once; never throws (a bad channel, an
   * oversized event or any failure is logged and the event dropped).
   */
  publish(channel: Channel, event: ServerBroadcast): void;
  /** `publish(userChannel(userId), event)`: every socket of that user on every instance. */
  publishToUser(userId: string, event: ServerBroadcast): void;
}

/** `app.realtime`: what the rest of the server uses (docs/realtime.md, "Server API"). */
export interface Realtime extends RealtimePublisher {
  /** True when the user has an open socket on any instance (other instances: as of their last report, ≤ 40 s). */
  isOnline(userId: string): Promise<boolean>;
  /** Closes every socket of the user on every instance (suspension, account deletion). */
  closeUserSockets(userId: string): void;
  /** Closes the sockets opened with these sessions on every instance (sign-out, password reset, expiry). */
  closeSessionSockets(...sessionIds: string[]): void;
  /** Registers who may subscribe to `conversation:{id}`; until then every such subscription is refused. */
  setConversationAuthorizer(authorizer: ConversationAuthorizer): void;
  /** How events travel between instances, for the boot log. */
  readonly fanOut: string;
  /** Sends what is queued for the bus now (tests, shutdown). */
  flush(): Promise<void>;
  /** Tells every other instance that the test clock moved (docs/payments.md, "The test clock"). */
  publishClockMoved(offsetMinutes: number): void;
  /** Hears the test clock moves other instances publish. */
  onClockMoved(listener: (offsetMinutes: number) => void): void;
  /** Runs after every (re)connection of the bus listener (what was published meanwhile was missed). */
  onBusConnected(listener: () => void): void;
  /** Sockets open on this instance right now (metrics). */
  readonly connectionCount: number;
  /** Frames sent to sockets of this instance since it started (metrics). */
  readonly messagesSent: number;
  /**
   * Closes every socket of this instance with 1012 "service restart" (a graceful shutdown): the
   * web app reconnects at once, through the balancer to another instance, and refetches.
   */
  closeForRestart(): void;
}

/** The parts of a `ws` WebSocket the hub uses (tests can pass a fake). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;

/** A live socket's state on this instance. */
export class Connection {
  readonly channels = new Set<string>();
  alive = true;
  windowStart = 0;
  windowCount = 0;
  strikes = 0;
  warnedThisWindow = false;
  /** Messages are handled one after another, so an async subscribe cannot overtake an unsubscribe. */
  queue: Promise<void> = Promise.resolve();
  closed = false;

  constructor(
    readonly socket: HubSocket,
    /** From the session cookie at the handshake; never from a message. */
    readonly userId: string | undefined,
    /** The session the cookie named at the handshake: the socket lives no longer than it. */
    readonly sessionId: string | undefined = undefined,
    /** A visitor's (no member) client address, for the per-address cap; undefined for members. */
    readonly visitorAddress: string | undefined = undefined,
  ) {}

  get subscriptionCount(): number {
    return this.userId ? this.channels.size - 1 : this.channels.size;
  }
}

/** Presence reports: how often each instance lists its online users, and how long a report holds. */
export const PRESENCE_BEAT_MS = 15_000;
export const PRESENCE_TTL_MS = 40_000;

type ControlOp =
  | 'close-user'
  | 'close-session'
  | 'presence-add'
  | 'presence-remove'
  | 'presence-beat'
  | 'presence-sync'
  | 'presence-bye'
  | 'sessions-invalid'
  | 'clock-moved';

/**
 * The realtime hub of one app instance: its sockets, their channels, and the bus that joins
 * it to the other instances. Events for local sockets are delivered at once; the bus carries
 * them to the others (each instance ignores its own echo).
 */
export class RealtimeHub implements Realtime {
  readonly instanceId = randomBytes(6).toString('base64url');
  private sequence = 0;
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly users = new Map<string, Set<Connection>>();
  private readonly sessions = new Map<string, Set<Connection>>();
  /** Visitors' sockets by client address (members are capped per session and per member instead). */
  private readonly visitorAddresses = new Map<string, Set<Connection>>();
  private sessionChecker: SessionChecker | undefined;
  private readonly connections = new Set<Connection>();
  /** instanceId → userId → until when that instance said the user was online. */
  private readonly remotePresence = new Map<string, Map<string, number>>();
  private authorizer: ConversationAuthorizer | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private sent = 0;
  private readonly invalidationListeners: Array<(body: string) => void> = [];
  private readonly connectedListeners: Array<() => void> = [];
  private readonly clockListeners: Array<(offsetMinutes: number) => void> = [];

  constructor(
    private readonly bus: Bus,
    private readonly logger: BusLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get fanOut(): string {
    return this.bus.description;
  }

  async start(): Promise<void> {
    await this.bus.start({
      onPayload: (payload) => this.onBusPayload(payload),
      // After every (re)connection ask the others who is online: reports sent meanwhile were missed.
      onConnected: () => {
        this.sendControl('presence-sync', '');
        for (const listener of this.connectedListeners) listener();
      },
    });
    this.presenceTimer = setInterval(() => this.beat(), PRESENCE_BEAT_MS);
    this.presenceTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.sendControl('presence-bye', '');
    for (const connection of this.connections) {
      connection.socket.close(WS_CLOSE.goingAway, 'Server shutting down');
    }
    await this.bus.close();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get messagesSent(): number {
    return this.sent;
  }

  closeForRestart(): void {
    for (const connection of this.connections) {
      connection.socket.close(WS_CLOSE.serviceRestart, 'Service restart');
    }
  }

  // ---- server API ---------------------------------------------------------------------------

  publish(channel: Channel, event: ServerBroadcast): void {
    // The one place a publish can fail, so no caller needs a try/catch (docs/realtime.md).
    try {
      const parsed = parseChannel(channel);
      if (!parsed) {
        this.logger.error({ channel }, 'realtime: publish to an unknown channel ignored');
        return;
      }
      const body = this.serialise(parsed.name, event);
      if (body === null) return;
      // The bus first, this instance's sockets on the next turn of the event loop: the bus's
      // statement leaves before this instance's fan-out (1,000 sends take ~10 ms), so the other
      // instances' subscribers do not wait for it (docs/performance.md, item 21). Deliveries
      // keep their order: setImmediate runs its callbacks first in, first out.
      this.sendToBus('channel', parsed.name, body);
      setImmediate(() => this.deliverLocal(parsed.name, body));
    } catch (err) {
      this.logger.error({ err, channel, type: event.type }, 'realtime: publish failed; event dropped');
    }
  }

  publishToUser(userId: string, event: ServerBroadcast): void {
    if (!isUuid(userId)) {
      this.logger.error({ userId }, 'realtime: publishToUser with an invalid user id ignored');
      return;
    }
    this.publish(userChannel(userId), event);
  }

  async isOnline(userId: string): Promise<boolean> {
    const id = userId.toLowerCase();
    if (this.users.has(id)) return true;
    const now = this.now();
    for (const users of this.remotePresence.values()) {
      const until = users.get(id);
      if (until !== undefined && until > now) return true;
    }
    return false;
  }

  closeUserSockets(userId: string): void {
    const id = userId.toLowerCase();
    this.closeLocalUserSockets(id);
    this.sendControl('close-user', id);
  }

  closeSessionSockets(...sessionIds: string[]): void {
    for (const sessionId of sessionIds) {
      this.closeLocalSessionSockets(sessionId);
      this.sendControl('close-session', sessionId);
    }
  }

  /**
   * Tells every other instance that sessions ended (docs/accounts.md, "Session cache"); `body`
   * is the sessions module's encoding, opaque here. Sent at once rather than after the batch
   * delay: a revoked session must stop working everywhere within a second.
   */
  publishSessionInvalidation(body: string): void {
    this.sendControl('sessions-invalid', body);
    void this.bus.flush();
  }

  /**
   * Tells every other instance the test clock's new offset, sent at once like an invalidation: the
   * instance that moved it has already run the due jobs, and the others should judge by the same time.
   */
  publishClockMoved(offsetMinutes: number): void {
    this.sendControl('clock-moved', String(offsetMinutes));
    void this.bus.flush();
  }

  onClockMoved(listener: (offsetMinutes: number) => void): void {
    this.clockListeners.push(listener);
  }

  /** Hears the invalidations other instances publish. */
  onSessionInvalidation(listener: (body: string) => void): void {
    this.invalidationListeners.push(listener);
  }

  /**
   * Runs after every (re)connection of the bus listener: whatever was published while it was
   * away was missed, so caches kept on the strength of the bus must be flushed.
   */
  onBusConnected(listener: () => void): void {
    this.connectedListeners.push(listener);
  }

  setSessionChecker(checker: SessionChecker): void {
    this.sessionChecker = checker;
  }

  /**
   * Closes the local sockets whose session has ended by any road, expiry included (every instance
   * runs this with its heartbeat). One query for all sessions with an open socket here.
   */
  async closeSocketsOfEndedSessions(): Promise<void> {
    if (!this.sessionChecker || this.sessions.size === 0) return;
    const ids = [...this.sessions.keys()];
    const live = await this.sessionChecker(ids);
    for (const id of ids) if (!live.has(id)) this.closeLocalSessionSockets(id);
  }

  setConversationAuthorizer(authorizer: ConversationAuthorizer): void {
    this.authorizer = authorizer;
  }

  flush(): Promise<void> {
    return this.bus.flush();
  }

  // ---- sockets ------------------------------------------------------------------------------

  /**
   * Registers a socket that passed the handshake; a signed-in user's socket joins `user:{id}`.
   * A socket over the per-session, per-member or (for visitors) per-address cap is closed at once (1008).
   */
  attach(socket: HubSocket, userId: string | undefined, sessionId?: string, address?: string): Connection {
    const connection = new Connection(
      socket,
      userId?.toLowerCase(),
      userId ? sessionId : undefined,
      userId ? undefined : address,
    );
    const overCap =
      (connection.visitorAddress !== undefined &&
        (this.visitorAddresses.get(connection.visitorAddress)?.size ?? 0) >= WS_MAX_VISITOR_SOCKETS_PER_ADDRESS) ||
      (connection.sessionId !== undefined &&
        (this.sessions.get(connection.sessionId)?.size ?? 0) >= WS_MAX_SOCKETS_PER_SESSION) ||
      (connection.userId !== undefined && (this.users.get(connection.userId)?.size ?? 0) >= WS_MAX_SOCKETS_PER_USER);
    if (overCap) {
      connection.closed = true;
      socket.close(WS_CLOSE.policyViolation, 'Too many connections');
      return connection;
    }
    this.connections.add(connection);
    if (connection.visitorAddress !== undefined) {
      let sockets = this.visitorAddresses.get(connection.visitorAddress);
      if (!sockets) {
        sockets = new Set();
        this.visitorAddresses.set(connection.visitorAddress, sockets);
      }
      sockets.add(connection);
    }
    if (connection.sessionId) {
      let sockets = this.sessions.get(connection.sessionId);
      if (!sockets) {
        sockets = new Set();
        this.sessions.set(connection.sessionId, sockets);
      }
      sockets.add(connection);
    }
    if (connection.userId) {
      const id = connection.userId;
      let sockets = this.users.get(id);
      if (!sockets) {
        sockets = new Set();
        this.users.set(id, sockets);
        this.sendControl('presence-add', id);
      }
      sockets.add(connection);
      this.join(connection, userChannel(id));
    }
    return connection;
  }

  detach(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    this.connections.delete(connection);
    for (const channel of connection.channels) this.leave(connection, channel);
    if (connection.visitorAddress !== undefined) {
      const sockets = this.visitorAddresses.get(connection.visitorAddress);
      sockets?.delete(connection);
      if (sockets && sockets.size === 0) this.visitorAddresses.delete(connection.visitorAddress);
    }
    if (connection.sessionId) {
      const sockets = this.sessions.get(connection.sessionId);
      sockets?.delete(connection);
      if (sockets && sockets.size === 0) this.sessions.delete(connection.sessionId);
    }
    if (connection.userId) {
      const sockets = this.users.get(connection.userId);
      sockets?.delete(connection);
      if (sockets && sockets.size === 0) {
        this.users.delete(connection.userId);
        if (!this.stopped) this.sendControl('presence-remove', connection.userId);
      }
    }
  }

  /** Pings every socket; one that did not answer the last ping is dropped (its peer is gone). */
  heartbeat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /** One frame from a client. The rate is judged on arrival; handling is queued per socket. */
  receive(connection: Connection, text: string): void {
    if (connection.closed || !this.withinRate(connection)) return;
    const parsed = parseClientMessage(text);
    if ('error' in parsed) {
      this.reply(connection, { type: 'error', message: parsed.error });
      return;
    }
    connection.queue = connection.queue
      .then(() => this.handle(connection, parsed.message))
      .catch((err: unknown) => {
        this.logger.error({ err }, 'realtime: handling a client message failed');
        this.reply(connection, { type: 'error', message: 'Something went wrong.' });
      });
  }

  private withinRate(connection: Connection): boolean {
    const now = this.now();
    if (now - connection.windowStart >= 1000) {
      // A second over the limit is a strike; a calm second forgives them.
      const calm = connection.windowCount <= WS_MAX_MESSAGES_PER_SECOND || now - connection.windowStart >= 2000;
      if (calm) connection.strikes = 0;
      connection.windowStart = now;
      connection.windowCount = 0;
      connection.warnedThisWindow = false;
    }
    connection.windowCount += 1;
    if (connection.windowCount <= WS_MAX_MESSAGES_PER_SECOND) return true;
    if (!connection.warnedThisWindow) {
      connection.warnedThisWindow = true;
      connection.strikes += 1;
      this.reply(connection, { type: 'error', message: 'Too many messages: slow down.' });
    }
    if (
      connection.strikes >= WS_RATE_STRIKES_BEFORE_CLOSE ||
      connection.windowCount > WS_MAX_MESSAGES_PER_SECOND * WS_FLOOD_FACTOR
    ) {
      connection.socket.close(WS_CLOSE.policyViolation, 'Too many messages');
      this.detach(connection);
    }
    return false;
  }

  private async handle(connection: Connection, message: ClientMessage): Promise<void> {
    if (connection.closed) return;
    // Every subscription re-checks the socket's session: one ended elsewhere gains nothing more.
    if (message.type.startsWith('subscribe') && !(await this.sessionStillLive(connection))) {
      this.closeLocalSessionSockets(connection.sessionId!);
      return;
    }
    switch (message.type) {
      case 'ping':
        this.reply(connection, { type: 'pong', authenticated: Boolean(connection.userId) });
        return;
      case 'authenticate':
        // docs/product.md §7's authenticate only confirms what the cookie already said (docs/engineering.md §5).
        if (connection.userId && message.userId.toLowerCase() === connection.userId) {
          this.reply(connection, { type: 'authenticated', userId: connection.userId });
        } else {
          this.reply(connection, { type: 'error', message: NOT_AUTHENTICATED });
        }
        return;
      case 'subscribe_auction':
        this.subscribe(connection, auctionChannel(message.auctionId));
        return;
      case 'subscribe_auctions':
        // An extension of docs/product.md §7 so that a list page follows its auctions in one frame, not one per auction.
        for (const id of message.auctionIds) this.subscribe(connection, auctionChannel(id));
        return;
      case 'subscribe_conversation':
        await this.subscribeConversation(connection, message.conversationId);
        return;
      case 'unsubscribe':
        // The socket's own user channel stays: it is how the server reaches the user.
        if (message.channel !== (connection.userId && userChannel(connection.userId))) {
          this.leave(connection, message.channel);
        }
        this.reply(connection, { type: 'unsubscribed', channel: message.channel });
        return;
    }
  }

  private async sessionStillLive(connection: Connection): Promise<boolean> {
    if (!connection.sessionId || !this.sessionChecker) return true;
    const live = await this.sessionChecker([connection.sessionId]);
    return live.has(connection.sessionId) && !connection.closed;
  }

  private async subscribeConversation(connection: Connection, conversationId: string): Promise<void> {
    if (!connection.userId) {
      this.reply(connection, { type: 'error', message: NOT_AUTHENTICATED });
      return;
    }
    const channel = conversationChannel(conversationId);
    if (connection.channels.has(channel)) {
      this.reply(connection, { type: 'subscribed', channel });
      return;
    }
    const allowed = this.authorizer ? await this.authorizer(connection.userId, conversationId.toLowerCase()) : false;
    if (!allowed) {
      this.reply(connection, { type: 'error', message: 'You are not part of this conversation.', channel });
      return;
    }
    if (!connection.closed) this.subscribe(connection, channel);
  }

  private subscribe(connection: Connection, channel: string): void {
    if (!connection.channels.has(channel)) {
      if (connection.subscriptionCount >= WS_MAX_SUBSCRIPTIONS) {
        this.reply(connection, {
          type: 'error',
          message: `At most ${WS_MAX_SUBSCRIPTIONS} subscriptions per connection.`,
          channel,
        });
        return;
      }
      this.join(connection, channel);
    }
    this.reply(connection, { type: 'subscribed', channel });
  }

  private join(connection: Connection, channel: string): void {
    connection.channels.add(channel);
    let members = this.channels.get(channel);
    if (!members) {
      members = new Set();
      this.channels.set(channel, members);
    }
    members.add(connection);
  }

  private leave(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const members = this.channels.get(channel);
    if (!members) return;
    members.delete(connection);
    if (members.size === 0) this.channels.delete(channel);
  }

  private reply(connection: Connection, message: ServerReply): void {
    this.send(connection, Buffer.from(JSON.stringify(message)));
  }

  private send(connection: Connection, data: Buffer): void {
    const { socket } = connection;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > WS_MAX_BUFFERED_BYTES) {
      // Too slow to follow: dropping it lets it reconnect and start from fresh reads.
      socket.terminate();
      return;
    }
    socket.send(data, { binary: false });
    this.sent += 1;
  }

  // ---- delivery and the bus -----------------------------------------------------------------

  /**
   * JSON for `message`, small enough for the bus. A message too large for one NOTIFY that
   * carries a record with an id (new_message's `message`) goes out as that id alone, and
   * clients fetch the rest; anything else too large is dropped and logged.
   */
  private serialise(channel: string, event: ServerBroadcast): string | null {
    // The channel travels with the event, so a client routes any event without knowing its type.
    const body = JSON.stringify({ ...event, channel });
    if (this.fitsBus(channel, body)) return body;
    if (event.type === 'new_message') {
      const { id, conversationId } = event.message;
      const slim = JSON.stringify({ type: event.type, message: { id, conversationId }, truncated: true, channel });
      if (this.fitsBus(channel, slim)) return slim;
    }
    this.logger.error({ channel, type: event.type, bytes: body.length }, 'realtime: message too large; not sent');
    return null;
  }

  private fitsBus(target: string, body: string): boolean {
    // The envelope header is at most ~80 bytes; measure bytes, not characters.
    return Buffer.byteLength(body) + target.length + 80 <= MAX_BUS_PAYLOAD_BYTES;
  }

  private deliverLocal(channel: string, body: string): void {
    const members = this.channels.get(channel);
    if (!members || members.size === 0) return;
    const data = Buffer.from(body);
    for (const connection of members) this.send(connection, data);
  }

  private sendToBus(kind: EnvelopeKind, target: string, body: string): void {
    if (this.stopped && kind !== 'control') return;
    this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
    this.bus.publish(encodeEnvelope(this.instanceId, this.sequence, kind, target, body));
  }

  private sendControl(op: ControlOp, body: string): void {
    this.sendToBus('control', op, body);
  }

  private onBusPayload(payload: string): void {
    const envelope = decodeEnvelope(payload);
    if (!envelope || envelope.instanceId === this.instanceId) return;
    if (envelope.kind === 'channel') {
      this.deliverLocal(envelope.target, envelope.body);
      return;
    }
    this.onControl(envelope.instanceId, envelope.target as ControlOp, envelope.body);
  }

  private onControl(from: string, op: ControlOp, body: string): void {
    switch (op) {
      case 'close-user':
        if (isUuid(body)) this.closeLocalUserSockets(body.toLowerCase());
        return;
      case 'close-session':
        this.closeLocalSessionSockets(body);
        return;
      case 'presence-add':
        this.presenceOf(from).set(body, this.now() + PRESENCE_TTL_MS);
        return;
      case 'presence-remove':
        this.remotePresence.get(from)?.delete(body);
        return;
      case 'presence-beat': {
        const users = this.presenceOf(from);
        const until = this.now() + PRESENCE_TTL_MS;
        for (const id of body.split(',')) if (id) users.set(id, until);
        return;
      }
      case 'presence-sync':
        this.beat();
        return;
      case 'presence-bye':
        this.remotePresence.delete(from);
        return;
      case 'sessions-invalid':
        for (const listener of this.invalidationListeners) listener(body);
        return;
      case 'clock-moved': {
        const offsetMinutes = Number(body);
        if (Number.isSafeInteger(offsetMinutes) && offsetMinutes >= 0)
          for (const listener of this.clockListeners) listener(offsetMinutes);
        return;
      }
    }
  }

  private presenceOf(instanceId: string): Map<string, number> {
    let users = this.remotePresence.get(instanceId);
    if (!users) {
      users = new Map();
      this.remotePresence.set(instanceId, users);
    }
    return users;
  }

  /** Tells the other instances who is online here, in chunks that fit one NOTIFY; forgets stale reports. */
  private beat(): void {
    const now = this.now();
    for (const [instance, users] of this.remotePresence) {
      for (const [id, until] of users) if (until <= now) users.delete(id);
      if (users.size === 0) this.remotePresence.delete(instance);
    }
    let chunk: string[] = [];
    let bytes = 0;
    for (const id of this.users.keys()) {
      if (bytes + id.length + 1 > MAX_BUS_PAYLOAD_BYTES - 100) {
        this.sendControl('presence-beat', chunk.join(','));
        chunk = [];
        bytes = 0;
      }
      chunk.push(id);
      bytes += id.length + 1;
    }
    if (chunk.length > 0) this.sendControl('presence-beat', chunk.join(','));
  }

  private closeLocalUserSockets(userId: string): void {
    const sockets = this.users.get(userId);
    if (!sockets) return;
    for (const connection of [...sockets]) {
      connection.socket.close(WS_CLOSE.signedOut, 'Signed out');
      this.detach(connection);
    }
  }

  private closeLocalSessionSockets(sessionId: string): void {
    const sockets = this.sessions.get(sessionId);
    if (!sockets) return;
    for (const connection of [...sockets]) {
      connection.socket.close(WS_CLOSE.signedOut, 'Signed out');
      this.detach(connection);
    }
  }
}

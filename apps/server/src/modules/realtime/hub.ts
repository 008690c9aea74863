import { isUuid, parseChannel, parseClientMessage, userChannel, WS_CLOSE } from '@bid/contract';
import type { Channel, ServerBroadcast } from '@bid/contract';
import type { Bus, BusLogger } from './bus.js';
import { BusLink, type ControlOp } from './bus-link.js';
import { Connection, FrameWriter, type HubSocket } from './connection.js';
import { PRESENCE_BEAT_MS, presenceBeatBodies, RemotePresence } from './presence.js';
import { ClientProtocol, type ConversationAuthorizer } from './protocol.js';
import { SessionControl, type SessionChecker } from './session-control.js';
import { isOverSocketCap, judgeRate } from './socket-limits.js';
import { SocketRegistry } from './socket-registry.js';

export { Connection, type HubSocket } from './connection.js';
export { PRESENCE_BEAT_MS, PRESENCE_TTL_MS } from './presence.js';
export type { ConversationAuthorizer } from './protocol.js';
export type { SessionChecker } from './session-control.js';

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

/** What a hub is built from: everything it depends on, given once (no setters after construction). */
export interface RealtimeHubDeps {
  bus: Bus;
  logger: BusLogger;
  now?: () => number;
  /** Of these session ids, the ones still live; without it sessions are not re-checked. */
  sessionChecker?: SessionChecker;
  /** Who may subscribe to `conversation:{id}`; without it every such subscription is refused. */
  authorizeConversation?: ConversationAuthorizer;
}

/**
 * The realtime hub of one app instance: it joins the parts of modules/realtime/ (the socket
 * registry and its channels, per-socket limits, the client protocol, the bus link, presence and
 * session control). Events for local sockets are delivered at once; the bus carries them to the
 * other instances (each instance ignores its own echo).
 */
export class RealtimeHub implements Realtime {
  private readonly bus: Bus;
  private readonly logger: BusLogger;
  private readonly now: () => number;
  private readonly link: BusLink;
  private readonly registry = new SocketRegistry();
  private readonly writer = new FrameWriter();
  private readonly remotePresence: RemotePresence;
  private readonly sessionControl: SessionControl;
  private readonly protocol: ClientProtocol;
  private presenceTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly invalidationListeners: Array<(body: string) => void> = [];
  private readonly connectedListeners: Array<() => void> = [];
  private readonly clockListeners: Array<(offsetMinutes: number) => void> = [];

  constructor(deps: RealtimeHubDeps) {
    this.bus = deps.bus;
    this.logger = deps.logger;
    this.now = deps.now ?? Date.now;
    this.link = new BusLink(deps.bus, deps.logger);
    this.remotePresence = new RemotePresence(this.now);
    this.sessionControl = new SessionControl(this.registry, deps.sessionChecker, (connection) =>
      this.detach(connection),
    );
    this.protocol = new ClientProtocol(this.registry, this.writer, this.sessionControl, deps.authorizeConversation);
  }

  get instanceId(): string {
    return this.link.instanceId;
  }

  get fanOut(): string {
    return this.bus.description;
  }

  async start(): Promise<void> {
    await this.bus.start({
      onPayload: (payload) => this.onBusPayload(payload),
      // After every (re)connection ask the others who is online: reports sent meanwhile were missed.
      onConnected: () => {
        this.link.sendControl('presence-sync', '');
        for (const listener of this.connectedListeners) listener();
      },
    });
    this.presenceTimer = setInterval(() => this.beat(), PRESENCE_BEAT_MS);
    this.presenceTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.link.stopped = true;
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.link.sendControl('presence-bye', '');
    for (const connection of this.registry.connections) {
      connection.socket.close(WS_CLOSE.goingAway, 'Server shutting down');
    }
    await this.bus.close();
  }

  get connectionCount(): number {
    return this.registry.connections.size;
  }

  get messagesSent(): number {
    return this.writer.framesSent;
  }

  closeForRestart(): void {
    for (const connection of this.registry.connections) {
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
      const body = this.link.serialise(parsed.name, event);
      if (body === null) return;
      // The bus first, this instance's sockets on the next turn of the event loop: the bus's
      // statement leaves before this instance's fan-out (1,000 sends take ~10 ms), so the other
      // instances' subscribers do not wait for it (docs/performance.md, item 21). Deliveries
      // keep their order: setImmediate runs its callbacks first in, first out.
      this.link.sendChannel(parsed.name, body);
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
    return this.registry.hasUser(id) || this.remotePresence.isOnline(id);
  }

  closeUserSockets(userId: string): void {
    const id = userId.toLowerCase();
    this.sessionControl.closeUserSockets(id);
    this.link.sendControl('close-user', id);
  }

  closeSessionSockets(...sessionIds: string[]): void {
    for (const sessionId of sessionIds) {
      this.sessionControl.closeSessionSockets(sessionId);
      this.link.sendControl('close-session', sessionId);
    }
  }

  /**
   * Tells every other instance that sessions ended (docs/accounts.md, "Session cache"); `body`
   * is the sessions module's encoding, opaque here. Sent at once rather than after the batch
   * delay: a revoked session must stop working everywhere within a second.
   */
  publishSessionInvalidation(body: string): void {
    this.link.sendControl('sessions-invalid', body);
    void this.bus.flush();
  }

  /**
   * Tells every other instance the test clock's new offset, sent at once like an invalidation: the
   * instance that moved it has already run the due jobs, and the others should judge by the same time.
   */
  publishClockMoved(offsetMinutes: number): void {
    this.link.sendControl('clock-moved', String(offsetMinutes));
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

  /** Closes the local sockets whose session has ended by any road, expiry included (run with the heartbeat). */
  closeSocketsOfEndedSessions(): Promise<void> {
    return this.sessionControl.closeSocketsOfEndedSessions();
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
    if (isOverSocketCap(this.registry, connection)) {
      connection.closed = true;
      socket.close(WS_CLOSE.policyViolation, 'Too many connections');
      return connection;
    }
    if (this.registry.add(connection)) this.link.sendControl('presence-add', connection.userId!);
    if (connection.userId) this.registry.join(connection, userChannel(connection.userId));
    return connection;
  }

  detach(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    const wentOffline = this.registry.remove(connection);
    if (wentOffline && !this.stopped) this.link.sendControl('presence-remove', connection.userId!);
  }

  /** Pings every socket; one that did not answer the last ping is dropped (its peer is gone). */
  heartbeat(): void {
    for (const connection of this.registry.connections) {
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
      this.writer.reply(connection, { type: 'error', message: parsed.error });
      return;
    }
    connection.queue = connection.queue
      .then(() => this.protocol.handle(connection, parsed.message))
      .catch((err: unknown) => {
        this.logger.error({ err }, 'realtime: handling a client message failed');
        this.writer.reply(connection, { type: 'error', message: 'Something went wrong.' });
      });
  }

  private withinRate(connection: Connection): boolean {
    const verdict = judgeRate(connection, this.now());
    if (verdict.warn) this.writer.reply(connection, { type: 'error', message: 'Too many messages: slow down.' });
    if (verdict.close) {
      connection.socket.close(WS_CLOSE.policyViolation, 'Too many messages');
      this.detach(connection);
    }
    return verdict.accepted;
  }

  // ---- delivery and the bus -----------------------------------------------------------------

  private deliverLocal(channel: string, body: string): void {
    const members = this.registry.subscribersOf(channel);
    if (!members || members.size === 0) return;
    const data = Buffer.from(body);
    for (const connection of members) this.writer.send(connection, data);
  }

  private onBusPayload(payload: string): void {
    const incoming = this.link.receive(payload);
    if (!incoming) return;
    if (incoming.kind === 'channel') {
      this.deliverLocal(incoming.channel, incoming.body);
      return;
    }
    this.onControl(incoming.from, incoming.op, incoming.body);
  }

  private onControl(from: string, op: ControlOp, body: string): void {
    switch (op) {
      case 'close-user':
        if (isUuid(body)) this.sessionControl.closeUserSockets(body.toLowerCase());
        return;
      case 'close-session':
        this.sessionControl.closeSessionSockets(body);
        return;
      case 'presence-add':
        this.remotePresence.cameOnline(from, body);
        return;
      case 'presence-remove':
        this.remotePresence.wentOffline(from, body);
        return;
      case 'presence-beat':
        this.remotePresence.reported(from, body);
        return;
      case 'presence-sync':
        this.beat();
        return;
      case 'presence-bye':
        this.remotePresence.instanceLeft(from);
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

  /** Tells the other instances who is online here, in chunks that fit one NOTIFY; forgets stale reports. */
  private beat(): void {
    this.remotePresence.forgetStale();
    for (const body of presenceBeatBodies(this.registry.userIds())) this.link.sendControl('presence-beat', body);
  }
}

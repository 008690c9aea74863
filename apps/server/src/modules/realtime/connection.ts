import { WS_MAX_BUFFERED_BYTES, type ServerReply } from '@bid/contract';

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

/** Writes frames to sockets and counts them (metrics). */
export class FrameWriter {
  private sent = 0;

  get framesSent(): number {
    return this.sent;
  }

  reply(connection: Connection, message: ServerReply): void {
    this.send(connection, Buffer.from(JSON.stringify(message)));
  }

  send(connection: Connection, data: Buffer): void {
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
}

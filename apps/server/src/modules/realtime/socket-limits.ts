import {
  WS_FLOOD_FACTOR,
  WS_MAX_MESSAGES_PER_SECOND,
  WS_MAX_SOCKETS_PER_SESSION,
  WS_MAX_SOCKETS_PER_USER,
  WS_MAX_VISITOR_SOCKETS_PER_ADDRESS,
  WS_RATE_STRIKES_BEFORE_CLOSE,
} from '@bid/contract';
import type { Connection } from './connection.js';
import type { SocketRegistry } from './socket-registry.js';

/** True when a new socket would pass the per-address (visitors), per-session or per-member cap. */
export function isOverSocketCap(registry: SocketRegistry, connection: Connection): boolean {
  return (
    (connection.visitorAddress !== undefined &&
      registry.visitorSocketCount(connection.visitorAddress) >= WS_MAX_VISITOR_SOCKETS_PER_ADDRESS) ||
    (connection.sessionId !== undefined &&
      registry.sessionSocketCount(connection.sessionId) >= WS_MAX_SOCKETS_PER_SESSION) ||
    (connection.userId !== undefined && registry.userSocketCount(connection.userId) >= WS_MAX_SOCKETS_PER_USER)
  );
}

/** What the rate limit says of one more frame: handle it or not, warn the client, close the socket. */
export interface RateVerdict {
  accepted: boolean;
  /** The first refused frame of a second: the client is told to slow down (a strike). */
  warn: boolean;
  /** Too many strikes in a row, or a flood: the socket is closed. */
  close: boolean;
}

/** Judges one frame's arrival against the socket's per-second budget and strikes. */
export function judgeRate(connection: Connection, now: number): RateVerdict {
  if (now - connection.windowStart >= 1000) {
    // A second over the limit is a strike; a calm second forgives them.
    const calm = connection.windowCount <= WS_MAX_MESSAGES_PER_SECOND || now - connection.windowStart >= 2000;
    if (calm) connection.strikes = 0;
    connection.windowStart = now;
    connection.windowCount = 0;
    connection.warnedThisWindow = false;
  }
  connection.windowCount += 1;
  if (connection.windowCount <= WS_MAX_MESSAGES_PER_SECOND) return { accepted: true, warn: false, close: false };
  const warn = !connection.warnedThisWindow;
  if (warn) {
    connection.warnedThisWindow = true;
    connection.strikes += 1;
  }
  const close =
    connection.strikes >= WS_RATE_STRIKES_BEFORE_CLOSE ||
    connection.windowCount > WS_MAX_MESSAGES_PER_SECOND * WS_FLOOD_FACTOR;
  return { accepted: false, warn, close };
}

import { WS_CLOSE } from '@bid/contract';
import type { Connection } from './connection.js';
import type { SocketRegistry } from './socket-registry.js';

/** Of these session ids, the ones still live; given by the realtime plugin from the session store. */
export type SessionChecker = (sessionIds: readonly string[]) => Promise<Set<string>>;

/** A socket lives no longer than its member's session (docs/realtime.md): closing this instance's sockets of ended sessions and users. */
export class SessionControl {
  constructor(
    private readonly registry: SocketRegistry,
    /** Undefined: sessions are not checked (a hub without a session store, in unit tests). */
    private readonly sessionChecker: SessionChecker | undefined,
    private readonly detach: (connection: Connection) => void,
  ) {}

  closeUserSockets(userId: string): void {
    this.closeAll(this.registry.socketsOfUser(userId));
  }

  closeSessionSockets(sessionId: string): void {
    this.closeAll(this.registry.socketsOfSession(sessionId));
  }

  /**
   * Closes the local sockets whose session has ended by any road, expiry included (every instance
   * runs this with its heartbeat). One query for all sessions with an open socket here.
   */
  async closeSocketsOfEndedSessions(): Promise<void> {
    const ids = this.registry.sessionIds();
    if (!this.sessionChecker || ids.length === 0) return;
    const live = await this.sessionChecker(ids);
    for (const id of ids) if (!live.has(id)) this.closeSessionSockets(id);
  }

  async sessionStillLive(connection: Connection): Promise<boolean> {
    if (!connection.sessionId || !this.sessionChecker) return true;
    const live = await this.sessionChecker([connection.sessionId]);
    return live.has(connection.sessionId) && !connection.closed;
  }

  private closeAll(connections: Connection[]): void {
    for (const connection of connections) {
      connection.socket.close(WS_CLOSE.signedOut, 'Signed out');
      this.detach(connection);
    }
  }
}

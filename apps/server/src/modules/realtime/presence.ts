import { MAX_BUS_PAYLOAD_BYTES } from './bus.js';

/** Presence reports: how often each instance lists its online users, and how long a report holds. */
export const PRESENCE_BEAT_MS = 15_000;
export const PRESENCE_TTL_MS = 40_000;

/** Who the other instances said is online: instanceId → userId → until when. */
export class RemotePresence {
  private readonly reports = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number) {}

  /** True while some instance's last report of the user holds. */
  isOnline(userId: string): boolean {
    const now = this.now();
    for (const users of this.reports.values()) {
      const until = users.get(userId);
      if (until !== undefined && until > now) return true;
    }
    return false;
  }

  cameOnline(instanceId: string, userId: string): void {
    this.of(instanceId).set(userId, this.now() + PRESENCE_TTL_MS);
  }

  wentOffline(instanceId: string, userId: string): void {
    this.reports.get(instanceId)?.delete(userId);
  }

  /** A beat: `body` is a comma-separated list of the instance's online users. */
  reported(instanceId: string, body: string): void {
    const users = this.of(instanceId);
    const until = this.now() + PRESENCE_TTL_MS;
    for (const id of body.split(',')) if (id) users.set(id, until);
  }

  /** The instance stopped: its users are no longer online there. */
  instanceLeft(instanceId: string): void {
    this.reports.delete(instanceId);
  }

  forgetStale(): void {
    const now = this.now();
    for (const [instance, users] of this.reports) {
      for (const [id, until] of users) if (until <= now) users.delete(id);
      if (users.size === 0) this.reports.delete(instance);
    }
  }

  private of(instanceId: string): Map<string, number> {
    let users = this.reports.get(instanceId);
    if (!users) {
      users = new Map();
      this.reports.set(instanceId, users);
    }
    return users;
  }
}

/** This instance's online users as beat bodies, each small enough for one NOTIFY. */
export function presenceBeatBodies(userIds: Iterable<string>): string[] {
  const bodies: string[] = [];
  let chunk: string[] = [];
  let bytes = 0;
  for (const id of userIds) {
    if (bytes + id.length + 1 > MAX_BUS_PAYLOAD_BYTES - 100) {
      bodies.push(chunk.join(','));
      chunk = [];
      bytes = 0;
    }
    chunk.push(id);
    bytes += id.length + 1;
  }
  if (chunk.length > 0) bodies.push(chunk.join(','));
  return bodies;
}

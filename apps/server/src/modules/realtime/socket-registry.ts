import type { Connection } from './connection.js';

/** The sockets of this instance, by member, by session and (visitors) by client address, and the channels they follow. */
export class SocketRegistry {
  readonly connections = new Set<Connection>();
  private readonly users = new Map<string, Set<Connection>>();
  private readonly sessions = new Map<string, Set<Connection>>();
  /** Visitors' sockets by client address (members are capped per session and per member instead). */
  private readonly visitorAddresses = new Map<string, Set<Connection>>();
  private readonly channels = new Map<string, ChannelSubscribers>();

  userSocketCount(userId: string): number {
    return this.users.get(userId)?.size ?? 0;
  }

  sessionSocketCount(sessionId: string): number {
    return this.sessions.get(sessionId)?.size ?? 0;
  }

  visitorSocketCount(address: string): number {
    return this.visitorAddresses.get(address)?.size ?? 0;
  }

  hasUser(userId: string): boolean {
    return this.users.has(userId);
  }

  /** The members with a socket here. */
  userIds(): IterableIterator<string> {
    return this.users.keys();
  }

  /** The sessions with a socket here. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  socketsOfUser(userId: string): Connection[] {
    return [...(this.users.get(userId) ?? [])];
  }

  socketsOfSession(sessionId: string): Connection[] {
    return [...(this.sessions.get(sessionId) ?? [])];
  }

  /** Adds a socket; true when it is its member's first socket here (the member came online). */
  add(connection: Connection): boolean {
    this.connections.add(connection);
    if (connection.visitorAddress !== undefined) addTo(this.visitorAddresses, connection.visitorAddress, connection);
    if (connection.sessionId) addTo(this.sessions, connection.sessionId, connection);
    return connection.userId !== undefined && addTo(this.users, connection.userId, connection);
  }

  /** Removes a socket and its channels; true when it was its member's last socket here (the member went offline). */
  remove(connection: Connection): boolean {
    this.connections.delete(connection);
    for (const channel of connection.channels) this.leave(connection, channel);
    if (connection.visitorAddress !== undefined)
      removeFrom(this.visitorAddresses, connection.visitorAddress, connection);
    if (connection.sessionId) removeFrom(this.sessions, connection.sessionId, connection);
    return connection.userId !== undefined && removeFrom(this.users, connection.userId, connection);
  }

  join(connection: Connection, channel: string): void {
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new ChannelSubscribers(channel);
      this.channels.set(channel, subscribers);
    }
    subscribers.add(connection);
    // The channel's one copy of its name, not the copy each frame parsed: 10,000 sockets
    // following one auction then hold one string between them (docs/performance.md, socket-memory).
    connection.channels.add(subscribers.channel);
  }

  leave(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    removeFrom(this.channels, channel, connection);
  }

  subscribersOf(channel: string): ReadonlySet<Connection> | undefined {
    return this.channels.get(channel);
  }
}

/** The sockets following one channel, with the channel's name that their own channel sets share. */
class ChannelSubscribers extends Set<Connection> {
  constructor(readonly channel: string) {
    super();
  }
}

/** Adds to the set under `key`; true when the set was new. */
function addTo<T>(map: Map<string, Set<T>>, key: string, item: T): boolean {
  let items = map.get(key);
  const created = !items;
  if (!items) {
    items = new Set();
    map.set(key, items);
  }
  items.add(item);
  return created;
}

/** Removes from the set under `key`, dropping an emptied set; true when it was emptied. */
function removeFrom<T>(map: Map<string, Set<T>>, key: string, item: T): boolean {
  const items = map.get(key);
  if (!items) return false;
  items.delete(item);
  if (items.size > 0) return false;
  map.delete(key);
  return true;
}

import net from 'node:net';

/**
 * A tiny TCP load balancer for the fault scenarios: it stands in for the operator's balancer in
 * front of several app instances. Round robin per connection; a backend that refuses a
 * connection is skipped (the next one is tried), as a health-checking balancer would. It only
 * pipes bytes, so HTTP keep-alive and WebSocket upgrades pass through untouched; it peeks at
 * the first bytes of a connection only to tell WebSockets apart, for the report.
 */
export interface Backend {
  port: number;
  host?: string;
}

export interface BalancerConnection {
  backend: number;
  websocket: boolean;
  openedAt: number;
}

export interface Balancer {
  url: string;
  port: number;
  /** Connections open right now, by backend index. */
  open(): BalancerConnection[];
  /** Connections that were refused by a backend and retried on the next one. */
  readonly refusedConnects: number;
  close(): Promise<void>;
}

export async function startBalancer(backends: readonly Backend[]): Promise<Balancer> {
  let next = 0;
  let refusedConnects = 0;
  const live = new Map<net.Socket, BalancerConnection>();

  /** Connects to backend `index`, or the ones after it when it refuses; null when all refuse. */
  function connectFrom(index: number, tries: number, done: (upstream: net.Socket | null, at: number) => void): void {
    if (tries >= backends.length) {
      done(null, -1);
      return;
    }
    const backend = backends[index % backends.length]!;
    const upstream = net.connect({ port: backend.port, host: backend.host ?? '127.0.0.1' });
    const onError = () => {
      refusedConnects += 1;
      upstream.destroy();
      connectFrom(index + 1, tries + 1, done);
    };
    upstream.once('error', onError);
    upstream.once('connect', () => {
      upstream.off('error', onError);
      done(upstream, index % backends.length);
    });
  }

  const server = net.createServer((client) => {
    client.pause();
    const start = next;
    next = (next + 1) % backends.length;
    const info: BalancerConnection = { backend: -1, websocket: false, openedAt: Date.now() };
    client.on('error', () => client.destroy());
    connectFrom(start, 0, (upstream, at) => {
      if (!upstream) {
        client.destroy();
        return;
      }
      info.backend = at;
      live.set(client, info);
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => client.destroy());
      client.on('close', () => {
        live.delete(client);
        upstream.destroy();
      });
      client.pipe(upstream);
      upstream.pipe(client);
      // Added after pipe (a 'data' listener would start the flow): sees the same first chunk.
      client.once('data', (chunk: Buffer) => {
        if (/^upgrade:\s*websocket/im.test(chunk.subarray(0, 2048).toString('latin1'))) info.websocket = true;
      });
      client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    open: () => [...live.values()],
    get refusedConnects() {
      return refusedConnects;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of live.keys()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

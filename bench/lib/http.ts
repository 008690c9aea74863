import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Milliseconds from writing the request to the last byte of the answer. */
  ms: number;
}

/**
 * One keep-alive connection to the app, like one browser tab: requests on it go one after
 * another. Load generators run many of these side by side.
 */
export class HttpConnection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly target: URL;

  constructor(
    baseUrl: string,
    /** The `Cookie` header (a signed session), if the caller is signed in. */
    private readonly cookie?: string,
  ) {
    this.target = new URL(baseUrl);
  }

  get(path: string): Promise<HttpAnswer> {
    return this.request('GET', path);
  }

  /** `cookie`, when given, signs this one request in as someone else than the connection's member. */
  post(path: string, body: unknown, cookie?: string): Promise<HttpAnswer> {
    return this.request('POST', path, JSON.stringify(body), cookie);
  }

  request(method: string, path: string, payload?: string, cookie = this.cookie): Promise<HttpAnswer> {
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        { host: this.target.hostname, port: this.target.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Sends `total` requests for `path` to each of two servers on one keep-alive connection each, one
 * request in flight at any moment, the servers taking turns in runs of `turn` requests; returns
 * each server's latencies in ms. Which server goes first alternates from one turn to the next,
 * starting with `firstTarget`. Turns of a few dozen requests (a tenth of a second or so) put a
 * burst of load from elsewhere on the machine, which lasts longer than that, on both servers
 * alike, while each server stays busy through its turn: taking turns request by request left each
 * server and its database connection idle between requests, and waking them raised a list
 * request's median from about 4.5 to 5.2 ms, which measures the machine's wake-ups rather than
 * the query.
 */
export async function measureLatenciesInTurns(input: {
  targets: readonly [{ baseUrl: string; cookie?: string }, { baseUrl: string; cookie?: string }];
  path: string;
  total: number;
  turn: number;
  firstTarget: 0 | 1;
}): Promise<[number[], number[]]> {
  const latencies: [number[], number[]] = [[], []];
  const connections = input.targets.map((t) => new HttpConnection(t.baseUrl, t.cookie));
  try {
    for (let sent = 0, turnIndex = 0; sent < input.total; sent += input.turn, turnIndex += 1) {
      const count = Math.min(input.turn, input.total - sent);
      const first = (input.firstTarget + turnIndex) % 2;
      for (const which of [first, 1 - first]) {
        for (let i = 0; i < count; i += 1) {
          const answer = await connections[which]!.get(input.path);
          if (answer.status !== 200) throw new Error(`GET ${input.path} answered ${answer.status}: ${answer.body}`);
          latencies[which]!.push(answer.ms);
        }
      }
    }
  } finally {
    for (const connection of connections) connection.close();
  }
  return latencies;
}

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
 * Sends `total` requests from `concurrency` connections (a closed loop: each connection sends
 * its next request when the previous answer arrived) and returns every latency in ms.
 * `check` sees each answer and throws on a wrong one, which stops the run.
 */
export async function measureLatencies(input: {
  baseUrl: string;
  cookie?: string;
  path: string;
  total: number;
  concurrency: number;
  check?: (answer: HttpAnswer) => void;
}): Promise<number[]> {
  const latencies: number[] = [];
  let issued = 0;
  const connections = Array.from({ length: input.concurrency }, () => new HttpConnection(input.baseUrl, input.cookie));
  try {
    await Promise.all(
      connections.map(async (connection) => {
        while (issued < input.total) {
          issued += 1;
          const answer = await connection.get(input.path);
          if (answer.status !== 200) throw new Error(`GET ${input.path} answered ${answer.status}: ${answer.body}`);
          input.check?.(answer);
          latencies.push(answer.ms);
        }
      }),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
  return latencies;
}

import { HttpConnection, type HttpAnswer } from '../../bench/lib/http.js';

/** A request that got no answer within the connection's timeout. */
export class RequestTimeout extends Error {}

/**
 * One keep-alive connection (bench/lib/http.ts) whose requests give up after `timeoutMs`. A
 * timed-out or broken connection is destroyed, as a browser gives up on it, and the next request
 * opens a fresh one; the failure is thrown (a RequestTimeout for the timeout).
 */
export class TimedConnection {
  private connection: HttpConnection;

  constructor(
    private readonly baseUrl: string,
    /** The `Cookie` header (a signed session), if the caller is signed in. */
    private readonly cookie: string | undefined,
    private readonly timeoutMs: number,
  ) {
    this.connection = new HttpConnection(baseUrl, cookie);
  }

  get(path: string): Promise<HttpAnswer> {
    return this.request('GET', path);
  }

  post(path: string, body: unknown): Promise<HttpAnswer> {
    return this.request('POST', path, JSON.stringify(body));
  }

  async request(method: string, path: string, payload?: string): Promise<HttpAnswer> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RequestTimeout(`timeout after ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([this.connection.request(method, path, payload), timeout]);
    } catch (err) {
      this.connection.close();
      this.connection = new HttpConnection(this.baseUrl, this.cookie);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.connection.close();
  }
}

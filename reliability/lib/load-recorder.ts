import type { HttpAnswer } from '../../bench/lib/http.js';
import { summarizeLatencies, type LatencySummary } from '../../bench/lib/stats.js';
import { RequestTimeout, TimedConnection } from './timed-connection.js';

/**
 * How an answer counts:
 * - `ok`: 2xx;
 * - `refused`: a 4xx the product's rules intend under concurrency (a racing bid that is now too low
 *   or lost its race, a rate limit): a person would see a message and try again, nothing broke;
 * - `error`: 5xx, any other 4xx (a request the simulated user built from a fresh answer should be
 *   valid), a timeout or a connection failure.
 */
export type Outcome = 'ok' | 'refused' | 'error';

interface RouteTally {
  latencies: number[];
  ok: number;
  refused: number;
  errors: number;
  statuses: Map<string, number>;
}

export interface RouteFigures {
  route: string;
  count: number;
  ok: number;
  refused: number;
  errors: number;
  latencyMs: LatencySummary;
  statuses: Record<string, number>;
}

/** A request that took this long is counted as an error (a person would have given up long before). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The first few error answers, kept verbatim so a failed run can be diagnosed from load.json. */
const ERROR_SAMPLES_KEPT = 20;

/** Per route template: latencies of every answer, and how each answer counted. */
export class Recorder {
  private readonly routes = new Map<string, RouteTally>();
  readonly errorSamples: string[] = [];

  record(route: string, status: number | 'timeout' | 'connection', ms: number, outcome: Outcome, body = ''): void {
    let tally = this.routes.get(route);
    if (!tally) {
      tally = { latencies: [], ok: 0, refused: 0, errors: 0, statuses: new Map() };
      this.routes.set(route, tally);
    }
    tally.latencies.push(ms);
    if (outcome === 'ok') tally.ok += 1;
    else if (outcome === 'refused') tally.refused += 1;
    else tally.errors += 1;
    const key = String(status);
    tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    if (outcome === 'error' && this.errorSamples.length < ERROR_SAMPLES_KEPT) {
      this.errorSamples.push(`${route} -> ${status}: ${body.slice(0, 300)}`);
    }
  }

  figures(): RouteFigures[] {
    return [...this.routes.entries()]
      .map(([route, t]) => ({
        route,
        count: t.latencies.length,
        ok: t.ok,
        refused: t.refused,
        errors: t.errors,
        latencyMs: summarizeLatencies(t.latencies),
        statuses: Object.fromEntries(t.statuses),
      }))
      .sort((a, b) => b.count - a.count);
  }
}

/** Decides whether a non-2xx answer is a refusal the rules intend on this route. */
export type RefusalRule = (answer: HttpAnswer) => boolean;

export const neverRefused: RefusalRule = () => false;

/**
 * One simulated person's browser: one keep-alive connection to the app instance they were sent
 * to, every answer timed and recorded under its route template. A timeout destroys the
 * connection (as a browser would give up on it) and the next request opens a new one.
 */
export class UserAgent {
  private readonly connection: TimedConnection;

  constructor(
    baseUrl: string,
    cookie: string,
    private readonly recorder: Recorder,
  ) {
    this.connection = new TimedConnection(baseUrl, cookie, REQUEST_TIMEOUT_MS);
  }

  get(route: string, path: string, refusal: RefusalRule = neverRefused): Promise<HttpAnswer | undefined> {
    return this.send(route, 'GET', path, undefined, refusal);
  }

  post(route: string, path: string, body: unknown, refusal: RefusalRule = neverRefused) {
    return this.send(route, 'POST', path, JSON.stringify(body), refusal);
  }

  /** The answer (whatever its status), or undefined when there was none (timeout, connection failure). */
  private async send(
    route: string,
    method: string,
    path: string,
    payload: string | undefined,
    refusal: RefusalRule,
  ): Promise<HttpAnswer | undefined> {
    const started = performance.now();
    let answer: HttpAnswer;
    try {
      answer = await this.connection.request(method, path, payload);
    } catch (error) {
      const ms = performance.now() - started;
      if (error instanceof RequestTimeout) this.recorder.record(route, 'timeout', ms, 'error');
      else this.recorder.record(route, 'connection', ms, 'error', String(error));
      return undefined;
    }
    const outcome: Outcome = answer.status >= 200 && answer.status < 300 ? 'ok' : refusal(answer) ? 'refused' : 'error';
    this.recorder.record(route, answer.status, answer.ms, outcome, answer.body);
    return answer;
  }

  close(): void {
    this.connection.close();
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobObserver } from './periodic-job.js';

/**
 * The Prometheus series of one app instance (docs/deploy.md, "What to watch"). Each app has its
 * own registry, so tests that build several apps in one process never share counters; the
 * registry is served by `startMetricsServer` on its own port, never on the public one.
 */
export interface AppMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  bids: Counter<'outcome'>;
  /**
   * A job's observer: runs, failures, duration, lag and last success under `job_name` (not `job`,
   * which Prometheus gives every scraped series: the target's job).
   */
  jobObserver(job: string): JobObserver;
}

export interface MetricsSources {
  /** The database's driver (db/client.ts `Database`): its pool is read for the pool gauges. */
  database: { readonly driver: { kind: 'pglite' } | { kind: 'postgres'; pool: PoolCounts } };
  /** Open sockets and frames sent on this instance (the realtime hub). */
  realtime: { readonly connectionCount: number; readonly messagesSent: number };
}

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their duration',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const bids = new Counter({
    name: 'bidyourdate_bids_total',
    help: 'Bids placed through this instance: accepted, or rejected (too low, ended, rate limited, ...)',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Both outcomes exist from the start, so a rate() over them never misses a series.
  bids.inc({ outcome: 'accepted' }, 0);
  bids.inc({ outcome: 'rejected' }, 0);

  const { realtime, database } = sources;
  new Gauge({
    name: 'bidyourdate_websocket_connections',
    help: 'WebSocket connections open on this instance',
    registers,
    collect() {
      this.set(realtime.connectionCount);
    },
  });
  new Counter({
    name: 'bidyourdate_websocket_messages_sent_total',
    help: 'WebSocket frames sent to browsers by this instance',
    registers,
    collect() {
      this.reset();
      this.inc(realtime.messagesSent);
    },
  });

  // The job series: one label, `job_name`, on each.
  const perJob = { labelNames: ['job_name'] as const, registers };
  const jobRuns = new Counter({ ...perJob, name: 'bidyourdate_job_runs_total', help: 'Background job runs, by job' });
  const jobFailures = new Counter({
    ...perJob,
    name: 'bidyourdate_job_failures_total',
    help: 'Background job runs that failed, by job',
  });
  const jobDuration = new Histogram({
    ...perJob,
    name: 'bidyourdate_job_duration_seconds',
    help: 'How long background job runs take, by job',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  });
  const jobLag = new Gauge({
    ...perJob,
    name: 'bidyourdate_job_lag_seconds',
    help: 'How late the last scheduled run of a job started after it was due',
  });
  const jobLastSuccess = new Gauge({
    ...perJob,
    name: 'bidyourdate_job_last_success_timestamp_seconds',
    help: 'When a run of the job last finished without an error (Unix time)',
  });

  const poolGauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const { driver } = database;
        // The embedded database is one in-process connection: a pool of one, never waiting.
        this.set(
          driver.kind === 'postgres' ? read(driver.pool) : read({ totalCount: 1, idleCount: 1, waitingCount: 0 }),
        );
      },
    });
  poolGauge('bidyourdate_db_pool_connections', 'Database connections open in the pool', (p) => p.totalCount);
  poolGauge('bidyourdate_db_pool_idle', 'Database connections idle in the pool', (p) => p.idleCount);
  poolGauge('bidyourdate_db_pool_waiting', 'Queries waiting for a database connection', (p) => p.waitingCount);

  return {
    registry,
    httpRequestDuration,
    bids,
    jobObserver(job) {
      jobRuns.inc({ job_name: job }, 0);
      jobFailures.inc({ job_name: job }, 0);
      return (run) => {
        jobRuns.inc({ job_name: job });
        if (!run.ok) jobFailures.inc({ job_name: job });
        else jobLastSuccess.set({ job_name: job }, Date.now() / 1000);
        jobDuration.observe({ job_name: job }, run.durationSeconds);
        jobLag.set({ job_name: job }, run.lagSeconds);
      };
    },
  };
}

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsServer {
  /** http://host:port of the listener (the port is the real one when 0 was asked for). */
  url: string;
  close(): Promise<void>;
}

/**
 * `startMetricsServer` for main.ts. A port already taken (a second `npm start` on one machine, or
 * the tests beside a dev server) stops a production server, where operators rely on the metrics,
 * but is only a warning elsewhere: the server then starts without them (README.md, METRICS_PORT).
 * Any other failure stops the server everywhere.
 */
export async function serveMetrics(
  registry: Registry,
  options: { host: string; port: number },
  policy: { strict: boolean; warn: (message: string) => void },
): Promise<MetricsServer | undefined> {
  try {
    return await startMetricsServer(registry, options);
  } catch (err) {
    const where = `${options.host}:${options.port}`;
    if (!policy.strict && (err as { code?: unknown } | null)?.code === 'EADDRINUSE') {
      policy.warn(`metrics are not served: ${where} is taken (EADDRINUSE); set METRICS_PORT to serve them`);
      return undefined;
    }
    throw new Error(`cannot serve metrics on ${where} (set METRICS_PORT): ${String(err)}`, { cause: err });
  }
}

/**
 * Serves `GET /metrics` of `registry` on `host:port` (METRICS_HOST, METRICS_PORT): a listener of
 * its own, so the public port never exposes it; anything else is a 404.
 */
export async function startMetricsServer(
  registry: Registry,
  options: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { startMetricsServer, type MetricsServer } from '../../src/lib/metrics.js';
import { insertAuction } from '../support/auctions.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorld } from '../support/world.js';

/**
 * Running as one of N instances (docs/deploy.md): health for the balancer, the Prometheus series
 * on their own port, request ids in headers, logs and error bodies.
 */
describe.each(testDatabaseFactories())('operations on $kind', (factory) => {
  const logLines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  const world = suiteWorld(factory, { appOptions: { logger: pino({ level: 'info' }, logStream) } });
  let metricsServer: MetricsServer;

  beforeAll(async () => {
    metricsServer = await startMetricsServer(world.app.metrics.registry, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metricsServer.close();
  });

  it('is live and ready, and readiness turns 503 the moment draining starts while liveness stays', async () => {
    expect((await world.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await world.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    const drainingApp = await world.openAnotherApp();
    drainingApp.service.startDraining();
    const draining = await drainingApp.inject({ method: 'GET', url: '/api/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    // Answers still come while draining, but close their connection so the balancer reconnects elsewhere.
    const live = await drainingApp.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });

  it('serves /metrics on the metrics port only, with the series of docs/deploy.md after traffic', async () => {
    const publicAnswer = await world.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    expect(publicAnswer.body).not.toContain('http_request_duration_seconds');

    // Traffic: an auction read by its pattern, an accepted bid and a refused one.
    const host = await world.signUp('Hosta', { card: false });
    const bidder = await world.signUp('Bidda');
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(Date.now() + 86_400_000),
    });
    expect((await world.app.inject({ method: 'GET', url: `/api/auctions/${auctionId}` })).statusCode).toBe(200);
    const bid = (amount: string) => world.bid(bidder, { auctionId, amount });
    expect((await bid('25')).statusCode).toBe(201);
    expect((await bid('21')).statusCode).toBe(400);

    const answer = await fetch(`${metricsServer.url}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/auctions\/:id",status_code="200"\} 1\b/,
    );
    // Never the raw URL: the auction's id is in no label.
    expect(text).not.toContain(auctionId);
    expect(text).toMatch(/bidyourdate_bids_total\{outcome="accepted"\} 1\b/);
    expect(text).toMatch(/bidyourdate_bids_total\{outcome="rejected"\} 1\b/);
    for (const series of [
      'bidyourdate_websocket_connections 0',
      'bidyourdate_websocket_messages_sent_total',
      'bidyourdate_db_pool_connections',
      'bidyourdate_db_pool_idle',
      'bidyourdate_db_pool_waiting 0',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(series);
    }
    expect((await fetch(`${metricsServer.url}/other`)).status).toBe(404);
  });

  it('reports job runs, failures, duration and lag per job', async () => {
    const observe = world.app.metrics.jobObserver('probe');
    observe({ ok: true, durationSeconds: 0.2, lagSeconds: 0.05 });
    observe({ ok: false, durationSeconds: 0.1, lagSeconds: 0 });
    const text = await (await fetch(`${metricsServer.url}/metrics`)).text();
    expect(text).toContain('bidyourdate_job_runs_total{job_name="probe"} 2');
    expect(text).toContain('bidyourdate_job_failures_total{job_name="probe"} 1');
    expect(text).toContain('bidyourdate_job_duration_seconds_count{job_name="probe"} 2');
    expect(text).toContain('bidyourdate_job_lag_seconds{job_name="probe"} 0');
    expect(text).toMatch(/bidyourdate_job_last_success_timestamp_seconds\{job_name="probe"\} \d/);
  });

  it('keeps a sane incoming X-Request-Id, echoes it, logs it and puts it in error bodies', async () => {
    const id = 'lb-4f2a:01.req_9';
    const res = await world.app.inject({ method: 'GET', url: '/api/watchlist', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized', requestId: id });
    const lines = logLines.filter((line) => line.reqId === id);
    // Fastify's "incoming request" and "request completed", both from the request's child logger.
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // A success carries the id in its header, not in its body.
    const ok = await world.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'ok-1' } });
    expect(ok.headers['x-request-id']).toBe('ok-1');
    expect(ok.json()).not.toHaveProperty('requestId');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'abc def'],
    ['with a quote', 'abc"def'],
    ['empty', ''],
  ])('replaces an incoming X-Request-Id %s with a new one', async (_what, incoming) => {
    const res = await world.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': incoming } });
    expect(res.statusCode).toBe(404);
    const id = String(res.headers['x-request-id']);
    expect(id).not.toBe(incoming);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found', requestId: id });
    expect(logLines.some((line) => line.reqId === id)).toBe(true);
  });

  it('puts the request id in the error bodies of validation and framework refusals too', async () => {
    const validation = await world.app.inject({
      method: 'POST',
      url: '/api/bids',
      payload: {},
      headers: { 'x-request-id': 'v-1' },
    });
    expect(validation.json()).toMatchObject({ requestId: 'v-1' });
    const badJson = await world.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: '{',
      headers: { 'content-type': 'application/json', 'x-request-id': 'j-1' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ requestId: 'j-1' });
    const badUrl = await world.app.inject({
      method: 'GET',
      url: '/api/auctions/%E0%A4%A',
      headers: { 'x-request-id': 'u-1' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ requestId: 'u-1' });
  });
});

describe('readiness before migrations', () => {
  it('answers 503 until the migrations are applied, then 200', async () => {
    const database = await openDatabase({});
    // VAPID keys from the environment: generated ones are kept in a table the migrations create.
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_PUBLIC_URL,
      VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'Ji4JQ-SDpH3WzZTFg8ZDDqzUQMmBWGQ3ddKi1r0jN3E',
    });
    const app = await buildApp({ config, database, serveWeb: false, runJobs: false });
    try {
      const before = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'migrations pending' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      await runMigrations(database);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
    // A limit for a hung run, not a speed check: every migration on a fresh embedded database took
    // over 30 s on a two-core machine running the end-to-end suite beside it (5 s alone).
  }, 120_000);
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { createMetrics, type AppMetrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus series (lib/metrics.ts), served on METRICS_PORT by main.ts. */
    metrics: AppMetrics;
    /** Draining: readiness answers 503 and answers close their connection (docs/deploy.md). */
    service: ServiceState;
  }
}

export interface ServiceState {
  readonly draining: boolean;
  /** From now on /api/health/ready is 503, so the balancer sends no new requests here. */
  startDraining(): void;
}

/** What a request's route is called in the metrics when no route matched (never the raw URL). */
const UNMATCHED_ROUTE = 'unmatched';
const BID_ROUTE = '/api/bids';

/**
 * Running as one of N instances behind a balancer: the request metrics, and the draining state
 * a graceful shutdown sets (main.ts). Registered after the realtime plugin, whose hub it reads.
 */
export const servicePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    const metrics = createMetrics({ database: opts.database, realtime: app.realtime });
    let draining = false;
    app.decorate('metrics', metrics);
    app.decorate('service', {
      get draining() {
        return draining;
      },
      startDraining() {
        draining = true;
      },
    } satisfies ServiceState);

    // While draining, the balancer must not reuse a connection to this instance: every answer
    // closes its connection, so the next request opens one to an instance that stays.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining) void reply.header('connection', 'close');
      return payload;
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern (`/api/auctions/:id`), so the series stay few whatever the URLs.
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const statusCode = reply.statusCode;
      metrics.httpRequestDuration.observe(
        { method: request.method, route, status_code: String(statusCode) },
        reply.elapsedTime / 1000,
      );
      if (request.method === 'POST' && route === BID_ROUTE && statusCode < 500) {
        metrics.bids.inc({ outcome: statusCode < 300 ? 'accepted' : 'rejected' });
      }
    });
  },
  { name: 'service', dependencies: ['realtime'] },
);

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/** Liveness and database reachability, for load balancers and operators. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/api/health', async (request, reply) => {
    const started = performance.now();
    try {
      await opts.database.ping();
      return {
        status: 'ok',
        database: { kind: opts.database.kind, ok: true, latencyMs: Math.round(performance.now() - started) },
      };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      // Like every 503 of the API (plugins/errors.ts): try again shortly, the database may be back.
      return reply
        .header('retry-after', '2')
        .status(503)
        .send({ status: 'degraded', database: { kind: opts.database.kind, ok: false } });
    }
  });
}

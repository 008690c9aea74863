import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { migrationsApplied } from '../../db/migrate.js';
import type { PhotoClassifier } from '../../lib/photo-classifier/photo-classifier.js';
import { route } from '../../plugins/endpoint-route.js';

/**
 * Health for load balancers and operators (docs/deploy.md): `/api/health` reports the database;
 * `/live` says the process answers (restart it when not); `/ready` says this instance should get
 * traffic: migrations applied, the database answering, and not draining for a shutdown.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: Database; photoClassifier: PhotoClassifier },
) {
  route(app, 'getHealth', async (request, reply) => {
    const started = performance.now();
    try {
      await opts.database.ping();
      return {
        status: 'ok' as const,
        database: { kind: opts.database.kind, ok: true as const, latencyMs: Math.round(performance.now() - started) },
        // The photo screening's model (docs/trust-and-safety.md "Screening"): while it is not
        // ready, uploads still work and photos are held for a moderator.
        photoClassifier: opts.photoClassifier.status(),
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

  // Probed every second or so by the balancer: only their warnings reach the log.
  route(app, 'getLiveness', async () => ({ status: 'ok' as const }), { logLevel: 'warn' });

  // Once applied, migrations stay applied: the check is not repeated on every probe.
  let migrated = false;
  route(
    app,
    'getReadiness',
    async (request, reply) => {
      if (app.service.draining) return reply.status(503).send({ status: 'draining' });
      try {
        migrated ||= await migrationsApplied(opts.database);
        if (!migrated) return reply.status(503).send({ status: 'migrations pending' });
        await opts.database.ping();
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness: database unreachable');
        return reply.status(503).send({ status: 'database unreachable' });
      }
    },
    { logLevel: 'warn' },
  );

  // The published API (plugins/openapi.ts), generated once the routes are all registered.
  route(app, 'getApiDocument', async (_request, reply) => reply.type('application/json').send(app.swagger()));
}

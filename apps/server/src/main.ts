import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoDataIfEmpty } from './db/seed/demo.js';
import { createObjectStorage } from './modules/uploads/storage/create-object-storage.js';
import path from 'node:path';

/** What the boot log says about each real service, so an operator sees at once what runs. */
function describeServices(config: AppConfig, databaseDescription: string, realtimeFanOut: string) {
  return {
    database: databaseDescription,
    mail: config.smtpUrl
      ? `SMTP at ${new URL(config.smtpUrl).hostname}`
      : 'none: sign-in codes are written to this log',
    storage: config.s3
      ? `S3-compatible bucket ${config.s3.bucket} at ${config.s3.endpoint}`
      : `local disk in ${path.join(config.dataDir, 'uploads')}`,
    payments: config.stripe ? 'Stripe' : 'offline sandbox (no real money moves)',
    signIn: ['e-mail codes', ...Object.keys(config.signInProviders)].join(', '),
    realtime: `WebSocket at /ws; events between instances over ${realtimeFanOut}`,
  };
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  });
  await runMigrations(database);
  if (config.seedDemo) {
    const seeded = await seedDemoDataIfEmpty(database.db, new Date(), {
      sandboxCards: !config.stripe,
      storage: createObjectStorage(config),
    });
    if (seeded) logger.info(seeded, 'empty database: loaded the DEMO data set (turn off with SEED_DEMO=0)');
  }

  const app = await buildApp({ config, database, logger });
  app.addHook('onClose', async () => database.close());

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: draining connections');
    // Hard stop if something refuses to close, so an orchestrator never waits forever.
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
      () => {
        logger.info('shutdown complete');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    {
      url: config.publicUrl,
      environment: config.nodeEnv,
      services: describeServices(config, database.description, app.realtime.fanOut),
    },
    `listening on port ${config.port}`,
  );
}

main().catch((err: unknown) => {
  console.error('Failed to start:', err);
  process.exit(1);
});

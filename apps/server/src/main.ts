import { buildApp } from './app.js';
import { sharedPhotoClassifier } from './lib/photo-classifier/photo-classifier.js';
import { ConfigError, loadConfig, type AppConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoDataIfEmpty } from './seed/demo.js';
import { createLogger } from './lib/logger.js';
import { installGracefulShutdown } from './lib/graceful-shutdown.js';
import { serveMetrics } from './lib/metrics.js';
import { createObjectStorage } from './lib/storage/create-object-storage.js';
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
    signInCodes: config.revealCodesInResponse
      ? 'also answered in the send-otp response (devOtp): development on a loopback address without SMTP_URL'
      : 'by mail only (never in a response)',
    realtime: `WebSocket at /ws; events between instances over ${realtimeFanOut}`,
    push: config.vapid
      ? 'web push (VAPID keys from the environment)'
      : config.isProduction
        ? 'OFF: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn web push on'
        : 'web push with development VAPID keys generated and kept in the database',
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

  const logger = createLogger({ level: config.logLevel });
  // A staging server that accepts toys says so on every boot, loudly (README.md, "Configuration").
  for (const optIn of config.productionOptIns) logger.warn(`UNSAFE FOR PRODUCTION: ${optIn}`);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    timeLimits: config.databaseTimeLimits,
  });
  await runMigrations(database);
  if (config.seedDemo) {
    const seeded = await seedDemoDataIfEmpty(database.db, new Date(), {
      sandboxCards: !config.stripe,
      storage: createObjectStorage(config),
    });
    if (seeded) logger.info(seeded, 'empty database: loaded the DEMO data set (turn off with SEED_DEMO=0)');
  }

  const photoClassifier = sharedPhotoClassifier();
  const app = await buildApp({ config, database, logger, photoClassifier });
  app.addHook('onClose', async () => database.close());
  // The photo screening's model loads once, now, rather than at the first upload; uploads made
  // before it is ready wait for it (docs/trust-and-safety.md "Screening").
  photoClassifier.start().then(
    () => logger.info(photoClassifier.status(), 'photo classifier ready'),
    (err: unknown) =>
      logger.error({ err }, 'photo classifier did not load: every uploaded photo is held for a moderator'),
  );

  const metricsServer = await serveMetrics(app.metrics.registry, config.metrics, {
    strict: config.isProduction,
    warn: (message) => logger.warn(message),
  });
  installGracefulShutdown({
    app,
    logger,
    delayMs: config.shutdownDelayMs,
    alsoClose: [async () => metricsServer?.close()],
  });

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    {
      url: config.publicUrl,
      environment: config.nodeEnv,
      services: describeServices(config, database.description, app.realtime.fanOut),
      metrics: metricsServer ? `${metricsServer.url}/metrics` : 'not served (the port was taken)',
    },
    `listening on port ${config.port}`,
  );
}

main().catch((err: unknown) => {
  console.error('Failed to start:', err);
  process.exit(1);
});

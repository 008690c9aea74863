import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Whatever happens, the process is gone this long after the signal (docs/deploy.md). */
export const SHUTDOWN_HARD_LIMIT_MS = 10_000;

export interface GracefulShutdownOptions {
  app: FastifyInstance;
  logger: FastifyBaseLogger;
  /** SHUTDOWN_DELAY_MS: readiness answers 503 this long before the listener stops. */
  delayMs: number;
  /** Closed last (the metrics listener), so a scrape during the drain still answers. */
  alsoClose?: Array<() => Promise<void>>;
  exit?: (code: number) => void;
}

/**
 * A restart that loses nothing (docs/deploy.md, "Restarts"): on SIGTERM or SIGINT readiness turns
 * 503 at once; after `delayMs`, long enough for the balancer's health check to take the instance
 * out, WebSockets are closed with 1012 so browsers reconnect at once to another instance, and the
 * app closes: the listener stops, requests in flight finish, jobs stop at a safe point, the bus
 * and the pool close. Exit 0 when done, 1 when something failed or the hard limit passed.
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): void {
  const { app, logger, delayMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let shuttingDown = false;

  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const hardStop = setTimeout(() => {
      logger.error('shutdown timed out');
      exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS);
    hardStop.unref();
    app.service.startDraining();
    logger.info({ signal, delayMs }, 'shutting down: readiness is 503, draining');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    app.realtime.closeForRestart();
    try {
      await app.close();
      for (const close of options.alsoClose ?? []) await close();
      logger.info('shutdown complete');
      clearTimeout(hardStop);
      exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

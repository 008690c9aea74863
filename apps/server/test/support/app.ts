import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import type { Database } from '../../src/db/client.js';
import type { Mailer } from '../../src/lib/mailer.js';

export const TEST_PUBLIC_URL = 'http://localhost:5000';

/** Builds the real app on a test database, without the web bundle. */
export async function createTestApp(
  database: Database,
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    mailer?: Mailer;
    configure?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, ...env });
  const { configure, ...deps } = options;
  const app = await buildApp({ config, database, serveWeb: false, ...deps });
  // Lets a test add a probe route (for behaviour shared by every route) before the app starts.
  await configure?.(app);
  await app.ready();
  return app;
}

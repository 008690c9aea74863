import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { RegisteredRoute } from '../../src/plugins/route-list.js';
import { createTestApp } from './app.js';
import { testDatabaseFactories, type TestDatabase } from './databases.js';

/**
 * The routes the app registers, for the suites that check them all (route-list.ts): an app on
 * an embedded database opened before the suite's tests and closed after them.
 */
export function appRoutesForSuite(): () => readonly RegisteredRoute[] {
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    testDb = await testDatabaseFactories()[0]!.open();
    app = await createTestApp(testDb.database);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });
  return () => app!.registeredRoutes;
}

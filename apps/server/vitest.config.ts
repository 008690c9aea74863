import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each test file opens its own database (PGlite in memory, and PostgreSQL when
    // TEST_DATABASE_URL is set), which takes a moment to boot and migrate.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Migrates one PGlite and one PostgreSQL database per run; each file starts from a copy.
    globalSetup: ['./test/support/global-setup.ts'],
  },
});

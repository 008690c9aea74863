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
    // One worker process runs file after file without loading the app's modules (Fastify, Drizzle,
    // PGlite's WebAssembly, sharp, the photo model) again for each: isolated, importing them was
    // most of a file's time on the shared 2-core machine (8 files: 519 s with 364 s of import,
    // 297 s with 72 s without isolation). Every file already opens its own databases, app, ports
    // and Redis channels and closes them, and no file mocks a module, so files share nothing but
    // the loaded code and its caches.
    isolate: false,
    // Migrates one PGlite and one PostgreSQL database per run; each file starts from a copy.
    globalSetup: ['./test/support/global-setup.ts'],
  },
});

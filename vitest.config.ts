import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` covers the shared contract, the server, the web app and the benchmark's summary writer.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'bench'],
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI
    // machine, with the second core idle while that file waits on PostgreSQL, Redis or a timer
    // (the server's files do so most of their time). Two files at a time there; the default above.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

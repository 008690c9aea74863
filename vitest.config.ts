import { defineConfig } from 'vitest/config';

// One `vitest run` covers the shared contract, the server and the web app.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});

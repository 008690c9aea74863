import { defineConfig } from 'vitest/config';
// One `vitest run` covers the shared contract, the server, the web app and the benchmark's summary writer.
export default defineConfig({
    test: {
        projects: ['packages/contract', 'apps/server', 'apps/web', 'bench'],
    },
});

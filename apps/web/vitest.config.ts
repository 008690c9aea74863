import path from 'node:path';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // A jsdom render of a dialog costs well under a second alone but several on a loaded
    // 2-core machine (CI beside other jobs); the limits catch hangs, not slowness.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

import { defineProject } from 'vitest/config';

// Only the benchmark's own unit tests; the benchmark itself runs with `npm run bench`, never in `npm test`.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['**/*.test.ts'], exclude: ['results/**', 'node_modules/**'] },
});

import { defineProject } from 'vitest/config';

// Only the benchmark's own unit tests; the benchmark itself runs with `npm run bench`, never in `npm test`.
// They mock nothing and keep no state, so the files share one worker's loaded modules (docs/reliability.md).
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['results/**', 'node_modules/**'],
    isolate: false,
  },
});

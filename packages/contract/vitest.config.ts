import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions and schemas: the files share one worker's loaded modules instead of loading zod
  // and the contract again for each (docs/reliability.md, "What CI runs where").
  test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});

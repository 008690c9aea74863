// Starts the built server for the browser tests on a fresh embedded database.
import { rmSync } from 'node:fs';

if (process.env.DATA_DIR) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../apps/server/dist/main.js');

/**
 * `npm run db:migrate`: applies the committed migrations to the database the server uses, as a
 * step of a deploy before new instances start (docs/deploy.md). Instances also migrate at boot
 * under an advisory lock, so running it twice, or alongside an instance, is harmless.
 *
 * Exit codes: 0 the schema is current, 1 it could not be migrated.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { migrationsApplied, runMigrations } from '../db/migrate.js';

async function main(): Promise<number> {
  // npm runs a workspace script inside apps/server, but a relative DATA_DIR means the
  // folder the operator typed the command in, as it does for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    const before = await migrationsApplied(database);
    await runMigrations(database);
    if (!(await migrationsApplied(database))) throw new Error('migrations ran but the newest one is not recorded');
    console.log(`${database.description}: ${before ? 'already up to date' : 'migrated'}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);

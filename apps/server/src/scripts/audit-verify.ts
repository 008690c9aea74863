/**
 * `npm run audit:verify`: checks the audit-log hash chain (docs/reliability.md) in the database the
 * server uses, and names the first broken entry; then compares it with the latest signed
 * checkpoint kept outside the database, which names a chain rewritten end to end.
 *
 * Exit codes: 0 the chain is intact, 1 it is broken, 2 it could not be checked (bad
 * environment, no database, connection failure), so a cron job can tell tampering
 * from an outage.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import {
  compareWithCheckpoint,
  createCheckpointStore,
  resolveAuditCheckpointKey,
} from '../modules/audit/audit.checkpoint.js';
import { findAuditChainHead } from '../modules/audit/audit.repository.js';
import { verifyAuditChain } from '../modules/audit/audit.service.js';

const EXIT_INTACT = 0;
const EXIT_BROKEN = 1;
const EXIT_UNCHECKED = 2;

async function main(): Promise<number> {
  // npm runs a workspace script inside apps/server, but a relative DATA_DIR means the
  // folder the operator typed the command in, as it does for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !existsSync(pgliteDir)) {
    // Opening PGlite would create an empty database and report an empty chain as intact.
    console.error(`No database to check: ${pgliteDir} does not exist and DATABASE_URL is not set.`);
    return EXIT_UNCHECKED;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 1 });
  try {
    // An older database may predate the audit table; migrating is what the server would do at boot.
    await runMigrations(database);
    console.log(`Checking ${database.description}`);
    const report = await verifyAuditChain(database.db);
    if (!report.ok) {
      const { sequence, id, reason } = report.brokenAt;
      console.log(`Audit chain BROKEN at entry #${sequence} (${id}): ${reason}`);
      return EXIT_BROKEN;
    }
    const store = createCheckpointStore(config);
    const comparison = await compareWithCheckpoint(database.db, store, await resolveAuditCheckpointKey(config));
    if (!comparison.ok) {
      console.log(`Audit chain REWRITTEN (checkpoint ${store.description}): ${comparison.reason}`);
      return EXIT_BROKEN;
    }
    console.log(`Audit chain OK: ${report.entries} entries`);
    console.log(
      comparison.checkpoint
        ? `Matches the checkpoint of entry #${comparison.checkpoint.sequence} taken at ${comparison.checkpoint.takenAt}`
        : `No checkpoint yet at ${store.description}: the server writes one every 15 minutes`,
    );
    const head = await findAuditChainHead(database.db);
    if (head) console.log(`Head: entry #${head.sequence}, hash ${head.entryHash}`);
    return EXIT_INTACT;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Could not check the audit chain: ${String(err)}`);
    process.exitCode = EXIT_UNCHECKED;
  },
);

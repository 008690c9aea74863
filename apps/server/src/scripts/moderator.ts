/**
 * `npm run moderator -- grant|revoke <email>`: gives or takes the moderator role
 * (docs/trust-and-safety.md) in the database the server uses. There is no API for it: nobody
 * can make themselves a moderator. `npm run moderator -- unsuspend <email>` lifts a suspension.
 *
 * Exit codes: 0 done, 1 no (suspended) account has that e-mail, 2 bad usage or the database could not be reached.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import {
  describeLiftedSuspension,
  liftSuspensionByEmail,
  setRoleByEmail,
} from '../modules/moderation/moderator-role.js';

const USAGE = 'Usage: npm run moderator -- grant|revoke|unsuspend <email>';
const COMMANDS = ['grant', 'revoke', 'unsuspend'];

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !COMMANDS.includes(command) || !email || !email.includes('@')) {
    console.error(USAGE);
    return 2;
  }
  // npm runs a workspace script inside apps/server; a relative DATA_DIR means where the operator typed it.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !existsSync(pgliteDir)) {
    console.error(`No database: ${pgliteDir} does not exist and DATABASE_URL is not set.`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 1 });
  try {
    await runMigrations(database);
    if (command === 'unsuspend') {
      const lifted = await liftSuspensionByEmail(database.db, email);
      if (!lifted) {
        console.error(`No suspended account has the e-mail ${email}.`);
        return 1;
      }
      for (const line of describeLiftedSuspension(email, lifted)) console.log(line);
      return 0;
    }
    const changed = await setRoleByEmail(database.db, email, command === 'grant' ? 'moderator' : 'member');
    if (!changed) {
      console.error(`No account has the e-mail ${email}.`);
      return 1;
    }
    console.log(command === 'grant' ? `${email} is now a moderator.` : `${email} is no longer a moderator.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Could not change the role: ${String(err)}`);
    process.exitCode = 2;
  },
);

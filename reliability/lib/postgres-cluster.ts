import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../bench/lib/servers.js';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of its own (initdb + pg_ctl), so a fault scenario may restart
 * or crash "the database" without touching the machine's shared server on 5432. Durability
 * settings are PostgreSQL's defaults on purpose (fsync on, synchronous_commit on): the
 * scenarios test that an acknowledged write survives a restart, which fsync=off would void.
 */
export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  serverUrl: string;
  port: number;
  dataDir: string;
  /** `pg_ctl restart -m <mode>`: fast = clean shutdown (sessions ended), immediate = crash + WAL recovery. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and deletes its files; safe to call twice. */
  destroy(): Promise<void>;
}

/** The newest PostgreSQL installed under /usr/lib/postgresql (Debian's layout). */
export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return path.join(root, versions[0]!, 'bin');
}

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user. */
function command(bin: string, program: string, args: string[]): [string, string[]] {
  const file = path.join(bin, program);
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', file, ...args]];
  return [file, args];
}

async function pgTool(bin: string, program: string, args: string[]): Promise<string> {
  const [file, argv] = command(bin, program, args);
  const { stdout } = await run(file, argv, { timeout: 120_000 });
  return stdout;
}

export async function startPostgresCluster(label: string): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const root = mkdtempSync(path.join(os.tmpdir(), `bid-faults-pg-${label}-`));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  if (process.getuid?.() === 0) chownSync(root, ...postgresIds());
  const port = await freePort();
  let started = false;
  const destroy = async () => {
    if (started) {
      started = false;
      await pgTool(bin, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']).catch(() => undefined);
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await pgTool(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C']);
    // Sockets in our own folder (the default one may belong to the shared server), TCP on 127.0.0.1 only.
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${root}`,
      '-c fsync=on',
      '-c synchronous_commit=on',
      '-c max_connections=200',
    ].join(' ');
    started = true;
    await pgTool(bin, 'pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options]);
  } catch (err) {
    await destroy();
    throw err;
  }
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    serverUrl,
    port,
    dataDir,
    async restart(mode) {
      // Without -o, pg_ctl restarts with the options of the last start (postmaster.opts).
      await pgTool(bin, 'pg_ctl', ['restart', '-D', dataDir, '-m', mode, '-l', logFile, '-w', '-t', '60']);
    },
    destroy,
  };
}

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root needs a postgres user to own the cluster');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

/** Waits until the server accepts a query again (after a restart), up to `timeoutMs`. */
export async function waitForPostgres(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

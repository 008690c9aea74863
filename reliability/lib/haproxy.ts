import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../bench/lib/servers.js';

/**
 * Debian's HAProxy in front of the app instances, run with the repository's own config
 * (deploy/haproxy.cfg, the file docs/deploy.md recommends), its addresses given through the
 * environment as in production. The suites talk to it over HTTP like any client, and read its
 * view of the instances from its admin socket ("show stat").
 */
export const HAPROXY_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
/** The config has one `server` line per instance, named app1, app2, ... */
export const HAPROXY_INSTANCES = 2;

/**
 * deploy/haproxy.cfg with one `server` line per instance, as its header asks of a deployment with
 * more instances than it lists (bench's fanout-redis runs three): every other line is the file's own.
 */
export function haproxyConfigFor(instances: number): string {
  const lines = readFileSync(HAPROXY_CONFIG, 'utf8').split('\n');
  const serverLine = /^(\s*)server app\d+ /;
  const first = lines.findIndex((line) => serverLine.test(line));
  if (first < 0) throw new Error(`no "server appN" line in ${HAPROXY_CONFIG}`);
  const indent = serverLine.exec(lines[first]!)![1]!;
  const servers = Array.from({ length: instances }, (_, i) => `${indent}server app${i + 1} "\${APP${i + 1}}"`);
  const kept = lines.filter((line) => !serverLine.test(line));
  kept.splice(first, 0, ...servers);
  return kept.join('\n');
}

export interface HaproxyServerStat {
  /** app1, app2, ... */
  name: string;
  /** UP, DOWN, MAINT, "UP 1/2" (going down), "DOWN 1/2" (coming up), ... */
  status: string;
  /** Sessions open to the instance right now (a WebSocket is one for as long as it lives). */
  currentSessions: number;
  /** Connections refused, reset or timed out on the way to the instance. */
  connectionErrors: number;
  /** Requests HAProxy sent again (to this or another instance). */
  retries: number;
  redispatches: number;
}

export interface Haproxy {
  url: string;
  port: number;
  logFile: string;
  /** The backend's instances as HAProxy sees them now. */
  stats(): Promise<HaproxyServerStat[]>;
  /** Resolves once `server` (app1, ...) has `status` ("UP", "DOWN"); throws after `timeoutMs`. */
  waitFor(server: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function haproxyVersion(): string {
  const result = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error('haproxy is not installed: apt-get install -y haproxy (.ci/run does it)');
  }
  return result.stdout.split('\n')[0]!.trim();
}

/**
 * Starts HAProxy on a free port before the instances exist, so its address can be their
 * PUBLIC_URL: `instancePorts` are the ports the instances will listen on (127.0.0.1).
 */
export async function startHaproxy(
  instancePorts: readonly number[],
  logFile: string,
  options: { port?: number } = {},
): Promise<Haproxy> {
  if (instancePorts.length < 1) throw new Error('HAProxy needs at least one instance');
  haproxyVersion();
  const port = options.port ?? (await freePort());
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'bid-haproxy-'));
  const statsSocket = path.join(socketDir, 'admin.sock');
  // The repository's file as it is for the two instances it lists; with another count, a copy
  // with one `server` line per instance (haproxyConfigFor).
  let configFile = HAPROXY_CONFIG;
  if (instancePorts.length !== HAPROXY_INSTANCES) {
    configFile = path.join(socketDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfigFor(instancePorts.length));
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HAPROXY_BIND: `127.0.0.1:${port}`,
    HAPROXY_STATS_SOCKET: statsSocket,
  };
  instancePorts.forEach((instancePort, i) => (env[`APP${i + 1}`] = `127.0.0.1:${instancePort}`));
  const fd = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    // -db: foreground, no daemon; the process ends with this one.
    child = spawn('haproxy', ['-db', '-f', configFile], { env, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stats = () => readStats(statsSocket);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}; see ${logFile}`);
    if ((await stats().catch(() => [])).length > 0 && (await accepts(port))) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not start; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    logFile,
    stats,
    async waitFor(server, status, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const stat = (await stats()).find((s) => s.name === server);
        const last = stat?.status ?? 'missing';
        if (last === status) return;
        if (Date.now() > until) throw new Error(`haproxy: ${server} still ${last} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `show stat` on the admin socket, the backend's server rows. */
async function readStats(socketPath: string): Promise<HaproxyServerStat[]> {
  const text = await new Promise<string>((resolve, reject) => {
    let answer = '';
    const socket = net.connect(socketPath, () => socket.end('show stat\n'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
  const [header, ...rows] = text.trim().split('\n');
  if (!header?.startsWith('# ')) return [];
  const columns = header.slice(2).split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[at('pxname')] === 'app' && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')]!))
    .map((cells) => ({
      name: cells[at('svname')]!,
      status: cells[at('status')]!,
      currentSessions: Number(cells[at('scur')] || 0),
      connectionErrors: Number(cells[at('econ')] || 0),
      retries: Number(cells[at('wretr')] || 0),
      redispatches: Number(cells[at('wredis')] || 0),
    }));
}

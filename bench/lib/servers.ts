import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export type ServerSpec =
  | {
      kind: 'app';
      databaseUrl: string;
      port: number;
      sessionSecret: string;
      /** DATABASE_POOL_SIZE of the app (the default of env.ts unless a scenario says otherwise). */
      poolSize: number;
      serveWeb: boolean;
      /** The built web app to serve (WEB_DIST_DIR); the app's default when absent. */
      webDistDir?: string;
      /** Also serve the bare list route (api-overhead ceiling) on this port, in the same process. */
      barePort?: number;
      /** The signed-in member the bare route lists for (their blocks filter the list, as the app's do). */
      bareViewerId?: string;
      /** PUBLIC_URL of the app (e.g. a load balancer's origin); its own http://127.0.0.1:<port> when absent. */
      publicUrl?: string;
      /** TRUST_PROXY of the app ("1" behind one load balancer); off when absent. */
      trustProxy?: string | undefined;
      /** REDIS_URL of the app: fan-out over Redis pub/sub instead of LISTEN/NOTIFY. */
      redisUrl?: string;
    }
  | {
      kind: 'bare-ws';
      port: number;
      /**
       * Fed through Redis (fanout-redis's ceiling): a POST /broadcast publishes on `channel`, and
       * every bare server subscribed to it sends what it hears to its own clients.
       */
      redis?: { url: string; channel: string };
    };

export interface RunningServer {
  url: string;
  /** The server process's id. */
  pid: number;
  stop(): Promise<void>;
  /** Kills the process with `signal` (SIGKILL: a crash, no shutdown hooks) and resolves once it exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /**
   * The process's resident set size and live bytes (heap in use + external), each the median of
   * several readings taken after a full garbage collection (socket-memory).
   */
  memory(): Promise<{ rss: number; live: number }>;
  /** How many connections (WebSockets included) the server's listener holds right now. */
  connections(): Promise<number>;
}

export interface StartOptions {
  /** Where the server's stdout and stderr go (a file descriptor opened by the caller); the parent's when absent. */
  outputFd?: number;
  /** Called with the process id as soon as it is forked (before it listens), e.g. to kill it while it boots. */
  onSpawn?: (pid: number) => void;
}

/** The app's own default (config/env.ts), so the benchmark measures what `npm start` runs. */
export const APP_POOL_SIZE = 10;

const SERVER_ENTRY = fileURLToPath(new URL('./server-process.ts', import.meta.url));
/**
 * A limit for a server that will never start, not a speed check: the process compiles the app
 * with tsx before it listens, which took over a minute on the shared 2-core machine under load
 * (a socket-memory smoke run failed so). A process that exits fails at once.
 */
const START_TIMEOUT_MS = 300_000;
/** A reply from a running server (memory, connections) that never comes means it hung. */
const ASK_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * A port nobody listens on right now: the OS picks it, or, with BENCH_PORT_RANGE=<from>-<to>
 * (e.g. 5171-5199, for a machine where other servers own other ports), the next free one of that
 * range in turn: a port just handed out but not yet listened on is not handed out again until
 * the turn has gone round the whole range.
 */
export async function freePort(): Promise<number> {
  const range = portRange(process.env.BENCH_PORT_RANGE);
  if (!range) return listenAndRelease(0);
  const size = range.to - range.from + 1;
  for (let tried = 0; tried < size; tried += 1) {
    const port = range.from + ((nextInRange + tried) % size);
    const free = await listenAndRelease(port).then(
      () => true,
      () => false,
    );
    if (!free) continue;
    nextInRange = (port - range.from + 1) % size;
    return port;
  }
  throw new Error(`no free port left in BENCH_PORT_RANGE ${range.from}-${range.to}`);
}

let nextInRange = 0;

function portRange(text: string | undefined): { from: number; to: number } | null {
  if (!text) return null;
  const match = /^(\d+)-(\d+)$/.exec(text.trim());
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 1 || to > 65535 || from > to)
    throw new Error(`BENCH_PORT_RANGE must be <from>-<to>, got ${text}`);
  return { from, to };
}

function listenAndRelease(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(bound));
    });
  });
}

/** Starts a server in its own process (server-process.ts) and resolves once it listens. */
export async function startServer(spec: ServerSpec, options: StartOptions = {}): Promise<RunningServer> {
  const child = fork(SERVER_ENTRY, [], {
    // BENCH_CPU_PROFILE_DIR=<dir> writes a V8 CPU profile of every server under test (docs/performance.md).
    execArgv: [
      '--import',
      'tsx',
      // Lets residentBytes() collect garbage first; collection is otherwise V8's as usual.
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, NODE_ENV: 'production', BENCH_SERVER: JSON.stringify(spec) },
    stdio: ['ignore', options.outputFd ?? 'inherit', options.outputFd ?? 'inherit', 'ipc'],
  });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${spec.kind} server did not start in time`)), START_TIMEOUT_MS);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${spec.kind} server exited with code ${code} while starting`));
    });
  });
  return {
    url: `http://127.0.0.1:${spec.port}`,
    pid: child.pid!,
    stop: () => stopChild(child),
    kill: (signal = 'SIGKILL') => killChild(child, signal),
    memory: () =>
      ask(child, 'memory', (m) =>
        typeof m.rss === 'number' && typeof m.live === 'number' ? { rss: m.rss, live: m.live } : undefined,
      ),
    connections: () => ask(child, 'connections', (m) => (typeof m.count === 'number' ? m.count : undefined)),
  };
}

/** Sends `{ type }` to the server process and resolves with what `read` takes from its answer of that type. */
function ask<T>(
  child: ChildProcess,
  type: 'memory' | 'connections',
  read: (message: Record<string, unknown>) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`the server did not answer "${type}" in time`));
    }, ASK_TIMEOUT_MS);
    const onMessage = (message: Record<string, unknown>) => {
      if (message.type !== type) return;
      const value = read(message);
      if (value === undefined) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

function killChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' });
  });
}

/**
 * The subscribers of `ws-fanout`, spread over worker threads (the code each thread runs is
 * ws-subscribers.ts). With every socket in the runner's one event loop, a delivery was stamped
 * only once that loop had worked through the messages ahead of it, and at 2 × 5,000 sockets that
 * backlog, not the fan-out, set the rounds' p99 (docs/performance.md, "The load generator's
 * threads"). Each thread holds a contiguous share of the subscribers of both sides, so whatever
 * the generator costs falls on the app and the bare server alike, and the main thread, which
 * sends the bids and broadcasts, holds no socket at all.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export type Side = 'app' | 'bare';

export interface SubscriberTarget {
  url: string;
  cookie?: string;
  /** The app instance the subscriber is on (0 for the bare server). */
  instance: number;
}

/** Arrival times of one update on one thread, `byInstance[i]` those of subscribers on instance i. */
export interface UpdateArrivals {
  n: number;
  byInstance: number[][];
}

export interface CheckResult {
  missing: number;
  everyUpdateInOrder: boolean;
}

/** What the main thread asks a subscriber thread; each is answered by a `Reply` with its id. */
export type Request =
  | {
      id: number;
      type: 'connect';
      side: Side;
      targets: SubscriberTarget[];
      auctionId: string | undefined;
      handshakesAtOnce: number;
      /** The thread's first subscriber of this side reports the text of every update it gets. */
      reportPayloads: boolean;
    }
  | { id: number; type: 'clock' }
  | { id: number; type: 'arrivals'; side: Side; from: number; to: number }
  | { id: number; type: 'check'; side: Side; total: number }
  | { id: number; type: 'close' };

export type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** What a subscriber thread says unasked. */
export type Notice =
  | { type: 'ready' }
  /** Every subscriber of this thread on `side` has had update `n`. */
  | { type: 'complete'; side: Side; n: number }
  | { type: 'payload'; n: number; text: string };

/**
 * Milliseconds since the epoch, with the monotonic clock's resolution. `performance.now()` alone
 * counts from each thread's own start, so it cannot compare a send in the main thread with an
 * arrival in a subscriber thread; `timeOrigin + now()` can (`clockOffsetMs` measures how well).
 */
export function sharedClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * One thread per core this process may use, so the generator can take a whole core per thread
 * when the deliveries of an update arrive, instead of queueing them all on one; at least 2, so
 * that even on one core a stall of one thread (its garbage collection, its backlog) delays only
 * its share of the stamps; at most 8, because beyond the cores more threads only take turns, and
 * each one loads its own copy of the code and of `ws`.
 */
export function generatorThreadCount(): number {
  return Math.min(8, Math.max(2, availableParallelism()));
}

/** The connection handshakes in flight at once over all threads (see `connect`). */
const HANDSHAKES_AT_ONCE = 50;

const WORKER_MODULE = new URL('./ws-subscribers.ts', import.meta.url).href;

/**
 * A worker thread does not get the TypeScript loading the runner has under `tsx`: on Node 20 tsx
 * installs its loader in the main thread only, and `execArgv: ['--import', 'tsx']` on the Worker
 * leaves `.ts` unknown there ("Unknown file extension"). So each thread starts from a line of
 * JavaScript that loads the TypeScript module through tsx's documented `tsImport()`.
 */
function bootstrap(): string {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  return (
    `import(${JSON.stringify(tsxApi)})` +
    `.then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_MODULE)}, ${JSON.stringify(WORKER_MODULE)}));`
  );
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/** A request as the caller writes it (each kind without its id, which is added when it is sent). */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type RequestBody = WithoutId<Request>;

class SubscriberThread {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | undefined;
  private readonly ready: Promise<void>;

  constructor(
    private readonly worker: Worker,
    onNotice: (notice: Notice) => void,
    onFailure: (error: Error) => void,
  ) {
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    const fail = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      failReady(error);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      onFailure(error);
    };
    worker.on('message', (message: Reply | Notice) => {
      if ('id' in message) {
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) p?.resolve(message.result);
        else p?.reject(new Error(`subscriber thread: ${message.error}`));
      } else if (message.type === 'ready') {
        markReady();
      } else {
        onNotice(message);
      }
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`subscriber thread exited with code ${code}`)));
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  request<T>(body: RequestBody): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.worker.postMessage({ ...body, id });
    });
  }

  async terminate(): Promise<void> {
    if (!this.failure) await this.request<null>({ type: 'close' }).catch(() => undefined);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/** The subscriber threads of one `ws-fanout` run. */
export class SubscriberThreads {
  /** Threads holding at least one subscriber of each side. */
  private readonly holders: Record<Side, Set<number>> = { app: new Set(), bare: new Set() };
  /** How many threads have said every one of their subscribers has update n, per side and n. */
  private readonly completions = new Map<string, number>();
  private readonly waiters = new Map<string, Array<{ resolve: () => void; reject: (error: Error) => void }>>();
  private failure: Error | undefined;
  private readonly threads: SubscriberThread[] = [];
  /** The first app update the first app subscriber got, and the latest (the bare server's template). */
  firstAppPayload: string | undefined;
  lastAppPayload: string | undefined;

  private constructor(count: number) {
    for (let i = 0; i < count; i += 1) {
      const worker = new Worker(bootstrap(), { eval: true });
      this.threads.push(
        new SubscriberThread(
          worker,
          (notice) => this.onNotice(i, notice),
          (error) => this.onFailure(error),
        ),
      );
    }
  }

  static async start(count = generatorThreadCount()): Promise<SubscriberThreads> {
    const pool = new SubscriberThreads(count);
    try {
      await Promise.all(pool.threads.map((t) => t.whenReady()));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  get size(): number {
    return this.threads.length;
  }

  /**
   * Connects the targets, thread i taking the i-th contiguous share (so each thread has
   * subscribers of both app instances when the targets alternate between them), and resolves to
   * how many are connected. The handshakes go 50 at a time in all, as they did from one thread:
   * a thousand at once would measure the accept queue, not fan-out.
   */
  async connect(side: Side, targets: SubscriberTarget[], auctionId: string | undefined): Promise<number> {
    const count = this.threads.length;
    const handshakesAtOnce = Math.max(1, Math.ceil(HANDSHAKES_AT_ONCE / count));
    const connected = await Promise.all(
      this.threads.map((thread, i) => {
        const share = targets.slice(
          Math.floor((i * targets.length) / count),
          Math.floor(((i + 1) * targets.length) / count),
        );
        if (share.length > 0) this.holders[side].add(i);
        return thread.request<number>({
          type: 'connect',
          side,
          targets: share,
          auctionId,
          handshakesAtOnce,
          // The first target's copy of each app update, as the bare server's payload.
          reportPayloads: side === 'app' && i === 0,
        });
      }),
    );
    return connected.reduce((sum, n) => sum + n, 0);
  }

  /** Resolves once every subscriber of `side`, on every thread, has had update `n`. */
  allReceived(side: Side, n: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const key = `${side}:${n}`;
    if ((this.completions.get(key) ?? 0) >= this.holders[side].size) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), { resolve, reject }]);
    });
  }

  /** The arrival times of updates `from`..`to` of `side`, from every thread, per update. */
  async arrivals(side: Side, from: number, to: number): Promise<UpdateArrivals[]> {
    const answers = await Promise.all(
      this.threads.map((t) => t.request<UpdateArrivals[]>({ type: 'arrivals', side, from, to })),
    );
    const merged = new Map<number, number[][]>();
    for (const answer of answers) {
      for (const update of answer) {
        const byInstance = merged.get(update.n) ?? [];
        update.byInstance.forEach((ats, instance) => {
          (byInstance[instance] ??= []).push(...ats);
        });
        merged.set(update.n, byInstance);
      }
    }
    return [...merged].sort(([a], [b]) => a - b).map(([n, byInstance]) => ({ n, byInstance }));
  }

  /** Every subscriber of `side` got updates 1..total, each once, in order. */
  async check(side: Side, total: number): Promise<CheckResult> {
    const answers = await Promise.all(this.threads.map((t) => t.request<CheckResult>({ type: 'check', side, total })));
    return {
      missing: answers.reduce((sum, a) => sum + a.missing, 0),
      everyUpdateInOrder: answers.every((a) => a.everyUpdateInOrder),
    };
  }

  /**
   * How far each thread's `sharedClockMs` is from the main thread's: the offset of the quickest
   * of a few round trips (the thread's reading against the middle of the trip), and the half
   * round trip that bounds its error. The largest of each over the threads.
   */
  async clockOffsetMs(tries = 5): Promise<{ largest: number; within: number }> {
    let largest = 0;
    let within = 0;
    for (const thread of this.threads) {
      let best = { offset: 0, halfTrip: Number.POSITIVE_INFINITY };
      for (let i = 0; i < tries; i += 1) {
        const sent = sharedClockMs();
        const reading = await thread.request<number>({ type: 'clock' });
        const back = sharedClockMs();
        const halfTrip = (back - sent) / 2;
        if (halfTrip < best.halfTrip) best = { offset: reading - (sent + halfTrip), halfTrip };
      }
      largest = Math.max(largest, Math.abs(best.offset));
      within = Math.max(within, best.halfTrip);
    }
    const round = (v: number) => Math.round(v * 1000) / 1000;
    return { largest: round(largest), within: round(within) };
  }

  /** Closes every subscriber socket and ends the threads. */
  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.terminate()));
  }

  private onNotice(thread: number, notice: Notice): void {
    if (notice.type === 'payload') {
      if (thread !== 0) return;
      this.firstAppPayload ??= notice.text;
      this.lastAppPayload = notice.text;
    } else if (notice.type === 'complete') {
      const key = `${notice.side}:${notice.n}`;
      const count = (this.completions.get(key) ?? 0) + 1;
      this.completions.set(key, count);
      if (count < this.holders[notice.side].size) return;
      for (const w of this.waiters.get(key) ?? []) w.resolve();
      this.waiters.delete(key);
    }
  }

  private onFailure(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const list of this.waiters.values()) for (const w of list) w.reject(error);
    this.waiters.clear();
  }
}

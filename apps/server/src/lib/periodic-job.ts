import type { FastifyBaseLogger } from 'fastify';

/** A background job every app instance runs on a timer (the lifecycle and retention jobs). */
export interface PeriodicJob<Result> {
  /** Schedules runs every interval; calling it again does nothing. */
  start(): void;
  /** Runs once now (or joins the run in progress, so runs never overlap). Never throws if `run` never does. */
  runOnce(): Promise<Result>;
  /**
   * Waits for the run in progress, if any, then runs once (or joins a run begun since): for a
   * caller that changed something a run already under way may not have seen (the test clock).
   */
  runAfterCurrent(): Promise<Result>;
  /** Cancels the next run and waits for the one in progress. */
  stop(): Promise<void>;
  /** True once stop() was called: long runs check it between batches. */
  isStopped(): boolean;
  /** Tells `observer` about every run from now on (metrics). */
  observe(observer: JobObserver): void;
}

/** One finished run: whether it threw, how long it took, how late it started. */
export interface JobRun {
  ok: boolean;
  durationSeconds: number;
  /** Seconds between when a scheduled run was due and when it started (0 for runOnce calls). */
  lagSeconds: number;
}

export type JobObserver = (run: JobRun) => void;

/**
 * Runs `run` every `intervalMs`, chained with setTimeout (the next run is scheduled when the
 * last one finished), so runs never overlap within an instance; a failed run is logged and the
 * next one comes as usual. Exactly-once across instances is the job's own business (row claims).
 */
export function createPeriodicJob<Result>(options: {
  name: string;
  intervalMs: number;
  /** The first run's delay after start(); defaults to the interval. */
  firstDelayMs?: number;
  logger: FastifyBaseLogger;
  run: () => Promise<Result>;
}): PeriodicJob<Result> {
  const { intervalMs, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<Result> | undefined;
  let started = false;
  let stopped = false;
  const observers: JobObserver[] = [];

  function report(run: JobRun) {
    for (const observer of observers) observer(run);
  }

  function runOnce(lagSeconds = 0): Promise<Result> {
    if (!inFlight) {
      const startedAt = performance.now();
      const finished = (ok: boolean) =>
        report({ ok, durationSeconds: (performance.now() - startedAt) / 1000, lagSeconds });
      inFlight = options
        .run()
        .then(
          (result) => {
            finished(true);
            return result;
          },
          (err: unknown) => {
            finished(false);
            throw err;
          },
        )
        .finally(() => {
          inFlight = undefined;
        });
    }
    return inFlight;
  }

  function schedule(delayMs = intervalMs) {
    if (stopped) return;
    const dueAt = performance.now() + delayMs;
    timer = setTimeout(() => {
      timer = undefined;
      runOnce(Math.max(0, performance.now() - dueAt) / 1000).then(
        () => schedule(),
        (err: unknown) => {
          logger.error({ err }, `${options.name} run failed`);
          schedule();
        },
      );
    }, delayMs);
    // The job alone must not keep a process alive that is otherwise done.
    timer.unref();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(options.firstDelayMs ?? intervalMs);
    },
    runOnce: () => runOnce(),
    async runAfterCurrent() {
      if (inFlight) await inFlight.catch(() => undefined);
      return runOnce();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (inFlight) await inFlight;
    },
    isStopped: () => stopped,
    observe(observer) {
      observers.push(observer);
    },
  };
}

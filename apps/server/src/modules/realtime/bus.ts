import { performance } from 'node:perf_hooks';
/**
 * The bus carries realtime events between app instances (docs/realtime.md, "Fan-out").
 * Every instance publishes to it and hears everything published, its own events included
 * (the hub drops those by instance id). A payload is one line of text, never parsed twice:
 *
 *   instanceId \n sequence \n kind \n target \n body
 *
 * `body` is the JSON sent to browsers as it is, so a broadcast is serialised exactly once.
 * The sequence makes every payload unique: PostgreSQL folds identical notifications sent
 * in one transaction into one, and one flush sends a whole batch in one statement.
 */
export interface Bus {
  /** 'PostgreSQL LISTEN/NOTIFY', 'Redis pub/sub', … for the boot log and docs. */
  readonly description: string;
  /** Connects and starts listening. `onConnected` runs after every (re)connection of the listener. */
  start(handlers: BusHandlers): Promise<void>;
  /** Queues a payload: sent at once after a quiet spell, batched during a burst. Never throws. */
  publish(payload: string): void;
  /** Sends whatever is queued now. */
  flush(): Promise<void>;
  /** Flushes, then closes every connection the bus opened. */
  close(): Promise<void>;
}

export interface BusHandlers {
  onPayload(payload: string): void;
  onConnected(): void;
}

export interface BusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; Redis follows the same rule so the two behave alike. */
export const MAX_BUS_PAYLOAD_BYTES = 7900;

/**
 * A burst is collected this long so that it goes out in one statement from one session
 * (docs/engineering.md §7); the first event after a quiet spell does not wait (`Batcher`).
 */
export const BUS_BATCH_DELAY_MS = 10;

/** Payloads per statement (or pipeline) at most. */
export const BUS_MAX_BATCH = 500;

export type EnvelopeKind = 'channel' | 'user' | 'control';

const KIND_CODES: Record<EnvelopeKind, string> = { channel: 'c', user: 'u', control: 'x' };
const CODE_KINDS: Record<string, EnvelopeKind> = { c: 'channel', u: 'user', x: 'control' };

export interface Envelope {
  instanceId: string;
  kind: EnvelopeKind;
  target: string;
  body: string;
}

export function encodeEnvelope(instanceId: string, sequence: number, kind: EnvelopeKind, target: string, body: string) {
  return `${instanceId}\n${sequence}\n${KIND_CODES[kind]}\n${target}\n${body}`;
}

/** Returns null for anything that is not an envelope (another program on the same channel). */
export function decodeEnvelope(payload: string): Envelope | null {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i += 1) {
    const at = payload.indexOf('\n', from);
    if (at < 0) return null;
    parts.push(payload.slice(from, at));
    from = at + 1;
  }
  const [instanceId, , code, target] = parts as [string, string, string, string];
  const kind = CODE_KINDS[code];
  if (!kind) return null;
  return { instanceId, kind, target, body: payload.slice(from) };
}

export interface BatcherOptions {
  /** How long a burst is collected; `BUS_BATCH_DELAY_MS` unless a test says otherwise. */
  delayMs?: number;
  /** Milliseconds on a monotonic clock (tests pass a fake one). */
  now?: () => number;
}

/**
 * Collects payloads and hands them to `send` in batches, one batch at a time (so one
 * connection is enough). The first payload after a quiet spell (nothing handed over for
 * `delayMs`) is handed over at once, at the end of the current tick with whatever that tick
 * also queued, with no timer; payloads that follow
 * within `delayMs` of a batch are collected and go out together `delayMs` after it. So a lone
 * event never waits, and a burst still costs at most one statement per `delayMs`
 * (docs/engineering.md §7, docs/realtime.md "Fan-out between instances").
 */
export class Batcher {
  private queue: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private flushQueued = false;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private readonly delayMs: number;
  private readonly now: () => number;

  constructor(
    private readonly send: (batch: string[]) => Promise<void>,
    private readonly logger: BusLogger,
    options: BatcherOptions = {},
  ) {
    this.delayMs = options.delayMs ?? BUS_BATCH_DELAY_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** Payloads waiting for the next batch (tests). */
  get pending(): number {
    return this.queue.length;
  }

  push(payload: string): void {
    this.queue.push(payload);
    if (this.timer || this.flushQueued) return;
    const sinceLast = this.now() - this.lastFlushAt;
    if (sinceLast >= this.delayMs) {
      // At the end of this tick, not in a timer: what the same code publishes next (a bid's
      // update and its notices) joins the batch, and nothing waits for the clock.
      this.flushQueued = true;
      queueMicrotask(() => void this.flush());
      return;
    }
    // A burst is under way: collect until `delayMs` after the last batch (never longer, whatever the clock did).
    this.timer = setTimeout(() => void this.flush(), Math.min(Math.max(this.delayMs - sinceLast, 0), this.delayMs));
    this.timer.unref();
  }

  flush(): Promise<void> {
    this.flushQueued = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.sending;
    this.lastFlushAt = this.now();
    this.sending = this.sending.then(async () => {
      for (let i = 0; i < batch.length; i += BUS_MAX_BATCH) {
        const slice = batch.slice(i, i + BUS_MAX_BATCH);
        try {
          await this.send(slice);
        } catch (err) {
          // Browsers still poll every 30 s (docs/product.md §7), so a lost event costs freshness, not data.
          this.logger.warn({ err, dropped: slice.length }, 'realtime: publishing to the bus failed; events dropped');
        }
      }
    });
    return this.sending;
  }
}

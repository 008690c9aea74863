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
  /** Queues a payload; batches go out every few milliseconds. Never throws. */
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

/** Publishes wait this long so that a burst goes out in one statement from one session (docs/engineering.md §7). */
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

/**
 * Collects payloads and hands them to `send` in batches, one batch at a time (so one
 * connection is enough), at most `BUS_BATCH_DELAY_MS` after the first one queued.
 */
export class Batcher {
  private queue: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: (batch: string[]) => Promise<void>,
    private readonly logger: BusLogger,
    private readonly delayMs = BUS_BATCH_DELAY_MS,
  ) {}

  push(payload: string): void {
    this.queue.push(payload);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.sending;
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

import type { Round } from '../summary.js';

/**
 * Live bytes (heap in use + external, after a full collection) of one server process before its
 * sockets were opened and once they all were; its resident set sizes too, for `detail`.
 */
export interface MemoryReading {
  beforeBytes: number;
  afterBytes: number;
  sockets: number;
  residentBeforeBytes?: number;
  residentAfterBytes?: number;
}

/** Bytes the process's resident set grew by per socket it holds (NaN without sockets). */
export function bytesPerSocket(reading: MemoryReading): number {
  return reading.sockets > 0 ? (reading.afterBytes - reading.beforeBytes) / reading.sockets : Number.NaN;
}

/** socket-memory's unit: megabytes (10^6 bytes) of memory added per 1,000 sockets. */
export function megabytesPerThousand(reading: MemoryReading): number {
  return (bytesPerSocket(reading) * 1000) / 1e6;
}

/**
 * One round of socket-memory (docs/performance.md): the app's memory added per 1,000 idle
 * signed-in sockets against the bare `ws` server's for as many sockets holding the same
 * subscriptions. A side that did not grow (a collection returned more than the sockets took)
 * gives a ceiling of 0 or less, which aggregateRounds leaves out rather than divide by it.
 */
export function socketMemoryRound(app: MemoryReading, bare: MemoryReading): Round {
  return { value: megabytesPerThousand(app), ceiling: megabytesPerThousand(bare) };
}

/** A `ws` message as text, whichever of its shapes it arrived in. */
export function messageText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

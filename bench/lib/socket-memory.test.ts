import { describe, expect, it } from 'vitest';
import { toScenarioResult } from '../summary.js';
import { bytesPerSocket, megabytesPerThousand, socketMemoryRound } from './socket-memory.js';

const MB = 1e6;

describe('socket-memory arithmetic', () => {
  it('divides what the resident set grew by among the sockets', () => {
    const reading = { beforeBytes: 80 * MB, afterBytes: 110 * MB, sockets: 2000 };
    expect(bytesPerSocket(reading)).toBe(15_000);
    expect(megabytesPerThousand(reading)).toBe(15);
    expect(bytesPerSocket({ beforeBytes: 1, afterBytes: 2, sockets: 0 })).toBeNaN();
  });

  it('compares the app with the bare server round by round, target <= 2', () => {
    const rounds = [
      socketMemoryRound(
        { beforeBytes: 90 * MB, afterBytes: 120 * MB, sockets: 1000 },
        { beforeBytes: 50 * MB, afterBytes: 70 * MB, sockets: 1000 },
      ),
      socketMemoryRound(
        { beforeBytes: 90 * MB, afterBytes: 135 * MB, sockets: 1000 },
        { beforeBytes: 50 * MB, afterBytes: 65 * MB, sockets: 1000 },
      ),
      socketMemoryRound(
        { beforeBytes: 90 * MB, afterBytes: 126 * MB, sockets: 1000 },
        { beforeBytes: 50 * MB, afterBytes: 70 * MB, sockets: 1000 },
      ),
    ];
    expect(rounds[0]).toEqual({ value: 30, ceiling: 20 });
    const result = toScenarioResult({
      name: 'socket-memory',
      target: { of: 'ratio', op: '<=', bound: 2 },
      invariant: 'every socket stayed open with its 10 subscriptions confirmed',
      measurement: {
        value: null,
        ceiling: null,
        rounds,
        invariantHeld: true,
        detail: { unit: 'MB per 1,000 sockets' },
      },
    });
    // Ratios 1.5, 3 and 1.8: the median decides, not the outlier.
    expect(result).toMatchObject({ value: 36, ceiling: 20, ratio: 1.8, spread: [1.5, 3], met: true });
  });

  it('leaves out a round whose bare server did not grow', () => {
    const round = socketMemoryRound(
      { beforeBytes: 90 * MB, afterBytes: 120 * MB, sockets: 1000 },
      { beforeBytes: 70 * MB, afterBytes: 69 * MB, sockets: 1000 },
    );
    const result = toScenarioResult({
      name: 'socket-memory',
      target: { of: 'ratio', op: '<=', bound: 2 },
      invariant: 'x',
      measurement: { value: null, ceiling: null, rounds: [round], invariantHeld: true, detail: {} },
    });
    expect(result.ratio).toBeNull();
    expect(result.met).toBe(false);
  });
});

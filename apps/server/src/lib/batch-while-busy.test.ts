import { describe, expect, it } from 'vitest';
import { batchWhileBusy } from './batch-while-busy.js';

/** A call the test finishes by hand, to hold a key busy. */
function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('batchWhileBusy', () => {
  it('sends a lone item at once, and what arrives meanwhile together next, in order and within maxBatch', async () => {
    const calls: Array<{ key: string; items: number[] }> = [];
    const gate = deferred();
    const batches = batchWhileBusy<number, string>({
      maxBatch: 3,
      async run(key, items) {
        calls.push({ key, items });
        if (calls.length === 1) await gate.promise;
        return items.map((item) => `${key}:${item}`);
      },
    });

    const first = batches.add('a', 1);
    const waiting = [2, 3, 4, 5, 6].map((item) => batches.add('a', item));
    expect(calls).toEqual([{ key: 'a', items: [1] }]);
    gate.release();
    expect(await Promise.all([first, ...waiting])).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5', 'a:6']);
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('never makes one key wait for another', async () => {
    const gate = deferred();
    const batches = batchWhileBusy<number, number>({
      maxBatch: 10,
      async run(key, items) {
        if (key === 'busy') await gate.promise;
        return items;
      },
    });
    const held = batches.add('busy', 1);
    expect(await batches.add('free', 2)).toBe(2);
    gate.release();
    expect(await held).toBe(1);
  });

  it("rejects a failed call's items only, and goes on with the next batch", async () => {
    const gate = deferred();
    let call = 0;
    const batches = batchWhileBusy<number, number>({
      maxBatch: 10,
      async run(_key, items) {
        call += 1;
        if (call === 1) {
          await gate.promise;
          throw new Error('down');
        }
        return items;
      },
    });
    const failed = batches.add('k', 1);
    const next = batches.add('k', 2);
    gate.release();
    await expect(failed).rejects.toThrow('down');
    expect(await next).toBe(2);
    // The key is free again: a new item goes at once.
    expect(await batches.add('k', 3)).toBe(3);
  });
});

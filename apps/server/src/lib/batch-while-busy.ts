/**
 * Group commit, in the app: one call at a time per key. An item whose key has no call running is
 * sent at once, alone; items that arrive while one runs wait for it and then go together in the
 * next call, in arrival order, at most `maxBatch` at a time. A lone item never waits, and under
 * load a key costs one call per batch, not per item. Keys never wait for one another.
 *
 * Used by the bid queue (a `place_bids` call per auction) and the bid notice writer (one notice
 * write for the instance); docs/performance.md, items 19 and 20.
 */
export interface BatchWhileBusy<Item, Result> {
  /** Resolves with this item's result from its call; rejects if that call rejected. */
  add(key: string, item: Item): Promise<Result>;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (err: unknown) => void;
}

export function batchWhileBusy<Item, Result>(options: {
  maxBatch: number;
  /** Answers one result per item, in the items' order. */
  run: (key: string, items: Item[]) => Promise<Result[]>;
}): BatchWhileBusy<Item, Result> {
  /** Per key with a call running: the items waiting for the next one. */
  const waitingByKey = new Map<string, Array<Waiting<Item, Result>>>();

  async function send(key: string, batch: Array<Waiting<Item, Result>>): Promise<void> {
    try {
      const results = await options.run(
        key,
        batch.map((entry) => entry.item),
      );
      batch.forEach((entry, i) => entry.resolve(results[i]!));
    } catch (err) {
      for (const entry of batch) entry.reject(err);
    }
  }

  async function drain(key: string, first: Waiting<Item, Result>): Promise<void> {
    let batch = [first];
    for (;;) {
      await send(key, batch);
      const waiting = waitingByKey.get(key)!;
      if (waiting.length === 0) {
        waitingByKey.delete(key);
        return;
      }
      batch = waiting.splice(0, options.maxBatch);
    }
  }

  return {
    add(key, item) {
      return new Promise<Result>((resolve, reject) => {
        const entry = { item, resolve, reject };
        const waiting = waitingByKey.get(key);
        if (waiting) {
          waiting.push(entry);
          return;
        }
        waitingByKey.set(key, []);
        void drain(key, entry);
      });
    },
  };
}

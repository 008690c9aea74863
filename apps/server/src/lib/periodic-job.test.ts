import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPeriodicJob, type JobRun } from './periodic-job.js';

const silent = pino({ level: 'silent' });

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('createPeriodicJob observers (the job metrics)', () => {
  it('reports every run: scheduled ones with their lag, failed ones as not ok, runOnce with no lag', async () => {
    let calls = 0;
    const job = createPeriodicJob({
      name: 'probe',
      intervalMs: 10,
      logger: silent,
      run: async () => {
        calls += 1;
        if (calls === 2) throw new Error('second run fails');
        return calls;
      },
    });
    const runs: JobRun[] = [];
    job.observe((run) => runs.push(run));
    job.start();
    await until(() => runs.length >= 3);
    await job.stop();

    expect(runs.slice(0, 3).map((r) => r.ok)).toEqual([true, false, true]);
    for (const run of runs) {
      expect(run.durationSeconds).toBeGreaterThanOrEqual(0);
      expect(run.lagSeconds).toBeGreaterThanOrEqual(0);
    }

    const before = runs.length;
    await job.runOnce();
    expect(runs).toHaveLength(before + 1);
    expect(runs.at(-1)).toMatchObject({ ok: true, lagSeconds: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { buildSummary } from '../summary.js';
import type { Scenario } from './context.js';
import { scenarioOutcomes } from './outcomes.js';

const scenario: Scenario = {
  name: 'hot-auction-bids',
  unit: 'bids/s',
  target: { of: 'ratio', op: '>=', bound: 0.75 },
  invariant: 'bids hold',
  companions: [
    { name: 'hot-auction-latency', unit: 'ms', target: { of: 'ratio', op: '<=', bound: 2 }, invariant: 'answered' },
  ],
  run: () => Promise.reject(new Error('not run here')),
};

describe('a scenario run becomes summary rows', () => {
  it('gives the companion a row of its own with its unit, target and rounds', () => {
    const outcomes = scenarioOutcomes(scenario, true, {
      value: null,
      ceiling: null,
      rounds: [{ value: 1500, ceiling: 1600 }],
      invariantHeld: true,
      detail: {},
      companions: {
        'hot-auction-latency': {
          value: null,
          ceiling: null,
          rounds: [
            { value: 30, ceiling: 20 },
            { value: 50, ceiling: 20 },
            { value: 36, ceiling: 20 },
          ],
          invariantHeld: true,
          detail: {},
        },
      },
    });
    const summary = buildSummary({ machine: 'm', startedAt: new Date(0), outcomes });
    expect(summary.scenarios.map((s) => s.name)).toEqual(['hot-auction-bids', 'hot-auction-latency']);
    const latency = summary.scenarios[1]!;
    expect(latency).toMatchObject({
      value: 36,
      ceiling: 20,
      ratio: 1.8,
      spread: [1.5, 2.5],
      target: '<= 2',
      met: true,
    });
    expect(latency.detail.unit).toBe('ms');
    // The companions stay out of the parent's row.
    expect(summary.scenarios[0]!.detail).not.toHaveProperty('companions');
  });

  it('gives a companion the run did not measure an error row, and a failed run errors both', () => {
    const [, missing] = scenarioOutcomes(scenario, true, { value: 1, ceiling: 1, invariantHeld: true, detail: {} });
    expect(missing!.measurement).toEqual({ error: 'hot-auction-bids did not measure it' });
    const failed = scenarioOutcomes(scenario, true, { error: 'database gone' });
    expect(failed.map((o) => o.measurement)).toEqual([{ error: 'database gone' }, { error: 'database gone' }]);
  });

  it('holds the full run to the stricter target where a scenario has one', () => {
    const list: Scenario = {
      ...scenario,
      name: 'auction-list-scaling',
      companions: [],
      target: { of: 'ratio', op: '<=', bound: 2 },
      fullTarget: { of: 'ratio', op: '<=', bound: 1.5 },
    };
    const measured = {
      value: null,
      ceiling: null,
      rounds: [{ value: 17, ceiling: 10 }],
      invariantHeld: true,
      detail: {},
    };
    const [quick] = buildSummary({
      machine: 'm',
      startedAt: new Date(0),
      outcomes: scenarioOutcomes(list, true, measured),
    }).scenarios;
    const [full] = buildSummary({
      machine: 'm',
      startedAt: new Date(0),
      outcomes: scenarioOutcomes(list, false, measured),
    }).scenarios;
    expect([quick!.target, quick!.met]).toEqual(['<= 2', true]);
    expect([full!.target, full!.met]).toEqual(['<= 1.5', false]);
  });
});

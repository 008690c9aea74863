import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  aggregateRounds,
  buildSummary,
  formatTable,
  formatTarget,
  roundFigure,
  writeSummary,
  type ScenarioOutcome,
} from './summary.js';

const bids: ScenarioOutcome = {
  name: 'hot-auction-bids',
  target: { of: 'ratio', op: '>=', bound: 0.5 },
  invariant: 'final current bid = highest accepted bid; accepted bids rise strictly; bidCount = accepted',
  measurement: { value: 1500, ceiling: 2400, invariantHeld: true, detail: { unit: 'bids/s', accepted: 900 } },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('summary writer', () => {
  it('writes summary.json in the format of issue 7', () => {
    const web: ScenarioOutcome = {
      name: 'web-initial-js',
      target: { of: 'value', op: '<=', bound: 200, unit: 'KB' },
      invariant: 'both pages rendered and every script loaded',
      measurement: { value: 131.4, ceiling: null, invariantHeld: true, detail: { unit: 'KB' } },
    };
    const summary = buildSummary({
      machine: 'test machine, 2 cores',
      startedAt: new Date('2026-05-01T10:00:00.000Z'),
      outcomes: [bids, web],
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-summary-'));
    dirs.push(dir);

    const file = writeSummary(summary, path.join(dir, 'results'));

    expect(file).toBe(path.join(dir, 'results', 'summary.json'));
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(written)).toEqual(['machine', 'startedAt', 'scenarios']);
    expect(written.machine).toBe('test machine, 2 cores');
    expect(written.startedAt).toBe('2026-05-01T10:00:00.000Z');
    expect(written.scenarios).toHaveLength(2);
    for (const scenario of written.scenarios) {
      expect(Object.keys(scenario)).toEqual([
        'name',
        'value',
        'ceiling',
        'ratio',
        'spread',
        'target',
        'met',
        'invariant',
        'invariantHeld',
        'detail',
      ]);
    }
    expect(written.scenarios[0]).toEqual({
      name: 'hot-auction-bids',
      value: 1500,
      ceiling: 2400,
      ratio: 0.625,
      spread: [0.625, 0.625],
      target: '>= 0.5',
      met: true,
      invariant: 'final current bid = highest accepted bid; accepted bids rise strictly; bidCount = accepted',
      invariantHeld: true,
      detail: { unit: 'bids/s', accepted: 900 },
    });
    expect(written.scenarios[1]).toMatchObject({
      name: 'web-initial-js',
      value: 131,
      ceiling: null,
      ratio: null,
      spread: [131, 131],
      target: '<= 200 KB',
      met: true,
    });
  });

  it('judges a ratio target on the ratio and a value target on the value', () => {
    const slowBids = { ...bids, measurement: { ...bids.measurement, value: 1000 } } as ScenarioOutcome;
    const heavyWeb: ScenarioOutcome = {
      name: 'web-initial-js',
      target: { of: 'value', op: '<=', bound: 200, unit: 'KB' },
      invariant: 'pages rendered',
      measurement: { value: 200.4, ceiling: null, invariantHeld: true, detail: {} },
    };
    const latency: ScenarioOutcome = {
      name: 'ws-fanout',
      target: { of: 'ratio', op: '<=', bound: 2 },
      invariant: 'every subscriber got every update, in order',
      measurement: { value: 30, ceiling: 15, invariantHeld: false, detail: {} },
    };
    const [bidsResult, webResult, wsResult] = buildSummary({
      machine: 'm',
      startedAt: new Date(),
      outcomes: [slowBids, heavyWeb, latency],
    }).scenarios;

    expect(bidsResult).toMatchObject({ ratio: 0.417, met: false });
    expect(webResult).toMatchObject({ value: 200, met: false });
    // A ratio exactly on the bound meets it; the broken invariant is reported, not hidden.
    expect(wsResult).toMatchObject({ ratio: 2, met: true, invariantHeld: false });
  });

  it('records a scenario that failed to run as not met, with the error', () => {
    const summary = buildSummary({
      machine: 'm',
      startedAt: new Date(),
      outcomes: [{ ...bids, measurement: { error: 'database unreachable' } }],
    });
    expect(summary.scenarios[0]).toMatchObject({
      value: null,
      ceiling: null,
      ratio: null,
      spread: null,
      met: false,
      invariantHeld: false,
      detail: { error: 'database unreachable' },
    });
  });

  it('prints one table row per scenario with units', () => {
    const table = formatTable(buildSummary({ machine: 'm', startedAt: new Date(), outcomes: [bids] }));
    const lines = table.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^scenario\s+value\s+ceiling\s+ratio\s+spread\s+target\s+met\s+invariant$/);
    expect(lines[2]).toMatch(
      /^hot-auction-bids\s+1500 bids\/s\s+2400 bids\/s\s+0\.625\s+0\.625–0\.625\s+>= 0\.5\s+yes\s+held$/,
    );
  });

  it('formats targets and rounds figures to three significant digits', () => {
    expect(formatTarget({ of: 'ratio', op: '<=', bound: 2 })).toBe('<= 2');
    expect(formatTarget({ of: 'value', op: '<=', bound: 200, unit: 'KB' })).toBe('<= 200 KB');
    expect(roundFigure(0.45678)).toBe(0.457);
    expect(roundFigure(12.345)).toBe(12.3);
    expect(roundFigure(3456.7)).toBe(3457);
    expect(roundFigure(0)).toBe(0);
  });
});

describe('rounds: median and spread', () => {
  it('takes the median of the per-round ratios and their min–max as the spread', () => {
    const aggregate = aggregateRounds([
      { value: 500, ceiling: 1000 }, // 0.5
      { value: 900, ceiling: 1000 }, // 0.9
      { value: 300, ceiling: 1000 }, // 0.3: a round a burst spoiled
      { value: 700, ceiling: 1000 }, // 0.7
      { value: 600, ceiling: 1000 }, // 0.6
    ]);
    expect(aggregate).toEqual({
      value: 600,
      ceiling: 1000,
      ratio: 0.6,
      spread: [0.3, 0.9],
      ratios: [0.5, 0.9, 0.3, 0.7, 0.6],
    });
  });

  it('judges each round on its own pair, not the ratio of the medians', () => {
    // The machine was twice as busy in the second round: both sides slowed, the ratio held.
    const aggregate = aggregateRounds([
      { value: 20, ceiling: 10 },
      { value: 40, ceiling: 20 },
      { value: 22, ceiling: 10 },
      { value: 44, ceiling: 20 },
    ])!;
    expect(aggregate.ratio).toBeCloseTo(2.1);
    expect(aggregate.spread).toEqual([2, 2.2]);
    expect(aggregate.value).toBe(31);
    expect(aggregate.ceiling).toBe(15);
  });

  it('leaves out rounds without a usable ceiling, and gives null when none is left', () => {
    expect(
      aggregateRounds([
        { value: 5, ceiling: 0 },
        { value: 4, ceiling: 2 },
      ])?.ratio,
    ).toBe(2);
    expect(aggregateRounds([{ value: Number.NaN, ceiling: 3 }])).toBeNull();
    expect(aggregateRounds([])).toBeNull();
  });

  it('writes the medians, the spread and the round ratios into the summary and judges the median', () => {
    const [result] = buildSummary({
      machine: 'm',
      startedAt: new Date(),
      outcomes: [
        {
          name: 'ws-fanout',
          target: { of: 'ratio', op: '<=', bound: 2 },
          invariant: 'every subscriber got every update, in order',
          measurement: {
            value: null,
            ceiling: null,
            rounds: [
              { value: 30, ceiling: 20 },
              { value: 90, ceiling: 20 },
              { value: 34, ceiling: 20 },
              { value: 36, ceiling: 20 },
              { value: 32, ceiling: 20 },
            ],
            invariantHeld: true,
            detail: { unit: 'ms' },
          },
        },
      ],
    }).scenarios;
    // One round at 4.5 would have failed a verdict on the worst round; the median (1.7) meets it.
    expect(result).toMatchObject({
      value: 34,
      ceiling: 20,
      ratio: 1.7,
      spread: [1.5, 4.5],
      met: true,
      detail: { unit: 'ms', rounds: 5, roundRatios: [1.5, 4.5, 1.7, 1.8, 1.6] },
    });
  });
});

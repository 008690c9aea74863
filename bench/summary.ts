import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './lib/stats.js';

/**
 * The benchmark's result file, `bench/results/summary.json` (issue 7, docs/engineering.md §6). Every figure is
 * compared with a ceiling measured in the same run on the same machine, because absolute numbers
 * vary between machines and ratios do not.
 */

export const SCENARIO_NAMES = [
  'hot-auction-bids',
  'auction-list-scaling',
  'search-scaling',
  'ws-fanout',
  'api-overhead',
  'web-initial-js',
  'hot-auction-latency',
  'socket-memory',
  'fanout-redis',
  'saved-search-match',
  'photo-classification',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** What a scenario must reach: a bound on the ratio value/ceiling, or on the value itself. */
export interface Target {
  of: 'ratio' | 'value';
  op: '>=' | '<=';
  bound: number;
  /** Printed after the bound of a value target ("<= 200 KB"). */
  unit?: string;
}

/** One alternating round: the product's figure and the ceiling's, measured back to back. */
export interface Round {
  value: number;
  ceiling: number;
}

/**
 * What a scenario measured; the summary derives the ratio and whether the target was met.
 * With `rounds`, value, ceiling and ratio are the medians of the rounds' (docs/performance.md,
 * "Method") and `value`/`ceiling` here are ignored.
 */
export interface Measurement {
  value: number | null;
  ceiling: number | null;
  rounds?: readonly Round[];
  invariantHeld: boolean;
  detail: Record<string, unknown>;
  /**
   * Measurements of companion scenarios taken in the same run (Scenario.companions): e.g.
   * hot-auction-latency is read from hot-auction-bids' segments.
   */
  companions?: Partial<Record<ScenarioName, Measurement>>;
}

export interface ScenarioResult {
  name: ScenarioName;
  value: number | null;
  ceiling: number | null;
  ratio: number | null;
  /** Lowest and highest per-round figure the verdict is judged on (ratio, or value for a value target). */
  spread: [number, number] | null;
  target: string;
  met: boolean;
  invariant: string;
  invariantHeld: boolean;
  detail: Record<string, unknown>;
}

export interface Summary {
  machine: string;
  startedAt: string;
  scenarios: ScenarioResult[];
}

export interface ScenarioOutcome {
  name: ScenarioName;
  target: Target;
  invariant: string;
  /** The measurement, or the error that stopped the scenario (then nothing is met or held). */
  measurement: Measurement | { error: string };
}

export function formatTarget(target: Target): string {
  return `${target.op} ${target.bound}${target.of === 'value' && target.unit ? ` ${target.unit}` : ''}`;
}

/** Three significant digits are more than these measurements can resolve. */
export function roundFigure(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(digits, 6)));
}

export interface RoundsAggregate {
  /** Medians of the rounds' values and ceilings. */
  value: number;
  ceiling: number;
  /** Median of the per-round ratios (not value / ceiling: a slow round moves both sides of its own ratio). */
  ratio: number;
  /** Lowest and highest per-round ratio. */
  spread: [number, number];
  ratios: number[];
}

/**
 * The verdict of alternating rounds: each round's ratio is its value over its ceiling, measured
 * back to back, so load from elsewhere on the machine falls on both; the median of the rounds
 * leaves out a round a burst spoiled, and the spread shows how far the rounds disagreed.
 * Rounds without a usable figure (no ceiling, not finite) are left out; none left gives null.
 */
export function aggregateRounds(rounds: readonly Round[]): RoundsAggregate | null {
  const usable = rounds.filter(
    (r) => Number.isFinite(r.value) && Number.isFinite(r.ceiling) && r.ceiling > 0 && r.value >= 0,
  );
  if (usable.length === 0) return null;
  const ratios = usable.map((r) => r.value / r.ceiling);
  return {
    value: median(usable.map((r) => r.value)),
    ceiling: median(usable.map((r) => r.ceiling)),
    ratio: median(ratios),
    spread: [Math.min(...ratios), Math.max(...ratios)],
    ratios,
  };
}

function ratioOf(value: number | null, ceiling: number | null): number | null {
  if (value === null || ceiling === null || ceiling <= 0 || !Number.isFinite(value)) return null;
  return roundFigure(value / ceiling);
}

function isMet(target: Target, compared: number | null): boolean {
  if (compared === null || !Number.isFinite(compared)) return false;
  return target.op === '>=' ? compared >= target.bound : compared <= target.bound;
}

export function toScenarioResult(outcome: ScenarioOutcome): ScenarioResult {
  const { name, target, invariant, measurement } = outcome;
  if ('error' in measurement) {
    return {
      name,
      value: null,
      ceiling: null,
      ratio: null,
      spread: null,
      target: formatTarget(target),
      met: false,
      invariant,
      invariantHeld: false,
      detail: { error: measurement.error },
    };
  }
  const aggregate = measurement.rounds ? aggregateRounds(measurement.rounds) : null;
  const rawValue = aggregate ? aggregate.value : measurement.value;
  const rawCeiling = aggregate ? aggregate.ceiling : measurement.ceiling;
  const value = rawValue === null ? null : roundFigure(rawValue);
  const ceiling = rawCeiling === null ? null : roundFigure(rawCeiling);
  const ratio = aggregate ? roundFigure(aggregate.ratio) : ratioOf(rawValue, rawCeiling);
  const compared = target.of === 'ratio' ? ratio : rawValue;
  let spread: [number, number] | null = null;
  if (target.of === 'ratio' && aggregate) spread = [roundFigure(aggregate.spread[0]), roundFigure(aggregate.spread[1])];
  else if (target.of === 'value' && aggregate) {
    const values = measurement.rounds!.map((r) => r.value);
    spread = [roundFigure(Math.min(...values)), roundFigure(Math.max(...values))];
  } else if (compared !== null && Number.isFinite(compared)) {
    // Measured once: the spread is that one figure.
    const once = target.of === 'ratio' ? compared : roundFigure(compared);
    spread = [once, once];
  }
  return {
    name,
    value,
    ceiling,
    ratio,
    spread,
    target: formatTarget(target),
    met: isMet(target, compared),
    invariant,
    invariantHeld: measurement.invariantHeld,
    detail: aggregate
      ? { ...measurement.detail, rounds: aggregate.ratios.length, roundRatios: aggregate.ratios.map(roundFigure) }
      : measurement.detail,
  };
}

export function buildSummary(input: { machine: string; startedAt: Date; outcomes: ScenarioOutcome[] }): Summary {
  return {
    machine: input.machine,
    startedAt: input.startedAt.toISOString(),
    scenarios: input.outcomes.map(toScenarioResult),
  };
}

/** Writes `summary.json` into `dir` (created if missing) and returns its path. */
export function writeSummary(summary: Summary, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'summary.json');
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}

const show = (value: number | null, unit?: string) =>
  value === null ? '-' : `${value}${unit ? ` ${unit}` : ''}`.replace(/ $/, '');

/** The table printed at the end of a run: one row per scenario. */
export function formatTable(summary: Summary): string {
  const header = ['scenario', 'value', 'ceiling', 'ratio', 'spread', 'target', 'met', 'invariant'];
  const rows = summary.scenarios.map((s) => {
    const unit = typeof s.detail.unit === 'string' ? s.detail.unit : undefined;
    return [
      s.name,
      show(s.value, unit),
      show(s.ceiling, unit),
      show(s.ratio),
      s.spread ? `${s.spread[0]}–${s.spread[1]}` : '-',
      s.target,
      s.met ? 'yes' : 'NO',
      s.invariantHeld ? 'held' : 'BROKEN',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The benchmark's result file, `bench/results/summary.json` (issue 7, GUIDE §6). Every figure is
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

/** What a scenario measured; the summary derives the ratio and whether the target was met. */
export interface Measurement {
  value: number | null;
  ceiling: number | null;
  invariantHeld: boolean;
  detail: Record<string, unknown>;
}

export interface ScenarioResult {
  name: ScenarioName;
  value: number | null;
  ceiling: number | null;
  ratio: number | null;
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
      target: formatTarget(target),
      met: false,
      invariant,
      invariantHeld: false,
      detail: { error: measurement.error },
    };
  }
  const value = measurement.value === null ? null : roundFigure(measurement.value);
  const ceiling = measurement.ceiling === null ? null : roundFigure(measurement.ceiling);
  const ratio = ratioOf(measurement.value, measurement.ceiling);
  return {
    name,
    value,
    ceiling,
    ratio,
    target: formatTarget(target),
    met: isMet(target, target.of === 'ratio' ? ratio : measurement.value),
    invariant,
    invariantHeld: measurement.invariantHeld,
    detail: measurement.detail,
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
  const header = ['scenario', 'value', 'ceiling', 'ratio', 'target', 'met', 'invariant'];
  const rows = summary.scenarios.map((s) => {
    const unit = typeof s.detail.unit === 'string' ? s.detail.unit : undefined;
    return [
      s.name,
      show(s.value, unit),
      show(s.ceiling, unit),
      show(s.ratio),
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

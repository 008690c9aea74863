import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './lib/stats.js';

/**
 * The Lighthouse result file, `bench/results/lighthouse.json` (issue 24, docs/performance.md,
 * "Lighthouse (mobile)"): per page, the median of each category score and metric over the runs,
 * the targets and whether each was met.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What one Lighthouse run of one page measured (scores 0-100, times in ms, bytes). */
export interface RunFigures {
  scores: Record<Category, number | null>;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
  /** Audits of the scored categories (not performance) that did not pass, "id: title". */
  failedAudits: string[];
  /** Performance opportunities Lighthouse listed, with its estimated savings. */
  opportunities: Opportunity[];
}

export interface Opportunity {
  title: string;
  savingsMs: number;
  savingsBytes: number;
}

/** The goals of issue 24: mobile performance 90+, the other three categories 100, CLS under 0.1. */
export const TARGETS = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  clsBelow: 0.1,
} as const;

export interface PageSummary {
  name: string;
  path: string;
  runs: number;
  median: {
    scores: Record<Category, number | null>;
    cls: number;
    lcpMs: number;
    tbtMs: number;
    transferBytes: number;
  };
  /** Every run's figures, so a single bad run can be told from a steady result. */
  perRun: Array<Omit<RunFigures, 'failedAudits' | 'opportunities'>>;
  /** Targets this page missed (empty when all were met), in words. */
  missed: string[];
  failedAudits: string[];
  /** Per opportunity, the median savings over the runs that listed it; largest first. */
  opportunities: Opportunity[];
}

export interface LighthouseSummary {
  date: string;
  machine: string;
  loadAverage: [number, number, number];
  lighthouse: string;
  chromium: string;
  method: string;
  targets: typeof TARGETS;
  pages: PageSummary[];
  met: boolean;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The median of the runs' scores; null when no run scored the category (Lighthouse errored on it). */
function medianScore(runs: readonly RunFigures[], category: Category): number | null {
  const scores = runs.map((r) => r.scores[category]).filter((s): s is number => s !== null);
  return scores.length === 0 ? null : median(scores);
}

/** Which targets a page's medians miss, each as a sentence fragment ("performance 72 < 90"). */
export function missedTargets(m: PageSummary['median']): string[] {
  const missed: string[] = [];
  for (const category of CATEGORIES) {
    const score = m.scores[category];
    const bound = TARGETS[category];
    if (score === null) missed.push(`${category} not scored`);
    else if (score < bound) missed.push(`${category} ${score} < ${bound}`);
  }
  if (!(m.cls < TARGETS.clsBelow)) missed.push(`CLS ${m.cls} ≥ ${TARGETS.clsBelow}`);
  return missed;
}

/** Folds one page's runs into medians; audits and opportunities are the union over the runs, in first-seen order. */
export function summarizePage(name: string, pagePath: string, runs: readonly RunFigures[]): PageSummary {
  if (runs.length === 0) throw new Error(`no Lighthouse run of ${pagePath} finished`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, medianScore(runs, c)])) as Record<
    Category,
    number | null
  >;
  const medians: PageSummary['median'] = {
    scores,
    cls: round(median(runs.map((r) => r.cls)), 3),
    lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
    tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
    transferBytes: Math.round(median(runs.map((r) => r.transferBytes))),
  };
  const byTitle = new Map<string, Opportunity[]>();
  for (const o of runs.flatMap((r) => r.opportunities)) byTitle.set(o.title, [...(byTitle.get(o.title) ?? []), o]);
  const opportunities = [...byTitle.entries()]
    .map(([title, seen]) => ({
      title,
      savingsMs: Math.round(median(seen.map((o) => o.savingsMs))),
      savingsBytes: Math.round(median(seen.map((o) => o.savingsBytes))),
    }))
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
  return {
    name,
    path: pagePath,
    runs: runs.length,
    median: medians,
    perRun: runs.map(({ failedAudits: _a, opportunities: _o, ...figures }) => figures),
    missed: missedTargets(medians),
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
    opportunities,
  };
}

export function writeLighthouseSummary(summary: LighthouseSummary, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'lighthouse.json');
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}

const score = (value: number | null) => (value === null ? '-' : String(value));

/** The table printed at the end of a run: one row per page, medians only. */
export function formatLighthouseTable(pages: readonly PageSummary[]): string {
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'CLS', 'LCP', 'TBT', 'transfer', 'met'];
  const rows = pages.map((p) => [
    `${p.name} (${p.path})`,
    score(p.median.scores.performance),
    score(p.median.scores.accessibility),
    score(p.median.scores['best-practices']),
    score(p.median.scores.seo),
    p.median.cls.toFixed(3),
    `${(p.median.lcpMs / 1000).toFixed(1)} s`,
    `${p.median.tbtMs} ms`,
    `${Math.round(p.median.transferBytes / 1024)} KiB`,
    p.missed.length === 0 ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** "Reduce unused JavaScript (~1200 ms, 243 KiB)" */
export const formatOpportunity = (o: Opportunity) =>
  `${o.title} (~${o.savingsMs} ms${o.savingsBytes > 0 ? `, ${Math.round(o.savingsBytes / 1024)} KiB` : ''})`;

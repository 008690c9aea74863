import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatLighthouseTable,
  formatOpportunity,
  missedTargets,
  summarizePage,
  writeLighthouseSummary,
  type LighthouseSummary,
  type RunFigures,
} from './lighthouse-summary.js';

const run = (performance: number, cls: number, extra: Partial<RunFigures> = {}): RunFigures => ({
  scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
  cls,
  lcpMs: 2000 + performance,
  tbtMs: 100,
  transferBytes: 300_000,
  failedAudits: [],
  opportunities: [],
  ...extra,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Lighthouse summary', () => {
  it('takes the median of each figure over the runs', () => {
    const page = summarizePage('landing', '/', [run(80, 0.2), run(95, 0.01), run(91, 0.05)]);
    expect(page.median.scores.performance).toBe(91);
    expect(page.median.cls).toBe(0.05);
    expect(page.median.lcpMs).toBe(2091);
    expect(page.runs).toBe(3);
    expect(page.perRun.map((r) => r.scores.performance)).toEqual([80, 95, 91]);
    expect(page.missed).toEqual([]);
  });

  it('names every missed target: a score below its bound, an unscored category, CLS at 0.1 or more', () => {
    const page = summarizePage('browse', '/browse', [
      run(70, 0.1, { scores: { performance: 70, accessibility: 96, 'best-practices': null, seo: 100 } }),
    ]);
    expect(page.missed).toEqual([
      'performance 70 < 90',
      'accessibility 96 < 100',
      'best-practices not scored',
      'CLS 0.1 ≥ 0.1',
    ]);
    expect(
      missedTargets({
        scores: { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 },
        cls: 0.099,
        lcpMs: 0,
        tbtMs: 0,
        transferBytes: 0,
      }),
    ).toEqual([]);
  });

  it('merges opportunities by title with their median savings, largest first', () => {
    const unused = (ms: number) => ({ title: 'Reduce unused JavaScript', savingsMs: ms, savingsBytes: 250_000 });
    const page = summarizePage('landing', '/', [
      run(90, 0, { opportunities: [unused(1200)], failedAudits: ['seo/meta-description: No meta description'] }),
      run(90, 0, { opportunities: [unused(1400), { title: 'Preload LCP image', savingsMs: 2000, savingsBytes: 0 }] }),
      run(90, 0, { opportunities: [unused(1300)], failedAudits: ['seo/meta-description: No meta description'] }),
    ]);
    expect(page.opportunities.map(formatOpportunity)).toEqual([
      'Preload LCP image (~2000 ms)',
      'Reduce unused JavaScript (~1300 ms, 244 KiB)',
    ]);
    expect(page.failedAudits).toEqual(['seo/meta-description: No meta description']);
  });

  it('refuses a page with no finished run', () => {
    expect(() => summarizePage('landing', '/', [])).toThrow('no Lighthouse run of / finished');
  });

  it('writes lighthouse.json and prints one row per page', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-summary-'));
    dirs.push(dir);
    const pages = [summarizePage('landing', '/', [run(93, 0.01)]), summarizePage('browse', '/browse', [run(60, 0)])];
    const summary: LighthouseSummary = {
      date: '2026-11-27T04:00:00.000Z',
      machine: '2 × test CPU, 4.0 GB',
      loadAverage: [0.5, 0.4, 0.3],
      lighthouse: '12.8.2',
      chromium: 'Chromium 156',
      method: 'median of 1 runs per page',
      targets: { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100, clsBelow: 0.1 },
      pages,
      met: false,
    };
    const file = writeLighthouseSummary(summary, dir);
    expect(file).toBe(path.join(dir, 'lighthouse.json'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(summary);
    const table = formatLighthouseTable(pages).split('\n');
    expect(table).toHaveLength(4);
    expect(table[2]).toMatch(/^landing \(\/\)\s+93\s+100\s+100\s+100\s+0\.010\s+2\.1 s\s+100 ms\s+293 KiB\s+yes\s*$/);
    expect(table[3]).toMatch(/^browse \(\/browse\)\s+60 .* NO\s*$/);
  });
});

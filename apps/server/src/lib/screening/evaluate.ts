import { readFileSync } from 'node:fs';
import { SCREENING_CATEGORIES, type ScreeningCategory } from '@bid/contract';
import { screenText, type ScreeningSurface } from './screen.js';

/**
 * The labelled corpus of screening and its figures (docs/trust-and-safety.md "Screening"): texts
 * that must be stopped and innocent look-alikes, each labelled with the category it is about.
 * A text is stopped when its verdict is not `allow`; it counts for a category when a reason of
 * that category was given.
 */

export interface CorpusEntry {
  text: string;
  category: ScreeningCategory;
  expect: 'stop' | 'pass';
  surface: ScreeningSurface;
}

export interface CategoryFigures {
  category: ScreeningCategory;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

export interface CorpusEvaluation {
  size: number;
  figures: CategoryFigures[];
  /** Texts screened wrongly, for whoever tunes the rules. */
  mistakes: Array<CorpusEntry & { verdict: string; found: ScreeningCategory[] }>;
  microsecondsPerText: number;
}

export function loadCorpus(): CorpusEntry[] {
  return JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as CorpusEntry[];
}

export function evaluateCorpus(corpus: CorpusEntry[] = loadCorpus()): CorpusEvaluation {
  const counts = new Map(SCREENING_CATEGORIES.map((category) => [category, { tp: 0, fp: 0, fn: 0 }]));
  const mistakes: CorpusEvaluation['mistakes'] = [];
  const started = performance.now();
  for (const entry of corpus) {
    const result = screenText(entry.text, 'text', { surface: entry.surface });
    const stopped = result.verdict !== 'allow';
    const found = [...new Set(stopped ? result.reasons.map((reason) => reason.category) : [])];
    for (const category of SCREENING_CATEGORIES) {
      const count = counts.get(category)!;
      const isLabelled = entry.expect === 'stop' && entry.category === category;
      const isFound = found.includes(category);
      if (isLabelled && isFound) count.tp++;
      else if (isFound) count.fp++;
      else if (isLabelled) count.fn++;
    }
    const right = entry.expect === 'stop' ? found.includes(entry.category) : !stopped;
    if (!right) mistakes.push({ ...entry, verdict: result.verdict, found });
  }
  const elapsed = performance.now() - started;
  const figures = SCREENING_CATEGORIES.map((category) => {
    const { tp, fp, fn } = counts.get(category)!;
    return {
      category,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision: tp + fp === 0 ? 1 : tp / (tp + fp),
      recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    };
  });
  return { size: corpus.length, figures, mistakes, microsecondsPerText: (elapsed * 1000) / corpus.length };
}

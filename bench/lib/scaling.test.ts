import { describe, expect, it } from 'vitest';
import type { Round } from '../summary.js';
import { casesToRemeasure, decidingCase, worstCases } from './scaling.js';

const rounds = (...ratios: number[]): Round[] => ratios.map((r) => ({ value: r * 10, ceiling: 10 }));

describe('scaling: the worst cases measured again', () => {
  it('measures the 3 worst cases again in the full run and none in quick mode', () => {
    expect(casesToRemeasure({ quick: false })).toBe(3);
    expect(casesToRemeasure({ quick: true })).toBe(0);
  });

  it('names the worst cases, worst first, ties in label order', () => {
    const ratios = new Map([
      ['a', 1.1],
      ['b', 1.9],
      ['c', 1.4],
      ['d', 1.4],
      ['e', 0.9],
    ]);
    expect(worstCases(ratios, 3)).toEqual(['b', 'c', 'd']);
    expect(worstCases(ratios, 0)).toEqual([]);
    expect(worstCases(ratios, 9)).toHaveLength(5);
  });

  it('lets fresh rounds decide: a case that was only noisy no longer sets the verdict', () => {
    // First rounds: "b" looked worst (median 1.9); its fresh rounds say 1.2, so "c" (1.4) decides.
    const deciding = decidingCase(
      new Map([
        ['a', rounds(1.0, 1.1, 1.2)],
        ['b', rounds(1.1, 1.2, 1.3)],
        ['c', rounds(1.3, 1.4, 1.5)],
      ]),
    );
    expect(deciding?.label).toBe('c');
    expect(deciding?.ratio).toBeCloseTo(1.4, 10);
    expect(deciding?.rounds).toHaveLength(3);
  });

  it('leaves out cases without a usable round, and gives nothing when none is left', () => {
    expect(decidingCase(new Map([['a', [{ value: 5, ceiling: 0 }]]]))).toBeUndefined();
    expect(
      decidingCase(
        new Map([
          ['a', []],
          ['b', rounds(1.2)],
        ]),
      )?.label,
    ).toBe('b');
  });
});

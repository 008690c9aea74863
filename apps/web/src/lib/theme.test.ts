import { describe, expect, it } from 'vitest';
import { applyPalette, paletteFor, PALETTES } from './theme';

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme palettes (docs/product.md §3, §4)', () => {
  it('has the three palettes with every colour and a gradient', () => {
    for (const palette of Object.values(PALETTES)) {
      for (const key of [
        'primary',
        'secondary',
        'background',
        'textNeutral',
        'successPositive',
        'errorWarning',
        'accentDetail',
      ] as const) {
        expect(palette[key]).toMatch(/^#[0-9a-f]{6}$/);
      }
      expect(palette.gradient).toMatch(/^linear-gradient\(/);
    }
  });

  it('follows the normalised gender', () => {
    expect(paletteFor('Man')).toBe(PALETTES.male);
    expect(paletteFor(' woman ')).toBe(PALETTES.female);
    expect(paletteFor('non-binary')).toBe(PALETTES.other);
    expect(paletteFor(null)).toBe(PALETTES.female);
    expect(paletteFor('unknown')).toBe(PALETTES.female);
  });

  it('keeps white text on primary and body text on the background readable (WCAG AA)', () => {
    for (const palette of Object.values(PALETTES)) {
      expect(contrast('#ffffff', palette.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.textNeutral, palette.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', palette.errorWarning)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes the palette into CSS variables', () => {
    const root = document.createElement('div');
    applyPalette(PALETTES.male, root);
    expect(root.style.getPropertyValue('--palette-primary')).toBe(PALETTES.male.primary);
    expect(root.style.getPropertyValue('--palette-gradient')).toContain('linear-gradient');
  });
});

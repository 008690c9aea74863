import { normalizeGender, type Sex } from '@bid/contract';

export interface Palette {
  primary: string;
  secondary: string;
  background: string;
  textNeutral: string;
  successPositive: string;
  errorWarning: string;
  accentDetail: string;
  gradient: string;
}

/**
 * The three palettes of docs/product.md §3 "Theme". Primary colours are dark enough for white text
 * at WCAG AA contrast (at least 4.5:1).
 */
export const PALETTES: Record<Sex, Palette> = {
  female: {
    primary: '#be185d',
    secondary: '#fbcfe8',
    background: '#fff7fb',
    textNeutral: '#1f2937',
    successPositive: '#047857',
    errorWarning: '#b91c1c',
    accentDetail: '#6d28d9',
    gradient: 'linear-gradient(135deg, #fff1f7 0%, #fce7f3 50%, #ede9fe 100%)',
  },
  male: {
    primary: '#1d4ed8',
    secondary: '#bfdbfe',
    background: '#f5f9ff',
    textNeutral: '#111827',
    successPositive: '#047857',
    errorWarning: '#b91c1c',
    accentDetail: '#0f766e',
    gradient: 'linear-gradient(135deg, #eff6ff 0%, #e0f2fe 50%, #ecfeff 100%)',
  },
  other: {
    primary: '#6d28d9',
    secondary: '#ddd6fe',
    background: '#faf7ff',
    textNeutral: '#1f2937',
    successPositive: '#047857',
    errorWarning: '#b91c1c',
    accentDetail: '#b45309',
    gradient: 'linear-gradient(135deg, #f5f3ff 0%, #fdf4ff 50%, #fffbeb 100%)',
  },
};

/** The palette for a user's gender (docs/product.md §4: the theme follows the normalised value). */
export function paletteFor(gender: string | null | undefined): Palette {
  return PALETTES[normalizeGender(gender)];
}

export function applyPalette(palette: Palette, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--palette-primary', palette.primary);
  root.style.setProperty('--palette-secondary', palette.secondary);
  root.style.setProperty('--palette-background', palette.background);
  root.style.setProperty('--palette-text-neutral', palette.textNeutral);
  root.style.setProperty('--palette-success-positive', palette.successPositive);
  root.style.setProperty('--palette-error-warning', palette.errorWarning);
  root.style.setProperty('--palette-accent-detail', palette.accentDetail);
  root.style.setProperty('--palette-gradient', palette.gradient);
}

import { useEffect } from 'react';

/**
 * Keeps two CSS variables on <html> in step with the visual viewport (docs/web-app.md "Phone
 * layout"): `--keyboard-inset`, how much of the layout viewport's bottom the on-screen keyboard
 * covers, and `--viewport-height`, the height still visible. Bottom sheets sit on the first and
 * are never taller than the second, so a focused input stays above the keyboard.
 */
export function keyboardInsetOf(
  layoutHeight: number,
  viewport: { height: number; offsetTop: number } | null | undefined,
): { inset: number; height: number } {
  if (!viewport) return { inset: 0, height: layoutHeight };
  const inset = Math.max(0, Math.round(layoutHeight - viewport.height - viewport.offsetTop));
  return { inset, height: Math.round(viewport.height) };
}

export function useVisualViewportInsets(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => {
      const { inset, height } = keyboardInsetOf(window.innerHeight, viewport);
      root.style.setProperty('--keyboard-inset', `${inset}px`);
      root.style.setProperty('--viewport-height', `${height}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, []);
}

import { useEffect } from 'react';

/**
 * A new page opens at its top; Back and Forward keep the position the browser restores
 * (docs/web-app.md "Scroll position"). A single-page app keeps the scroll of the page it leaves,
 * so a link followed from the middle of a long list opened the next page mid-way.
 */

/** A path change this soon after a popstate came from Back or Forward. */
const POP_WINDOW_MS = 1_000;
let poppedAt = Number.NEGATIVE_INFINITY;
let lastPath: string | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    poppedAt = performance.now();
  });
}

export function useScrollToTopOnNavigate(pathname: string): void {
  useEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    // The first page is a load (the browser decides), and a repeated effect is no navigation.
    if (previous === null || previous === pathname) return;
    if (performance.now() - poppedAt < POP_WINDOW_MS) return;
    window.scrollTo(0, 0);
  }, [pathname]);
}

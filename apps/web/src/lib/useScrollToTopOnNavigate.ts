import { useLayoutEffect } from 'react';

/**
 * A new page opens at its top; Back and Forward return to where that page was scrolled
 * (docs/web-app.md "Header, loading, scroll position, lists"). A single-page app otherwise keeps the scroll of the page
 * it leaves, so a link followed from the middle of a long list opened the next page mid-way; and
 * the browser's own restoration runs before the page it returns to has rendered, so it lands short.
 */

/** A path change this soon after a popstate came from Back or Forward. */
const POP_WINDOW_MS = 1_000;
/** How long a restored position waits for its page to grow tall enough. */
const RESTORE_FOR_MS = 2_000;

let poppedAt = Number.NEGATIVE_INFINITY;
let lastPath: string | null = null;
/** Where each page was last scrolled to, by its address. */
const positions = new Map<string, number>();

if (typeof window !== 'undefined') {
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => {
    poppedAt = performance.now();
  });
  window.addEventListener(
    'scroll',
    () => {
      if (lastPath !== null) positions.set(lastPath, window.scrollY);
    },
    { passive: true },
  );
}

/** Scrolls to `top` once the page is tall enough, or gives up after RESTORE_FOR_MS. */
function restore(top: number): void {
  const until = performance.now() + RESTORE_FOR_MS;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= top;
    if (reachable || performance.now() > until) {
      window.scrollTo(0, top);
      return;
    }
    requestAnimationFrame(attempt);
  };
  attempt();
}

export function useScrollToTopOnNavigate(pathname: string): void {
  // A layout effect: the new address takes over before the browser reports the scroll the new,
  // shorter page may cause, so that scroll is never recorded as the old page's position.
  useLayoutEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    // The first page is a load, and a repeated effect is no navigation.
    if (previous === null || previous === pathname) return;
    if (performance.now() - poppedAt < POP_WINDOW_MS) restore(positions.get(pathname) ?? 0);
    else window.scrollTo(0, 0);
  }, [pathname]);
}

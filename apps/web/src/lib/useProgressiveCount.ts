import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/** How far below the screen the end of the shown list may be before the rest is rendered at once. */
const AHEAD_OF_SCROLL = '1500px';

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
};

/**
 * How many items of a long list to render (docs/performance.md "Browse"): the first `initial`
 * at once, then `step` more each time the browser is idle, and all of them as soon as the
 * element `endRef` points at (placed after the list) comes within reach of the screen. The
 * first screenfuls paint without waiting for the rest, and every item is still in the page
 * shortly after (find in page, tests). The count never shrinks. Each increase is a transition:
 * React renders the added items in short slices, so no single task blocks the page long.
 */
export function useProgressiveCount(
  total: number,
  { initial, step }: { initial: number; step: number },
): { count: number; endRef: RefObject<HTMLDivElement | null> } {
  const [count, setCount] = useState(initial);
  const endRef = useRef<HTMLDivElement | null>(null);
  const isComplete = count >= total;

  useEffect(() => {
    if (isComplete) return;
    return whenIdle(() => startTransition(() => setCount((shown) => shown + step)));
  }, [count, isComplete, step]);

  useEffect(() => {
    const end = endRef.current;
    if (isComplete || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          startTransition(() => setCount((shown) => Math.max(shown, total)));
      },
      { rootMargin: `0px 0px ${AHEAD_OF_SCROLL} 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [isComplete, total]);

  return { count: Math.min(count, total), endRef };
}

import { useCallback, useRef, useState } from 'react';

/**
 * Code a control needs only once it is used, such as a header menu's Radix implementation (with
 * Floating UI, about 15 KB gzipped), kept out of the first page load (docs/performance.md,
 * "Initial JavaScript"). `preload` starts the download, on pointing at or focusing the control;
 * `module` is set once it has arrived. A failed download is logged and tried again by the next
 * `preload`.
 */
export function useLoadOnDemand<T>(load: () => Promise<T>): { module: T | undefined; preload: () => void } {
  const [module, setModule] = useState<T>();
  const loading = useRef(false);
  const preload = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (loaded) => setModule(() => loaded),
      (err: unknown) => {
        loading.current = false;
        console.warn('could not load a part of the page', err);
      },
    );
  }, [load]);
  return { module, preload };
}

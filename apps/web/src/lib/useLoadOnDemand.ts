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

/**
 * A menu button whose menu loads on first use: until the button is pressed it is a plain button
 * (`plainButtonProps`, with the same name), pointing at it or focusing it starts the download,
 * and `menu` is the loaded module once the button was pressed and the code has arrived. The
 * menu is then mounted open: the press that loaded it is the one that opens it. `onPress` runs
 * on that first press (a menu whose open state its owner keeps sets it there).
 */
export function useMenuOnDemand<T>(load: () => Promise<T>, onPress?: () => void) {
  const { module, preload } = useLoadOnDemand(load);
  const [pressed, setPressed] = useState(false);
  return {
    menu: pressed ? module : undefined,
    plainButtonProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setPressed(true);
        onPress?.();
        preload();
      },
    },
  } as const;
}

import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toaster (Radix Toast) loads with the first toast rather than with the first page
 * (docs/performance.md "Initial JavaScript"); once there it stays.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * A toast's action button, for code in the first bundle: it is only ever rendered inside the
 * toaster, whose chunk has already brought Radix Toast along.
 */
export function LazyToastAction(props: ComponentProps<typeof ToastActionChunk>) {
  return (
    <Suspense fallback={null}>
      <ToastActionChunk {...props} />
    </Suspense>
  );
}

const ToastActionChunk = lazy(() => import('./toast').then((module) => ({ default: module.ToastAction })));

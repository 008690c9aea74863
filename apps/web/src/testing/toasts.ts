import { subscribeToToasts } from '@/components/ui/use-toast';

/** A toast as its caller asked for it: what `toast({...})` was given. */
export interface ShownToast {
  title?: unknown;
  description?: unknown;
  variant?: unknown;
  action?: unknown;
}

export interface ToastRecorder {
  /** Every toast shown since the recorder started (or was cleared), oldest first. */
  readonly all: ShownToast[];
  /** The toast shown last, if any. */
  last(): ShownToast | undefined;
  clear(): void;
  stop(): void;
}

/**
 * The one way web tests assert toasts: records every toast the app's own toast state shows
 * (`toast()` directly, or a notice from `lib/notices.ts`), as the caller gave it. The app shows
 * one toast at a time, so a later toast does not hide an earlier one from the record.
 *
 *     const toasts = recordToasts();
 *     await waitFor(() => expect(toasts.last()).toEqual({ title: 'Profile Updated' }));
 */
export function recordToasts(): ToastRecorder {
  const all: ShownToast[] = [];
  const seen = new Set<string>();
  const stop = subscribeToToasts((state) => {
    for (const { id, open: _open, onOpenChange: _onOpenChange, ...shown } of state.toasts) {
      if (seen.has(id)) continue;
      seen.add(id);
      all.push(Object.fromEntries(Object.entries(shown).filter(([, value]) => value !== undefined)));
    }
  });
  return {
    all,
    last: () => all.at(-1),
    clear: () => {
      all.length = 0;
    },
    stop,
  };
}

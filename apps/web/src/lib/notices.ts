/**
 * Messages for the member from code below the UI (a write that finds the session gone, a
 * mutation's failure): `lib` raises them, the UI subscribes and shows them (the toasts of
 * `components/ui/use-toast.ts`). `lib` thus never imports a component.
 */
export interface Notice {
  title: string;
  description?: string;
  variant?: 'destructive';
}

type NoticeListener = (notice: Notice) => void;

const listeners = new Set<NoticeListener>();

/** Shows `notice` through every subscriber (none yet: it is dropped). */
export function notify(notice: Notice): void {
  for (const listener of listeners) listener(notice);
}

/** Subscribes to notices; returns the unsubscribe. */
export function onNotice(listener: NoticeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@bid/contract';
import * as React from 'react';
import { onNotice } from '@/lib/notices';
import type { ToastActionElement, ToastProps } from './toast';

/**
 * Toast state shared by the whole app (docs/product.md §9): one toast at a time; a dismissed toast
 * is removed from the state after TOAST_REMOVE_DELAY_MS (its close animation has long
 * finished by then).
 */
type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId() {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removalTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string) {
  if (removalTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removalTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) scheduleRemoval(toastId);
      else state.toasts.forEach((t) => scheduleRemoval(t.id));
      return {
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE_TOAST':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

type StateListener = (state: State) => void;
const listeners = new Set<StateListener>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

/** Calls `listener` with the toast state after every change; returns the unsubscribe. */
export function subscribeToToasts(listener: StateListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

type Toast = Omit<ToasterToast, 'id'>;

export function toast(props: Toast) {
  const id = genId();
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss };
}

export function useToast() {
  const [state, setState] = React.useState<State>(memoryState);
  React.useEffect(() => subscribeToToasts(setState), []);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch(toastId ? { type: 'DISMISS_TOAST', toastId } : { type: 'DISMISS_TOAST' }),
  };
}

// The notices `lib` raises (lib/notices.ts: "Unauthorized", a mutation's failure) show as toasts.
onNotice((notice) => toast(notice));

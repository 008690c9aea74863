import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { PAYMENT_METHODS_KEY } from '@/lib/paymentMethods';
import { AUTHENTICATION_FAILED_MESSAGE, toastMethodAdded, toastMethodFailed } from './setupToasts';

/** What Stripe (and the sandbox's authentication page) append to the return address /profile. */
const RETURN_PARAMS = ['setup_intent', 'setup_intent_client_secret', 'redirect_status'] as const;

/** True when the address is the return from a payment-method setup that needed a redirect. */
export function isSetupReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return RETURN_PARAMS.some((name) => params.has(name));
}

/**
 * docs/product.md §2: /profile is the return address after payment-method setup. The outcome is announced
 * once, the list read again, and the parameters removed so a reload does not announce it twice.
 */
export function useSetupReturn(): void {
  const search = useSearch();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!isSetupReturn(search)) return;
    const params = new URLSearchParams(search);
    const status = params.get('redirect_status');
    const marker = `${params.get('setup_intent')}:${status}`;
    if (handled.current === marker) return;
    handled.current = marker;

    for (const name of RETURN_PARAMS) params.delete(name);
    params.set('tab', 'payments');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}`);

    // Stripe answers `processing` for bank accounts still being verified: saved, so announced as added.
    if (status === 'succeeded' || status === 'processing') {
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY }).then(toastMethodAdded);
    } else {
      toastMethodFailed(AUTHENTICATION_FAILED_MESSAGE);
    }
  }, [search, queryClient]);
}

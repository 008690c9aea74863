import type { PaymentMethodsResponse } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';

export const PAYMENT_METHODS_KEY = ['/api/stripe/payment-methods'] as const;

/**
 * GET /api/stripe/payment-methods (default query function: the key is the path). `refetchOnMount`
 * lets a caller that must not trust an older answer (the bid dialog) read it again when it opens.
 */
export function usePaymentMethods(options: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery<PaymentMethodsResponse>({ queryKey: PAYMENT_METHODS_KEY, ...options });
}

import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from './apiClient';

/** GET /api/stripe/payment-methods: invalidate with this key after a change. */
export const PAYMENT_METHODS_KEY = apiQueryKey('listPaymentMethods', {});

/**
 * The member's saved payment methods. `refetchOnMount` lets a caller that must not trust an
 * older answer (the bid dialog) read it again when it opens.
 */
export function usePaymentMethods(options: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...apiQuery('listPaymentMethods', {}), ...options });
}

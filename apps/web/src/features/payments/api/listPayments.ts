import { type Query, useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, type ApiOutput } from '@/lib/apiClient';

type PaymentsResponse = ApiOutput<'listPayments'>;

/** GET /api/payments: invalidate with this key after a change. */
export const PAYMENTS_KEY = apiQueryKey('listPayments', {});

/** My charges, earnings and refunds, newest first. */
export function usePayments(
  options: {
    enabled?: boolean;
    refetchInterval?: (query: Query<PaymentsResponse, Error, PaymentsResponse, readonly unknown[]>) => number | false;
  } = {},
) {
  return useQuery({ ...apiQuery('listPayments', {}), ...options });
}

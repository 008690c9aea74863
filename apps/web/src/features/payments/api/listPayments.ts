import type { PaymentsResponse } from '@bid/contract';
import { type Query, useQuery } from '@tanstack/react-query';

export const PAYMENTS_KEY = ['/api/payments'] as const;

/** GET /api/payments: my charges, earnings and refunds, newest first. */
export function usePayments(
  options: {
    enabled?: boolean;
    refetchInterval?: (query: Query<PaymentsResponse, Error, PaymentsResponse, readonly unknown[]>) => number | false;
  } = {},
) {
  return useQuery<PaymentsResponse>({ queryKey: PAYMENTS_KEY, ...options });
}

import type { PaymentsResponse } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';

export const PAYMENTS_KEY = ['/api/payments'] as const;

/** GET /api/payments: my charges, earnings and refunds, newest first. */
export function usePayments() {
  return useQuery<PaymentsResponse>({ queryKey: PAYMENTS_KEY });
}

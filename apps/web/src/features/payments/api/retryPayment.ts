import type { PaymentRecord, PaymentsResponse } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { PAYMENTS_KEY } from './listPayments';

/** POST /api/payments/{id}/retry: charges a failed payment again (before its pay-by time); answers with the row. */
export async function retryPayment(id: string): Promise<PaymentRecord> {
  const res = await apiRequest('POST', `/api/payments/${encodeURIComponent(id)}/retry`);
  return (await res.json()) as PaymentRecord;
}

/** The answer replaces its row at once, so the list shows the outcome as the toast announces it. */
export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayment,
    onSuccess: async (record) => {
      queryClient.setQueryData<PaymentsResponse>(PAYMENTS_KEY, (current) =>
        current ? { payments: current.payments.map((row) => (row.id === record.id ? record : row)) } : current,
      );
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    },
  });
}

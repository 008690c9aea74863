import type { PaymentsResponse } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { PAYMENTS_KEY } from './listPayments';

/** Charges a failed payment again (before its pay-by time); answers with the row. */
export const retryPayment = (id: string) => api('retryPayment', { params: { id } });

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

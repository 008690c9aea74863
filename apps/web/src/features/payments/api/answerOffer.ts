import type { PaymentRecord, PaymentsResponse } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { PAYMENTS_KEY } from './listPayments';

export type OfferAnswer = 'accept' | 'decline';

/**
 * POST /api/payments/{id}/accept or /decline: the runner-up's answer to a second chance offer
 * (docs/charging-and-ledger.md). Accepting charges their card at once; the answer is the row.
 */
export async function answerOffer({ id, answer }: { id: string; answer: OfferAnswer }): Promise<PaymentRecord> {
  const res = await apiRequest('POST', `/api/payments/${encodeURIComponent(id)}/${answer}`);
  return (await res.json()) as PaymentRecord;
}

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSuccess: async (record) => {
      queryClient.setQueryData<PaymentsResponse>(PAYMENTS_KEY, (current) =>
        current ? { payments: current.payments.map((row) => (row.id === record.id ? record : row)) } : current,
      );
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    },
  });
}

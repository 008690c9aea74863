import type { PaymentsResponse } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { PAYMENTS_KEY } from './listPayments';

export type OfferAnswer = 'accept' | 'decline';

/**
 * The runner-up's answer to a second chance offer (docs/charging-and-ledger.md). Accepting
 * charges their card at once; the answer is the row.
 */
export function answerOffer({ id, answer }: { id: string; answer: OfferAnswer }) {
  return api(answer === 'accept' ? 'acceptSecondChanceOffer' : 'declineSecondChanceOffer', { params: { id } });
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { PAYMENT_METHODS_KEY } from '@/lib/paymentMethods';

/** DELETE /api/stripe/payment-methods/{id}. */
export async function removePaymentMethod(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/stripe/payment-methods/${encodeURIComponent(id)}`);
}

/** docs/product.md §7: after a removal the list is read again (the mutation settles once it has been). */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY }),
  });
}

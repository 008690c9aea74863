import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { PAYMENT_METHODS_KEY } from '@/lib/paymentMethods';

export async function removePaymentMethod(id: string): Promise<void> {
  await api('removePaymentMethod', { params: { id } });
}

/** docs/product.md §7: after a removal the list is read again (the mutation settles once it has been). */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY }),
  });
}

import { usePaymentMethods } from './paymentMethods';

/**
 * Whether the signed-in member has a saved payment method, read afresh each time a bid or
 * buy-now dialog opens (a card may have been removed in another tab). Undefined while unknown:
 * a failed read blocks nothing, since the server refuses a bid without a card anyway.
 */
export function useHasPaymentMethod(): boolean | undefined {
  const { data } = usePaymentMethods({ refetchOnMount: 'always' });
  const methods = data?.paymentMethods;
  return Array.isArray(methods) ? methods.length > 0 : undefined;
}

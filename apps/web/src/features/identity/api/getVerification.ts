import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/apiClient';

/** The query key of the member's own verification. */
export const identityVerificationKey = () => apiQueryKey('getMyVerification', {});

/** The member's own verification. */
export function useIdentityVerification(options: { enabled?: boolean } = {}) {
  return useQuery({ ...apiQuery('getMyVerification', {}), ...options });
}

import type { IdentityVerificationView } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';

export const IDENTITY_VERIFICATION_KEY = ['/api/identity/verification'] as const;

/** GET /api/identity/verification: the member's own verification (default query function). */
export function useIdentityVerification(options: { enabled?: boolean } = {}) {
  return useQuery<IdentityVerificationView>({ queryKey: IDENTITY_VERIFICATION_KEY, ...options });
}

import type { PublicMember } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/queryClient';

/** GET /api/users/{id}: another member's public page. */
export function usePublicMember(id: string) {
  return useQuery({ queryKey: ['/api/users', id], queryFn: getQueryFn<PublicMember>({ on401: 'throw' }) });
}

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/apiClient';

/** Another member's public page. */
export function usePublicMember(id: string) {
  return useQuery(apiQuery('getMember', { params: { id } }));
}

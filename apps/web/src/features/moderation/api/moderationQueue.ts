import type { ReportStatus, ResolveReportInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';

/** GET /api/moderation/reports?status=…: open reports oldest due first, or resolved ones. */
export function useModerationQueue(status: ReportStatus) {
  return useQuery({ ...apiQuery('listModerationReports', { query: { status } }), refetchInterval: 30_000 });
}

export function resolveReport({ id, decision }: { id: string; decision: ResolveReportInput }) {
  return api('resolveReport', { params: { id }, body: decision });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // Both statuses' pages: the report leaves the open list and joins the resolved one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('listModerationReports', { query: {} }) }),
  });
}

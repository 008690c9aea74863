import type { ModerationQueueItem, ReportStatus, ResolveReportInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { getQueryFn } from '@/lib/queryClient';

export const MODERATION_REPORTS_KEY = '/api/moderation/reports';

/** GET /api/moderation/reports?status=…: open reports oldest due first, or resolved ones. */
export function useModerationQueue(status: ReportStatus) {
  return useQuery({
    queryKey: [MODERATION_REPORTS_KEY, { status }],
    queryFn: getQueryFn<ModerationQueueItem[]>({ on401: 'throw' }),
    refetchInterval: 30_000,
  });
}

export async function resolveReport({
  id,
  decision,
}: {
  id: string;
  decision: ResolveReportInput;
}): Promise<ModerationQueueItem> {
  const res = await apiRequest('POST', `/api/moderation/reports/${encodeURIComponent(id)}/resolve`, decision);
  return (await res.json()) as ModerationQueueItem;
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MODERATION_REPORTS_KEY] }),
  });
}

import type { CreateReportInput, ReportReceipt } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/reports: a repeat of an open report answers the same report (docs/trust-and-safety.md). */
export async function createReport(input: CreateReportInput): Promise<ReportReceipt> {
  const res = await apiRequest('POST', '/api/reports', input);
  return (await res.json()) as ReportReceipt;
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}

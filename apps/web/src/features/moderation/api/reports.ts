import type { CreateReportInput } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

/** POST /api/reports: a repeat of an open report answers the same report (docs/trust-and-safety.md). */
export function createReport(input: CreateReportInput) {
  return api('createReport', { body: input });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}

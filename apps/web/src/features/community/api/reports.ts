import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { CreateReportInput, ModerationAction, Report, ReportGroup } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** POST /api/reports. @throws ApiError (409 already reported, 422 releases, 429). */
export async function createReport(input: CreateReportInput): Promise<Report> {
  return (await api.post<{ report: Report }>('/reports', input)).report;
}

export const useCreateReport = () => useMutation({ mutationFn: createReport });

/** GET /api/admin/reports?status=… → reports grouped by target. */
export async function fetchReportQueue(status: 'open' | 'resolved', request?: RequestContext): Promise<ReportGroup[]> {
  return (await api.get<{ groups: ReportGroup[] }>('/admin/reports', { ...request, params: { status } })).groups;
}

export const useReportQueue = (status: 'open' | 'resolved') =>
  useQuery({ queryKey: communityKeys.reports(status), queryFn: (context) => fetchReportQueue(status, context) });

/** POST /api/admin/reports/{id}/resolve. */
export async function resolveReport({ id, action, note }: { id: string; action: ModerationAction; note: string }): Promise<void> {
  await api.post(`/admin/reports/${encodeURIComponent(id)}/resolve`, { action, note });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['community', 'reports'] }), queryClient.invalidateQueries({ queryKey: ['admin', 'queue-counts'] })]),
  });
}

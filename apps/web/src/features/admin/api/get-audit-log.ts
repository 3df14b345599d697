import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@glyphary/shared';
import { api, type RequestContext } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  hasMore: boolean;
}

/** GET /api/admin/audit?limit=&offset= → admin actions, newest first. */
export function fetchAuditLog(offset: number, request?: RequestContext): Promise<AuditPage> {
  return api.get<AuditPage>('/admin/audit', { ...request, params: { limit: AUDIT_PAGE_SIZE, offset } });
}

export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, ...context }) => fetchAuditLog(pageParam, context),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, page) => n + page.entries.length, 0) : undefined),
  });

/** The Audit tab's pages. */
export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions());
}

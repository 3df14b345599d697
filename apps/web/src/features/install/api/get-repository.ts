import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RequestContext } from '../../../lib/api-client.ts';

/** The F-Droid repository's addresses and signing-key fingerprint (GET /api/fdroid, issue 49). */
export interface RepositoryInfo {
  address: string;
  fingerprint: string;
  /** fdroidrepos://…?fingerprint=… — opens "add repository" in F-Droid and Droid-ify. */
  addUrl: string;
  /** The https form of the same link, to share or paste. */
  shareUrl: string;
}

export async function fetchRepository(request?: RequestContext): Promise<RepositoryInfo> {
  return (await api.get<{ repository: RepositoryInfo }>('/fdroid', request)).repository;
}

export const repositoryQueryOptions = () => queryOptions({ queryKey: ['fdroid', 'repository'] as const, queryFn: (context) => fetchRepository(context), staleTime: 5 * 60_000 });

export function useRepository() {
  return useQuery(repositoryQueryOptions());
}

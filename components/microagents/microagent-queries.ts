// Query options shared by the list (which prefetches details to show types and triggers) and
// the detail view, so both read one cache entry per file.

import { apiKey } from '@/components/common/worker-queries';
import { callApi } from '@/lib/messaging/worker-client';

/** Microagent files change rarely; the web UI keeps them five minutes too. */
export const MICROAGENT_STALE_MS = 5 * 60_000;

export function listQueryOptions(repositoryName: string) {
  const params = { repository_name: repositoryName };
  return {
    queryKey: apiKey('v0.listRepositoryMicroagents', params),
    queryFn: () => callApi('v0.listRepositoryMicroagents', params),
    staleTime: MICROAGENT_STALE_MS,
    // 401 and 500 answers here are about the repository and will not change on their own;
    // the views offer "Try again" instead.
    retry: false,
  } as const;
}

export function contentQueryOptions(repositoryName: string, filePath: string) {
  const params = { repository_name: repositoryName, file_path: filePath };
  return {
    queryKey: apiKey('v0.getRepositoryMicroagentContent', params),
    queryFn: () => callApi('v0.getRepositoryMicroagentContent', params),
    staleTime: MICROAGENT_STALE_MS,
    retry: false,
  } as const;
}

/**
 * The folder the service scans (docs/contract/v0-rest.md#microagent-files), for telling people
 * where to add files.
 */
export function microagentsFolderOf(repository: string, provider: string): string {
  const name = repository.split('/').pop() ?? '';
  if (provider === 'gitlab' ? name === 'openhands-config' : name === '.openhands') {
    return 'microagents/';
  }
  return '.openhands/microagents/';
}

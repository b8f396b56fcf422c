// The repository's skills from its code host, and the token stored for that host, as queries.
import { useQuery } from '@tanstack/react-query';
import type { PageContext } from '@/lib/hosts/page-context';
import { readCodeHostToken, tokenHint } from '@/lib/settings/code-host-tokens';
import { hostOriginOf, readRepositorySkills } from '@/lib/skills';

/** Skill files change rarely; unchanged files are read from memory on a refresh anyway. */
export const SKILLS_STALE_MS = 5 * 60_000;

export function skillsQueryKey(context: PageContext) {
  return ['skills', hostOriginOf(context), context.repository, context.branch ?? null] as const;
}

export function tokenQueryKey(origin: string) {
  return ['code-host-token', origin] as const;
}

export function useRepositorySkills(context: PageContext) {
  return useQuery({
    queryKey: skillsQueryKey(context),
    queryFn: async () =>
      readRepositorySkills(context, {
        // Extension pages hold the host permissions; the reader binds the token to the API.
        fetch: (url, init) => fetch(url, init),
        token: await readCodeHostToken(hostOriginOf(context)),
      }),
    staleTime: SKILLS_STALE_MS,
    // A refusal or a limit will not change by asking again at once; the views offer a retry.
    retry: false,
  });
}

/** `…abcd` of the token stored for a code-host origin, or null. */
export function useCodeHostTokenHint(origin: string) {
  return useQuery({
    queryKey: tokenQueryKey(origin),
    queryFn: async () => {
      const token = await readCodeHostToken(origin);
      return token ? tokenHint(token) : null;
    },
    staleTime: 0,
    retry: false,
  });
}

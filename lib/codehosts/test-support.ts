// What the code-host readers' tests share: the problem a failed read gave, and a reader of one
// host's stand-in (tests/service/codehosts) on a fixed clock.
import type { HostApi } from './hosts';
import type { ConditionalCache, Fetch } from './http';
import { CodeHostError, type CodeHostProblem } from './problem';
import { createPullReader } from './pulls';

/** The CodeHostProblem a read failed with; anything else fails the test. */
export async function problemOf(promise: Promise<unknown>): Promise<CodeHostProblem> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CodeHostError) return error.problem;
    throw error;
  }
  throw new Error('expected a CodeHostError');
}

/** Readers of `standIn`, with `defaultToken` unless another (or none) is given. */
export function standInReader(
  api: HostApi,
  /** A stand-in of tests/service/codehosts: where its API answers, and its own fetch. */
  standIn: { apiBase: string; fetch: Fetch },
  defaultToken: string,
  now: number,
) {
  return (token: string | null = defaultToken, cache?: ConditionalCache) =>
    createPullReader(api, {
      apiBase: standIn.apiBase,
      token,
      fetch: standIn.fetch,
      now: () => now,
      ...(cache ? { cache } : {}),
    });
}

// Signing out of the hosted service (docs/contract/device-signin.md#signing-out): the key a
// sign-in made is deleted on the service with itself, then forgotten here. A key the person pasted
// may be in use elsewhere (a script, another browser), so it is only forgotten here, never deleted
// there. The browser forgets the key whatever the service answered: signing out must not depend on
// the service being reachable.
import { toApiError } from '@/lib/api/errors';
import { callApi } from '@/lib/messaging/worker-client';
import { type CredentialsView, saveServer } from '@/lib/settings/editor';

/** What the hosted service names the key a device sign-in makes (`Device Link Access Key (<code>)`). */
const SIGN_IN_KEY_NAME = /^Device Link Access Key \(/;

export type SignOutOutcome =
  /** The service deleted the key. */
  | { kind: 'revoked' }
  /** A key the person pasted: left on the service. */
  | { kind: 'pasted' }
  /** The service no longer took the key (expired, or deleted elsewhere): nothing left there. */
  | { kind: 'dead' }
  /** The service could not be told; the key stays valid there until it expires. */
  | { kind: 'failed'; reason: string };

export interface SignOutResult {
  outcome: SignOutOutcome;
  view: CredentialsView;
}

type Call = typeof callApi;

/**
 * Tries a busy service again: the hosted service limits each user to 10 requests a second, which
 * the pages reading it right after a sign-in can use up. Waits what it asks, within reason.
 */
const ATTEMPTS = 3;
const LONGEST_WAIT_SECONDS = 10;

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function revoke(
  serverId: string,
  call: Call,
  wait: (seconds: number) => Promise<unknown>,
): Promise<SignOutOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const current = await call('v1.getCurrentApiKey', {}, serverId);
      if (!current.name || !SIGN_IN_KEY_NAME.test(current.name)) return { kind: 'pasted' };
      await call('v1.deleteApiKey', { key_id: current.id }, serverId);
      return { kind: 'revoked' };
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.kind === 'unauthorized') return { kind: 'dead' };
      if (apiError.kind === 'rate-limited' && attempt < ATTEMPTS) {
        await wait(Math.min(Math.max(apiError.retryAfter ?? 1, 1), LONGEST_WAIT_SECONDS));
        continue;
      }
      return { kind: 'failed', reason: apiError.message };
    }
  }
}

/** Deletes the server's sign-in key on the service where it can, then forgets it here. */
export async function signOut(
  server: { serverId: string; serverUrl: string },
  call: Call = callApi,
  wait: (seconds: number) => Promise<unknown> = sleep,
): Promise<SignOutResult> {
  const outcome = await revoke(server.serverId, call, wait);
  const view = await saveServer({
    serverId: server.serverId,
    serverUrl: server.serverUrl,
    apiKey: null,
  });
  return { outcome, view };
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { callApi } from '@/lib/messaging/worker-client';
import { saveServer } from '@/lib/settings/editor';
import { readStoredKey } from '@/lib/settings/secrets';
import { freshProfile } from '@/lib/settings/test-support';
import { signOut } from './sign-out';

const server = { serverId: 'default', serverUrl: 'https://app.all-hands.dev' };

function service(name: string | null, fail?: ApiError) {
  return vi.fn(async (endpoint: string) => {
    if (fail) throw fail;
    if (endpoint === 'v1.getCurrentApiKey') return { id: 7, name, auth_type: 'bearer' };
    return { message: 'API key deleted successfully' };
  }) as unknown as typeof callApi & ReturnType<typeof vi.fn>;
}

describe('signOut', () => {
  beforeEach(async () => {
    freshProfile();
    await saveServer({ ...server, apiKey: 'sk-oh-device', authScheme: 'bearer' });
  });

  it('deletes the key a sign-in made on the service, then forgets it here', async () => {
    const call = service('Device Link Access Key (K7QX4M2P)');
    const { outcome, view } = await signOut(server, call);
    expect(outcome).toEqual({ kind: 'revoked' });
    expect(call).toHaveBeenCalledWith('v1.deleteApiKey', { key_id: 7 }, 'default');
    expect(view.apiKeySet).toBe(false);
    expect(await readStoredKey('default')).toBeNull();
  });

  it('leaves a pasted key on the service: it may be in use elsewhere', async () => {
    const call = service('CI scripts');
    const { outcome } = await signOut(server, call);
    expect(outcome).toEqual({ kind: 'pasted' });
    expect(call).not.toHaveBeenCalledWith('v1.deleteApiKey', expect.anything(), expect.anything());
    expect(await readStoredKey('default')).toBeNull();
  });

  it('forgets the key here even when the service cannot be told, and says why', async () => {
    const call = service(null, new ApiError('network', 'The server could not be reached.'));
    const { outcome } = await signOut(server, call);
    expect(outcome).toEqual({ kind: 'failed', reason: 'The server could not be reached.' });
    expect(await readStoredKey('default')).toBeNull();
  });

  it('counts a key the service no longer takes as gone there', async () => {
    const call = service(null, new ApiError('unauthorized', 'The server refused the key.'));
    expect((await signOut(server, call)).outcome).toEqual({ kind: 'dead' });
  });

  it('waits out a busy service and tries again before giving up on it', async () => {
    let refusals = 1;
    const call = vi.fn(async (endpoint: string) => {
      if (refusals-- > 0) {
        throw new ApiError('rate-limited', 'Too many requests.', { retryAfter: 0 });
      }
      if (endpoint === 'v1.getCurrentApiKey') return { id: 9, name: 'Device Link Access Key (X)' };
      return { message: 'API key deleted successfully' };
    }) as unknown as typeof callApi;
    const waits: number[] = [];
    const wait = async (seconds: number) => waits.push(seconds);
    expect((await signOut(server, call, wait)).outcome).toEqual({ kind: 'revoked' });
    expect(waits).toEqual([1]);

    const busy = service(
      null,
      new ApiError('rate-limited', 'Too many requests.', { retryAfter: 60 }),
    );
    const longWaits: number[] = [];
    const result = await signOut(server, busy, async (seconds) => longWaits.push(seconds));
    expect(result.outcome).toMatchObject({ kind: 'failed' });
    expect(longWaits).toEqual([10, 10]);
  });
});

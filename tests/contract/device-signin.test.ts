// The device sign-in client (lib/api/device-signin.ts) against the reference service's stand-in
// of the hosted routes (tests/service/routes/hosted-device.ts), on real timers: the key it gets
// works as Handoff then uses it, its rhythm never earns a slow-down, and every other kind says
// plainly that it has no sign-in.
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { startDeviceSignIn, waitForDeviceSignIn } from '@/lib/api/device-signin';
import { apiFailure } from '@/lib/api/testing/failure';
import { referenceServers } from '../support/reference-services';

const servers = referenceServers();

afterAll(async () => {
  await servers.stopAll();
});

describe('signing in to the hosted kind', () => {
  it('gets a key that works as Handoff sends keys to the hosted service', async () => {
    const { service } = await servers.get('hosted');
    const config = { baseUrl: service.url };
    const signIn = await startDeviceSignIn(config);
    expect(signIn.verificationUrl).toBe(
      `${service.url}/oauth/device/verify?user_code=${signIn.userCode}`,
    );
    await service.admin.approveDeviceCode({ userCode: signIn.userCode });
    const key = await waitForDeviceSignIn(config, signIn);
    expect(key).toMatch(/^sk-oh-/);
    const client = createApiClient({ baseUrl: service.url, apiKey: key, authScheme: 'bearer' });
    await expect(client.call('v1.getSettings', {})).resolves.toBeTruthy();
  });

  it('waits for the approval at the pace the service asks, without a slow-down', async () => {
    const { service } = await servers.get('hosted');
    const config = { baseUrl: service.url };
    const signIn = await startDeviceSignIn(config);
    const waiting = waitForDeviceSignIn(config, signIn);
    // The first poll goes at once and finds the code waiting; the person approves after it.
    const polled = async () =>
      (await service.admin.deviceCodes()).find((code) => code.user_code === signIn.userCode)
        ?.polled;
    await expect.poll(polled).toBe(true);
    await service.admin.approveDeviceCode({ userCode: signIn.userCode });
    await expect(waiting).resolves.toMatch(/^sk-oh-/);
    const code = (await service.admin.deviceCodes()).find((c) => c.user_code === signIn.userCode);
    expect(code?.interval).toBe(5);
  }, 15_000);

  it('ends in words when the code is refused or expires, or when cancelled', async () => {
    const { service } = await servers.get('hosted');
    const config = { baseUrl: service.url };

    const refused = await startDeviceSignIn(config);
    await service.admin.denyDeviceCode(refused.userCode);
    const denial = await apiFailure(waitForDeviceSignIn(config, refused));
    expect(denial.signIn).toBe('refused');

    const stale = await startDeviceSignIn(config);
    await service.admin.expireDeviceCode(stale.userCode);
    const expiry = await apiFailure(waitForDeviceSignIn(config, stale));
    expect(expiry.signIn).toBe('expired');
    expect(expiry.message).toBe(
      'The sign-in code expired before it was approved. Start again for a new code.',
    );

    const abandoned = await startDeviceSignIn(config);
    const controller = new AbortController();
    const waiting = waitForDeviceSignIn(config, abandoned, { signal: controller.signal });
    controller.abort();
    expect((await apiFailure(waiting)).kind).toBe('aborted');
  });
});

describe('the other kinds', () => {
  it.each(['v1', 'agent'] as const)('%s says it has no sign-in, with what to do', async (kind) => {
    const { service } = await servers.get(kind);
    const error = await apiFailure(startDeviceSignIn({ baseUrl: service.url }));
    expect(error.signIn).toBe('unavailable');
    expect(error.message).toMatch(/does not offer signing in with a code.*Paste an API key/);
  });
});

// The hosted kind's device sign-in (routes/hosted-device.ts, docs/contract/device-signin.md):
// upstream's oauth_device routes, answers and order of checks, the admin helper's stand-ins for
// the approval page, and the key it gives taken like any key by the hosted kind's routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceData } from './core/state';
import type { RunningService } from './index';
import { hostedOrgs, hostedUser } from './routes/hosted';
import { DeviceSignIn } from './routes/hosted-device';
import { call, startTestService } from './test-support';

type Json = Record<string, unknown>;

const apiKey = 'sk-oh-configured-key';
let svc: RunningService;
const at = (path: string) => `${svc.url}${path}`;

beforeAll(async () => {
  svc = await startTestService({ server: 'hosted', apiKey });
});

afterAll(async () => {
  await svc?.stop();
});

async function newCode() {
  const r = await call<Json>(at('/oauth/device/authorize'), { method: 'POST' });
  expect(r.status).toBe(200);
  return r.body as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  };
}

function poll(deviceCode: string) {
  return call<Json>(at('/oauth/device/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: deviceCode,
    }).toString(),
  });
}

/** The key of an approved code: its first poll is never too soon. */
async function keyOf(deviceCode: string): Promise<string> {
  const r = await poll(deviceCode);
  expect(r.status).toBe(200);
  return String(r.body.access_token);
}

describe('asking for a code', () => {
  it('needs no credential and answers a code, its approval page, ten minutes and five seconds', async () => {
    const r = await call<Json>(at('/oauth/device/authorize'), {
      method: 'POST',
      headers: { Origin: 'chrome-extension://abcdefghijklmnop' },
    });
    expect(r.status).toBe(200);
    // Credential-less device routes get the permissive CORS policy upstream gives them.
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const code = r.body as Record<string, string | number>;
    expect(Object.keys(code).sort()).toEqual([
      'device_code',
      'expires_in',
      'interval',
      'user_code',
      'verification_uri',
      'verification_uri_complete',
    ]);
    expect(code.device_code).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(code.user_code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    expect(code.verification_uri).toBe(`${svc.url}/oauth/device/verify`);
    expect(code.verification_uri_complete).toBe(
      `${svc.url}/oauth/device/verify?user_code=${code.user_code}`,
    );
    expect(code.expires_in).toBe(600);
    expect(code.interval).toBe(5);
    // Any body is ignored.
    expect((await call(at('/oauth/device/authorize'), { method: 'POST', json: {} })).status).toBe(
      200,
    );
  });
});

describe('polling for the key', () => {
  it('takes only a form with the device code', async () => {
    const missing = {
      detail: [
        { type: 'missing', loc: ['body', 'device_code'], msg: 'Field required', input: null },
      ],
    };
    for (const init of [
      { method: 'POST' },
      { method: 'POST', json: { device_code: 'x' } },
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'device_code=',
      },
    ]) {
      const r = await call(at('/oauth/device/token'), init);
      expect(r.status).toBe(422);
      expect(r.body).toEqual(missing);
    }
  });

  it('refuses an unknown code', async () => {
    const r = await poll('nope');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid device code',
      interval: null,
    });
  });

  it('says the code waits, then slows a poll that comes too soon', async () => {
    const code = await newCode();
    const first = await poll(code.device_code);
    expect(first.status).toBe(400);
    expect(first.body).toEqual({
      error: 'authorization_pending',
      error_description: 'User has not yet completed authorization',
      interval: null,
    });
    const second = await poll(code.device_code);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      error: 'slow_down',
      error_description: 'Polling too frequently. Wait at least 10 seconds between requests.',
      interval: 10,
    });
    expect((await svc.admin.deviceCodes()).find((c) => c.user_code === code.user_code)).toEqual({
      user_code: code.user_code,
      status: 'pending',
      seconds_left: expect.any(Number),
      interval: 10,
      polled: true,
    });
  });

  it('hands over the key once the person approved, and the key works as Bearer', async () => {
    const code = await newCode();
    const approved = await svc.admin.approveDeviceCode({ userCode: code.user_code });
    expect(approved.status).toBe('authorized');
    const r = await poll(code.device_code);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      access_token: expect.stringMatching(/^sk-oh-[A-Za-z0-9]{32}$/),
      token_type: 'Bearer',
      expires_in: null,
    });
    const key = String((r.body as Json).access_token);
    expect(key).not.toBe(apiKey);
    const bearer = { Authorization: `Bearer ${key}` };
    expect((await call(at('/api/v1/settings'), { headers: bearer })).status).toBe(200);
    expect(
      (await call(at('/api/v1/app-conversations/search?limit=1'), { headers: bearer })).status,
    ).toBe(200);
    // The key is the user's own: its organisation is the one current when it was approved.
    const mine = await call(at('/api/v1/settings'), {
      headers: { ...bearer, 'X-Org-Id': hostedUser.personalOrgId },
    });
    expect(mine.status).toBe(200);
    const other = hostedOrgs.find((org) => !org.personal)?.id ?? '';
    const elsewhere = await call(at('/api/v1/settings'), {
      headers: { ...bearer, 'X-Org-Id': other },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({
      detail: 'API key is not authorized for this organization',
    });
    // The configured key is not bound: it may act in either.
    const configured = await call(at('/api/v1/settings'), {
      headers: { Authorization: `Bearer ${apiKey}`, 'X-Org-Id': other },
    });
    expect(configured.status).toBe(200);
  });

  it('binds the key to the organisation picked on the approval page', async () => {
    const acme = hostedOrgs.find((org) => !org.personal)?.id ?? '';
    const code = await newCode();
    await svc.admin.approveDeviceCode({ orgId: acme });
    const key = await keyOf(code.device_code);
    expect(key).toMatch(/^sk-oh-/);
    const headers = (org: string) => ({ Authorization: `Bearer ${key}`, 'X-Org-Id': org });
    expect((await call(at('/api/v1/settings'), { headers: headers(acme) })).status).toBe(200);
    expect(
      (await call(at('/api/v1/settings'), { headers: headers(hostedUser.personalOrgId) })).status,
    ).toBe(403);
  });

  it('says when the code was refused or has expired', async () => {
    const refused = await newCode();
    await svc.admin.denyDeviceCode(refused.user_code);
    const denied = await poll(refused.device_code);
    expect(denied.status).toBe(400);
    expect(denied.body).toEqual({
      error: 'access_denied',
      error_description: 'User denied the authorization request',
      interval: null,
    });

    const stale = await newCode();
    await svc.admin.expireDeviceCode(stale.user_code);
    const expired = await poll(stale.device_code);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      error: 'expired_token',
      error_description: 'Device code has expired',
      interval: null,
    });
    // Approving on the web page is refused in upstream's words once a code is no longer waiting.
    await expect(svc.admin.approveDeviceCode({ userCode: stale.user_code })).rejects.toThrow(
      /400: .*This device code has already been processed\./,
    );
    await expect(svc.admin.approveDeviceCode({ userCode: 'NOPE2345' })).rejects.toThrow(
      /400: .*The device code is invalid or has expired\./,
    );
  });

  it('refuses a key once its week is over', async () => {
    const code = await newCode();
    await svc.admin.approveDeviceCode({ userCode: code.user_code });
    const key = await keyOf(code.device_code);
    const bearer = { Authorization: `Bearer ${key}` };
    expect((await call(at('/api/v1/settings'), { headers: bearer })).status).toBe(200);
    expect(await svc.admin.expireDeviceKeys()).toBeGreaterThan(0);
    const refused = await call(at('/api/v1/settings'), { headers: bearer });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'NoCredentialsError' });
    // The configured key is untouched.
    expect(
      (await call(at('/api/v1/settings'), { headers: { Authorization: `Bearer ${apiKey}` } }))
        .status,
    ).toBe(200);
  });
});

describe('the other kinds', () => {
  it('have no device sign-in and no controls for it', async () => {
    const v1 = await startTestService({ server: 'v1' });
    try {
      const r = await call(`${v1.url}/oauth/device/authorize`, { method: 'POST' });
      expect(r.status).toBe(405);
      expect(r.body).toEqual({ detail: 'Method Not Allowed' });
      await expect(v1.admin.deviceCodes()).rejects.toThrow(/404/);
    } finally {
      await v1.stop();
    }
  });
});

describe('the rules over time', () => {
  function fakeService() {
    let now = 1_000_000;
    const host = { data: {} as ServiceData, persist: () => {} };
    const signIn = new DeviceSignIn(host, () => now);
    return {
      signIn,
      host,
      advance: (seconds: number) => {
        now += seconds * 1000;
      },
    };
  }
  const errorOf = (response: ReturnType<DeviceSignIn['token']>) =>
    (JSON.parse(String(response.body)) as Json).error;

  it('measures the interval from the last poll, slow-downs included, up to a minute', () => {
    const { signIn, advance } = fakeService();
    const code = signIn.authorize('https://app.example');
    expect(errorOf(signIn.token(code.device_code))).toBe('authorization_pending');
    advance(4.9);
    expect(errorOf(signIn.token(code.device_code))).toBe('slow_down');
    // The slow-down counted as a poll and raised the interval to 10.
    advance(9.9);
    expect(errorOf(signIn.token(code.device_code))).toBe('slow_down');
    advance(15);
    expect(errorOf(signIn.token(code.device_code))).toBe('authorization_pending');
    for (let i = 0; i < 20; i++) signIn.token(code.device_code);
    expect(signIn.describe()[0]?.interval).toBe(60);
  });

  it('answers the same key until the code expires, then that it expired', () => {
    const { signIn, advance } = fakeService();
    const code = signIn.authorize('https://app.example');
    signIn.approve(code.user_code);
    const first = signIn.token(code.device_code);
    advance(5);
    const again = signIn.token(code.device_code);
    expect(first.status).toBe(200);
    expect(again.body).toBe(first.body);
    advance(600);
    expect(errorOf(signIn.token(code.device_code))).toBe('expired_token');
  });

  it('slows a poll that comes too soon even when the code is over', () => {
    const { signIn, advance } = fakeService();
    const code = signIn.authorize('https://app.example');
    signIn.deny(code.user_code);
    expect(errorOf(signIn.token(code.device_code))).toBe('access_denied');
    advance(1);
    expect(errorOf(signIn.token(code.device_code))).toBe('slow_down');
  });

  it('keeps a key valid for seven days', () => {
    const { signIn, advance, host } = fakeService();
    const code = signIn.authorize('https://app.example');
    signIn.approve(code.user_code);
    const key = host.data.device_sign_in?.keys[0]?.key ?? '';
    expect(signIn.keyInfo(key)).toEqual({ valid: true, orgId: hostedUser.personalOrgId });
    advance(7 * 24 * 3600 - 1);
    expect(signIn.keyInfo(key)?.valid).toBe(true);
    advance(1);
    expect(signIn.keyInfo(key)?.valid).toBe(false);
    expect(signIn.keyInfo('sk-oh-someone-else')).toBeNull();
  });
});

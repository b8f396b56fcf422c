// The hosted kind's key routes (routes/hosted-keys.ts): which key a request was made with, and
// deleting one, as upstream's api_keys.py answers them; a deleted key is refused like an unknown one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { hostedOrgs, hostedUser } from './routes/hosted';
import { call, startTestService } from './test-support';

type Json = Record<string, unknown>;

const apiKey = 'sk-oh-configured-key';
const acme = hostedOrgs.find((org) => !org.personal)?.id as string;
let svc: RunningService;
const at = (path: string) => `${svc.url}${path}`;

beforeEach(async () => {
  svc = await startTestService({ server: 'hosted', apiKey, rateLimit: false });
});

afterEach(async () => {
  await svc?.stop();
});

/** A device sign-in's key, approved for `orgId`. */
async function deviceKey(orgId?: string): Promise<string> {
  const code = await call<Json>(at('/oauth/device/authorize'), { method: 'POST' });
  await svc.admin.approveDeviceCode({
    userCode: String(code.body.user_code),
    ...(orgId ? { orgId } : {}),
  });
  const token = await call<Json>(at('/oauth/device/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ device_code: String(code.body.device_code) }).toString(),
  });
  return String(token.body.access_token);
}

const bearer = (key: string, extra: Record<string, string> = {}) => ({
  headers: { Authorization: `Bearer ${key}`, ...extra },
});

describe('GET /api/keys/current', () => {
  it('names a device key, its bound organisation and the user', async () => {
    const key = await deviceKey(acme);
    const r = await call<Json>(at('/api/keys/current'), bearer(key));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: 2,
      name: expect.stringMatching(/^Device Link Access Key \([A-Z2-9]{8}\)$/),
      org_id: acme,
      bound_org_id: acme,
      user_id: hostedUser.id,
      auth_type: 'bearer',
    });
  });

  it('takes the key from the other headers too, and an unbound key acts where X-Org-Id says', async () => {
    const r = await call<Json>(at('/api/keys/current'), {
      headers: { 'X-Session-API-Key': apiKey, 'X-Org-Id': acme },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 1, name: null, org_id: acme, bound_org_id: null });
    const plain = await call<Json>(at('/api/keys/current'), bearer(apiKey));
    expect(plain.body.org_id).toBe(hostedUser.personalOrgId);
  });

  it('refuses a browser session and a request without any credential', async () => {
    const { cookie } = await svc.admin.hostedSession();
    const r = await call<Json>(at('/api/keys/current'), { headers: { Cookie: cookie } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      'This endpoint requires API key authentication. Not available for cookie-based auth.',
    );
    const none = await call<Json>(at('/api/keys/current'));
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'NoCredentialsError' });
  });
});

describe('DELETE /api/keys/{key_id}', () => {
  it('deletes a device key with itself; the key is refused from then on', async () => {
    const key = await deviceKey();
    const current = await call<Json>(at('/api/keys/current'), bearer(key));
    const r = await call<Json>(at(`/api/keys/${current.body.id}`), {
      method: 'DELETE',
      ...bearer(key),
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'API key deleted successfully' });
    const after = await call<Json>(at('/api/keys/current'), bearer(key));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'NoCredentialsError' });
    expect((await svc.admin.deviceKeys())[0]?.status).toBe('deleted');
    // The configured key still works.
    expect((await call(at('/api/keys/current'), bearer(apiKey))).status).toBe(200);
  });

  it('answers 404 for a key not listed in the effective organisation, 422 for an id that is not a number', async () => {
    const acmeKey = await deviceKey(acme);
    // Acting in the personal organisation, the Acme-bound key is not listed.
    const r = await call<Json>(at('/api/keys/2'), {
      method: 'DELETE',
      ...bearer(apiKey),
    });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'API key not found' });
    expect((await call(at('/api/keys/current'), bearer(acmeKey))).status).toBe(200);
    const bad = await call<Json>(at('/api/keys/first'), { method: 'DELETE', ...bearer(apiKey) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('int_parsing');
  });

  it('deletes the configured key too, after which it is refused', async () => {
    const r = await call<Json>(at('/api/keys/1'), { method: 'DELETE', ...bearer(apiKey) });
    expect(r.status).toBe(200);
    expect((await call(at('/api/v1/app-conversations/search'), bearer(apiKey))).status).toBe(401);
  });
});

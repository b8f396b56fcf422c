// The hosted service's device sign-in (docs/contract/device-signin.md): upstream
// enterprise/server/routes/oauth_device.py with enterprise/storage/device_code.py and
// device_code_store.py (OpenHands history as mirrored in tooniez/OpenDevin at 7db8bd4d9; the same
// in OpenHands/enterprise server/routes/oauth_device.py at 1c28b722).
//   `POST /oauth/device/authorize` takes nothing and answers a new code: a 128-character
//   `device_code`, an 8-character `user_code`, the approval page `<web url>/oauth/device/verify`
//   (and with `?user_code=`), `expires_in` 600 and `interval` 5.
//   `POST /oauth/device/token` takes the form field `device_code` and answers, in this order:
//   unknown code → 400 `invalid_grant`; less than the code's interval since its last poll →
//   400 `slow_down` with the interval raised by 5 (at most 60), which also counts as a poll;
//   past its 10 minutes → 400 `expired_token`; refused → `access_denied`; waiting →
//   `authorization_pending`; approved → 200 with the key, again on every later poll.
//   Refusals are `{"error", "error_description", "interval"}`, `interval` null but in slow_down.
// Approving (the web app's `POST /oauth/device/verify-authenticated`, not played: the admin helper
// stands for the person's click) creates an API key `sk-oh-…` named
// `Device Link Access Key (<user_code>)`, bound to the organisation the person had picked, valid
// 7 days (enterprise/storage/api_key_store.py `create_api_key`, `validate_api_key`). The hosted
// auth takes it like any key; a bound key with another organisation in `X-Org-Id` is 403.
// Upstream refuses a code only when it cannot create the key; the admin helper's refusal plays
// that. The web address is the one the request came to (upstream: the configured `web_url`).
import { randomInt } from 'node:crypto';
import type { ServiceHost } from '../core/host';
import { json, type ServiceResponse } from '../http/respond';
import { defineRoute, type Incoming, type Route } from '../http/router';
import { hostedOrgs, hostedUser } from './hosted';

/** One code as upstream's `device_codes` table keeps it; times in milliseconds. */
export interface DeviceCodeRecord {
  device_code: string;
  user_code: string;
  status: 'pending' | 'authorized' | 'denied';
  created_at: number;
  expires_at: number;
  last_poll_time: number | null;
  /** Seconds; raised by every slow_down. */
  current_interval: number;
}

/** An API key a device sign-in created. */
export interface DeviceKeyRecord {
  /** Its id among the user's keys (routes/hosted-keys.ts); absent in older files. */
  id?: number;
  key: string;
  name: string;
  /** The organisation it is bound to (`X-Org-Id` naming another one is refused). */
  org_id: string;
  expires_at: number;
  /** `DELETE /api/keys/{id}` removed it: refused from then on. */
  deleted?: boolean;
}

export interface DeviceSignInRecord {
  codes: Record<string, DeviceCodeRecord>;
  keys: DeviceKeyRecord[];
  /** The configured key (id 1, routes/hosted-keys.ts) was deleted. */
  configured_key_deleted?: boolean;
}

/** Device keys' ids follow the configured key's (1): the first sign-in's key is 2. */
const FIRST_DEVICE_KEY_ID = 2;

const CODE_LIFETIME_SECONDS = 600;
const FIRST_INTERVAL_SECONDS = 5;
const LONGEST_INTERVAL_SECONDS = 60;
const KEY_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const USER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** `_oauth_error`: the refusal model dumped whole, `interval` null unless given. */
function oauthError(
  status: number,
  error: string,
  description: string,
  interval: number | null = null,
): ServiceResponse {
  return json({ error, error_description: description, interval }, status);
}

/** Why an admin action on a code could not be done, in upstream's words where it has them. */
export class DeviceCodeProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class DeviceSignIn {
  constructor(
    private readonly host: Pick<ServiceHost, 'data' | 'persist'>,
    private readonly now: () => number = Date.now,
  ) {}

  private get record(): DeviceSignInRecord {
    this.host.data.device_sign_in ??= { codes: {}, keys: [] };
    return this.host.data.device_sign_in;
  }

  /** `device_authorization`: a new code, its approval page on `webUrl`. */
  authorize(webUrl: string) {
    const codes = this.record.codes;
    const taken = new Set(Object.values(codes).map((code) => code.user_code));
    let userCode = randomText(USER_CODE_ALPHABET, 8);
    while (taken.has(userCode)) userCode = randomText(USER_CODE_ALPHABET, 8);
    const now = this.now();
    const code: DeviceCodeRecord = {
      device_code: randomText(ALPHANUMERIC, 128),
      user_code: userCode,
      status: 'pending',
      created_at: now,
      expires_at: now + CODE_LIFETIME_SECONDS * 1000,
      last_poll_time: null,
      current_interval: FIRST_INTERVAL_SECONDS,
    };
    codes[code.device_code] = code;
    this.host.persist();
    const verification = `${webUrl}/oauth/device/verify`;
    return {
      device_code: code.device_code,
      user_code: code.user_code,
      verification_uri: verification,
      verification_uri_complete: `${verification}?user_code=${code.user_code}`,
      expires_in: CODE_LIFETIME_SECONDS,
      interval: code.current_interval,
    };
  }

  /** `device_token`: one poll, answered in upstream's order of checks. */
  token(deviceCode: string): ServiceResponse {
    const code = this.record.codes[deviceCode];
    if (!code) return oauthError(400, 'invalid_grant', 'Invalid device code');
    const now = this.now();
    const tooSoon =
      code.last_poll_time !== null && (now - code.last_poll_time) / 1000 < code.current_interval;
    code.last_poll_time = now;
    if (tooSoon) {
      code.current_interval = Math.min(code.current_interval + 5, LONGEST_INTERVAL_SECONDS);
      this.host.persist();
      return oauthError(
        400,
        'slow_down',
        `Polling too frequently. Wait at least ${code.current_interval} seconds between requests.`,
        code.current_interval,
      );
    }
    this.host.persist();
    if (now > code.expires_at) return oauthError(400, 'expired_token', 'Device code has expired');
    if (code.status === 'denied') {
      return oauthError(400, 'access_denied', 'User denied the authorization request');
    }
    if (code.status === 'pending') {
      return oauthError(400, 'authorization_pending', 'User has not yet completed authorization');
    }
    const key = this.record.keys.find((entry) => entry.name === keyName(code.user_code));
    if (!key) return oauthError(500, 'server_error', 'API key not found');
    return json({ access_token: key.key, token_type: 'Bearer', expires_in: null });
  }

  /** The code a user code names, or the newest one still waiting when none is named. */
  private find(userCode: string | undefined): DeviceCodeRecord {
    const codes = Object.values(this.record.codes);
    if (userCode !== undefined) {
      const code = codes.find((entry) => entry.user_code === userCode);
      if (!code) throw new DeviceCodeProblem(400, 'The device code is invalid or has expired.');
      return code;
    }
    const waiting = codes
      .filter((entry) => this.isPending(entry))
      .sort((a, b) => b.created_at - a.created_at)[0];
    if (!waiting) throw new DeviceCodeProblem(404, 'No sign-in code is waiting for approval');
    return waiting;
  }

  private isPending(code: DeviceCodeRecord): boolean {
    return code.status === 'pending' && this.now() <= code.expires_at;
  }

  /**
   * The person's "Authorize Device" on the approval page (`device_verification_authenticated`):
   * only a waiting code, then the key, bound to `orgId` (default: the user's current one).
   */
  approve(userCode?: string, orgId: string = hostedUser.personalOrgId): DeviceCodeRecord {
    const code = this.find(userCode);
    if (!this.isPending(code)) {
      throw new DeviceCodeProblem(400, 'This device code has already been processed.');
    }
    if (!hostedOrgs.some((org) => org.id === orgId)) {
      throw new DeviceCodeProblem(422, `The user is not a member of the organisation ${orgId}`);
    }
    code.status = 'authorized';
    this.record.keys.push({
      id: FIRST_DEVICE_KEY_ID + this.record.keys.length,
      key: `sk-oh-${randomText(ALPHANUMERIC, 32)}`,
      name: keyName(code.user_code),
      org_id: orgId,
      expires_at: this.now() + KEY_LIFETIME_MS,
    });
    this.host.persist();
    return code;
  }

  /** What upstream does when it cannot create the key after an approval: the code is refused. */
  deny(userCode?: string): DeviceCodeRecord {
    const code = this.find(userCode);
    if (!this.isPending(code)) {
      throw new DeviceCodeProblem(400, 'This device code has already been processed.');
    }
    code.status = 'denied';
    this.host.persist();
    return code;
  }

  /** Ten minutes passing at once: the code's expiry is now behind it. */
  expire(userCode?: string): DeviceCodeRecord {
    const code = this.find(userCode);
    code.expires_at = this.now() - 1;
    this.host.persist();
    return code;
  }

  /** A week passing at once for every key a sign-in created. */
  expireKeys(): number {
    for (const key of this.record.keys) key.expires_at = this.now() - 1;
    this.host.persist();
    return this.record.keys.length;
  }

  /** A key a sign-in created, and whether it is still valid; null for any other key. */
  keyInfo(key: string): { valid: boolean; orgId: string } | null {
    const found = this.findKey(key);
    return found ? { valid: found.valid, orgId: found.orgId } : null;
  }

  /** A key a sign-in created, as the key routes see it; null for any other key. */
  findKey(key: string): { id: number; name: string; orgId: string; valid: boolean } | null {
    const keys = this.host.data.device_sign_in?.keys ?? [];
    const index = keys.findIndex((entry) => entry.key === key);
    const found = keys[index];
    if (!found) return null;
    return {
      id: found.id ?? FIRST_DEVICE_KEY_ID + index,
      name: found.name,
      orgId: found.org_id,
      valid: !found.deleted && this.now() < found.expires_at,
    };
  }

  /** The keys sign-ins created that are neither deleted nor expired. */
  liveKeys(): { id: number; name: string; orgId: string }[] {
    return (this.host.data.device_sign_in?.keys ?? [])
      .map((entry, index) => ({ entry, id: entry.id ?? FIRST_DEVICE_KEY_ID + index }))
      .filter(({ entry }) => !entry.deleted && this.now() < entry.expires_at)
      .map(({ entry, id }) => ({ id, name: entry.name, orgId: entry.org_id }));
  }

  deleteKey(id: number): void {
    const keys = this.record.keys;
    const index = keys.findIndex((entry, at) => (entry.id ?? FIRST_DEVICE_KEY_ID + at) === id);
    const found = keys[index];
    if (found) found.deleted = true;
    this.host.persist();
  }

  /** The configured key (routes/hosted-keys.ts) is gone once deleted. */
  get configuredKeyDeleted(): boolean {
    return this.host.data.device_sign_in?.configured_key_deleted === true;
  }

  deleteConfiguredKey(): void {
    this.record.configured_key_deleted = true;
    this.host.persist();
  }

  /** For the admin helper: every key a sign-in made, without the key itself. */
  describeKeys() {
    return (this.host.data.device_sign_in?.keys ?? []).map((entry, index) => ({
      id: entry.id ?? FIRST_DEVICE_KEY_ID + index,
      name: entry.name,
      org_id: entry.org_id,
      status: entry.deleted ? 'deleted' : this.now() < entry.expires_at ? 'valid' : 'expired',
    }));
  }

  /** For the admin helper: every code, without the secret that collects its key. */
  describe() {
    return Object.values(this.record.codes)
      .sort((a, b) => a.created_at - b.created_at)
      .map((code) => ({
        user_code: code.user_code,
        status: this.now() > code.expires_at ? 'expired' : code.status,
        seconds_left: Math.max(0, Math.round((code.expires_at - this.now()) / 1000)),
        interval: code.current_interval,
        polled: code.last_poll_time !== null,
      }));
  }
}

function keyName(userCode: string): string {
  return `Device Link Access Key (${userCode})`;
}

function header(req: Incoming, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function deviceSignInRoutes(device: DeviceSignIn): Route[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/oauth/device/authorize',
      auth: 'none',
      contract: { source: 'cloud' },
      handle: ({ req }) => device.authorize(`http://${header(req, 'host') ?? req.url.host}`),
    }),
    defineRoute<Record<string, never>, Record<string, never>, Record<'device_code', string>>({
      method: 'POST',
      path: '/oauth/device/token',
      auth: 'none',
      contract: { source: 'cloud' },
      body: { kind: 'form', fields: ['device_code'] },
      handle: ({ body }) => device.token(body.device_code),
    }),
  ];
}

// The hosted service's multi-user layer (upstream enterprise/saas_server.py and enterprise/server
// at 11ca68ab2): its auth, per-user rate limit, organisations and CORS, on top of the 1.x app
// server's routes.
//   Auth, in the order upstream applies it: the auth-cookie middleware refuses any `/api` request
//   that carries no credential at all (`Authorization: Bearer`, `X-Session-API-Key`,
//   `X-Access-Token`, the `keycloak_auth` or `api_key` cookie) before routing, with
//   401 `{"error": "NoCredentialsError"}`. A matched route then validates the key (the first of
//   Bearer, `X-Session-API-Key`, `X-Access-Token`, the `api_key` cookie), falling back to the
//   browser session cookie; nothing valid is the same 401. An expired browser session is
//   401 `{"error": "ExpiredError"}`.
//   Rate limit: 10 requests a second and 100 a minute per user (fixed windows), beyond which a
//   429 `{"error": "Rate limit exceeded: …"}` carries `X-RateLimit-*` and `Retry-After`.
//   Organisations: `X-Org-Id` picks one per request; not a UUID → 400, not a member → 403.
//   CORS: requests that carry an API key (or preflights asking to send one) get `*` without
//   credentials; the rest only the configured origins.
import { randomKey } from '../core/ids';
import { CorsPolicy } from '../http/listener';
import { int, opt, str } from '../http/pydantic';
import { HttpError, httpException, json, type ServiceResponse } from '../http/respond';
import { defineRoute, type Incoming, queryModel, type Route } from '../http/router';
import { defaultAgentSettings, defaultConversationSettings } from '../v1/settings';
import type { RouteHost } from './common';

const userId = '5f0c2d8e-3b1a-4c6d-9e7f-1a2b3c4d5e6f';

/** The one user the hosted kind serves. A personal organisation shares the user's id. */
export const hostedUser = {
  id: userId,
  email: 'octocat@example.com',
  personalOrgId: userId,
  personalOrgName: 'octocat',
};

/** Organisations the user belongs to, in the order of their names. */
export const hostedOrgs = [
  { id: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f', name: 'Acme Engineering', personal: false },
  { id: userId, name: hostedUser.personalOrgName, personal: true },
];

function header(req: Incoming, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookies(req: Incoming): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return jar;
}

/** The `keycloak_auth` cookie, which the web app may split into numbered chunks. */
function sessionCookie(req: Incoming): string | null {
  const jar = cookies(req);
  const whole = jar.get('keycloak_auth');
  if (whole !== undefined) return whole;
  let joined = '';
  for (let i = 0; jar.has(`keycloak_auth_${i}`); i++) joined += jar.get(`keycloak_auth_${i}`);
  return joined || null;
}

/** `get_api_key_from_header`: Bearer first, then the two other headers, then the cookie. */
export function offeredKey(req: Incoming): string | null {
  const authorization = header(req, 'authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.replace('Bearer ', '');
  return (
    header(req, 'x-session-api-key') ||
    header(req, 'x-access-token') ||
    cookies(req).get('api_key') ||
    null
  );
}

/** Paths the auth-cookie middleware lets through without any credential (`_should_attach`). */
const openPaths = new Set([
  '/api/options/config',
  '/api/keycloak/callback',
  '/api/billing/success',
  '/api/billing/cancel',
  '/api/billing/customer-setup-success',
  '/api/billing/stripe-webhook',
  '/api/email/resend',
  '/api/organizations/members/invite/accept',
  '/oauth/device/authorize',
  '/oauth/device/token',
  '/api/v1/web-client/config',
]);

function guarded(req: Incoming): boolean {
  if (req.method === 'OPTIONS') return false;
  const path = req.path;
  if (openPaths.has(path)) return false;
  for (const prefix of ['/api/shared-conversations', '/api/shared-events', '/api/v1/webhooks/']) {
    if (path.startsWith(prefix)) return false;
  }
  if (path.startsWith('/api/service/')) return false;
  return path.startsWith('/api') || path.startsWith('/mcp');
}

/** Python's `UUID(value)` as hex, or null where it raises. */
function uuidHex(value: string): string | null {
  const hex = value
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1')
    .replaceAll('-', '');
  return /^[0-9a-fA-F]{32}$/.test(hex) ? hex.toLowerCase() : null;
}

/** The organisation `X-Org-Id` names, as the user's organisation id; null when none or not one. */
export function requestedOrg(req: Incoming): string | null {
  const requested = header(req, 'x-org-id');
  const hex = requested ? uuidHex(requested) : null;
  return hostedOrgs.find((org) => org.id.replaceAll('-', '') === hex)?.id ?? null;
}

/** One `limits` fixed window: it opens at the first hit and lasts `seconds`. */
class FixedWindow {
  private openedAt = 0;
  private count = 0;

  constructor(
    readonly limit: number,
    readonly seconds: number,
    readonly description: string,
  ) {}

  /** Counts the hit (a refused one too) and says whether it is within the limit. */
  hit(now: number): boolean {
    if (now >= this.openedAt + this.seconds * 1000) {
      this.openedAt = now;
      this.count = 0;
    }
    this.count++;
    return this.count <= this.limit;
  }

  headers(now: number): Record<string, string> {
    const reset = (this.openedAt + this.seconds * 1000) / 1000;
    const remaining = Math.max(0, this.limit - this.count);
    const headers: Record<string, string> = {
      'x-ratelimit-limit': this.description,
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.trunc(reset)),
    };
    if (remaining === 0) headers['retry-after'] = String(Math.trunc(reset - now / 1000));
    return headers;
  }
}

export class HostedAuth {
  /** The web app's browser session (the signed `keycloak_auth` cookie). */
  readonly sessionToken = randomKey(32);
  sessionExpired = false;
  private readonly windows = [
    new FixedWindow(10, 1, '10 per 1 second'),
    new FixedWindow(100, 60, '100 per 1 minute'),
  ];

  constructor(
    private readonly apiKey: () => string | null,
    private readonly rateLimited: () => boolean,
    /** A key a device sign-in created (routes/hosted-device.ts): valid for a week, bound. */
    private readonly deviceKey: (key: string) => { valid: boolean; orgId: string } | null = () =>
      null,
    /** The configured key was deleted (`DELETE /api/keys/1`, routes/hosted-keys.ts). */
    private readonly configuredDeleted: () => boolean = () => false,
  ) {}

  /** The auth-cookie middleware, outermost: a request without any credential ends here. */
  middleware(req: Incoming): ServiceResponse | null {
    if (!guarded(req)) return null;
    const cookie = sessionCookie(req);
    const authorization = header(req, 'authorization');
    const anyCredential =
      cookie !== null ||
      authorization?.startsWith('Bearer ') ||
      header(req, 'x-session-api-key') !== undefined ||
      header(req, 'x-access-token') !== undefined ||
      cookies(req).has('api_key');
    if (!anyCredential) return json({ error: 'NoCredentialsError' }, 401);
    // A cookie that is not one of the service's signed sessions fails its signature check.
    if (cookie !== null && cookie !== this.sessionToken) {
      return json({ error: 'Invalid authentication token' }, 401);
    }
    return null;
  }

  /** `SaasUserAuth.get_instance` and the per-user rate limit, then the organisation. */
  authorize(req: Incoming, withOrganisation: boolean): void {
    const key = offeredKey(req);
    const expected = this.apiKey();
    // A key from a device sign-in is known to the service, so only its week decides; any other
    // key is the configured one, or any at all when none is configured.
    const device = key === null ? null : this.deviceKey(key);
    const keyValid =
      key !== null &&
      (device
        ? device.valid
        : !this.configuredDeleted() && (expected === null || key === expected));
    if (!keyValid) {
      if (sessionCookie(req) !== this.sessionToken) {
        throw new HttpError(json({ error: 'NoCredentialsError' }, 401));
      }
      if (this.sessionExpired) throw new HttpError(json({ error: 'ExpiredError' }, 401));
    }
    if (this.rateLimited()) this.countRequest();
    if (withOrganisation) this.checkOrganisation(req, keyValid && device ? device.orgId : null);
  }

  private countRequest(): void {
    const now = Date.now();
    for (const window of this.windows) {
      if (!window.hit(now)) {
        throw new HttpError(
          json({ error: `Rate limit exceeded: ${window.description}` }, 429, window.headers(now)),
        );
      }
    }
  }

  /** `_resolve_org_id`: the header must be a UUID, agree with a bound key, name a membership. */
  private checkOrganisation(req: Incoming, boundOrg: string | null): void {
    const requested = header(req, 'x-org-id');
    if (!requested) return;
    const hex = uuidHex(requested);
    if (hex === null) throw httpException(400, 'Invalid X-Org-Id header (must be a UUID)');
    if (boundOrg !== null && boundOrg.replaceAll('-', '') !== hex) {
      throw httpException(403, 'API key is not authorized for this organization');
    }
    const member = hostedOrgs.some((org) => org.id.replaceAll('-', '') === hex);
    if (!member) throw httpException(403, 'User is not a member of the requested organization');
  }

  /** `ApiKeyAwareCORSMiddleware`: `*` for key-carrying requests, the allowlist otherwise. */
  corsFor(req: Incoming, permitted: string[] | null): CorsPolicy {
    const keyHeaders = ['authorization', 'x-session-api-key', 'x-access-token'];
    let credentialless = false;
    if (
      req.path.startsWith('/oauth/device/authorize') ||
      req.path.startsWith('/oauth/device/token')
    ) {
      credentialless = true;
    } else if (req.method === 'OPTIONS') {
      const requested = header(req, 'access-control-request-headers');
      credentialless = (requested ?? '')
        .toLowerCase()
        .split(',')
        .some((name) => keyHeaders.includes(name.trim()));
    } else {
      const authorization = header(req, 'authorization');
      credentialless =
        authorization?.toLowerCase().startsWith('bearer ') === true ||
        header(req, 'x-session-api-key') !== undefined ||
        header(req, 'x-access-token') !== undefined;
    }
    return credentialless ? new CorsPolicy(null, 'wildcard') : new CorsPolicy(permitted, 'none');
  }
}

function orgResponse(org: (typeof hostedOrgs)[number]) {
  return {
    id: org.id,
    name: org.name,
    contact_name: org.personal ? 'The Octocat' : 'Acme Admin',
    contact_email: org.personal ? hostedUser.email : 'admin@acme.example',
    conversation_expiration: null,
    remote_runtime_resource_factor: 1,
    billing_margin: null,
    enable_proactive_conversation_starters: true,
    sandbox_base_container_image: null,
    sandbox_runtime_container_image: null,
    org_version: 3,
    agent_settings: defaultAgentSettings(),
    conversation_settings: defaultConversationSettings(),
    search_api_key: null,
    sandbox_api_key: null,
    max_budget_per_task: null,
    v1_enabled: true,
    credits: null,
    is_personal: org.personal,
  };
}

export function hostedRoutes(_host: RouteHost): Route[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/organizations',
      auth: 'hosted',
      contract: { source: 'cloud' },
      query: queryModel({
        page_id: opt(str()),
        limit: { schema: int({ gt: 0, le: 100 }), options: { default: () => 100 } },
      }),
      handle: ({ query }) => {
        // `page_id` is an offset; one that is not an integer starts from the beginning.
        const parsed = query.page_id === null ? 0 : Number.parseInt(query.page_id, 10);
        const offset = /^\s*[-+]?\d+\s*$/.test(query.page_id ?? '0') ? parsed : 0;
        const rows = hostedOrgs.slice(offset, offset + query.limit + 1);
        const more = rows.length > query.limit;
        return {
          items: rows.slice(0, query.limit).map(orgResponse),
          next_page_id: more ? String(offset + query.limit) : null,
          current_org_id: hostedUser.personalOrgId,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/saas',
      auth: 'none',
      contract: { source: 'cloud' },
      handle: () => ({ saas: true }),
    }),
  ];
}

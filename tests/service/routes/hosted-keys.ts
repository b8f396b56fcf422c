// The hosted service's own API keys, as far as a client signing out needs them: upstream
// enterprise/server/routes/api_keys.py (OpenHands/enterprise at 1c28b722; the same two routes at
// 002e0157), with the key resolution of enterprise/server/auth/saas_user_auth.py
// (`saas_user_auth_from_bearer`: a key in `Authorization: Bearer`, `X-Session-API-Key` or
// `X-Access-Token` is auth type `bearer`; a browser session is `cookie`).
//   `GET /api/keys/current`: the key the request was made with, `{id, name, org_id, bound_org_id,
//   user_id, auth_type}`; `org_id` the request's effective organisation (the bound one, else
//   `X-Org-Id`, else the user's current one). A browser session is 400 "This endpoint requires API
//   key authentication. Not available for cookie-based auth.".
//   `DELETE /api/keys/{key_id}` (an integer, else FastAPI's 422): deletes one of the user's keys
//   listed in the effective organisation (keys bound to it, and unbound ones), else 404
//   "API key not found"; answers `{"message": "API key deleted successfully"}`. A deleted key is
//   refused from then on like an unknown one.
// The configured key (`--api-key`) plays a key the person made in the web app's settings: id 1,
// no name, bound to no organisation. Device sign-ins' keys (./hosted-device.ts) follow from 2.
// Creating and listing keys (`POST`/`GET /api/keys`) and the LLM key routes are not played.
import { int, model } from '../http/pydantic';
import { httpException, json } from '../http/respond';
import { defineRoute, type Incoming, type Route } from '../http/router';
import { hostedUser, offeredKey, requestedOrg } from './hosted';
import type { DeviceSignIn } from './hosted-device';

export const CONFIGURED_KEY_ID = 1;

/** A key the service knows, as `SaasUserAuth` sees it after validating it. */
export interface KnownKey {
  id: number;
  name: string | null;
  /** The organisation it is bound to; null: unbound. */
  orgId: string | null;
}

export class HostedKeys {
  constructor(
    private readonly device: DeviceSignIn,
    /** The configured key; null: any key is taken as it (the service has none configured). */
    private readonly configured: () => string | null,
  ) {}

  /** The valid key a request offers, or null (none, or one the service refuses). */
  identify(req: Incoming): KnownKey | null {
    const key = offeredKey(req);
    if (key === null) return null;
    const device = this.device.findKey(key);
    if (device) {
      return device.valid ? { id: device.id, name: device.name, orgId: device.orgId } : null;
    }
    const expected = this.configured();
    if (this.device.configuredKeyDeleted || (expected !== null && key !== expected)) return null;
    return { id: CONFIGURED_KEY_ID, name: null, orgId: null };
  }

  /** `list_api_keys(user_id, org_id)`: the keys bound to that organisation and the unbound one. */
  listed(orgId: string): KnownKey[] {
    const keys: KnownKey[] = this.device.configuredKeyDeleted
      ? []
      : [{ id: CONFIGURED_KEY_ID, name: null, orgId: null }];
    for (const key of this.device.liveKeys()) {
      if (key.orgId === orgId) keys.push(key);
    }
    return keys;
  }

  delete(id: number): void {
    if (id === CONFIGURED_KEY_ID) this.device.deleteConfiguredKey();
    else this.device.deleteKey(id);
  }
}

/** The request's effective organisation: a bound key's, else `X-Org-Id` (checked), else the current. */
function effectiveOrg(req: Incoming, key: KnownKey | null): string {
  return key?.orgId ?? requestedOrg(req) ?? hostedUser.personalOrgId;
}

export function hostedKeyRoutes(keys: HostedKeys): Route[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/keys/current',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: ({ req }) => {
        const key = keys.identify(req);
        if (!key) {
          throw httpException(
            400,
            'This endpoint requires API key authentication. Not available for cookie-based auth.',
          );
        }
        return {
          id: key.id,
          name: key.name,
          org_id: effectiveOrg(req, key),
          bound_org_id: key.orgId,
          user_id: hostedUser.id,
          auth_type: 'bearer',
        };
      },
    }),
    defineRoute<{ key_id: number }>({
      method: 'DELETE',
      path: '/api/keys/{key_id}',
      auth: 'v1',
      contract: { source: 'cloud' },
      params: model({ key_id: int() }),
      handle: ({ req, params }) => {
        const org = effectiveOrg(req, keys.identify(req));
        if (!keys.listed(org).some((key) => key.id === params.key_id)) {
          throw httpException(404, 'API key not found');
        }
        keys.delete(params.key_id);
        return json({ message: 'API key deleted successfully' });
      },
    }),
  ];
}

// The fault-control endpoint's part for the hosted kind's device sign-in
// (routes/hosted-device.ts): what the person does on the approval page, what the server does when
// it cannot create the key, and time passing. tests/service/admin.ts is the typed client.
import { httpException } from '../http/respond';
import { defineRoute, type Route } from '../http/router';
import type { ReferenceService } from '../service';
import { objectBody } from './admin-body';
import { DeviceCodeProblem, type DeviceSignIn } from './hosted-device';

const internal = { source: 'internal' as const };

function optionalText(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !value) throw httpException(422, `${key} must be a string`);
  return value;
}

export function deviceAdminRoutes(service: ReferenceService): Route[] {
  const device = (): DeviceSignIn => {
    if (!service.deviceSignIn) {
      throw httpException(404, 'Only the hosted kind has device sign-in');
    }
    return service.deviceSignIn;
  };
  /** Runs an action on one code: named by `user_code`, else the newest one still waiting. */
  const onCode =
    (act: (signIn: DeviceSignIn, body: Record<string, unknown>) => { user_code: string }) =>
    ({ rawJson }: { rawJson: () => unknown }) => {
      const signIn = device();
      const body = objectBody(rawJson());
      try {
        const code = act(signIn, body);
        return signIn.describe().find((entry) => entry.user_code === code.user_code);
      } catch (error) {
        if (error instanceof DeviceCodeProblem) throw httpException(error.status, error.message);
        throw error;
      }
    };

  return [
    defineRoute({
      method: 'GET',
      path: '/__admin/hosted/device-codes',
      auth: 'admin',
      contract: internal,
      handle: () => ({ codes: device().describe() }),
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/hosted/device-codes/approve',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: onCode((signIn, body) =>
        signIn.approve(optionalText(body, 'user_code'), optionalText(body, 'org_id')),
      ),
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/hosted/device-codes/deny',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: onCode((signIn, body) => signIn.deny(optionalText(body, 'user_code'))),
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/hosted/device-codes/expire',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: onCode((signIn, body) => signIn.expire(optionalText(body, 'user_code'))),
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/hosted/device-keys/expire',
      auth: 'admin',
      contract: internal,
      handle: () => ({ expired: device().expireKeys() }),
    }),
    defineRoute({
      method: 'GET',
      path: '/__admin/hosted/device-keys',
      auth: 'admin',
      contract: internal,
      handle: () => ({ keys: device().describeKeys() }),
    }),
  ];
}

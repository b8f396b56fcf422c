// The exception handlers newer agent servers add (agent_server/api.py): an unhandled error is
// JSON `{"detail","exception","error_id"}` rather than Starlette's plain text, and a 422 has
// secret-looking inputs redacted (sdk/utils/redact.py `sanitize_dict`) and `ctx.error` as text.
import { randomUUID } from 'node:crypto';
import { EXCEPTION_TEXT_HEADER, json, type ServiceResponse } from '../http/respond';
import type { Incoming } from '../http/router';
import type { AgentServerRelease } from './release';
import { isSecretKey } from './secret-registry';

const redactEverythingUnder = new Set(['environment', 'env', 'headers']);

function redactAll(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactAll);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactAll(v)]));
  }
  return '<redacted>';
}

/** `sanitize_dict`. */
export function sanitizeDict(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitizeDict);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (redactEverythingUnder.has(key.toLowerCase())) out[key] = redactAll(item);
    else if (isSecretKey(key)) out[key] = '<redacted>';
    else out[key] = sanitizeDict(item);
  }
  return out;
}

function reshapeValidationError(error: Record<string, unknown>): Record<string, unknown> {
  const out = { ...error };
  if ('input' in out) out.input = sanitizeDict(out.input);
  const ctx = out.ctx as Record<string, unknown> | undefined;
  if (ctx && typeof ctx.error === 'object' && ctx.error !== null) {
    // `str(exc)` of the validator's exception: the message without pydantic's prefix.
    const message = String(out.msg ?? '').replace(/^(Value error|Assertion failed), ?/, '');
    out.ctx = { ...ctx, error: message };
  }
  return out;
}

export function agentServerResponseShaper(release: AgentServerRelease) {
  return (_req: Incoming, response: ServiceResponse): ServiceResponse => {
    const said = response.headers[EXCEPTION_TEXT_HEADER];
    if (said !== undefined) {
      const { [EXCEPTION_TEXT_HEADER]: _said, ...headers } = response.headers;
      response = { ...response, headers };
    }
    if (release.legacy) return response;
    if (
      response.status === 500 &&
      String(response.headers['content-type']).startsWith('text/plain')
    ) {
      return json(
        {
          detail: 'Internal Server Error',
          // `str(exc)`: empty for the bare assertions reproduced here.
          exception: typeof said === 'string' ? said : '',
          ...(release.has('errorId') ? { error_id: randomUUID().replaceAll('-', '') } : {}),
        },
        500,
      );
    }
    if (response.status === 422 && release.has('sanitizedValidationErrors')) {
      const body = JSON.parse(String(response.body)) as { detail?: unknown };
      if (Array.isArray(body.detail)) {
        return json({ detail: body.detail.map((error) => reshapeValidationError(error)) }, 422);
      }
    }
    return response;
  };
}

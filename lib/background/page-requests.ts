import type { Runtime } from 'webextension-polyfill';
import { serializeError } from '@/lib/api/errors';
import { RpcRequestSchema, type RpcResponse } from '@/lib/rpc/protocol';
import { rpcMethods } from './rpc-methods';

/** Runs one RPC from an extension page; every failure comes back as plain error data. */
export async function handleRpc(message: unknown): Promise<RpcResponse<unknown>> {
  const request = RpcRequestSchema.safeParse(message);
  if (!request.success) {
    return {
      ok: false,
      error: serializeError(new Error('Malformed request to Handoff’s background.')),
    };
  }
  const method = (rpcMethods as Record<string, (typeof rpcMethods)[keyof typeof rpcMethods]>)[
    request.data.method
  ];
  if (!method || !Object.hasOwn(rpcMethods, request.data.method)) {
    return {
      ok: false,
      error: serializeError(new Error(`Unknown request "${request.data.method}".`)),
    };
  }
  const params = method.params.safeParse(request.data.params);
  if (!params.success) {
    const fieldErrors = params.error.issues.map((issue) => {
      const loc = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      return { loc, field: loc.join('.'), msg: issue.message, type: issue.code };
    });
    return {
      ok: false,
      error: {
        ...serializeError(new Error('Some fields need attention.')),
        kind: 'validation',
        fieldErrors,
      },
    };
  }
  try {
    return { ok: true, result: await method.run(params.data as never) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}

export type { Runtime };

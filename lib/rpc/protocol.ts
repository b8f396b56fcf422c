import * as z from 'zod/mini';
import type { SerializedApiError } from '@/lib/api';

/**
 * Extension pages (options, side panel) ask the worker to act through one message shape.
 * Each method validates its own params with zod before it runs; see lib/background/rpc.ts.
 */
export const RpcRequestSchema = z.strictObject({
  type: z.literal('handoff/rpc'),
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.unknown(),
});
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

/** A failure as it crosses the message boundary: plain data, revived on the page side. */
export interface RpcFailure {
  ok: false;
  error: SerializedApiError;
}
export type RpcResponse<T> = { ok: true; result: T } | RpcFailure;

export interface RpcMethod<P extends z.ZodMiniType, R> {
  params: P;
  run: (params: z.output<P>) => Promise<R>;
}

export function defineMethod<P extends z.ZodMiniType, R>(method: RpcMethod<P, R>): RpcMethod<P, R> {
  return method;
}

// biome-ignore lint/suspicious/noExplicitAny: a table of methods with unrelated param types.
export type RpcTable = Record<string, RpcMethod<any, any>>;

export type ParamsOf<T extends RpcTable, M extends keyof T> = z.input<T[M]['params']>;
export type ResultOf<T extends RpcTable, M extends keyof T> = Awaited<ReturnType<T[M]['run']>>;

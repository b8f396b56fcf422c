// Compile-time guarantees consumers rely on (checked by `tsc --noEmit`; vitest runs them as
// no-ops). A change that breaks narrowing or method signatures fails the type check.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ApiClient,
  type ApiEvent,
  type AppConversation,
  type ConversationExecutionStatus,
  type ConversationInfo,
  parseEvent,
  type SandboxInfo,
  type SerializedApiError,
} from '@/lib/api';

describe('types', () => {
  it('narrows events to typed payloads', () => {
    const event = parseEvent({}) as ApiEvent;
    if (event.type === 'v0.action' && event.action === 'run') {
      expectTypeOf(event.args.command).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(event.id).toEqualTypeOf<number | null>();
    }
    if (event.type === 'v0.observation' && event.observation === 'run') {
      expectTypeOf(event.extras.metadata).toExtend<
        { exit_code?: number | null } | null | undefined
      >();
    }
    if (event.type === 'v1.action' && event.actionKind === 'TerminalAction') {
      expectTypeOf(event.action.command).toEqualTypeOf<string>();
      expectTypeOf(event.id).toEqualTypeOf<string | null>();
    }
    if (event.type === 'v1.observation' && event.observationKind === 'TerminalObservation') {
      expectTypeOf(event.observation.exit_code).toEqualTypeOf<number | null | undefined>();
    }
    if (event.type === 'v1.state-update' && event.stateKey === 'execution_status') {
      expectTypeOf(event.value).toEqualTypeOf<ConversationExecutionStatus>();
    }
    if (event.type === 'unknown') {
      expectTypeOf(event.raw).toEqualTypeOf<Record<string, unknown>>();
    }
    expectTypeOf(event.key).toEqualTypeOf<string | null>();
  });

  it('types client methods from the method table', () => {
    type Client = ApiClient;
    expectTypeOf<ReturnType<Client['v0']['getConversation']>>().toEqualTypeOf<
      Promise<ConversationInfo | null>
    >();
    expectTypeOf<ReturnType<Client['v1']['getAppConversations']>>().toEqualTypeOf<
      Promise<(AppConversation | null)[]>
    >();
    expectTypeOf<ReturnType<Client['v1']['getSandboxes']>>().toEqualTypeOf<
      Promise<(SandboxInfo | null)[]>
    >();
    expectTypeOf<Parameters<Client['v0']['getModels']>>().toEqualTypeOf<
      [params?: Record<string, never>, options?: { signal?: AbortSignal; timeoutMs?: number }]
    >();
    expectTypeOf<Parameters<Client['v0']['getConversation']>[0]>().toEqualTypeOf<{
      conversation_id: string;
    }>();
  });

  it('keeps serialised errors plain', () => {
    expectTypeOf<SerializedApiError['kind']>().toBeString();
  });
});

// What went wrong, in plain words, and what to do about it. Every failure the panel can see
// (a runtime status id, an error id, a V1 conversation error's code and detail, a failed request
// of lib/api, a stream that will not connect) goes through one table, first matching row wins,
// so the same cause always reads the same way. The server's own text is never the message: it
// stays available as `raw`, for the "Details" disclosure.
import type { ApiErrorKind } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import type { StreamFailure } from '@/lib/messaging/stream-snapshot';

export type ProblemKind =
  | 'out-of-credits'
  | 'llm-auth'
  | 'run-capacity'
  | 'message-waiting'
  | 'daily-quota'
  | 'rate-limited'
  | 'provider-token'
  | 'content-policy'
  | 'llm-unavailable'
  | 'out-of-memory'
  | 'sandbox-lost'
  | 'runtime-failed'
  | 'conversation-gone'
  | 'action-timeout'
  | 'too-many'
  | 'stuck'
  | 'wrong-key'
  | 'not-allowed'
  | 'unreachable'
  | 'server-failed'
  // A failed answer to the agent's question (./question.ts answerProblem).
  | 'question-closed'
  | 'answer-refused'
  | 'server-too-old'
  | 'answer-kept'
  | 'unknown';

/** The one step that helps, as something the panel can offer as a button or a link. */
export type NextStep =
  /** Handoff's options, server section (address and key). */
  | 'server-settings'
  /** Handoff's options, git provider tokens. */
  | 'token-settings'
  /** The server's own settings page (LLM key, model, budget). */
  | 'llm-settings'
  /** Start the conversation again (its runtime or sandbox). */
  | 'start'
  /** Ask the agent to carry on. */
  | 'resume'
  /** Read again / reconnect now. */
  | 'retry'
  /** Write to the agent. */
  | 'reply'
  | null;

export interface Problem {
  kind: ProblemKind;
  /** What happened, in our words ("Out of LLM credits"). */
  title: string;
  /** What to do next, in our words. */
  next: string;
  step: NextStep;
  /** The server's own text (or the error's), shown only under "Details"; null when there is none. */
  raw: string | null;
}

/** Everything known about one failure; any field may be missing. */
export interface ProblemInput {
  /** V0 runtime status id (`STATUS$ERROR_LLM_OUT_OF_CREDITS`) or a status payload's id. */
  runtimeStatus?: string | null;
  /** V0 error observation's `error_id` or a hand-made error's `msg_id`. */
  errorId?: string | null;
  /** V1 `ConversationErrorEvent.code`, e.g. `BudgetExceededError`. */
  code?: string | null;
  /** Free text: an error message, a detail, a status message. */
  text?: string | null;
  /** A failed request, by lib/api's error kind (and HTTP status). */
  apiKind?: ApiErrorKind | null;
  httpStatus?: number | null;
  /** Why the live stream is not live. */
  streamFailure?: StreamFailure | null;
  /** V1 execution status (`stuck`) or V0 agent state (`rate_limited`). */
  state?: string | null;
  /** V1 sandbox status (`ERROR`, `MISSING`). */
  sandboxStatus?: string | null;
  /**
   * A limit the server named (lib/api's `ApiError.limit`); `message-waiting` when a message was
   * kept although the run it asked for was refused for the run limit.
   */
  limit?: 'run-capacity' | 'daily-quota' | 'message-waiting' | null;
  /** When the limit lifts (ISO 8601), where the server said. */
  resetAt?: string | null;
}

export interface ProblemRule {
  kind: ProblemKind;
  step: NextStep;
  runtimeStatuses?: readonly string[];
  errorIds?: readonly string[];
  apiKinds?: readonly ApiErrorKind[];
  httpStatuses?: readonly number[];
  streamFailures?: readonly StreamFailure[];
  states?: readonly string[];
  sandboxStatuses?: readonly string[];
  limits?: readonly string[];
  /** Matched against the code and the text (LiteLLM exception names, provider messages). */
  pattern?: RegExp;
}

/**
 * The table (docs/contract/v0-rest.md#runtime-status, lib/api's error kinds, the stream's failure
 * reasons, the V1 execution and sandbox statuses; the patterns cover the LLM library's exception
 * names the servers pass on as codes and messages). Order matters: the first row that matches
 * wins, so specific causes come before the general ones that would also match.
 */
export const problemRules: readonly ProblemRule[] = [
  {
    kind: 'out-of-credits',
    step: 'llm-settings',
    runtimeStatuses: ['STATUS$ERROR_LLM_OUT_OF_CREDITS'],
    pattern:
      /BudgetExceeded|budget has been exceeded|exceeded (your|the) (budget|current quota)|out of (\w+ )?credits|insufficient[_ ](credits|funds|quota)|credit balance is too low|payment required/i,
  },
  {
    kind: 'llm-auth',
    step: 'llm-settings',
    runtimeStatuses: ['STATUS$ERROR_LLM_AUTHENTICATION'],
    pattern:
      /AuthenticationError|invalid[ _-]?(x-)?api[ _-]?key|incorrect api key|api key not valid|no llm api key|LLM_AUTHENTICATION/i,
  },
  // The server's own limits come before the LLM provider's rate limit, which their 429 shares.
  { kind: 'message-waiting', step: 'resume', limits: ['message-waiting'] },
  { kind: 'run-capacity', step: 'resume', limits: ['run-capacity'] },
  { kind: 'daily-quota', step: null, limits: ['daily-quota'] },
  {
    kind: 'rate-limited',
    step: 'resume',
    runtimeStatuses: ['CHAT_INTERFACE$AGENT_RATE_LIMITED_STOPPED_MESSAGE', 'STATUS$LLM_RETRY'],
    states: ['rate_limited'],
    apiKinds: ['rate-limited'],
    pattern: /RateLimitError|rate[ _-]?limit|too many requests/i,
  },
  {
    kind: 'provider-token',
    step: 'token-settings',
    runtimeStatuses: ['STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR'],
    pattern:
      /git provider|provider token|(github|gitlab|bitbucket) token|invalid username or (token|password)|bad credentials|could not read username|authentication failed for '?https?:|repository cannot be verified|ProviderToken/i,
  },
  {
    kind: 'content-policy',
    step: 'reply',
    runtimeStatuses: ['STATUS$ERROR_LLM_CONTENT_POLICY_VIOLATION'],
    pattern: /ContentPolicyViolation|content[ _]policy/i,
  },
  {
    kind: 'llm-unavailable',
    step: 'resume',
    runtimeStatuses: [
      'STATUS$ERROR_LLM_SERVICE_UNAVAILABLE',
      'STATUS$ERROR_LLM_INTERNAL_SERVER_ERROR',
    ],
    pattern: /ServiceUnavailable|InternalServerError|APIConnectionError|overloaded|LLMNoResponse/i,
  },
  {
    kind: 'out-of-memory',
    step: 'start',
    runtimeStatuses: ['STATUS$ERROR_MEMORY'],
    pattern: /out of memory|MemoryError|OOMKilled/i,
  },
  {
    kind: 'sandbox-lost',
    step: 'start',
    runtimeStatuses: ['STATUS$ERROR_RUNTIME_DISCONNECTED', 'STATUS$WEBSOCKET_CLOSED'],
    errorIds: ['AGENT_ERROR$ERROR_ACTION_NOT_EXECUTED_ERROR'],
    sandboxStatuses: ['ERROR', 'MISSING'],
    // 503: the sandbox or its agent server is down (V1 send-message); 409: not running.
    httpStatuses: [503],
    pattern:
      /sandbox (is )?(not running|missing|gone|lost|failed)|runtime (disconnected|died|is not (alive|running))|agent server (is )?(down|unavailable)|No such container|AgentRuntimeDisconnected|AgentRuntimeNotFound/i,
  },
  {
    // Docker runtime mode (agent server 1.44+): the conversation's own container would not start;
    // the stream tried a few times and stopped (close 1011).
    kind: 'runtime-failed',
    step: null,
    streamFailures: ['runtime-failed'],
  },
  {
    // The agent server does not know the conversation its stream asked for (close 4004, or 1008
    // in docker runtime mode), while the conversation's record still exists.
    kind: 'conversation-gone',
    step: 'retry',
    streamFailures: ['not-found'],
  },
  {
    kind: 'action-timeout',
    step: 'reply',
    errorIds: ['AGENT_ERROR$ACTION_TIMEOUT'],
    pattern: /action timed out|AgentRuntimeTimeout/i,
  },
  {
    kind: 'too-many',
    step: 'retry',
    errorIds: ['AGENT_ERROR$TOO_MANY_CONVERSATIONS'],
    streamFailures: ['too-many-connections'],
    pattern: /too many (conversations|connections)/i,
  },
  {
    kind: 'stuck',
    step: 'reply',
    states: ['stuck'],
    pattern: /stuck in a loop|AgentStuckInLoop/i,
  },
  {
    kind: 'wrong-key',
    step: 'server-settings',
    apiKinds: ['unauthorized'],
    streamFailures: ['unauthorized', 'no-answer'],
    pattern: /NoCredentialsError|ExpiredError|session api key/i,
  },
  {
    kind: 'not-allowed',
    step: 'server-settings',
    apiKinds: ['forbidden'],
  },
  {
    kind: 'unreachable',
    step: 'retry',
    apiKinds: ['network', 'timeout', 'invalid-url'],
    streamFailures: ['unreachable', 'refused'],
    pattern: /Failed to fetch|NetworkError|ECONNREFUSED|ERR_CONNECTION|could not reach the server/i,
  },
  {
    kind: 'server-failed',
    step: 'retry',
    apiKinds: ['server', 'bad-response'],
  },
];

function anyOf(list: readonly string[] | undefined, value: string | null | undefined): boolean {
  return !!value && !!list?.includes(value);
}

/** The table's row for these facts, or null when none applies. */
export function matchRule(input: ProblemInput): ProblemRule | null {
  const words = [input.code, input.text, input.errorId].filter(Boolean).join('\n');
  for (const rule of problemRules) {
    if (
      anyOf(rule.runtimeStatuses, input.runtimeStatus) ||
      anyOf(rule.runtimeStatuses, input.errorId) ||
      anyOf(rule.errorIds, input.errorId) ||
      anyOf(rule.apiKinds, input.apiKind) ||
      (!!input.httpStatus && !!rule.httpStatuses?.includes(input.httpStatus)) ||
      anyOf(rule.streamFailures, input.streamFailure) ||
      anyOf(rule.states, input.state) ||
      anyOf(rule.sandboxStatuses, input.sandboxStatus) ||
      anyOf(rule.limits, input.limit) ||
      (!!words && !!rule.pattern?.test(words))
    ) {
      return rule;
    }
  }
  return null;
}

/** The raw words for "Details": the code and the text, as they came. */
function rawOf(input: ProblemInput): string | null {
  const parts = [input.code, input.text, input.errorId ?? input.runtimeStatus].filter(
    (part): part is string => typeof part === 'string' && part.trim().length > 0,
  );
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  return unique.length ? unique.join('\n') : null;
}

/** One failure in plain words, with the next step; unknown causes get a general sentence. */
export function describeProblem(input: ProblemInput): Problem {
  const rule = matchRule(input);
  const kind = rule?.kind ?? 'unknown';
  const reset = kind === 'daily-quota' && input.resetAt ? new Date(input.resetAt) : null;
  return {
    kind,
    title: t(`panel.problem.${kind}.title`),
    next:
      reset && !Number.isNaN(reset.getTime())
        ? t('panel.problem.daily-quota.nextAt', {
            time: reset.toLocaleString([], {
              weekday: 'short',
              hour: '2-digit',
              minute: '2-digit',
            }),
          })
        : t(`panel.problem.${kind}.next`),
    // A row may offer no step at all (null); only an unknown cause falls back to a reply.
    step: rule ? rule.step : 'reply',
    raw: rawOf(input),
  };
}

/** A thrown value (an ApiError or its plain form) as problem facts. */
export function problemInputOfError(error: unknown): ProblemInput {
  if (typeof error !== 'object' || error === null) return { text: String(error ?? '') };
  const value = error as {
    kind?: unknown;
    status?: unknown;
    message?: unknown;
    serverMessage?: unknown;
    msgId?: unknown;
    limit?: unknown;
    resetAt?: unknown;
    /** Set by the composer: the message was kept although its run was refused. */
    messageKept?: unknown;
  };
  const limit =
    value.limit === 'run-capacity' && value.messageKept === true
      ? 'message-waiting'
      : value.limit === 'run-capacity' || value.limit === 'daily-quota'
        ? value.limit
        : null;
  const text = [value.serverMessage, value.message]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .filter((part, index, all) => all.indexOf(part) === index)
    .join('\n');
  return {
    apiKind: typeof value.kind === 'string' ? (value.kind as ApiErrorKind) : null,
    httpStatus: typeof value.status === 'number' ? value.status : null,
    errorId: typeof value.msgId === 'string' ? value.msgId : null,
    text: text || null,
    limit,
    resetAt: typeof value.resetAt === 'string' ? value.resetAt : null,
  };
}

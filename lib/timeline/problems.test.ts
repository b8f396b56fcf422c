import { describe, expect, it } from 'vitest';
import { apiErrorKinds } from '@/lib/api/errors';
import {
  describeProblem,
  matchRule,
  type ProblemInput,
  type ProblemKind,
  problemInputOfError,
  problemRules,
} from './problems';

/** Every row of the table, with real inputs that must land on it (runtime statuses from
 * docs/contract/v0-rest.md#runtime-status, codes and messages as servers pass them on). */
const rows: [ProblemKind, ProblemInput[]][] = [
  [
    'out-of-credits',
    [
      { runtimeStatus: 'STATUS$ERROR_LLM_OUT_OF_CREDITS' },
      {
        code: 'BudgetExceededError',
        text: 'Budget has been exceeded! Current cost: 10.0213, Max budget: 10.0',
      },
      { text: "RuntimeError: You're out of OpenHands Credits." },
      { text: 'You exceeded your current quota, please check your plan and billing details.' },
      { text: 'Your credit balance is too low to access the Anthropic API.' },
    ],
  ],
  [
    'llm-auth',
    [
      { runtimeStatus: 'STATUS$ERROR_LLM_AUTHENTICATION' },
      { errorId: 'STATUS$ERROR_LLM_AUTHENTICATION', apiKind: 'bad-request', httpStatus: 400 },
      { code: 'AuthenticationError', text: 'litellm.AuthenticationError: Incorrect API key' },
      { text: 'Error code: 401 - invalid x-api-key' },
    ],
  ],
  [
    'message-waiting',
    [problemInputOfError({ kind: 'rate-limited', limit: 'run-capacity', messageKept: true })],
  ],
  [
    'run-capacity',
    [
      problemInputOfError({
        name: 'ApiError',
        kind: 'rate-limited',
        status: 429,
        limit: 'run-capacity',
        serverMessage: 'Conversation run limit reached. Retry the request later.',
        message: 'The server is already running as many conversations as it allows.',
      }),
    ],
  ],
  [
    'daily-quota',
    [
      problemInputOfError({
        kind: 'rate-limited',
        status: 429,
        limit: 'daily-quota',
        resetAt: '2026-11-29T00:00:00Z',
      }),
    ],
  ],
  [
    'rate-limited',
    [
      { runtimeStatus: 'CHAT_INTERFACE$AGENT_RATE_LIMITED_STOPPED_MESSAGE' },
      { runtimeStatus: 'STATUS$LLM_RETRY' },
      { state: 'rate_limited' },
      { apiKind: 'rate-limited', httpStatus: 429 },
      { code: 'RateLimitError', text: 'litellm.RateLimitError: rate limit reached' },
    ],
  ],
  [
    'provider-token',
    [
      { runtimeStatus: 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR' },
      { text: 'remote: Invalid username or token. fatal: Authentication failed for https://x' },
      { text: "fatal: Authentication failed for 'https://github.com/octo-org/widgets.git/'" },
      { text: 'fatal: could not read Username for https://github.com' },
      { text: 'Bad credentials' },
    ],
  ],
  [
    'content-policy',
    [
      { runtimeStatus: 'STATUS$ERROR_LLM_CONTENT_POLICY_VIOLATION' },
      { code: 'ContentPolicyViolationError' },
    ],
  ],
  [
    'llm-unavailable',
    [
      { runtimeStatus: 'STATUS$ERROR_LLM_SERVICE_UNAVAILABLE' },
      { runtimeStatus: 'STATUS$ERROR_LLM_INTERNAL_SERVER_ERROR' },
      { code: 'APIConnectionError' },
      { text: 'Overloaded' },
    ],
  ],
  ['out-of-memory', [{ runtimeStatus: 'STATUS$ERROR_MEMORY' }, { text: 'OOMKilled' }]],
  [
    'sandbox-lost',
    [
      { runtimeStatus: 'STATUS$ERROR_RUNTIME_DISCONNECTED' },
      { errorId: 'AGENT_ERROR$ERROR_ACTION_NOT_EXECUTED_ERROR' },
      { sandboxStatus: 'ERROR' },
      { sandboxStatus: 'MISSING' },
      { apiKind: 'server', httpStatus: 503 },
      { text: 'Sandbox is not running' },
    ],
  ],
  ['runtime-failed', [{ streamFailure: 'runtime-failed' }]],
  ['conversation-gone', [{ streamFailure: 'not-found', text: 'Conversation not found' }]],
  [
    'action-timeout',
    [{ errorId: 'AGENT_ERROR$ACTION_TIMEOUT' }, { code: 'AgentRuntimeTimeoutError' }],
  ],
  [
    'too-many',
    [{ errorId: 'AGENT_ERROR$TOO_MANY_CONVERSATIONS' }, { streamFailure: 'too-many-connections' }],
  ],
  ['stuck', [{ state: 'stuck' }, { code: 'AgentStuckInLoopError' }]],
  [
    'wrong-key',
    [
      { apiKind: 'unauthorized', httpStatus: 401 },
      { streamFailure: 'unauthorized' },
      { streamFailure: 'no-answer' },
      { text: '{"error":"NoCredentialsError"}' },
    ],
  ],
  ['not-allowed', [{ apiKind: 'forbidden', httpStatus: 403 }]],
  [
    'unreachable',
    [
      { apiKind: 'network' },
      { apiKind: 'timeout' },
      { streamFailure: 'unreachable' },
      { streamFailure: 'refused' },
      { apiKind: 'unknown', text: 'TypeError: Failed to fetch' },
    ],
  ],
  [
    'server-failed',
    [
      { apiKind: 'server', httpStatus: 500 },
      { apiKind: 'bad-response', httpStatus: 200 },
    ],
  ],
];

describe('problem table', () => {
  it('has an example for every row', () => {
    expect(rows.map(([kind]) => kind)).toEqual(problemRules.map((rule) => rule.kind));
  });

  for (const [kind, inputs] of rows) {
    it.each(inputs.map((input) => [JSON.stringify(input), input] as const))(
      `${kind}: %s`,
      (_name, input) => {
        const problem = describeProblem(input);
        expect(problem.kind).toBe(kind);
        // Our words, never the server's: the title and next step are fixed sentences.
        expect(problem.title).not.toBe('');
        expect(problem.next).not.toBe('');
        for (const value of [input.text, input.code]) {
          if (value) expect(`${problem.title} ${problem.next}`).not.toContain(value);
        }
      },
    );
  }

  it('keeps the server’s own words for Details, once', () => {
    const problem = describeProblem({
      code: 'BudgetExceededError',
      text: 'Budget has been exceeded! http://localhost:35177/api',
    });
    expect(problem.raw).toBe(
      'BudgetExceededError\nBudget has been exceeded! http://localhost:35177/api',
    );
    expect(`${problem.title} ${problem.next}`).not.toMatch(/localhost|35177/);
  });

  it('gives an error with no message at all a readable sentence', () => {
    const problem = describeProblem({});
    expect(problem).toMatchObject({ kind: 'unknown', raw: null });
    expect(problem.title).toBe('The agent ran into an error');
  });

  it('never lets markup or a pydantic dump become the message', () => {
    const dump =
      '1 validation error for MessageAction\ncontent\n  Input should be a valid string [type=string_type, input_value=<script>x</script>]';
    const problem = describeProblem({ text: dump });
    expect(problem.kind).toBe('unknown');
    expect(problem.title).not.toContain('<script>');
    expect(problem.raw).toBe(dump);
  });

  it('reads any error kind of lib/api without throwing', () => {
    for (const kind of apiErrorKinds) {
      expect(() => describeProblem(problemInputOfError({ kind, message: '' }))).not.toThrow();
    }
    expect(matchRule(problemInputOfError(new TypeError('Failed to fetch')))?.kind).toBe(
      'unreachable',
    );
    expect(describeProblem(problemInputOfError(null)).kind).toBe('unknown');
  });
});

describe('the server’s own limits', () => {
  it('says when the daily quota lifts, in the person’s own time', () => {
    const reset = '2026-11-29T00:00:00Z';
    const problem = describeProblem({
      limit: 'daily-quota',
      resetAt: reset,
      apiKind: 'rate-limited',
    });
    const when = new Date(reset).toLocaleString([], {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(problem.title).toBe('You have used today’s conversations on the hosted service');
    expect(problem.next).toContain(`again from ${when}`);
    expect(problem.step).toBeNull();
  });

  it('never calls a kept message a failure to send', () => {
    const problem = describeProblem(
      problemInputOfError({ kind: 'rate-limited', limit: 'run-capacity', messageKept: true }),
    );
    expect(problem.title).toBe('Your message reached the agent, but it cannot start on it yet');
    expect(problem.next).toContain('no need to send it again');
    expect(problem.step).toBe('resume');
  });
});

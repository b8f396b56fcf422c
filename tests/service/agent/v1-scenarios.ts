// What the scripted V1 agent emits, as event templates (the agent server assigns ids and
// timestamps when it plays them). `ref` names an event; `actionRef` makes an observation answer
// it. The default scenario replays the hand-written agent-server frames of the shared fixtures.
import { randomBytes } from 'node:crypto';
import { type FixtureEvent, readFixture, v1EventsFixture } from '../core/fixtures';
import type { ScenarioName } from '../options';

export interface V1Template {
  event: Record<string, unknown>;
  delay: number;
  ref?: string;
  actionRef?: string;
  /** An action that waits for respond_to_confirmation: the script stops after it. */
  awaitsConfirmation?: boolean;
  burst?: boolean;
  /** Sent to the sockets but never stored (StreamingDeltaEvent). */
  transient?: boolean;
  /**
   * The observation of `actionRef`'s terminal action is what this command prints when the
   * agent server really runs it in the conversation's workspace (`event` is then unused).
   */
  command?: string;
  /** The event, from how the agent's last command ended (`event` is then unused). */
  eventFrom?: (outcome: { exitCode: number | null }) => Record<string, unknown>;
}

function clampGap(ms: number): number {
  return Math.min(3000, Math.max(150, ms));
}

export function toolCallId(): string {
  return `toolu_01${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function llmResponseId(): string {
  return `chatcmpl-${crypto.randomUUID()}`;
}

export function stateUpdate(key: string, value: unknown): Record<string, unknown> {
  return { source: 'environment', key, value, kind: 'ConversationStateUpdateEvent' };
}

export function textContent(text: string) {
  return { type: 'text', text, cache_prompt: false };
}

export function userMessageEvent(
  content: Record<string, unknown>[],
  activatedSkills: string[] = [],
): Record<string, unknown> {
  return {
    source: 'user',
    llm_message: { role: 'user', content, thinking_blocks: [] },
    activated_skills: activatedSkills,
    extended_content: [],
    kind: 'MessageEvent',
  };
}

export function assistantMessageEvent(text: string): Record<string, unknown> {
  return {
    source: 'agent',
    llm_message: { role: 'assistant', content: [textContent(text)], thinking_blocks: [] },
    llm_response_id: llmResponseId(),
    activated_skills: [],
    extended_content: [],
    sender: null,
    kind: 'MessageEvent',
  };
}

export function terminalAction(command: string, thought: string, risk = 'LOW') {
  const id = toolCallId();
  return {
    source: 'agent',
    thought: [textContent(thought)],
    thinking_blocks: [],
    action: { command, is_input: false, reset: false, kind: 'TerminalAction' },
    tool_name: 'terminal',
    tool_call_id: id,
    tool_call: {
      id,
      name: 'terminal',
      arguments: JSON.stringify({ command, security_risk: risk }),
      origin: 'completion',
    },
    llm_response_id: llmResponseId(),
    security_risk: risk,
    kind: 'ActionEvent',
  };
}

export function terminalObservation(
  action: Record<string, unknown>,
  output: string,
  exitCode = 0,
): Record<string, unknown> {
  const command = (action.action as { command?: string } | null)?.command ?? '';
  return {
    source: 'environment',
    tool_name: action.tool_name,
    tool_call_id: action.tool_call_id,
    observation: {
      content: [textContent(output)],
      is_error: false,
      command,
      exit_code: exitCode,
      timeout: false,
      metadata: {
        exit_code: exitCode,
        pid: 437,
        username: 'openhands',
        hostname: 'sandbox-5f0c9e2d',
        working_dir: '/workspace/project',
        py_interpreter_path: '/usr/bin/python',
        prefix: '',
        suffix: `\n[The command completed with exit code ${exitCode}.]`,
      },
      kind: 'TerminalObservation',
    },
    kind: 'ObservationEvent',
  };
}

function finishAction(message: string) {
  const id = toolCallId();
  return {
    source: 'agent',
    thought: [],
    thinking_blocks: [],
    action: { message, kind: 'FinishAction' },
    tool_name: 'finish',
    tool_call_id: id,
    tool_call: { id, name: 'finish', arguments: JSON.stringify({ message }), origin: 'completion' },
    llm_response_id: llmResponseId(),
    security_risk: 'UNKNOWN',
    kind: 'ActionEvent',
  };
}

function finishObservation(action: Record<string, unknown>, message: string) {
  return {
    source: 'environment',
    tool_name: 'finish',
    tool_call_id: action.tool_call_id,
    observation: { content: [textContent(message)], is_error: false, kind: 'FinishObservation' },
    kind: 'ObservationEvent',
  };
}

/** The system prompt frame of the fixture, re-used as every conversation's first event. */
export function systemPromptEvent(): Record<string, unknown> {
  const frames = readFixture<FixtureEvent[]>(v1EventsFixture);
  const {
    id: _id,
    timestamp: _ts,
    ...rest
  } = frames.find((f) => f.kind === 'SystemPromptEvent') ?? {};
  return rest;
}

/** The fixture's `full_state` value, the shape every subscriber's first frame carries. */
export function fullStateTemplate(): Record<string, unknown> {
  const frames = readFixture<FixtureEvent[]>(v1EventsFixture);
  const first = frames.find(
    (f) => f.kind === 'ConversationStateUpdateEvent' && f.key === 'full_state',
  );
  return (first?.value ?? {}) as Record<string, unknown>;
}

/** The fixture's stats value (cost and tokens of a run). */
export function statsValue(): unknown {
  const frames = readFixture<FixtureEvent[]>(v1EventsFixture);
  return frames.find((f) => f.kind === 'ConversationStateUpdateEvent' && f.key === 'stats')?.value;
}

/**
 * Frames 4–16 of the fixture: the agent's work on the task up to `finished` and the stats
 * update, with fresh ids at play time and `action_id` links kept.
 */
function defaultScenario(): V1Template[] {
  const frames = readFixture<FixtureEvent[]>(v1EventsFixture);
  const start = frames.findIndex((f) => f.kind === 'ActionEvent');
  const end = frames.findIndex(
    (f) => f.kind === 'ConversationStateUpdateEvent' && f.key === 'stats',
  );
  const out: V1Template[] = [];
  let previous = Date.parse(String(frames[start - 1]?.timestamp));
  for (const frame of frames.slice(start, end + 1)) {
    const { id, timestamp, action_id, ...rest } = frame;
    const at = Date.parse(String(timestamp));
    out.push({
      delay: clampGap(at - previous),
      ref: `fixture-${String(id)}`,
      actionRef: action_id === undefined ? undefined : `fixture-${String(action_id)}`,
      event: rest,
    });
    previous = at;
  }
  return out;
}

const commands = [
  [
    'ls -la',
    'total 48\ndrwxr-xr-x 8 openhands openhands 4096 .\n-rw-r--r-- 1 openhands openhands 812 package.json',
  ],
  ['npm test', '> widgets@1.0.0 test\n> vitest run\n\n ✓ tests/parser.test.ts (12 tests) 8ms'],
  ['git status --short', ' M src/parser.ts\n?? src/parser.test.ts'],
  ['python -m pytest -q', '....F.\n1 failed, 5 passed in 0.42s'],
] as const;

function generatedScenario(count: number, burst: boolean, delay: number): V1Template[] {
  const out: V1Template[] = [];
  let n = 0;
  const push = (template: Omit<V1Template, 'delay'>) => {
    if (out.length < count - 1) out.push({ ...template, delay, burst });
  };
  while (out.length < count - 1) {
    const [command, output] = commands[n % commands.length] as readonly [string, string];
    const ref = `gen-${n}`;
    switch (n % 5) {
      case 0:
      case 2:
      case 3: {
        const action = terminalAction(command, `Step ${n}: let me run \`${command}\`.`);
        push({ ref, event: action });
        push({ actionRef: ref, event: terminalObservation(action, output, n % 7 === 3 ? 1 : 0) });
        break;
      }
      case 1: {
        const path = `/workspace/project/src/module_${n % 37}.ts`;
        const id = toolCallId();
        const action = {
          source: 'agent',
          thought: [textContent('Let me look at this file.')],
          thinking_blocks: [],
          action: { command: 'view', path, kind: 'FileEditorAction' },
          tool_name: 'file_editor',
          tool_call_id: id,
          tool_call: {
            id,
            name: 'file_editor',
            arguments: JSON.stringify({ command: 'view', path }),
            origin: 'completion',
          },
          llm_response_id: llmResponseId(),
          security_risk: 'LOW',
          kind: 'ActionEvent',
        };
        push({ ref, event: action });
        push({
          actionRef: ref,
          event: {
            source: 'environment',
            tool_name: 'file_editor',
            tool_call_id: id,
            observation: {
              content: [
                textContent(
                  `Here's the result of running \`cat -n\` on ${path}:\n     1\texport const step = ${n};\n`,
                ),
              ],
              is_error: false,
              command: 'view',
              path,
              prev_exist: true,
              kind: 'FileEditorObservation',
            },
            kind: 'ObservationEvent',
          },
        });
        break;
      }
      default:
        push({
          event: assistantMessageEvent(`Progress update ${n}: ${out.length} events so far.`),
        });
    }
    n++;
  }
  out.push({ delay, burst, event: stateUpdate('execution_status', 'finished') });
  return out;
}

function confirmationScenario(): V1Template[] {
  return [
    {
      delay: 800,
      ref: 'pending',
      awaitsConfirmation: true,
      event: terminalAction(
        'rm -rf build && npm run build',
        'I need to rebuild the project from scratch to reproduce the failure.',
        'MEDIUM',
      ),
    },
    { delay: 20, event: stateUpdate('execution_status', 'waiting_for_confirmation') },
  ];
}

function errorScenario(): V1Template[] {
  return [
    {
      delay: 900,
      event: {
        source: 'environment',
        code: 'BudgetExceededError',
        detail: 'Budget has been exceeded! Current cost: 10.0213, Max budget: 10.0',
        kind: 'ConversationErrorEvent',
      },
    },
    { delay: 10, event: stateUpdate('execution_status', 'error') },
  ];
}

function finishQuicklyScenario(): V1Template[] {
  const message = 'All done! The task is complete.';
  const action = finishAction(message);
  return [
    { delay: 300, ref: 'finish', event: action },
    { delay: 20, actionRef: 'finish', event: finishObservation(action, message) },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}

/** The LLM streams its answer: StreamingDeltaEvents on the socket, then the stored message. */
function streamingScenario(): V1Template[] {
  const answer = 'The parser now skips lines without "=" instead of crashing.';
  const pieces = answer.match(/.{1,12}(\s|$)|.{1,12}/g) ?? [answer];
  return [
    ...pieces.map((content, index) => ({
      delay: index === 0 ? 400 : 60,
      transient: true,
      event: { source: 'agent', content, kind: 'StreamingDeltaEvent' },
    })),
    { delay: 40, event: assistantMessageEvent(answer) },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}

function hookEvent(
  type: 'PreToolUse' | 'PostToolUse',
  action: Record<string, unknown>,
  outcome: { blocked?: boolean; reason?: string; stdout?: string } = {},
): Record<string, unknown> {
  return {
    source: 'hook',
    hook_event_type: type,
    hook_command: '.openhands/hooks/guard.sh',
    tool_name: action.tool_name,
    success: !outcome.blocked,
    blocked: outcome.blocked ?? false,
    exit_code: outcome.blocked ? 2 : 0,
    stdout: outcome.stdout ?? '',
    stderr: outcome.blocked ? (outcome.reason ?? '') : '',
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    kind: 'HookExecutionEvent',
  };
}

/** Hooks around tool calls: one allowed (Pre/PostToolUse), one blocked (rejected by the hook). */
function hooksScenario(): V1Template[] {
  const allowed = terminalAction('npm test', 'Let me run the tests first.');
  const blocked = terminalAction('git push --force origin main', 'Now push the fix.', 'HIGH');
  const reason = 'Force pushes to main are not allowed by the repository hook.';
  return [
    { delay: 600, ref: 'allowed', event: allowed },
    { delay: 80, actionRef: 'allowed', event: hookEvent('PreToolUse', allowed) },
    {
      delay: 700,
      actionRef: 'allowed',
      event: terminalObservation(allowed, '> widgets@1.0.0 test\n> vitest run\n\n ✓ 12 passed'),
    },
    { delay: 80, actionRef: 'allowed', event: hookEvent('PostToolUse', allowed, { stdout: 'ok' }) },
    { delay: 600, ref: 'blocked', event: blocked },
    {
      delay: 80,
      actionRef: 'blocked',
      event: hookEvent('PreToolUse', blocked, { blocked: true, reason }),
    },
    {
      delay: 20,
      actionRef: 'blocked',
      event: {
        source: 'environment',
        tool_name: blocked.tool_name,
        tool_call_id: blocked.tool_call_id,
        rejection_reason: reason,
        rejection_source: 'hook',
        kind: 'UserRejectObservation',
      },
    },
    {
      delay: 500,
      event: assistantMessageEvent('The tests pass; the hook stopped the force push.'),
    },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}

/** An ACP agent (Claude Code, Codex…) reporting its own tool calls. */
function acpToolsScenario(): V1Template[] {
  const read = `toolu_acp_${randomBytes(6).toString('hex')}`;
  const edit = `toolu_acp_${randomBytes(6).toString('hex')}`;
  return [
    {
      delay: 500,
      event: {
        source: 'agent',
        tool_call_id: read,
        title: 'Read src/parser.ts',
        status: 'completed',
        tool_kind: 'read',
        raw_input: { file_path: '/workspace/project/src/parser.ts' },
        content: [
          { type: 'content', content: { type: 'text', text: 'export function parse(line) {…}' } },
        ],
        is_error: false,
        kind: 'ACPToolCallEvent',
      },
    },
    {
      delay: 700,
      event: {
        source: 'agent',
        tool_call_id: edit,
        title: 'Edit src/parser.ts',
        status: 'completed',
        tool_kind: 'edit',
        raw_input: {
          file_path: '/workspace/project/src/parser.ts',
          old_string: 'const [key, value] = line.split("=");',
          new_string:
            'if (!line.includes("=")) return null;\nconst [key, value] = line.split("=");',
        },
        content: [
          {
            type: 'diff',
            path: '/workspace/project/src/parser.ts',
            old_text: 'const [key, value] = line.split("=");',
            new_text:
              'if (!line.includes("=")) return null;\nconst [key, value] = line.split("=");',
          },
        ],
        is_error: false,
        kind: 'ACPToolCallEvent',
      },
    },
    { delay: 500, event: assistantMessageEvent('I added a guard for lines without "=".') },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}

export const LONG_SCENARIO_EVENTS = 10_000;
export const BURST_SCENARIO_EVENTS = 1_000;

export function v1Scenario(name: ScenarioName): V1Template[] {
  switch (name) {
    case 'long':
      return generatedScenario(LONG_SCENARIO_EVENTS, false, 1);
    case 'burst':
      return generatedScenario(BURST_SCENARIO_EVENTS, true, 0);
    case 'awaiting-confirmation':
      return confirmationScenario();
    case 'error':
      return errorScenario();
    case 'finish-quickly':
      return finishQuicklyScenario();
    case 'streaming':
      return streamingScenario();
    case 'hooks':
      return hooksScenario();
    case 'acp-tools':
      return acpToolsScenario();
    default:
      return defaultScenario();
  }
}

/** A plain assistant answer ends the turn: `finished`. */
export function replyTemplates(userText: string): V1Template[] {
  const quoted = userText.length > 120 ? `${userText.slice(0, 117)}...` : userText;
  return [
    {
      delay: 1200,
      event: assistantMessageEvent(
        `I read your message ("${quoted}"). This is the local reference service's scripted agent, so I can only acknowledge it.`,
      ),
    },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}

export {
  confirmationScenario as v1ConfirmationScenario,
  terminalObservation as v1TerminalObservation,
};

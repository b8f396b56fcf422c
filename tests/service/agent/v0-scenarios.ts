// What the scripted V0 agent emits, as event templates (no id, no timestamp: the event store
// assigns them when the event is played). `ref` names an event so a later one can point its
// `cause` at it. The default scenario replays a real upstream trajectory from the shared
// fixtures; the others are generated to exercise a client (volume, speed, confirmation, errors).
import { type FixtureEvent, readFixture, v0Trajectories } from '../core/fixtures';
import type { ScenarioName } from '../options';

export interface V0Template {
  event: Record<string, unknown>;
  /** Realistic delay before the event, in ms (before the pace multiplier). */
  delay: number;
  ref?: string;
  causeRef?: string;
  /** The action waits for the user's confirmation: the script stops after it. */
  awaitsConfirmation?: boolean;
  /** A non-event payload (status_update / error) sent on the socket instead of stored. */
  payload?: Record<string, unknown>;
  burst?: boolean;
}

function clampGap(ms: number): number {
  return Math.min(3000, Math.max(200, ms));
}

export function agentStateChanged(state: string, reason = ''): Record<string, unknown> {
  return {
    source: 'environment',
    message: '',
    observation: 'agent_state_changed',
    content: '',
    extras: { agent_state: state, reason },
  };
}

export function agentMessage(content: string, waitForResponse = true): Record<string, unknown> {
  return {
    source: 'agent',
    message: content,
    action: 'message',
    args: {
      content,
      file_urls: null,
      image_urls: null,
      wait_for_response: waitForResponse,
      security_risk: -1,
    },
  };
}

export function userMessage(
  content: string,
  imageUrls: string[] = [],
  fileUrls: string[] = [],
): Record<string, unknown> {
  return {
    source: 'user',
    message: content,
    action: 'message',
    args: {
      content,
      file_urls: fileUrls,
      image_urls: imageUrls,
      wait_for_response: false,
      security_risk: -1,
    },
  };
}

export function runAction(command: string, thought: string, confirmation = 'confirmed') {
  return {
    source: 'agent',
    message: `Running command: ${command}`,
    action: 'run',
    args: {
      command,
      is_input: false,
      thought,
      blocking: false,
      is_static: false,
      cwd: null,
      hidden: false,
      confirmation_state: confirmation,
      security_risk: 1,
    },
  };
}

export function runObservation(command: string, output: string, exitCode = 0) {
  return {
    source: 'agent',
    message: `Command \`${command}\` executed with exit code ${exitCode}.`,
    observation: 'run',
    content: output,
    extras: {
      command,
      metadata: {
        exit_code: exitCode,
        pid: -1,
        username: 'openhands',
        hostname: 'runtime-7f3c2a',
        working_dir: '/workspace/project',
        py_interpreter_path: '/openhands/poetry/openhands-ai-5O4_aCHf-py3.12/bin/python',
        prefix: '',
        suffix: `\n[The command completed with exit code ${exitCode}.]`,
      },
      hidden: false,
    },
    success: exitCode === 0,
  };
}

/** The events every new conversation starts with once its runtime is ready. */
export function startupTemplates(opts: {
  initialMessage: string;
  imageUrls: string[];
  repository: string | null;
  branch: string | null;
  conversationInstructions: string | null;
  microagentKnowledge: { name: string; trigger: string; content: string }[];
  runtimePort: number;
  date: string;
}): V0Template[] {
  const repoDirectory = opts.repository ? (opts.repository.split('/').pop() ?? null) : null;
  return [
    {
      delay: 150,
      event: {
        source: 'agent',
        message:
          'You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.',
        action: 'system',
        args: {
          content:
            'You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.\n\n<ROLE>\nYour primary role is to assist users by executing commands, modifying code, and solving technical problems effectively.\n</ROLE>',
          tools: [
            { type: 'function', function: { name: 'execute_bash' } },
            { type: 'function', function: { name: 'str_replace_editor' } },
            { type: 'function', function: { name: 'think' } },
            { type: 'function', function: { name: 'finish' } },
          ],
          openhands_version: '0.62.0',
          agent_class: 'CodeActAgent',
        },
      },
    },
    { delay: 50, ref: 'initial', event: userMessage(opts.initialMessage, opts.imageUrls) },
    {
      delay: 30,
      ref: 'recall',
      event: {
        source: 'user',
        message: `Retrieving content for: ${opts.initialMessage.slice(0, 50)}`,
        action: 'recall',
        args: { recall_type: 'workspace_context', query: opts.initialMessage, thought: '' },
      },
    },
    { delay: 20, event: agentStateChanged('running') },
    {
      delay: 120,
      causeRef: 'recall',
      event: {
        source: 'environment',
        message: 'Added workspace context',
        observation: 'recall',
        content: 'Added workspace context',
        extras: {
          recall_type: 'workspace_context',
          repo_name: opts.repository ?? '',
          repo_directory: repoDirectory ?? '',
          repo_branch: opts.branch ?? '',
          repo_instructions: '',
          runtime_hosts: { [`http://localhost:${opts.runtimePort}`]: opts.runtimePort },
          additional_agent_instructions: '',
          date: opts.date,
          custom_secrets_descriptions: {},
          conversation_instructions: opts.conversationInstructions ?? '',
          working_dir: '/workspace/project',
          microagent_knowledge: opts.microagentKnowledge,
        },
      },
    },
  ];
}

/**
 * The real web-UI trajectory (`v0_traj_basic_gui_mode.json`), minus its own start-up events and
 * user message (the conversation has just emitted its own), with its cause links kept.
 */
function defaultScenario(): V0Template[] {
  const events = readFixture<FixtureEvent[]>(v0Trajectories.guiMode);
  const startIndex = events.findIndex((e) => e.source === 'agent' && 'action' in e);
  const out: V0Template[] = [];
  let previous = Date.parse(String(events[startIndex - 1]?.timestamp));
  for (const original of events.slice(startIndex)) {
    const { id, timestamp, cause, ...rest } = original;
    const at = Date.parse(String(timestamp));
    out.push({
      delay: clampGap(at - previous),
      ref: `fixture-${String(id)}`,
      causeRef: cause === undefined ? undefined : `fixture-${String(cause)}`,
      event: rest,
    });
    previous = at;
  }
  return out;
}

const longCommands = [
  [
    'ls -la',
    'total 48\ndrwxr-xr-x  8 openhands openhands 4096 .\n-rw-r--r--  1 openhands openhands  812 package.json',
  ],
  [
    'npm test',
    '> widgets@1.0.0 test\n> vitest run\n\n ✓ tests/parser.test.ts (12 tests) 8ms\n\n Test Files  1 passed (1)',
  ],
  ['git status --short', ' M src/parser.ts\n?? src/parser.test.ts'],
  [
    'grep -rn "TODO" src | head',
    'src/parser.ts:14:// TODO handle comments\nsrc/lexer.ts:3:// TODO unicode',
  ],
  ['python -m pytest -q', '....F.\n1 failed, 5 passed in 0.42s'],
] as const;

/** A realistic mix of commands, file reads and edits, thoughts and messages, `count` events long. */
function generatedScenario(count: number, burst: boolean, delay: number): V0Template[] {
  const out: V0Template[] = [];
  let n = 0;
  const push = (template: Omit<V0Template, 'delay'>) => {
    if (out.length < count - 1) out.push({ ...template, delay, burst });
  };
  while (out.length < count - 1) {
    const [command, output] = longCommands[n % longCommands.length] as readonly [string, string];
    const ref = `gen-${n}`;
    switch (n % 6) {
      case 0:
      case 3: {
        push({ ref, event: runAction(command, `Step ${n}: let me run \`${command}\`.`) });
        push({ causeRef: ref, event: runObservation(command, output, n % 10 === 3 ? 1 : 0) });
        break;
      }
      case 1: {
        const path = `/workspace/project/src/module_${n % 37}.ts`;
        push({
          ref,
          event: {
            source: 'agent',
            message: `Reading file: ${path}`,
            action: 'read',
            args: {
              path,
              start: 0,
              end: -1,
              thought: 'Let me look at this file.',
              impl_source: 'oh_aci',
              view_range: null,
            },
          },
        });
        push({
          causeRef: ref,
          event: {
            source: 'agent',
            message: `I read the file ${path}.`,
            observation: 'read',
            content: `     1\texport function step${n}(input: string) {\n     2\t  return input.trim();\n     3\t}\n`,
            extras: { path, impl_source: 'oh_aci' },
          },
        });
        break;
      }
      case 2: {
        const path = `/workspace/project/src/module_${n % 37}.ts`;
        push({
          ref,
          event: {
            source: 'agent',
            message: `Editing file: ${path}`,
            action: 'edit',
            args: {
              path,
              command: 'str_replace',
              file_text: null,
              old_str: 'return input.trim();',
              new_str: 'return input.trim().toLowerCase();',
              insert_line: null,
              content: '',
              start: 1,
              end: -1,
              thought: 'Normalise the case as well.',
              impl_source: 'oh_aci',
            },
          },
        });
        push({
          causeRef: ref,
          event: {
            source: 'agent',
            message: `I edited the file ${path}.`,
            observation: 'edit',
            content: `--- ${path}\n+++ ${path}\n@@ -1,3 +1,3 @@\n export function step${n}(input: string) {\n-  return input.trim();\n+  return input.trim().toLowerCase();\n }`,
            extras: {
              path,
              prev_exist: true,
              old_content: 'return input.trim();',
              new_content: 'return input.trim().toLowerCase();',
              impl_source: 'oh_aci',
              diff: null,
              _diff_cache: null,
            },
          },
        });
        break;
      }
      case 4: {
        push({
          ref,
          event: {
            source: 'agent',
            message: 'I am thinking...',
            action: 'think',
            args: { thought: `Checkpoint ${n}: the parser handles comments now; next, the lexer.` },
          },
        });
        push({
          causeRef: ref,
          event: {
            source: 'agent',
            message: 'Your thought has been logged.',
            observation: 'think',
            content: 'Your thought has been logged.',
            extras: {},
          },
        });
        break;
      }
      default:
        push({ event: agentMessage(`Progress update ${n}: ${out.length} events so far.`, false) });
    }
    n++;
  }
  out.push({ delay, burst, event: agentStateChanged('awaiting_user_input') });
  return out;
}

function confirmationScenario(): V0Template[] {
  return [
    {
      delay: 800,
      ref: 'pending',
      awaitsConfirmation: true,
      event: runAction(
        'rm -rf build && npm run build',
        'I need to rebuild the project from scratch to reproduce the failure.',
        'awaiting_confirmation',
      ),
    },
    { delay: 20, event: agentStateChanged('awaiting_user_confirmation') },
  ];
}

function errorScenario(): V0Template[] {
  const message = "You're out of OpenHands Credits.";
  return [
    { delay: 900, event: agentStateChanged('error', `RuntimeError: ${message}`) },
    {
      delay: 10,
      event: {},
      payload: {
        status_update: true,
        type: 'error',
        id: 'STATUS$ERROR_LLM_OUT_OF_CREDITS',
        message,
      },
    },
  ];
}

function finishQuicklyScenario(): V0Template[] {
  return [
    {
      delay: 300,
      event: {
        source: 'agent',
        message: 'All done! The task is complete.',
        action: 'finish',
        args: { final_thought: 'All done! The task is complete.', outputs: {}, thought: '' },
      },
    },
    { delay: 20, event: agentStateChanged('finished') },
  ];
}

export const LONG_SCENARIO_EVENTS = 10_000;
export const BURST_SCENARIO_EVENTS = 1_000;

export function v0Scenario(name: ScenarioName): V0Template[] {
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
    default:
      return defaultScenario();
  }
}

/** The agent's answer to a user message once the scenario has played. */
export function replyTemplates(userText: string): V0Template[] {
  const quoted = userText.length > 120 ? `${userText.slice(0, 117)}...` : userText;
  return [
    {
      delay: 1200,
      event: agentMessage(
        `I read your message ("${quoted}"). This is the local reference service's scripted agent, so I can only acknowledge it. Is there anything else?`,
      ),
    },
    { delay: 20, event: agentStateChanged('awaiting_user_input') },
  ];
}

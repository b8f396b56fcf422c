// The same journey on both interfaces: on a current, V1-only server (the suite's default) and
// on a legacy server, where Handoff still uses V0. A spec loops over `journeyKinds`, and each
// loop's describe block plays its own server kind.
import { expect, type Page } from '@playwright/test';
import type { Generation } from '@/lib/api/generation';
import { stateUpdate, terminalAction, terminalObservation } from '../../service/agent/v1-scenarios';
import type { RunningService, ServiceOptions } from '../../service/index';
import { agentSeedPaths } from '../../service/seed/agent-server';
import {
  appConversation,
  createV0Conversation as createV0ConversationHere,
  createV1Conversation,
} from './panel-pages';
import { cachedOrders, createV0Conversation, serviceOrders, v1Ids } from './stream-probe';

export interface JourneyKind {
  generation: Generation;
  /** Appended to the describe block's title. */
  title: string;
  /** Merged into the test's service options. */
  server: ServiceOptions['server'];
}

export const journeyKinds: readonly JourneyKind[] = [
  { generation: 'v1', title: 'on a V1-only server', server: 'v1' },
  { generation: 'v0', title: 'on a legacy server (V0)', server: 'legacy' },
];

/**
 * A bare agent server (its own routes, no app server in front): V1 events, but conversations
 * started on it directly (`startOnAgentServer`). Kept out of `journeyKinds`: a spec adds it where
 * the journey differs there.
 */
export const agentServerKind: JourneyKind = {
  generation: 'v1',
  title: 'on an agent server on its own',
  server: 'agent',
};

/**
 * Starts a conversation on an agent server with this first message, as another client of it
 * would (`POST /api/conversations`, in the seeded clone of octo/widgets); its id as the
 * extension keys it (hex, no dashes).
 */
export async function startOnAgentServer(service: RunningService, text: string): Promise<string> {
  const response = await fetch(`${service.url}/api/conversations`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(service.apiKey ? { 'X-Session-API-Key': service.apiKey } : {}),
    },
    body: JSON.stringify({
      workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
      agent_settings: { llm: { model: 'anthropic/claude-sonnet-4-5-20250929' } },
      initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
    }),
  });
  const started = (await response.json()) as { id?: string };
  if (response.status !== 201 || !started.id) {
    throw new Error(`start failed: ${response.status} ${JSON.stringify(started)}`);
  }
  return started.id.replaceAll('-', '').toLowerCase();
}

/** Starts a conversation with this first message, as another client of the server would. */
export function startConversation(
  page: Page,
  service: RunningService,
  generation: Generation,
  text: string,
): Promise<string> {
  return generation === 'v0'
    ? createV0Conversation(page, service, { initial_user_msg: text })
    : createV1Conversation(service, text);
}

/** The same, from the test's own process, before any extension page is open. */
export function startConversationHere(
  service: RunningService,
  generation: Generation,
  text: string,
): Promise<string> {
  return generation === 'v0'
    ? createV0ConversationHere(service, { initial_user_msg: text })
    : createV1Conversation(service, text);
}

/** The seeded conversation of each kind that is short and already over. */
export function seededFinished(service: RunningService, generation: Generation): string {
  return generation === 'v0' ? service.seedIds.v0.quickQuestion : service.seedIds.v1.parserFixDone;
}

/**
 * The agent runs a command and gets its result, as stored events of the conversation's own kind
 * (V0: a `run` action and its observation by `cause`; V1: a TerminalAction and its
 * TerminalObservation by `action_id`).
 */
export async function appendCommandRun(
  service: RunningService,
  conversationId: string,
  generation: Generation,
  command: string,
  output: string,
  exitCode: number,
): Promise<void> {
  if (generation === 'v1') {
    const action = { id: crypto.randomUUID(), ...terminalAction(command, 'Let me run this.') };
    await service.admin.appendEvents(conversationId, [
      action,
      { ...terminalObservation(action, output, exitCode), action_id: action.id },
    ]);
    return;
  }
  const stored = (await service.admin.storedEvents(conversationId)).events;
  const at = Math.max(0, ...stored.map((event) => Number(event.id))) + 1;
  await service.admin.appendEvents(conversationId, [
    { id: at, source: 'agent', action: 'run', args: { command } },
    {
      id: at + 1,
      cause: at,
      source: 'agent',
      observation: 'run',
      content: output,
      extras: { command, metadata: { exit_code: exitCode } },
    },
  ]);
}

/** The cache, in the form `storedForm` gives the service's log. */
export async function cachedForm(
  page: Page,
  conversationId: string,
  generation: Generation,
): Promise<string[]> {
  const cached = await cachedOrders(page, conversationId);
  return generation === 'v0' ? cached : v1Ids(cached).sort();
}

export async function storedForm(
  service: RunningService,
  conversationId: string,
  generation: Generation,
): Promise<string[]> {
  const stored = await serviceOrders(service, conversationId);
  return generation === 'v0' ? stored : [...stored].sort();
}

/** The agent asks, as stored events of the conversation's own kind, to run a risky command. */
export async function appendConfirmationRequest(
  service: RunningService,
  conversationId: string,
  generation: Generation,
  command: string,
): Promise<void> {
  if (generation === 'v1') {
    await service.admin.appendEvents(conversationId, [
      terminalAction(command, 'Cleaning up before the next build.', 'HIGH'),
      stateUpdate('execution_status', 'waiting_for_confirmation'),
    ]);
    return;
  }
  await service.admin.appendEvents(conversationId, [
    {
      action: 'run',
      source: 'agent',
      message: `Running command: ${command}`,
      args: { command, confirmation_state: 'awaiting_confirmation', thought: '' },
    },
    {
      observation: 'agent_state_changed',
      source: 'agent',
      message: '',
      content: '',
      extras: { agent_state: 'awaiting_user_confirmation', reason: '' },
    },
  ]);
}

/**
 * Puts a finished conversation to sleep, as a person who left it for a while finds it: a V0
 * conversation's runtime stopped, a V1 conversation's sandbox paused (its agent server gone, so
 * its history is the app server's).
 */
export async function putToSleep(
  service: RunningService,
  conversationId: string,
  generation: Generation,
): Promise<void> {
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  if (generation === 'v0') {
    const stopped = await fetch(`${service.url}/api/conversations/${conversationId}/stop`, {
      method: 'POST',
      headers,
    });
    expect(stopped.ok).toBe(true);
    return;
  }
  const sandbox = String((await appConversation(service, conversationId))?.sandbox_id);
  const paused = await fetch(`${service.url}/api/v1/sandboxes/${sandbox}/pause`, {
    method: 'POST',
    headers,
  });
  expect(paused.ok).toBe(true);
  await expect
    .poll(async () => (await appConversation(service, conversationId))?.sandbox_status)
    .toBe('PAUSED');
}

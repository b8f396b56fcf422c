// What the agent-direct client's tests against the reference service share: the agent server
// they start, the client the worker makes for it, calls to the server itself, and a start
// followed to its end as the side panel follows it.
import { expect } from 'vitest';
import type { RunningService } from '@/tests/service/index';
import type { ServiceOptions } from '@/tests/service/options';
import { startTestService } from '@/tests/service/test-support';
import { type AgentDirectClient, createAgentDirectClient } from '../agent-direct/client';
import { createTransport } from '../transport';

type Json = Record<string, unknown>;

export const AGENT_KEY = 'local-backend-key';

/** The reference service as a bare agent server whose scripted agent finishes at once. */
export function startAgentServer(options: ServiceOptions = {}): Promise<RunningService> {
  return startTestService({
    server: 'agent',
    apiKey: AGENT_KEY,
    scenario: 'finish-quickly',
    ...options,
  });
}

/** The client the worker makes for this server (a call it does not serve is a test failure). */
export function agentDirectClient(
  svc: RunningService,
  chosenFolder?: () => Promise<string | null>,
  serverKey?: string | null,
): AgentDirectClient {
  const transport = createTransport({ baseUrl: svc.url, apiKey: AGENT_KEY });
  const passOn = { call: () => Promise.reject(new Error('not an agent-direct call')) };
  return createAgentDirectClient(transport, svc.url, passOn, chosenFolder, serverKey);
}

/** A request to the agent server itself, with its key. */
export function serverCall(
  svc: RunningService,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${svc.url}${path}`, {
    ...init,
    headers: {
      'X-Session-API-Key': AGENT_KEY,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

/** Saves a secret (a provider token, say) on the agent server, as its settings route does. */
export async function saveServerSecret(
  svc: RunningService,
  name: string,
  value: string,
): Promise<void> {
  const answer = await serverCall(svc, '/api/settings/secrets', {
    method: 'PUT',
    body: JSON.stringify({ name, value }),
  });
  expect(answer.ok).toBe(true);
}

/** Follows a start task until it is READY or ERROR, showing each answer to `seen`. */
export async function startTaskEnd(
  client: AgentDirectClient,
  id: string,
  options: { every?: number; seen?: (task: Json) => void } = {},
): Promise<Json> {
  for (let i = 0; i < 400; i++) {
    const [latest] = (await client.call('v1.getStartTasks', { ids: [id] })) as Json[];
    if (latest) options.seen?.(latest);
    if (latest?.status === 'READY' || latest?.status === 'ERROR') return latest;
    await new Promise((resolve) => setTimeout(resolve, options.every ?? 25));
  }
  throw new Error('The start never ended');
}

/** Starts like the side panel does, then follows the start task to its end. */
export async function startAndWait(client: AgentDirectClient, request: Json): Promise<Json> {
  const task = (await client.call('v1.startAppConversation', request)) as Json;
  expect(task.status).toBe('WORKING');
  return startTaskEnd(client, String(task.id));
}

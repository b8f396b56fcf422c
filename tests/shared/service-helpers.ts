// Node-side helpers over the reference service, shared by the Chromium and Firefox suites.
import { eventKeyOf } from '../../lib/api/envelope';
import { v0OrderKey, v1OrderKey } from '../../lib/stream/order';
import type { RunningService } from '../service/index';
import { type SeedRepository, seedRepositories } from '../service/seed/git-world';

/** The ids the service stores for a conversation, in its own form (V1 with dashes as sent). */
export async function storedIds(
  service: RunningService,
  conversationId: string,
): Promise<string[]> {
  const log = await service.admin.storedEvents(conversationId);
  return log.events.map((event) => String(event.id));
}

/**
 * The stored ids in the order the events happened, as a timeline or an export puts them: a V0
 * event by its id, a V1 event by the time the server stamped it. These differ from the stored
 * order where an agent server stores an event after later-stamped ones (the per-call `stats`
 * update, stored when the step ends).
 */
export async function idsInTimeOrder(
  service: RunningService,
  conversationId: string,
): Promise<string[]> {
  const log = await service.admin.storedEvents(conversationId);
  return log.events
    .map((event) => ({
      id: String(event.id),
      order:
        typeof event.id === 'number'
          ? v0OrderKey(event.id)
          : v1OrderKey(String(event.timestamp), eventKeyOf('v1', String(event.id))),
    }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .map((entry) => entry.id);
}

/**
 * Makes the service's pretend code host know a repository the fixture pages name (the host
 * fixtures use `octo/widgets`; the seeded world has `octo-org/widgets`). The service runs in the
 * test's own process, so its repository list is this module's array.
 */
export function ensureRepository(fullName: string, base = 'octo-org/widgets'): void {
  if (seedRepositories.some((repo) => repo.full_name.toLowerCase() === fullName.toLowerCase()))
    return;
  const template = seedRepositories.find((repo) => repo.full_name === base) as SeedRepository;
  seedRepositories.push({ ...template, id: `${template.id}9`, full_name: fullName });
}

/** A conversation's record as the service answers the V1 batch get (null when unknown). */
export async function appConversation(
  service: RunningService,
  id: string,
): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${service.url}/api/v1/app-conversations?ids=${id}`, {
    headers: service.apiKey ? { 'X-Session-API-Key': service.apiKey } : {},
  });
  const [found] = (await response.json()) as (Record<string, unknown> | null)[];
  return found ?? null;
}

/** A V0 conversation's record as the service answers it (null when unknown). */
export async function v0Conversation(
  service: RunningService,
  id: string,
): Promise<Record<string, unknown> | null> {
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const response = await fetch(`${service.url}/api/conversations/${id}`, { headers });
  return (await response.json()) as Record<string, unknown> | null;
}

/** Creates a V0 conversation straight through the service's REST API (as another client would). */
export async function createV0Conversation(
  service: RunningService,
  body: Record<string, unknown>,
): Promise<string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (service.apiKey) headers['X-Session-API-Key'] = service.apiKey;
  const response = await fetch(`${service.url}/api/conversations`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { conversation_id: string };
  return answer.conversation_id;
}

/** Normalises ids the way the panel and the service may write them (V1 dashes, case). */
export function sameIds(ids: readonly string[]): string[] {
  return ids.map((id) => id.replaceAll('-', '').toLowerCase()).sort();
}

/**
 * Starts a V1 conversation through the app server and waits for its start task to be READY; on
 * a repository when one is given (see ensureRepository), with any more fields a start request
 * may carry (`title`, `pr_number`…).
 */
export async function createV1Conversation(
  service: RunningService,
  text: string,
  on?: { repository: string; provider: string },
  fields: Record<string, unknown> = {},
): Promise<string> {
  const auth: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const response = await fetch(`${service.url}/api/v1/app-conversations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...auth },
    body: JSON.stringify({
      initial_message: { role: 'user', content: [{ type: 'text', text }] },
      ...(on ? { selected_repository: on.repository, git_provider: on.provider } : {}),
      ...fields,
    }),
  });
  const task = (await response.json()) as { id: string };
  if (!task.id) throw new Error(`start failed: ${JSON.stringify(task)}`);
  for (let attempt = 0; attempt < 200; attempt++) {
    const poll = await fetch(`${service.url}/api/v1/app-conversations/start-tasks?ids=${task.id}`, {
      headers: auth,
    });
    const [latest] = (await poll.json()) as {
      status: string;
      app_conversation_id: string | null;
      detail: string | null;
    }[];
    if (latest?.status === 'READY' && latest.app_conversation_id) return latest.app_conversation_id;
    if (latest?.status === 'ERROR') throw new Error(`start failed: ${latest.detail}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the start task never became READY');
}

/**
 * Starts several V1 conversations at once, as createV1Conversation does each, and waits for all
 * their start tasks together (one batch read per poll, so the server's request limit is not met);
 * their ids in the order asked.
 */
export async function createV1Conversations(
  service: RunningService,
  starts: readonly { text: string; on?: { repository: string; provider: string } }[],
): Promise<string[]> {
  const auth: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const tasks: string[] = [];
  for (const { text, on } of starts) {
    const response = await fetch(`${service.url}/api/v1/app-conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify({
        initial_message: { role: 'user', content: [{ type: 'text', text }] },
        ...(on ? { selected_repository: on.repository, git_provider: on.provider } : {}),
      }),
    });
    const task = (await response.json()) as { id: string };
    if (!task.id) throw new Error(`start failed: ${JSON.stringify(task)}`);
    tasks.push(task.id);
  }
  const query = tasks.map((id) => `ids=${id}`).join('&');
  for (let attempt = 0; attempt < 200; attempt++) {
    const poll = await fetch(`${service.url}/api/v1/app-conversations/start-tasks?${query}`, {
      headers: auth,
    });
    const latest = (await poll.json()) as {
      status: string;
      app_conversation_id: string | null;
      detail: string | null;
    }[];
    const failed = latest.find((task) => task?.status === 'ERROR');
    if (failed) throw new Error(`start failed: ${failed.detail}`);
    if (latest.every((task) => task?.status === 'READY' && task.app_conversation_id)) {
      return latest.map((task) => task.app_conversation_id as string);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the start tasks never all became READY');
}

import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { RunningService } from '../../service/index';
import { type SeedRepository, seedRepositories } from '../../service/seed/git-world';

/** Every event id the panel's timeline has in the DOM (rows and their paired results). */
export function domEventIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-event-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-event-id') ?? ''));
}

/** The ids the service stores for a conversation, in its own form (V1 with dashes as sent). */
export async function storedIds(
  service: RunningService,
  conversationId: string,
): Promise<string[]> {
  const log = await service.admin.storedEvents(conversationId);
  return log.events.map((event) => String(event.id));
}

/** Opens the side panel as a tab, on a conversation or on its start view. */
export async function openPanel(
  openExtensionPage: (path: string) => Promise<Page>,
  query = '',
): Promise<Page> {
  const page = await openExtensionPage(`sidepanel.html${query}`);
  await expect(page.getByRole('tablist')).toBeVisible();
  return page;
}

export function timeline(page: Page) {
  return page.getByRole('feed', { name: 'Conversation events' });
}

/** Shows system and hidden events, so every stored event has a row. */
export async function showSystemEvents(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Show system and hidden events' }).check();
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

/**
 * Every event id the timeline shows, top to bottom (`rowsOnly`: each row's first event only,
 * which is the rows' order): the timeline is virtualised, so it is scrolled through in steps
 * and the ids in view collected at each step.
 */
export async function collectTimelineIds(page: Page, rowsOnly = false): Promise<string[]> {
  const feed = timeline(page);
  await feed.evaluate((element) => {
    element.scrollTop = 0;
  });
  const seen = new Set<string>();
  for (let step = 0; step < 2000; step++) {
    const selector = rowsOnly ? 'article[data-event-id]' : '[data-event-id]';
    for (const id of await feed
      .locator(selector)
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-event-id') ?? ''))) {
      seen.add(id);
    }
    const done = await feed.evaluate((element) => {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return true;
      element.scrollTop += Math.max(50, element.clientHeight * 0.6);
      return false;
    });
    if (done) break;
    await page.waitForTimeout(30);
  }
  return [...seen];
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

/** Starts a V1 conversation through the app server and waits for its start task to be READY. */
export async function createV1Conversation(service: RunningService, text: string): Promise<string> {
  const auth: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const response = await fetch(`${service.url}/api/v1/app-conversations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...auth },
    body: JSON.stringify({ initial_message: { role: 'user', content: [{ type: 'text', text }] } }),
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
 * Evaluates an expression in the real side panel (a page target Playwright does not list among
 * the context's pages), through a browser-level CDP session. Picks the first side-panel
 * document: use it where no panel is open as a tab.
 */
export async function evaluateInSidePanel(
  context: BrowserContext,
  expression: string,
): Promise<unknown> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser to attach to');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const target = targetInfos.find(
      (info) => info.type === 'page' && /\/sidepanel\.html/.test(info.url),
    );
    if (!target) return undefined;
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    })) as { sessionId: string };
    const reply = new Promise<unknown>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
        const message = JSON.parse(event.message) as {
          id?: number;
          result?: { result?: { value?: unknown } };
        };
        if (message.id === 1) resolve(message.result?.result?.value);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression, returnByValue: true },
      }),
    });
    return await reply;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

// What the security tests look at after an attack: how many conversations the service holds,
// whether a side panel or a panel window opened, and what launches wait for a panel.
import type { BrowserContext, Worker } from '@playwright/test';
import type { RunningService } from '../../service/index';

/**
 * Conversations the service holds, by id: V1's, and V0's where the server still serves V0 (its
 * list shows V1 ones too). A V1-only server answers the V0 route with its web app's page.
 */
export async function conversationCount(service: RunningService): Promise<number> {
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const v1 = (await (
    await fetch(`${service.url}/api/v1/app-conversations/search?limit=100`, { headers })
  ).json()) as { items: { id: string }[] };
  const older = await fetch(`${service.url}/api/conversations?limit=100`, { headers });
  const servesV0 = older.ok && (older.headers.get('content-type') ?? '').includes('json');
  const v0 = (servesV0 ? await older.json() : { results: [] }) as {
    results: { conversation_id: string }[];
  };
  const ids = [
    ...v1.items.map((item) => item.id),
    ...v0.results.map((item) => item.conversation_id),
  ];
  return new Set(ids.map((id) => id.replaceAll('-', '').toLowerCase())).size;
}

/** Side panels open, panel pages open as windows or tabs, and launches kept for a panel. */
export async function panelsAndLaunches(
  context: BrowserContext,
  worker: Worker,
): Promise<{ sidePanels: number; panelPages: number; launches: unknown[] }> {
  const state = await worker.evaluate(async () => {
    const panels = await chrome.runtime.getContexts({
      contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType],
    });
    const stored = await chrome.storage.session.get('handoff:pending-launches');
    return {
      sidePanels: panels.length,
      launches: Object.values((stored['handoff:pending-launches'] ?? {}) as object),
    };
  });
  const panelPages = context.pages().filter((page) => page.url().includes('sidepanel.html')).length;
  return { ...state, panelPages };
}

// What the security tests look at after an attack: how many conversations the service holds,
// whether a side panel or a panel window opened, and what launches wait for a panel.
import type { BrowserContext, Worker } from '@playwright/test';
import type { RunningService } from '../../service/index';

/** Conversations the service holds (V0 and V1; the V0 list shows V1 ones too), by id. */
export async function conversationCount(service: RunningService): Promise<number> {
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const v1 = (await (
    await fetch(`${service.url}/api/v1/app-conversations/search?limit=100`, { headers })
  ).json()) as { items: { id: string }[] };
  const v0 = (await (
    await fetch(`${service.url}/api/conversations?limit=100`, { headers })
  ).json()) as {
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

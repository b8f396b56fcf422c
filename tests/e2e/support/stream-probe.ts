import type { Page } from '@playwright/test';
import type { Generation } from '@/lib/api/generation';
import type { RunningService } from '../../service/index';
import {
  cachedOrdersInPage,
  latestSnapshotInPage,
  loadAllOlderWith,
  type ProbeSnapshot,
  requestOlderInPage,
  watchInPage,
} from '../../shared/stream-probe';

// The probe's page side is shared with the Firefox suite (tests/shared/stream-probe.ts); these
// are its Playwright forms.
export { type ProbeSnapshot, serviceOrders, v1Ids } from '../../shared/stream-probe';

/**
 * Subscribes an extension page to a conversation over the panel port, as a panel does, and
 * reconnects at once when the worker is stopped (which closes the port), as the panel does.
 */
export async function watchOverPort(
  page: Page,
  conversationId: string,
  generation: Generation,
): Promise<void> {
  await page.evaluate(watchInPage, { conversationId, generation });
}

/**
 * Loads every older page of history, as a panel does when the person scrolls to the top, so
 * the cache can be compared with the whole log.
 */
export function loadAllOlder(page: Page, conversationId: string): Promise<void> {
  return loadAllOlderWith(
    () => latestSnapshot(page),
    () => page.evaluate(requestOlderInPage, conversationId),
  );
}

/** The newest snapshot the worker sent for the watched conversation. */
export function latestSnapshot(page: Page): Promise<ProbeSnapshot | null> {
  return page.evaluate(latestSnapshotInPage);
}

/** The order keys the extension's cache holds for a conversation (what the panel shows). */
export function cachedOrders(page: Page, conversationId: string): Promise<string[]> {
  return page.evaluate(cachedOrdersInPage, conversationId);
}

/** Creates a V0 conversation directly on the service, as another client would. */
export function createV0Conversation(
  page: Page,
  service: RunningService,
  body: Record<string, unknown>,
): Promise<string> {
  return page.evaluate(
    async ({ url, key, body }) => {
      const response = await fetch(`${url}/api/conversations`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(key ? { 'X-Session-API-Key': key } : {}),
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { conversation_id?: string };
      if (!answer.conversation_id) throw new Error(`create failed: ${JSON.stringify(answer)}`);
      return answer.conversation_id;
    },
    { url: service.url, key: service.apiKey, body },
  );
}

import '@/components/common/theme.css';
import '@/components/sidepanel/panel.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { createQueryClient, WorkerConnectionProvider } from '@/components/common/worker-queries';
import { readAhead } from '@/components/sidepanel/model/conversation-feed';
import { LaunchInbox } from '@/components/sidepanel/model/launch-inbox';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { WorkerConnection } from '@/lib/messaging/worker-connection';
import { loadSettings } from '@/lib/settings/store';
import { readCursor } from '@/lib/stream/cache';

/**
 * The window this panel belongs to, so the worker hands it that window's launches: the
 * `for-window` parameter when the panel was opened as a popup window (where the current window
 * is the popup itself), otherwise the window the side panel is attached to.
 */
async function panelWindowId(params: URLSearchParams): Promise<number | null> {
  const given = Number(params.get('for-window'));
  if (params.has('for-window') && Number.isInteger(given)) return given;
  try {
    return (await browser.windows.getCurrent()).id ?? null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const params = new URLSearchParams(location.search);
  const conversationId = params.get('conversation');
  // All at once, before the first render: a conversation opened by id then paints in the first
  // frame with its newest cached rows, its interface known from the cache when it was watched
  // before.
  const [windowId, settings, generation] = await Promise.all([
    panelWindowId(params),
    loadSettings(),
    conversationId
      ? readCursor(conversationId).then(
          (cursor) => cursor?.generation ?? null,
          () => null,
        )
      : null,
    conversationId ? readAhead(conversationId) : null,
  ]);
  const connection = new WorkerConnection(windowId);
  // Before anything renders: the worker answers hello with a pending launch at once.
  const inbox = new LaunchInbox(connection);
  const queryClient = createQueryClient();
  createRoot(root).render(
    <QueryClientProvider client={queryClient}>
      <WorkerConnectionProvider connection={connection}>
        <SidePanelApp
          connection={connection}
          inbox={inbox}
          initialSettings={settings}
          initialConversation={conversationId ? { id: conversationId, generation } : null}
          ownWindow={params.has('for-window')}
        />
      </WorkerConnectionProvider>
    </QueryClientProvider>,
  );
}

void main();

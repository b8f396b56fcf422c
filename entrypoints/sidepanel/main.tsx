import '@/components/common/theme.css';
import '@/components/sidepanel/panel.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createQueryClient, WorkerConnectionProvider } from '@/components/common/worker-queries';
import { readAhead } from '@/components/sidepanel/model/conversation-feed';
import { LaunchInbox } from '@/components/sidepanel/model/launch-inbox';
import { takeOpeningReads } from '@/components/sidepanel/model/opening-reads';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { WorkerConnection } from '@/lib/messaging/worker-connection';
import { loadSettings } from '@/lib/settings/store';

async function main(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const params = new URLSearchParams(location.search);
  // All read before the first render, begun by the early script before this code loaded: a
  // conversation opened by id then paints in the first frame with its newest cached rows, its
  // interface known from the cache when it was watched before.
  const opening = takeOpeningReads(location.search);
  const conversationId = opening.conversationId;
  const [windowId, settings, generation] = await Promise.all([
    opening.windowId,
    loadSettings(opening.settings),
    opening.cursor.then((cursor) => cursor?.generation ?? null),
    conversationId ? readAhead(conversationId, opening.recent) : null,
  ]);
  const connection = new WorkerConnection(windowId);
  connection.reportVisibility(document);
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
          initialConversation={
            conversationId
              ? { id: conversationId, generation, serverId: params.get('server') ?? undefined }
              : null
          }
          ownWindow={params.has('for-window')}
        />
      </WorkerConnectionProvider>
    </QueryClientProvider>,
  );
}

void main();

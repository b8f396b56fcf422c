import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Generation } from '@/lib/api/generation';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { journeyKinds, putToSleep, startConversation } from './support/generations';
import {
  conversationMenu,
  idsInTimeOrder,
  openPanel,
  sameIds,
  storedIds,
} from './support/panel-pages';

// Export as a person uses it: the conversation's menu saves one JSON file with every event the
// server stores, exactly as stored and in order, and says truthfully whether it is complete. On
// a V1-only server (the default) the history of a sleeping conversation is the app server's
// (/api/v1/conversation/{id}/events/search, paged by page_id); on a legacy server a classic
// conversation's is V0's.

interface ExportFile {
  format: string;
  conversation: Record<string, unknown>;
  incomplete: boolean;
  eventCount: number;
  events: { id: number | string }[];
}

/** Exports through the menu and reads the saved file. */
async function exportFile(page: Page): Promise<{ name: string; data: ExportFile }> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await conversationMenu(page, 'Export JSON');
  const file = await download;
  return {
    name: file.suggestedFilename(),
    data: JSON.parse(await readFile(await file.path(), 'utf8')) as ExportFile,
  };
}

/** A finished conversation the server seeded, with what the export should say about it. */
const seeded: Record<
  Generation,
  {
    id: (service: RunningService) => string;
    fileName: RegExp;
    metadata: Record<string, unknown>;
  }
> = {
  v0: {
    id: (service) => service.seedIds.v0.renameFile,
    fileName: /^handoff-rename-game-2048-py-e1d2c3b4-\d{4}-\d{2}-\d{2}\.json$/,
    metadata: {
      generation: 'v0',
      title: 'Rename game_2048.py',
      repository: 'acme/platform/backend/api',
      branch: 'feature/auth/oidc',
      provider: 'gitlab',
    },
  },
  v1: {
    // Its sandbox is paused: the events come from the app server.
    id: (service) => service.seedIds.v1.parserFixDone,
    fileName: /^handoff-parser-comments-fix-first-try-2f8e6d4c-\d{4}-\d{2}-\d{2}\.json$/,
    metadata: {
      generation: 'v1',
      title: 'Parser comments fix (first try)',
      repository: 'octo-org/widgets',
      branch: 'fix/parser-null',
      provider: 'github',
    },
  },
};

/** The route a sleeping conversation's older history is read from. */
function historyRoute(generation: Generation): string {
  return generation === 'v0'
    ? '/api/conversations/{conversation_id}/events'
    : '/api/v1/conversation/{conversation_id}/events/search';
}

/** A thousand-event conversation, asleep, open in the panel with only its newest page read. */
async function sleepingBurst(
  service: RunningService,
  openExtensionPage: (path: string) => Promise<Page>,
  generation: Generation,
): Promise<{ id: string; page: Page }> {
  const starter = await openExtensionPage('options.html');
  const id = await startConversation(starter, service, generation, '[scenario:burst] Lots');
  await service.admin.waitIdle(id);
  await putToSleep(service, id, generation);
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(page.getByRole('button', { name: 'Load older events' })).toBeVisible({
    timeout: 20_000,
  });
  return { id, page };
}

for (const { generation, title, server } of journeyKinds) {
  const conversation = seeded[generation];
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('export saves the conversation’s events as JSON, in order, with its metadata', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = conversation.id(service);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(
        page.getByRole('heading', { name: String(conversation.metadata.title) }),
      ).toBeVisible();
      // The record's facts are on screen (the header names the repository) before the export,
      // which takes its metadata from that record.
      if (conversation.metadata.repository) {
        await expect(page.locator('.head-facts')).toContainText(
          String(conversation.metadata.repository),
        );
      }
      const { name, data } = await exportFile(page);
      expect(name).toMatch(conversation.fileName);
      const stored = await storedIds(service, id);
      expect(data.format).toBe('handoff-conversation-export');
      expect(data.incomplete).toBe(false);
      expect(data.conversation).toMatchObject({ id, ...conversation.metadata });
      expect(data.eventCount).toBe(stored.length);
      expect(data.events.map((event) => String(event.id))).toEqual(stored);
      // The raw events, exactly as the service stores them.
      const log = await service.admin.storedEvents(id);
      expect(data.events).toEqual(log.events);
    });

    test('export first reads the history the panel has not loaded yet', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const { id, page } = await sleepingBurst(service, openExtensionPage, generation);
      const { data } = await exportFile(page);
      const stored = await idsInTimeOrder(service, id);
      expect(stored.length).toBeGreaterThan(1000);
      expect(data.incomplete).toBe(false);
      expect(data.eventCount).toBe(stored.length);
      expect(data.events.map((event) => String(event.id))).toEqual(stored);
    });

    test('an export the server could not give every event says it is incomplete', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const { id, page } = await sleepingBurst(service, openExtensionPage, generation);
      // Older history stops answering (every retry too).
      await service.admin.failNext({
        method: 'GET',
        path: historyRoute(generation),
        status: 500,
        times: 1000,
      });
      const { data } = await exportFile(page);
      const stored = await storedIds(service, id);
      expect(data.incomplete).toBe(true);
      expect(data.eventCount).toBe(data.events.length);
      expect(data.events.length).toBeGreaterThan(0);
      expect(data.events.length).toBeLessThan(stored.length);
      // What it holds is the server's own events, none made up.
      expect(sameIds(stored)).toEqual(
        expect.arrayContaining(sameIds(data.events.map((event) => String(event.id)))),
      );
    });
  });
}

import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import {
  conversationMenu,
  createV0Conversation,
  openPanel,
  sameIds,
  storedIds,
} from './support/panel-pages';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

test('export saves the conversation’s events as JSON, in order, with its metadata', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v0.renameFile;
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(page.getByRole('heading', { name: 'Rename game_2048.py' })).toBeVisible();
  const download = page.waitForEvent('download');
  await conversationMenu(page, 'Export JSON');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^handoff-rename-game-2048-py-e1d2c3b4-\d{4}-\d{2}-\d{2}\.json$/,
  );
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    format: string;
    conversation: Record<string, unknown>;
    incomplete: boolean;
    eventCount: number;
    events: { id: number }[];
  };
  const stored = await storedIds(service, id);
  expect(data.format).toBe('handoff-conversation-export');
  expect(data.incomplete).toBe(false);
  expect(data.conversation).toMatchObject({
    id,
    generation: 'v0',
    title: 'Rename game_2048.py',
    repository: 'acme/platform/backend/api',
    branch: 'feature/auth/oidc',
    provider: 'gitlab',
  });
  expect(data.eventCount).toBe(stored.length);
  expect(data.events.map((event) => String(event.id))).toEqual(stored);
  expect(sameIds(data.events.map((event) => String(event.id)))).toEqual(sameIds(stored));
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
  const id = await createV0Conversation(service, { initial_user_msg: '[scenario:burst] Lots' });
  await service.admin.waitIdle(id);
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  await fetch(`${service.url}/api/conversations/${id}/stop`, { method: 'POST', headers });
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(page.getByRole('button', { name: 'Load older events' })).toBeVisible({
    timeout: 20_000,
  });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await conversationMenu(page, 'Export JSON');
  const file = await download;
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    incomplete: boolean;
    events: { id: number }[];
  };
  expect(data.incomplete).toBe(false);
  expect(data.events.map((event) => String(event.id))).toEqual(await storedIds(service, id));
});

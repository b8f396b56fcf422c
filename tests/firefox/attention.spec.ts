import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { patchSettings } from '../shared/extension-state';
import { createV1Conversation } from '../shared/service-helpers';
import { latestSnapshotInPage, watchInPage } from '../shared/stream-probe';
import type { Firefox } from './harness';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { click, role } from './ui';

// When an agent starts waiting for the person, Firefox's toolbar button shows a count and a
// notification says so (Firefox's MV2 build names the button's API browserAction).

interface Attention {
  badge: string;
  title: string;
  notes: Record<string, { title?: string; message?: string }>;
}

async function attention(page: Page): Promise<Attention> {
  return page.evaluate(async () => {
    // Firefox's own promise-returning namespace, typed here as the MV2 build has it.
    const firefox = (
      globalThis as unknown as {
        browser: {
          browserAction: {
            getBadgeText(details: object): Promise<string>;
            getTitle(details: object): Promise<string>;
          };
          notifications: { getAll(): Promise<Attention['notes']> };
        };
      }
    ).browser;
    return {
      badge: await firefox.browserAction.getBadgeText({}),
      title: await firefox.browserAction.getTitle({}),
      notes: await firefox.notifications.getAll(),
    };
  });
}

/** A V1 conversation that finished, watched by the add-on, whose next answer waits for a yes. */
async function conversationAboutToAsk(
  firefox: Firefox,
  service: Parameters<typeof createV1Conversation>[0],
): Promise<{ id: string; probe: Page }> {
  const id = await createV1Conversation(service, '[scenario:finish-quickly] tidy up');
  await service.admin.waitIdle(id);
  const probe = await firefox.openExtensionPage('options.html');
  await probe.evaluate(watchInPage, { conversationId: id, generation: 'v1' as const });
  // The watch goes live once the background has read the conversation and its history: more
  // than expect.poll's one-second default on a busy machine.
  await expect
    .poll(async () => (await probe.evaluate(latestSnapshotInPage))?.transport.phase, {
      timeout: 15_000,
    })
    .toBe('live');
  await service.admin.setScenario(id, 'awaiting-confirmation');
  return { id, probe };
}

describe.each(serviceKinds)('attention on a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);

  it('an agent that starts waiting for confirmation shows on the toolbar button and in a notification', async () => {
    await connect(firefox(), service());
    // The panel below shows this very conversation: by default the person looking at it gets no
    // notification, so this asks for them even then.
    const options = await firefox().openExtensionPage('options.html');
    await options.evaluate(patchSettings, {
      notifications: { awaitingInput: true, finished: true, errors: true, onlyWhenAway: false },
    });
    await options.close();
    const { id, probe } = await conversationAboutToAsk(firefox(), service());
    expect((await attention(probe)).badge).toBe('');

    // The person answers in the panel; the agent's next step waits for their confirmation.
    const panel = await firefox().openExtensionPage(`sidepanel.html?conversation=${id}`);
    await click(panel, role('textbox', 'Message'));
    await panel.keyboard.type('Also delete the temp files');
    await panel.keyboard.press('Enter');
    await expect
      .poll(() => attention(probe), { timeout: 30_000 })
      .toEqual({
        badge: '1',
        title: expect.stringMatching(/1 conversation needs you/),
        notes: {
          // It names the command; Firefox refuses notification buttons, so it shows without.
          [`handoff:${id}`]: expect.objectContaining({
            title: 'The agent wants to run a command',
            message: expect.stringMatching(/^`rm -rf build && npm run build` · .* — tidy up/),
          }),
        },
      });
    // Clicking the notification opens the panel on that conversation: Firefox does not count a
    // notification click as a user action for its sidebar, so in a window of its own.
    await panel.close();
    await firefox().clickNotification('tidy up');
    const opened = await firefox().waitForPage((url) =>
      url.includes('/sidepanel.html?for-window='),
    );
    await opened.waitForSelector(
      `[data-view="conversation"] .conversation[data-conversation-id="${id}"]`,
      {
        timeout: 15_000,
      },
    );
    // With no buttons to press, the click lands on the action waited on, focused: Y and N
    // answer it there and then.
    await expect
      .poll(
        () => opened.evaluate(() => !!document.activeElement?.closest('[data-pending-action]')),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('with notifications switched off the badge still counts, and nothing pops up', async () => {
    await connect(firefox(), service());
    const options = await firefox().openExtensionPage('options.html');
    await options.evaluate(patchSettings, {
      notifications: { awaitingInput: false, finished: false, errors: false },
    });
    const { id, probe } = await conversationAboutToAsk(firefox(), service());
    const panel = await firefox().openExtensionPage(`sidepanel.html?conversation=${id}`);
    await click(panel, role('textbox', 'Message'));
    await panel.keyboard.type('Go on');
    await panel.keyboard.press('Enter');
    await expect.poll(() => attention(probe), { timeout: 30_000 }).toMatchObject({ badge: '1' });
    expect((await attention(probe)).notes).toEqual({});
  });
});

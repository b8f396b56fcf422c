import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { patchSettings } from '../shared/extension-state';
import { createV1Conversation } from '../shared/service-helpers';
import { connect, useFirefox, useService } from './setup';
import { click, role, waitForText } from './ui';

// The agent's question in Firefox (agent servers 1.54+, here a V1 app server's sandbox): the
// toolbar button counts it, the notification names the question in plain words, and a person's
// click in the panel answers it (BiDi input is trusted, as a person's is).

async function attention(page: Page) {
  return page.evaluate(async () => {
    const firefox = (
      globalThis as unknown as {
        browser: {
          browserAction: { getBadgeText(details: object): Promise<string> };
          notifications: { getAll(): Promise<Record<string, { message?: string }>> };
        };
      }
    ).browser;
    return {
      badge: await firefox.browserAction.getBadgeText({}),
      notes: await firefox.notifications.getAll(),
    };
  });
}

describe('the agent’s question in Firefox', () => {
  const firefox = useFirefox();
  const service = useService('v1', { agentVersion: '1.54.0' });

  it('is counted, named in a notification and answered from the panel; the agent goes on', async () => {
    await connect(firefox(), service());
    // The panel below shows this very conversation: by default the person looking at it gets no
    // notification, so this asks for them even then.
    const options = await firefox().openExtensionPage('options.html');
    await options.evaluate(patchSettings, {
      notifications: { awaitingInput: true, finished: true, errors: true, onlyWhenAway: false },
    });
    await options.close();
    const id = await createV1Conversation(service(), '[scenario:ask-user] Add a login page');
    const panel = await firefox().openExtensionPage(`sidepanel.html?conversation=${id}`);
    await panel.waitForSelector('form[data-request-id]', { timeout: 30_000 });
    await expect
      .poll(() => attention(panel), { timeout: 30_000 })
      .toEqual({
        badge: '1',
        notes: {
          [`handoff:${id}`]: expect.objectContaining({
            message: expect.stringContaining('asks: Which sign-in should the login page use?'),
          }),
        },
      });

    await click(panel, 'input[type="radio"][value="session"]');
    await click(panel, role('button', 'Send answer'));
    await waitForText(panel, 'I will go with Server sessions', 30_000);
    await expect.poll(async () => (await attention(panel)).badge, { timeout: 20_000 }).toBe('');
    const stored = (await service().admin.storedEvents(id)).events;
    expect(stored.find((event) => event.kind === 'AskUserResponseEvent')).toMatchObject({
      source: 'user',
      action: 'accept',
      answers: { auth: [{ option_id: 'session', label: 'Server sessions' }] },
    });
  });
});

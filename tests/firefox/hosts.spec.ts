import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { fixtureHtml, fixtureNamed } from '../shared/host-fixtures';
import type { Firefox } from './harness';
import { useFirefox } from './setup';
import { click, fieldValue, fill, find, label, role, waitForText } from './ui';

// Self-hosted code hosts in Firefox: the options page asks for the host in the click (an
// optional permission), Firefox asks the person, and once granted the host's pages get the
// button (a content script registered at run time). Firefox's own prompt is answered here as a
// person answers it: allowed, or declined.

async function registeredMatches(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await browser.scripting.getRegisteredContentScripts())
      .filter((script) => script.id.startsWith('handoff-host:'))
      .flatMap((script) => script.matches ?? []),
  );
}

/** Answers the permission doorhanger Firefox shows for an optional permission request. */
async function answerPermissionPrompt(firefox: Firefox, allow: boolean): Promise<string> {
  return firefox.privileged(async (allow) => {
    const scope = window as unknown as {
      PopupNotifications: {
        panel: { state: string; querySelector(selector: string): PromptElement | null };
      };
    };
    interface PromptElement {
      textContent: string | null;
      button: { click(): void };
      secondaryButton: { click(): void };
    }
    for (let attempt = 0; attempt < 100; attempt++) {
      const prompt = scope.PopupNotifications.panel.querySelector(
        'popupnotification#addon-webext-permissions-notification',
      );
      if (prompt && scope.PopupNotifications.panel.state === 'open') {
        const words = prompt.textContent ?? '';
        if (allow) prompt.button.click();
        else prompt.secondaryButton.click();
        return words;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Firefox never asked for the permission');
  }, allow);
}

async function addHost(page: Page, address: string, software: string): Promise<void> {
  await fill(page, label('Address'), address);
  await (await find(page, label('Host software'))).select(software);
  await click(page, role('button', 'Add host'));
}

describe('self-hosted code hosts', () => {
  const firefox = useFirefox();

  it('a granted host gets its content script, and its pages the button', async () => {
    const options = await firefox().openExtensionPage('options.html#hosts');
    await addHost(options, 'https://gitlab.example.com/', 'gitlab');
    await waitForText(options, 'Added https://gitlab.example.com (GitLab (self-managed)).');
    await expect.poll(() => registeredMatches(options)).toEqual(['https://gitlab.example.com/*']);
    const fixture = fixtureNamed('issue-classic-self-managed');
    const tab = await firefox().openCodeHostPage(fixture.url, (url) =>
      url === fixture.url ? fixtureHtml(fixture) : null,
    );
    await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
  });

  it('Firefox asks; a declined request says so, keeps the address, and a second try can allow it', async () => {
    await firefox().setPref('extensions.webextOptionalPermissionPrompts', true);
    try {
      const options = await firefox().openExtensionPage('options.html#hosts');
      await addHost(options, 'https://github.example.com', 'github');
      const asked = await answerPermissionPrompt(firefox(), false);
      expect(asked).toMatch(/Handoff[\s\S]*github\.example\.com/);
      await waitForText(
        options,
        'The browser did not grant access to https://github.example.com. Try again and allow access when it asks.',
      );
      expect(await fieldValue(options, label('Address'))).toBe('https://github.example.com');
      expect(await registeredMatches(options)).toEqual([]);

      await click(options, role('button', 'Add host'));
      await answerPermissionPrompt(firefox(), true);
      await waitForText(options, 'Added https://github.example.com (GitHub Enterprise Server).');
      await expect.poll(() => registeredMatches(options)).toEqual(['https://github.example.com/*']);
    } finally {
      await firefox().setPref('extensions.webextOptionalPermissionPrompts', false);
    }
  });
});

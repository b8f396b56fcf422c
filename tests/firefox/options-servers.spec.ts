import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { connect, useFirefox, useService } from './setup';
import { click, fill, label, role, waitForText } from './ui';

// Several servers in Firefox, where the product build asks for each server's host as an optional
// permission (the Chromium test build holds the example domains from the start, so only here can
// giving the access back be seen): removing a server gives back the access to its host inside the
// click, unless another server still needs that host (permissions ignore ports).

const HOST = 'https://agents.example.org/*';

function hasAccess(page: Page): Promise<boolean> {
  return page.evaluate((origin) => browser.permissions.contains({ origins: [origin] }), HOST);
}

async function addServer(page: Page, name: string, address: string): Promise<void> {
  await click(page, role('button', 'Add a server'));
  await fill(page, label('Name'), name);
  await fill(page, label('Address'), address);
  await click(page, role('button', 'Add server'));
  await waitForText(page, `Added ${name}. Its settings are shown below.`);
}

async function removeServer(page: Page, name: string): Promise<void> {
  await click(page, role('button', `Remove ${name}`));
  // The question's own button, which keyboard focus is on.
  await click(page, `[role="alertdialog"] .btn-danger`);
  await waitForText(page, `Removed ${name}. Its conversations stay on the server.`);
}

describe('servers and the access to their hosts', () => {
  const firefox = useFirefox();
  const service = useService('v1');

  it('removing a server gives its host back once no other server is there', async () => {
    await connect(firefox(), service());
    const page = await firefox().openExtensionPage('options.html');
    expect(await hasAccess(page)).toBe(false);
    await addServer(page, 'Agents', 'https://agents.example.org');
    expect(await hasAccess(page)).toBe(true);
    await addServer(page, 'Agents on 8443', 'https://agents.example.org:8443');

    await removeServer(page, 'Agents on 8443');
    // The other server on that host still needs it.
    expect(await hasAccess(page)).toBe(true);
    await removeServer(page, 'Agents');
    await expect.poll(() => hasAccess(page)).toBe(false);
  });
});

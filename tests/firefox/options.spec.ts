import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { storedEverything } from '../shared/extension-state';
import { kindFacts, serviceKinds } from './kinds';
import { useFirefox, useService } from './setup';
import { bodyText, click, fieldValue, fill, label, role, text, waitForText } from './ui';

// The options page's server section in Firefox: save the address and key, test the connection,
// and the bad input a person meets (wrong key, nothing listening, a web page instead of an API).

const KEY = 'session-key-7f3a9c21';

/** The connection report's lines, label → value, as the person reads them. */
function report(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.connection-report .connection-line')].map((line) => [
        line.querySelector('dt')?.textContent?.trim() ?? '',
        line.querySelector('dd')?.textContent?.trim() ?? '',
      ]),
    ),
  );
}

describe.each(serviceKinds)('the options page on a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind, { apiKey: KEY });

  it('saves the address and key, tests them, and keeps the key out of storage and the page', async () => {
    const page = await firefox().openExtensionPage('options.html');
    await fill(page, role('textbox', 'Server URL'), `${service().url}/`);
    await fill(page, label('API key'), KEY);
    await click(page, role('button', 'Save'));
    await waitForText(page, 'Saved. Handoff now uses this server.');
    await expect
      .poll(() => report(page), { timeout: 15_000 })
      .toMatchObject({
        Server: expect.stringMatching(/^Reachable/),
        Kind: kindFacts[kind].kind,
        'API key': 'Accepted, sent as X-Session-API-Key',
      });
    // Stored normalised; the key field is emptied and only a hint of the key stays.
    expect(await fieldValue(page, role('textbox', 'Server URL'))).toBe(service().url);
    expect(await fieldValue(page, label('API key'))).toBe('');
    await waitForText(page, 'A key ending in …9c21 is stored in this browser.');
    const stored = await page.evaluate(storedEverything);
    expect(stored).toContain(service().url);
    expect(stored).not.toContain(KEY);
    expect(await bodyText(page)).not.toContain(KEY);

    // Firefox keeps the key in the extension origin's IndexedDB across a reload of the page.
    await firefox().reload(page);
    await waitForText(page, 'A key ending in …9c21 is stored in this browser.');
    expect(await fieldValue(page, label('API key'))).toBe('');
    // The background reads it from there: the panel's list, fetched through it, needs the key.
    const panel = await firefox().openExtensionPage('sidepanel.html');
    await panel.waitForSelector('.conversation-item', { timeout: 15_000 });
  });

  it('a wrong key is reported as rejected, and testing saves nothing', async () => {
    const page = await firefox().openExtensionPage('options.html');
    await fill(page, role('textbox', 'Server URL'), service().url);
    await fill(page, label('API key'), 'not-the-key');
    await click(page, role('button', 'Test connection'));
    await expect
      .poll(() => report(page), { timeout: 15_000 })
      .toMatchObject({ 'API key': expect.stringMatching(/^Rejected/) });
    await waitForText(page, 'The server refused the API key');
    expect(await page.evaluate(storedEverything)).not.toContain(service().url);
  });

  it('an address with nothing listening, and one answering a web page, each get words for it', async () => {
    const page = await firefox().openExtensionPage('options.html');
    // Port 9 (discard) has no listener here: the connection is refused at once.
    await fill(page, role('textbox', 'Server URL'), 'http://127.0.0.1:9');
    await click(page, role('button', 'Test connection'));
    await expect
      .poll(() => report(page), { timeout: 15_000 })
      .toMatchObject({ Server: 'Not reachable' });
    await waitForText(page, 'Handoff could not reach it');

    // Under an unknown path the server's web UI answers every GET with its HTML page.
    await fill(page, role('textbox', 'Server URL'), `${service().url}/some/web/page`);
    await click(page, role('button', 'Test connection'));
    await expect
      .poll(() => report(page), { timeout: 15_000 })
      .toMatchObject({ Server: 'Reachable', Kind: 'No OpenHands server found at this address' });
    await waitForText(page, 'not an OpenHands server');

    await fill(page, role('textbox', 'Server URL'), 'ftp://files.example.com');
    await click(page, role('button', 'Save'));
    await page.waitForSelector(text('Use an http:// or https:// address (got ftp://).'));
  });
});

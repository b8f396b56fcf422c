import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { storedEverything } from '../shared/extension-state';
import { serviceKinds } from './kinds';
import { storeToken } from './options-page';
import { connect, useFirefox, useService } from './setup';
import { bodyText, fieldValue, label, waitForText } from './ui';

// Git provider tokens from the options page in Firefox: sent to the server, which then works
// with them, and kept nowhere in the extension.

const GITLAB_TOKEN = 'glpat-Zx8Qw2Er4Ty6Ui8Op0As';
const BITBUCKET_TOKEN = 'ATBB-Abcdefghij0123456789KLMN';

/** The providers the server says it holds a token for, as the list shows them. */
function held(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Tokens the server holds"] li')].map(
      (item) => item.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    ),
  );
}

describe.each(serviceKinds)('provider tokens on a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);

  it('a token is stored on the server, the others stay, and the extension keeps none', async () => {
    await connect(firefox(), service());
    const page = await storeToken(firefox(), 'gitlab', GITLAB_TOKEN, 'https://gitlab.example.com/');
    await waitForText(page, 'GitLab: the server stored the token');
    expect(await fieldValue(page, label('Token'))).toBe('');
    await expect
      .poll(() => held(page))
      .toEqual([
        expect.stringMatching(/GitHub github\.com/),
        expect.stringMatching(/GitLab gitlab\.example\.com/),
      ]);
    expect(await page.evaluate(storedEverything)).not.toContain(GITLAB_TOKEN);
    expect(await bodyText(page)).not.toContain(GITLAB_TOKEN);
  });

  it('a token the provider refuses gets the server’s words and stays in the field to fix', async () => {
    await connect(firefox(), service());
    const page = await storeToken(firefox(), 'bitbucket', 'ATBB-not-a-real-token');
    await waitForText(
      page,
      'The server refused the token: Invalid token. Please make sure it is a valid bitbucket token.',
    );
    expect(await fieldValue(page, label('Token'))).toBe('ATBB-not-a-real-token');
  });

  it('a Bitbucket token makes the server hold three', async () => {
    await connect(firefox(), service());
    const page = await storeToken(firefox(), 'bitbucket', BITBUCKET_TOKEN);
    await waitForText(page, 'Bitbucket: the server stored the token');
    await expect.poll(() => held(page)).toHaveLength(3);
  });
});

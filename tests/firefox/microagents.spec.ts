import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { seedRepositories } from '../service/seed/git-world';
import { fixtureHtml, fixtureNamed } from '../shared/host-fixtures';
import { fakeCodeHost } from '../support/code-host-apis';
import type { Firefox } from './harness';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { click, pageButton, role, text, waitForText } from './ui';

// The Microagents entry on a repository page and "View as microagent" on a microagent file's
// page, in Firefox: the panel of that window switches to them, and the viewer shows a
// microagent's triggers and its markdown rendered.

async function openPanelTab(firefox: Firefox): Promise<Page> {
  const page = await firefox.openExtensionPage('sidepanel.html');
  await page.waitForSelector('[role="tablist"]', { timeout: 15_000 });
  return page;
}

/**
 * GitHub's API for octo/widgets (the repository the host fixtures name), holding the seeded
 * repository's microagents: the viewer reads them from the code host, not the server.
 */
async function serveGitHub(firefox: Firefox): Promise<void> {
  const seeded = seedRepositories.find((repo) => repo.full_name === 'octo-org/widgets');
  const github = fakeCodeHost({
    kind: 'github',
    apiBase: 'https://api.github.com',
    anonymous: { limit: 60, remaining: 60, resetAt: Date.now() + 3_600_000 },
    repositories: { 'octo/widgets': { files: { ...seeded?.files } } },
  });
  await firefox.serveApi('https://api.github.com', (request) => github.handle(request));
}

function listed(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.microagent-list > li .microagent-open')].map(
      (item) => item.textContent?.trim() ?? '',
    ),
  );
}

describe.each(serviceKinds)('microagents against a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);

  it('the Microagents entry lists the repository’s microagents in the window’s panel, which opens one', async () => {
    await connect(firefox(), service());
    await serveGitHub(firefox());
    const repo = fixtureNamed('repo-react');
    const panel = await openPanelTab(firefox());
    const tab = await firefox().openCodeHostPage(repo.url, (url) =>
      url === repo.url ? fixtureHtml(repo) : null,
    );
    await click(tab, pageButton('microagents'));
    // README.md is not a microagent; the panel tab of this window took the launch, so no
    // second panel opened.
    await expect
      .poll(() => listed(panel), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['repo', 'testing']));
    expect(await listed(panel)).not.toContain('README');
    const panels = (await firefox().openUrls()).filter((url) => url.includes('/sidepanel.html'));
    expect(panels).toHaveLength(1);

    await panel.bringToFront();
    await click(panel, role('button', 'testing'));
    await panel.waitForSelector(`.microagent-meta ${text('.openhands/microagents/testing.md')}`);
    // The body is markdown, rendered: code is code, and the front-matter is gone.
    await panel.waitForSelector(`.microagent-content code ${text('npm test')}`);
    expect(await panel.$eval('.microagent-content', (node) => node.textContent)).not.toContain(
      'triggers:',
    );
  });

  it('"View as microagent" on a microagent file’s page opens it in a panel window when none is open', async () => {
    await connect(firefox(), service());
    await serveGitHub(firefox());
    const url = 'https://github.com/octo/widgets/blob/main/.openhands/microagents/testing.md';
    const html = fixtureHtml(fixtureNamed('blob-react')).replace(
      /<title>[^<]*<\/title>/,
      '<title>widgets/.openhands/microagents/testing.md at main · octo/widgets</title>',
    );
    const tab = await firefox().openCodeHostPage(url, (address) => (address === url ? html : null));
    await click(tab, pageButton('view-microagent'));
    const panel = await firefox().waitForPage((address) =>
      address.includes('/sidepanel.html?for-window='),
    );
    await waitForText(panel, '.openhands/microagents/testing.md', 20_000);
    await panel.waitForSelector(`.microagent-triggers ${text('pytest')}`);
  });
});

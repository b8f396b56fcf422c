import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';
import { expect, test } from './fixtures';
import { fixtureHtml } from './support/host-pages';
import { ensureRepository, openPanel } from './support/panel-pages';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

// Issue 7: a repository page offers "Microagents" beside the start button, and a page that
// shows a microagent file offers "View as microagent"; both open the side panel on them.

function fixture(name: string): HostFixture {
  return hostFixtures.find((f) => f.name === name) as HostFixture;
}

test('the Microagents entry on a repository page lists its microagent files in the side panel', async ({
  extContext,
  connectToService,
  openExtensionPage,
}) => {
  ensureRepository('octo/widgets');
  await connectToService();
  const repo = fixture('repo-react');
  await extContext.route(repo.url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: fixtureHtml(repo) }),
  );
  const panel = await openPanel(openExtensionPage);
  const tab = await extContext.newPage();
  await tab.goto(repo.url);
  await tab.getByRole('button', { name: 'Microagents', exact: true }).click();
  // The panel of this window switches to the repository's microagents (README.md is not one).
  await expect(panel.getByText('testing', { exact: true }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.getByText('repo', { exact: true }).first()).toBeVisible();
  await expect(panel.getByText('README', { exact: true })).toHaveCount(0);
});

test('a microagent file page offers "View as microagent", which opens it in the side panel', async ({
  extContext,
  connectToService,
  openExtensionPage,
}) => {
  ensureRepository('octo/widgets');
  await connectToService();
  const url = 'https://github.com/octo/widgets/blob/main/.openhands/microagents/testing.md';
  // A file page of this host's markup, at the microagent file's address.
  const html = fixtureHtml(fixture('blob-react')).replace(
    /<title>[^<]*<\/title>/,
    '<title>widgets/.openhands/microagents/testing.md at main · octo/widgets</title>',
  );
  await extContext.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  const panel = await openPanel(openExtensionPage);
  const tab = await extContext.newPage();
  await tab.goto(url);
  await tab.getByRole('button', { name: 'View as microagent' }).click();
  // Its triggers show as chips and its body as rendered text, front-matter gone.
  await expect(panel.getByText('.openhands/microagents/testing.md').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.getByText('pytest', { exact: true }).first()).toBeVisible();
});

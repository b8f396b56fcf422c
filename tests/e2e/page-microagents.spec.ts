import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';
import { expect, test } from './fixtures';
import { GITHUB_API, serveCodeHost } from './support/code-hosts';
import { fixtureHtml } from './support/host-pages';
import { openPanel } from './support/panel-pages';

// A repository page offers "Microagents" beside the start button, and a page that shows a skill
// file (by the 1.x rules) offers "View as microagent"; both open the side panel on them. The
// server is V1-only: the skills come from the code host's API.

test.use({ serviceOptions: { pace: 0.02, server: 'v1' } });

function fixture(name: string): HostFixture {
  return hostFixtures.find((f) => f.name === name) as HostFixture;
}

const files = {
  'README.md': '# Widgets',
  'AGENTS.md': 'Use npm.',
  '.agents/skills/pdf-tools/SKILL.md':
    '---\nname: pdf-tools\ndescription: Read PDF files.\ntriggers: [pdf]\n---\nUse pdftotext.',
  '.openhands/microagents/testing.md': '---\ntriggers: [test, pytest]\n---\nRun `npm test`.',
};

test('the Microagents entry on a repository page lists its skills in the side panel', async ({
  extContext,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  await serveCodeHost(extContext, {
    kind: 'github',
    apiBase: GITHUB_API,
    repositories: { 'octo/widgets': { files } },
  });
  const repo = fixture('repo-react');
  await extContext.route(repo.url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: fixtureHtml(repo) }),
  );
  const panel = await openPanel(openExtensionPage);
  const tab = await extContext.newPage();
  await tab.goto(repo.url);
  await tab.getByRole('button', { name: 'Microagents', exact: true }).click();
  const list = panel.getByRole('list', { name: 'Skills' });
  await expect(list).toBeVisible({ timeout: 20_000 });
  await expect(list.locator('.microagent-open')).toHaveText(['agents', 'pdf-tools', 'testing']);
  await expect(panel.getByText('README', { exact: true })).toHaveCount(0);
});

test('a skill file page offers "View as microagent", which opens that skill in the side panel', async ({
  extContext,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  await serveCodeHost(extContext, {
    kind: 'github',
    apiBase: GITHUB_API,
    repositories: { 'octo/widgets': { files } },
  });
  const url = 'https://github.com/octo/widgets/blob/main/.agents/skills/pdf-tools/SKILL.md';
  // A file page of this host's markup, at the skill file's address.
  const html = fixtureHtml(fixture('blob-react')).replace(
    /<title>[^<]*<\/title>/,
    '<title>widgets/.agents/skills/pdf-tools/SKILL.md at main · octo/widgets</title>',
  );
  await extContext.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  const panel = await openPanel(openExtensionPage);
  const tab = await extContext.newPage();
  await tab.goto(url);
  await tab.getByRole('button', { name: 'View as microagent' }).click();
  await expect(panel.getByRole('heading', { name: 'pdf-tools', level: 3 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.getByText('Agent skill, also on trigger')).toBeVisible();
  await expect(panel.getByText('pdf', { exact: true })).toBeVisible();
  await expect(panel.locator('.microagent-content')).toContainText('Use pdftotext.');
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

// The microagent viewer (components/microagents) against the reference service's seeded
// repositories, driven through the options page's Microagents view, which renders the same
// component the side panel does.

async function openViewer(page: Page, address: string): Promise<void> {
  if (!page.url().endsWith('#microagents')) {
    await page.getByRole('link', { name: 'Microagents', exact: true }).click();
  }
  await page.getByLabel('Repository or file address').fill(address);
  await page.getByRole('button', { name: 'Show microagents' }).click();
}

/** The list route's template, so injected faults hit the list and not the files' reads. */
const LIST_ROUTE = '/api/user/repository/{repository_name:path}/microagents';

function listed(page: Page) {
  return page.locator('.microagent-list > li');
}

function metaValue(page: Page, term: string) {
  return page
    .locator('.microagent-meta dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');
}

test.beforeEach(async ({ connectToService }) => {
  await connectToService();
});

test('GitHub: lists the folder’s microagents, opens one with its triggers and markdown, and goes back', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://github.com/octo-org/widgets');
  await expect(
    page.getByRole('heading', { name: 'Microagents of octo-org/widgets' }),
  ).toBeVisible();
  // README.md, notes.txt and the nested file are not microagents on GitHub; .cursorrules is.
  await expect(listed(page).locator('.microagent-open')).toHaveText([
    'cursorrules',
    'release_notes',
    'repo',
    'testing',
  ]);
  await expect(page.getByText('4 microagents')).toBeVisible();
  // Types and triggers come from each file's details, read in the background.
  const testing = listed(page).filter({ hasText: 'testing' });
  await expect(testing.locator('.microagent-kind')).toHaveText('Knowledge');
  await expect(testing.locator('.microagent-triggers li')).toHaveText(['test', 'pytest', 'vitest']);
  await expect(listed(page).filter({ hasText: /^repo/ }).locator('.microagent-kind')).toHaveText(
    'Repository',
  );

  await page.getByRole('button', { name: 'testing', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'testing', level: 3 })).toBeFocused();
  await expect(metaValue(page, 'Type')).toContainText('Knowledge');
  await expect(metaValue(page, 'Triggers').locator('li')).toHaveText(['test', 'pytest', 'vitest']);
  await expect(metaValue(page, 'Path')).toHaveText('.openhands/microagents/testing.md');
  await expect(metaValue(page, 'Git provider')).toHaveText('GitHub');
  // The body is markdown (front-matter stripped by the service), rendered, not raw.
  const content = page.locator('.microagent-content');
  await expect(content.locator('code', { hasText: 'npm test' })).toBeVisible();
  await expect(content).not.toContainText('triggers:');
  await expect(page.getByRole('link', { name: 'Open on GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/octo-org/widgets/blob/HEAD/.openhands/microagents/testing.md',
  );

  await page.getByRole('button', { name: '← All microagents' }).click();
  await expect(page.getByRole('button', { name: 'testing', exact: true })).toBeFocused();
});

test('GitHub: a microagent file address opens that file at once; a .openhands repository uses microagents/', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  await openViewer(
    page,
    'https://github.com/octo-org/widgets/blob/main/.openhands/microagents/release_notes.md',
  );
  await expect(page.getByRole('heading', { name: 'release_notes', level: 3 })).toBeVisible();
  await expect(metaValue(page, 'Triggers').locator('li')).toHaveText(['/release-notes']);
  await expect(page.getByRole('link', { name: 'Open on GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/octo-org/widgets/blob/main/.openhands/microagents/release_notes.md',
  );

  await openViewer(page, 'github.com/octocat/.openhands');
  await expect(listed(page).locator('.microagent-open')).toHaveText([
    'containers',
    'org-conventions',
  ]);
  await page.getByRole('button', { name: 'org-conventions' }).click();
  await expect(metaValue(page, 'Type')).toContainText('Repository');
  await expect(metaValue(page, 'Triggers')).toHaveText('None');
});

test('GitHub: no microagents, an unknown repository, a failing scan, and no token each say what to do', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://github.com/octo-org/docs-site');
  await expect(page.getByText('octo-org/docs-site has no microagents.')).toBeVisible();
  await expect(page.getByText(/Add Markdown files under \.openhands\/microagents\//)).toBeVisible();

  await openViewer(page, 'https://github.com/nobody/nothing-here');
  await expect(
    page.getByText('GitHub did not let the server read nobody/nothing-here.'),
  ).toBeVisible();
  await expect(
    page.getByText('The server said: Unable to fetch microagents for nobody/nothing-here'),
  ).toBeVisible();

  await openViewer(page, 'https://github.com/octo-org/flaky-service');
  await expect(
    page.getByText('The server could not scan octo-org/flaky-service for microagents.'),
  ).toBeVisible();
  await expect(
    page.getByText('The server said: Error scanning repository: Unknown error: 502 Bad Gateway'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // The server forgets every token: the 401 now means "no token".
  await service.admin.setSettings(null, {});
  await openViewer(page, 'https://github.com/octo-org/widgets');
  await expect(page.getByText('Add a git provider token for GitHub')).toBeVisible();
  await page.getByRole('button', { name: 'Open options' }).click();
  await expect(page).toHaveURL(/#git-providers$/);
  await expect(page.getByRole('heading', { name: 'Git provider tokens' })).toBeFocused();
});

test('GitLab: nested groups and recursive folders; a token missing, a failed scan, an empty folder', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://gitlab.com/acme/platform/backend/api');
  await expect(
    page.getByRole('heading', { name: 'Microagents of acme/platform/backend/api' }),
  ).toBeVisible();
  // GitLab folders are read recursively; README.md files are still left out.
  await expect(listed(page).locator('.microagent-path')).toHaveText([
    '.cursorrules',
    '.openhands/microagents/broken.md',
    '.openhands/microagents/ops/deploy.md',
    '.openhands/microagents/ops/runbooks/database.md',
    '.openhands/microagents/repo.md',
    '.openhands/microagents/testing.md',
  ]);
  // A file whose front-matter does not parse cannot be read; the list says so.
  await expect(listed(page).filter({ hasText: 'broken' })).toContainText(
    'Its details could not be read.',
  );
  await page.getByRole('button', { name: 'deploy' }).click();
  await expect(metaValue(page, 'Triggers').locator('li')).toHaveText(['deploy', 'rollout']);
  await expect(metaValue(page, 'Git provider')).toHaveText('GitLab');
  await expect(page.getByRole('link', { name: 'Open on GitLab' })).toHaveAttribute(
    'href',
    'https://gitlab.com/acme/platform/backend/api/-/blob/HEAD/.openhands/microagents/ops/deploy.md',
  );
  await page.getByRole('button', { name: '← All microagents' }).click();

  // A scan that fails on the server's side, seen on refresh.
  await service.admin.failNext({
    path: LIST_ROUTE,
    status: 500,
    body: 'Error scanning repository: GitLab API timed out',
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(
    page.getByText('The server could not scan acme/platform/backend/api for microagents.'),
  ).toBeVisible();
  await expect(
    page.getByText('The server said: Error scanning repository: GitLab API timed out'),
  ).toBeVisible();

  // An empty folder.
  await service.admin.failNext({ path: LIST_ROUTE, status: 200, body: [] });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('acme/platform/backend/api has no microagents.')).toBeVisible();

  // The openhands-config repository keeps its microagents in microagents/, subfolders too.
  await openViewer(page, 'https://gitlab.com/acme/openhands-config');
  await expect(listed(page).locator('.microagent-path')).toHaveText([
    'microagents/security.md',
    'microagents/teams/frontend.md',
  ]);

  // Without a GitLab token.
  await service.admin.setSettings({}, {});
  await openViewer(page, 'https://gitlab.com/acme/platform/backend');
  await expect(page.getByText('Add a git provider token for GitLab')).toBeVisible();
});

test('Bitbucket: no token at first; after adding one in the options the files list and open', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://bitbucket.org/acme-team/payments');
  await expect(page.getByText('Add a git provider token for Bitbucket')).toBeVisible();
  await expect(
    page.getByText('The server holds no Bitbucket token, so it cannot read acme-team/payments.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Open options' }).click();

  await page.getByLabel('Provider', { exact: true }).selectOption('bitbucket');
  await page.getByLabel('Token', { exact: true }).fill('ATBBa1b2c3d4e5f6g7h8i9j0k1l2');
  await page.getByRole('button', { name: 'Store token' }).click();
  await expect(page.getByText(/Bitbucket: the server stored the token/)).toBeVisible();

  await openViewer(page, 'https://bitbucket.org/acme-team/payments');
  await expect(listed(page).locator('.microagent-open')).toHaveText(['repo']);
  await page.getByRole('button', { name: 'repo', exact: true }).click();
  await expect(metaValue(page, 'Git provider')).toHaveText('Bitbucket');
  await expect(page.getByRole('link', { name: 'Open on Bitbucket' })).toHaveAttribute(
    'href',
    'https://bitbucket.org/acme-team/payments/src/HEAD/.openhands/microagents/repo.md',
  );
  await page.getByRole('button', { name: '← All microagents' }).click();

  await service.admin.failNext({
    path: LIST_ROUTE,
    status: 500,
    body: 'Error scanning repository: Bitbucket returned 503',
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(
    page.getByText('The server could not scan acme-team/payments for microagents.'),
  ).toBeVisible();
  await service.admin.failNext({ path: LIST_ROUTE, status: 200, body: [] });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('acme-team/payments has no microagents.')).toBeVisible();
});

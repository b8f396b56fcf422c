import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BITBUCKET_API, GITHUB_API, GITLAB_API, serveCodeHost } from './support/code-hosts';
import { addSelfHostedHost } from './support/host-pages';

// The skill viewer (components/microagents) on a V1-only server, which has no per-repository
// microagent route: every list comes from the code hosts' REST APIs, served here by Playwright
// routes that answer as the real APIs do (tests/support/code-host-apis.ts). Driven through the
// options page's lookup, which renders the same component as the side panel's tab.

test.use({ serviceOptions: { pace: 0.02, server: 'v1' } });

const HOUR = 3_600_000;

const pdfSkill = `---
name: pdf-tools
description: Extract text and tables from PDF files.
---

# PDF tools

Run \`pdftotext -layout in.pdf -\` and read the result.
`;

const testing = `---
name: testing
type: knowledge
triggers:
  - test
  - pytest
---

Run the project's tests with \`npm test\` before committing.
`;

const releaseNotes = `---
triggers: [/release-notes]
inputs:
  - name: VERSION
    description: The version being released
---

Write release notes for \${VERSION}.
`;

async function openViewer(page: Page, address: string): Promise<void> {
  if (!page.url().endsWith('#microagents')) {
    await page.getByRole('link', { name: 'Microagents', exact: true }).click();
  }
  await page.getByLabel('Repository or file address').fill(address);
  await page.getByRole('button', { name: 'Show skills' }).click();
}

const listed = (page: Page) => page.getByRole('list', { name: 'Skills' }).locator('> li');
const skipped = (page: Page) => page.locator('.skills-skipped li');

function metaValue(page: Page, term: string) {
  return page
    .locator('.microagent-meta dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');
}

test.beforeEach(async ({ connectToService }) => {
  await connectToService();
});

test('GitHub: a public repository’s skills, its organisation’s, in words, without any server route', async ({
  extContext,
  openExtensionPage,
}) => {
  const github = await serveCodeHost(extContext, {
    kind: 'github',
    apiBase: GITHUB_API,
    anonymous: { limit: 60, remaining: 60, resetAt: Date.now() + HOUR },
    repositories: {
      'octo-org/widgets': {
        files: {
          'README.md': '# Widgets',
          'AGENTS.md': 'Use npm, never yarn.',
          '.agents/skills/pdf-tools/SKILL.md': pdfSkill,
          '.agents/skills/pdf-tools/forms.md': 'Reference material.',
          '.openhands/microagents/testing.md': testing,
          '.openhands/microagents/release_notes.md': releaseNotes,
          '.openhands/microagents/README.md': 'Not a skill.',
        },
      },
      'octo-org/.openhands': {
        files: {
          'microagents/security.md': '---\ntriggers: [secret, token]\n---\nNever log secrets.',
          'microagents/testing.md': 'Loses to the repository’s own testing skill.',
        },
      },
    },
  });
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://github.com/octo-org/widgets');
  await expect(page.getByRole('heading', { name: 'Skills of octo-org/widgets' })).toBeVisible();
  await expect(listed(page).locator('.microagent-open')).toHaveText([
    'agents',
    'pdf-tools',
    'release_notes',
    'testing',
    'security',
  ]);
  await expect(page.getByText('5 skills')).toBeVisible();
  const kinds = listed(page).locator('.skill-kind');
  await expect(kinds).toHaveText([
    'Always on',
    'Agent skill',
    'On trigger, with inputs',
    'On trigger',
    'On trigger',
  ]);
  await expect(listed(page).filter({ hasText: 'security' })).toContainText(
    'from octo-org/.openhands',
  );
  // The organisation's testing skill is replaced by the repository's own, and says so.
  await expect(skipped(page).filter({ hasText: 'microagents/testing.md' })).toContainText(
    'The repository’s own "testing" (.openhands/microagents/testing.md) replaces it.',
  );
  await expect(page.getByText('octo-org/.openhands: 2 skills read.')).toBeVisible();
  await expect(page.getByText(/octo-org\/\.agents: not there, or private/)).toBeVisible();

  await page.getByRole('button', { name: 'release_notes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'release_notes', level: 3 })).toBeFocused();
  await expect(metaValue(page, 'Triggers').locator('li')).toHaveText([
    '/release-notes',
    '/release_notes',
  ]);
  await expect(metaValue(page, 'Inputs')).toContainText('VERSION: The version being released');
  await page.getByRole('button', { name: '← All skills' }).click();
  await expect(page.getByRole('button', { name: 'release_notes', exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'pdf-tools' }).click();
  await expect(metaValue(page, 'Description')).toHaveText(
    'Extract text and tables from PDF files.',
  );
  await expect(metaValue(page, 'From')).toHaveText('this repository');
  const content = page.locator('.microagent-content');
  await expect(content.getByRole('heading', { name: 'PDF tools' })).toBeVisible();
  await expect(content).not.toContainText('description:');
  await expect(page.getByRole('link', { name: 'Open on GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/octo-org/widgets/blob/HEAD/.agents/skills/pdf-tools/SKILL.md',
  );
  // One tree per repository looked at; every other request reads one skill file.
  expect(github.log.filter((url) => url.includes('/git/trees/'))).toHaveLength(3);
  expect(github.log.filter((url) => url.includes('/git/blobs/'))).toHaveLength(6);
});

test('GitHub: a rate limit says until when; a token lifts it and the list appears', async ({
  extContext,
  openExtensionPage,
}) => {
  const reset = Date.now() + 42 * 60_000;
  await serveCodeHost(extContext, {
    kind: 'github',
    apiBase: GITHUB_API,
    tokens: ['ghp_abcdefgh1234'],
    anonymous: { limit: 60, remaining: 0, resetAt: reset },
    repositories: { 'octo-org/widgets': { files: { 'AGENTS.md': 'Rules.' } } },
  });
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://github.com/octo-org/widgets');
  const time = await page.evaluate(
    (at) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
    Math.floor(reset / 1000) * 1000,
  );
  await expect(
    page.getByText(`GitHub allows no more requests without a token until ${time}.`),
  ).toBeVisible();
  await page.getByLabel('Token for GitHub').fill('ghp_abcdefgh1234');
  await page.getByRole('button', { name: 'Save token and read again' }).click();
  await expect(page.getByRole('button', { name: 'agents' })).toBeVisible();
  // The token is kept for github.com, shown only by its end.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'Code host access' }).click();
  await expect(page.getByRole('list', { name: 'Stored code host tokens' })).toContainText(
    'https://github.com token ending …1234',
  );
  await expect(page.locator('body')).not.toContainText('ghp_abcdefgh1234');
});

test('GitHub: broken front matter, a huge body, an unknown repository and a refused token each say what to do', async ({
  extContext,
  openExtensionPage,
}) => {
  const huge = `---\ntriggers: [big]\n---\n# Big\n\n${'A line of generated text.\n'.repeat(40_000)}`;
  await serveCodeHost(extContext, {
    kind: 'github',
    apiBase: GITHUB_API,
    tokens: ['ghp_good'],
    repositories: {
      'octo-org/widgets': {
        files: {
          '.openhands/microagents/broken.md':
            '---\nname: broken\ntriggers: [unterminated\n---\nBody',
          '.openhands/microagents/big.md': huge,
          '.agents/skills/PDF/SKILL.md': 'A badly named skill.',
        },
      },
    },
  });
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://github.com/octo-org/widgets');
  await expect(listed(page).locator('.microagent-open')).toHaveText(['big']);
  await expect(skipped(page).filter({ hasText: 'broken.md' })).toContainText(
    'Its front matter does not parse (line 3: a list opened with [ is never closed).',
  );
  await expect(skipped(page).filter({ hasText: 'PDF/SKILL.md' })).toContainText(
    'Its name "PDF" does not fit',
  );
  await page.getByRole('button', { name: 'big' }).click();
  await expect(page.getByRole('note')).toContainText(
    'This file is 1016 KB; Handoff shows its first 256 KB.',
  );
  await expect(
    page.locator('.microagent-content').getByRole('heading', { name: 'Big' }),
  ).toBeVisible();

  // A file address opens the verdict on that file.
  await openViewer(
    page,
    'https://github.com/octo-org/widgets/blob/main/.openhands/microagents/broken.md',
  );
  await expect(page.getByText('Agents skip .openhands/microagents/broken.md.')).toBeVisible();

  await openViewer(page, 'https://github.com/nobody/nothing-here');
  await expect(page.getByText('GitHub does not show nobody/nothing-here.')).toBeVisible();
  await page.getByLabel('Token for GitHub').fill('ghp_revoked9876');
  await page.getByRole('button', { name: 'Save token and read again' }).click();
  await expect(page.getByText('GitHub refused the token ending …9876.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove token' }).click();
  await expect(page.getByText('GitHub does not show nobody/nothing-here.')).toBeVisible();
  // What the person typed in the lookup stays.
  await expect(page.getByLabel('Repository or file address')).toHaveValue(
    'https://github.com/nobody/nothing-here',
  );
});

test('GitLab: nested groups, pages of a tree, and the last group’s openhands-config', async ({
  extContext,
  openExtensionPage,
}) => {
  const files: Record<string, string> = {
    'CLAUDE.md': 'Claude rules.',
    'services/billing/AGENTS.md': 'Billing rules.',
    '.openhands/microagents/ops/deploy.md':
      '---\ntriggers: [deploy, rollout]\n---\nRoll out carefully.',
  };
  for (let i = 0; i < 150; i++) files[`src/module${i}.ts`] = `export const n = ${i};`;
  const gitlab = await serveCodeHost(extContext, {
    kind: 'gitlab',
    apiBase: GITLAB_API,
    repositories: {
      'acme/platform/backend/api': { files },
      'backend/openhands-config': { files: { 'skills/style.md': 'House style.' } },
    },
  });
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://gitlab.com/acme/platform/backend/api');
  await expect(listed(page).locator('.microagent-open')).toHaveText([
    'claude',
    'agents:services/billing',
    'ops/deploy',
    'style',
  ]);
  await expect(
    listed(page).filter({ hasText: 'agents:services/billing' }).locator('.skill-kind'),
  ).toHaveText('For some files');
  expect(gitlab.log.some((url) => url.includes('page=2'))).toBe(true);
  await page.getByRole('button', { name: 'ops/deploy' }).click();
  await expect(metaValue(page, 'Triggers').locator('li')).toHaveText(['deploy', 'rollout']);
  await expect(page.getByRole('link', { name: 'Open on GitLab' })).toHaveAttribute(
    'href',
    'https://gitlab.com/acme/platform/backend/api/-/blob/HEAD/.openhands/microagents/ops/deploy.md',
  );
});

test('self-managed GitLab: a private project needs a token, then lists; an HTML answer is not the API', async ({
  extContext,
  openExtensionPage,
}) => {
  await serveCodeHost(extContext, {
    kind: 'gitlab',
    apiBase: 'https://git.example.com/api/v4',
    tokens: ['glpat-team5678'],
    repositories: {
      'team/app': {
        private: true,
        files: { '.cursorrules': 'Be brief.', 'AGENTS.md': 'Team rules.' },
      },
    },
  });
  // A host that answers every address with its sign-in page.
  await extContext.route('https://code.example.org/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><html><body>Sign in</body></html>',
    }),
  );
  const page = await openExtensionPage('options.html');
  await addSelfHostedHost(page, 'https://git.example.com', 'gitlab');
  await addSelfHostedHost(page, 'https://code.example.org', 'gitlab');
  await page.reload();
  await openViewer(page, 'https://git.example.com/team/app/-/tree/main');
  await expect(page.getByText('GitLab (git.example.com) does not show team/app.')).toBeVisible();
  await page.getByLabel('Token for GitLab (git.example.com)').fill('glpat-team5678');
  await page.getByRole('button', { name: 'Save token and read again' }).click();
  await expect(listed(page).locator('.microagent-open')).toHaveText(['cursorrules', 'agents']);

  await openViewer(page, 'https://code.example.org/team/app');
  await expect(
    page.getByText(
      'What answers at code.example.org/api/v4 is not GitLab (code.example.org)’s API.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Handoff got a web page \(status 200\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Open options' }).click();
  await expect(page).toHaveURL(/#hosts$/);
});

test('Bitbucket Cloud: the main branch’s skills and the workspace’s .openhands', async ({
  extContext,
  openExtensionPage,
}) => {
  const bitbucket = await serveCodeHost(extContext, {
    kind: 'bitbucket',
    apiBase: BITBUCKET_API,
    repositories: {
      'acme-team/payments': {
        defaultBranch: 'develop',
        files: {
          'GEMINI.md': 'Gemini rules.',
          '.openhands/microagents/repo.md': 'Payments run on Postgres.',
          '.agents/skills/refunds/SKILL.md':
            '---\ndescription: Issue refunds\n---\nUse the refunds API.',
        },
      },
      'acme-team/.openhands': {
        files: { 'microagents/pci.md': '---\ntriggers: [card]\n---\nPCI rules.' },
      },
    },
  });
  const page = await openExtensionPage('options.html');
  await openViewer(page, 'https://bitbucket.org/acme-team/payments');
  await expect(listed(page).locator('.microagent-open')).toHaveText([
    'gemini',
    'refunds',
    'repo',
    'pci',
  ]);
  await page.getByRole('button', { name: 'repo', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Open on Bitbucket' })).toHaveAttribute(
    'href',
    'https://bitbucket.org/acme-team/payments/src/develop/.openhands/microagents/repo.md',
  );
  expect(bitbucket.log[0]).toBe(`${BITBUCKET_API}/repositories/acme-team/payments`);
});

// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/components/common/worker-queries';
import type { PageContext } from '@/lib/hosts/page-context';
import { writeCodeHostToken } from '@/lib/settings/code-host-tokens';
import { clearSkillTextCache } from '@/lib/skills';
import { type FakeHost, fakeCodeHost } from '@/tests/support/code-host-apis';
import { MicroagentsView } from './MicroagentsView';

const gitlab: PageContext = {
  provider: 'gitlab',
  host: 'gitlab.com',
  baseUrl: 'https://gitlab.com',
  repository: 'acme/platform/api',
  kind: 'repo',
  selfHosted: false,
};

let host: FakeHost;

function renderView(props: Partial<Parameters<typeof MicroagentsView>[0]> = {}) {
  const onOpenOptions = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MicroagentsView context={gitlab} onOpenOptions={onOpenOptions} {...props} />
    </QueryClientProvider>,
  );
  return { onOpenOptions };
}

beforeEach(async () => {
  clearSkillTextCache();
  // Tokens live in IndexedDB, which outlives a test.
  await writeCodeHostToken('https://gitlab.com', null);
  host = fakeCodeHost({
    kind: 'gitlab',
    apiBase: 'https://gitlab.com/api/v4',
    tokens: ['glpat-good1234'],
    repositories: {
      'acme/platform/api': {
        files: {
          '.openhands/microagents/ops/x.md':
            '---\ntriggers: [deploy]\n---\n# Deploys\n<script>window.__x=1</script>',
          '.openhands/microagents/broken.md': '---\ntriggers: [oops\n---\nx',
        },
      },
      'acme/secret': { private: true, files: { 'AGENTS.md': 'Private rules.' } },
    },
  });
  vi.stubGlobal('fetch', host.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MicroagentsView', () => {
  it('explains where skills come from when there is no repository', () => {
    renderView({ context: null });
    expect(screen.getByText(/Skills belong to a repository/)).toBeTruthy();
  });

  it('reads the code host, opens a file given by path, and renders its markdown inert', async () => {
    renderView({ filePath: '.openhands/microagents/ops/x.md' });
    expect(await screen.findByRole('heading', { name: 'ops/x', level: 3 })).toBeTruthy();
    // The markdown renderer loads lazily; its first load in a test takes a moment.
    expect(await screen.findByRole('heading', { name: 'Deploys' }, { timeout: 8000 })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('On trigger')).toBeTruthy();
    expect(screen.getByText('deploy')).toBeTruthy();
    expect(host.log[0]).toContain('/projects/acme%2Fplatform%2Fapi/repository/tree');
  });

  it('lists skills and the files agents skip, with the reason', async () => {
    renderView();
    expect(await screen.findByRole('button', { name: 'ops/x' })).toBeTruthy();
    expect(screen.getByText('Files agents skip (1)')).toBeTruthy();
    expect(screen.getByText(/line 2: a list opened with \[ is never closed/)).toBeTruthy();
  });

  it('asks for a token for a private repository, keeps what was typed when it is refused, and reads again', async () => {
    const user = userEvent.setup();
    renderView({ context: { ...gitlab, repository: 'acme/secret' } });
    expect(await screen.findByText('GitLab does not show acme/secret.')).toBeTruthy();
    const field = screen.getByLabelText('Token for GitLab');
    await user.type(field, 'two words');
    await user.click(screen.getByRole('button', { name: 'Save token and read again' }));
    expect(screen.getByText(/never contains spaces/)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('two words');
    await user.clear(field);
    await user.type(field, 'glpat-good1234');
    await user.click(screen.getByRole('button', { name: 'Save token and read again' }));
    expect(await screen.findByRole('button', { name: 'agents' })).toBeTruthy();
  });

  it('never passes a list cut short by the host’s allowance for the whole answer', async () => {
    host.options.anonymous = { limit: 10, remaining: 1, resetAt: Date.now() + 60_000 };
    renderView();
    expect(
      await screen.findByText(
        'This list of acme/platform/api is incomplete: Handoff could not read 2 of its skill files (see below).',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Files not read (2)')).toBeTruthy();
    expect(screen.queryByText(/has no skills/)).toBeNull();
  });

  it('names the token the host refused by its last characters', async () => {
    await writeCodeHostToken('https://gitlab.com', 'glpat-expiredWXYZ');
    renderView();
    expect(await screen.findByText('GitLab refused the token ending …WXYZ.')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/components/common/worker-queries';
import { ApiError } from '@/lib/api/errors';
import type { PageContext } from '@/lib/hosts/page-context';
import { callApi } from '@/lib/messaging/worker-client';
import { MicroagentsView } from './MicroagentsView';

vi.mock('@/lib/messaging/worker-client', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi) as unknown as ReturnType<typeof vi.fn>;

const gitlab: PageContext = {
  provider: 'gitlab',
  host: 'gitlab.com',
  baseUrl: 'https://gitlab.com',
  repository: 'acme/platform/api',
  kind: 'repo',
  selfHosted: false,
};

function renderView(props: Partial<Parameters<typeof MicroagentsView>[0]> = {}) {
  const onOpenOptions = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MicroagentsView context={gitlab} onOpenOptions={onOpenOptions} {...props} />
    </QueryClientProvider>,
  );
  return { onOpenOptions };
}

beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

describe('MicroagentsView', () => {
  it('explains where microagents come from when there is no repository', () => {
    renderView({ context: null });
    expect(screen.getByText(/Microagents belong to a repository/)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('asks with the full GitLab path and opens a file given by path at once', async () => {
    api.mockImplementation(async (endpoint: string, params: Record<string, string>) => {
      if (endpoint === 'v0.listRepositoryMicroagents') return [];
      expect(params).toEqual({ repository_name: 'acme/platform/api', file_path: 'ops/x.md' });
      return {
        content: '# Deploys\n<script>window.__x=1</script>',
        path: 'ops/x.md',
        triggers: ['deploy'],
        git_provider: 'gitlab',
      };
    });
    renderView({ filePath: 'ops/x.md' });
    expect(await screen.findByRole('heading', { name: 'x', level: 3 })).toBeTruthy();
    // The markdown renderer loads lazily; its first load in a test takes a moment.
    expect(await screen.findByRole('heading', { name: 'Deploys' }, { timeout: 8000 })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('Knowledge')).toBeTruthy();
    expect(screen.getByText('deploy')).toBeTruthy();
  });

  it('turns a code-host 401 without a stored token into "add a token", with a way to the options', async () => {
    api.mockImplementation(async (endpoint: string) => {
      if (endpoint === 'v0.getSettings') return { provider_tokens_set: { github: null } };
      throw new ApiError('unauthorized', 'The server rejected the API key (401).', {
        status: 401,
        serverMessage: 'Unable to fetch microagents for acme/platform/api',
      });
    });
    const { onOpenOptions } = renderView();
    expect(await screen.findByText('Add a git provider token for GitLab')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(onOpenOptions).toHaveBeenCalled();
  });

  it('keeps the service’s own key refusal apart from the code host’s', async () => {
    api.mockRejectedValue(
      new ApiError(
        'unauthorized',
        "The server rejected the API key (401). Check the key in Handoff's options.",
        {
          status: 401,
          serverMessage: 'Unauthorized',
        },
      ),
    );
    renderView();
    expect(await screen.findByText(/The server rejected the API key/)).toBeTruthy();
    expect(screen.queryByText(/Add a git provider token/)).toBeNull();
    expect(api).not.toHaveBeenCalledWith('v0.getSettings', expect.anything());
  });
});

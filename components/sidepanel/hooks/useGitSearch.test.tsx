// @vitest-environment happy-dom
// The repository suggestions of an agent server alone (1.44+): the GitHub token's repositories,
// and in words why there are none.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { useRepositorySearch } from './useGitSearch';

const answers = new Map<string, () => unknown>();
const asked: { name: string; params: unknown }[] = [];
vi.mock('@/lib/messaging/worker-client', () => ({
  callApi: async (name: string, params: unknown) => {
    asked.push({ name, params });
    const answer = answers.get(name);
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer();
  },
}));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function search(provider = '', query = 'widg') {
  return renderHook(
    () =>
      useRepositorySearch({ api: 'agent', query, provider, connectedProviders: [], enabled: true }),
    { wrapper },
  );
}

const repo = (name: string) => ({
  id: name,
  full_name: name,
  git_provider: 'github',
  is_public: true,
  main_branch: 'main',
});

beforeEach(() => {
  answers.clear();
  asked.length = 0;
});

describe('repository suggestions on an agent server alone', () => {
  it('lists the saved token’s repositories, asking for a whole page since the server filters within it', async () => {
    answers.set('agent.searchRepositories', () => ({
      items: Array.from({ length: 12 }, (_, i) => repo(`octo-org/widgets-${i}`)),
      next_page_id: null,
      missing_token: false,
    }));
    const { result } = search();
    await waitFor(() => expect(result.current.items).toHaveLength(8));
    expect(result.current.agentNote).toBeNull();
    expect(asked).toEqual([
      {
        name: 'agent.searchRepositories',
        params: { provider: 'github', query: 'widg', limit: 100 },
      },
    ]);
  });

  it('says a GitHub token must be saved on the server when none is', async () => {
    answers.set('agent.searchRepositories', () => ({
      items: [],
      next_page_id: null,
      missing_token: true,
    }));
    const { result } = search();
    await waitFor(() => expect(result.current.agentNote).toBe('save-github-token'));
    expect(result.current.error).toBeNull();
  });

  it('says an older server cannot suggest, without calling it a failure', async () => {
    answers.set('agent.searchRepositories', () => {
      throw new ApiError('not-found', 'Not found', { status: 404, serverMessage: 'Not Found' });
    });
    const { result } = search();
    await waitFor(() => expect(result.current.agentNote).toBe('too-old'));
    expect(result.current.error).toBeNull();
  });

  it('asks nothing for GitLab or Bitbucket, and says so', async () => {
    const { result } = search('gitlab');
    await waitFor(() => expect(result.current.agentNote).toBe('github-only'));
    expect(asked).toHaveLength(0);
  });

  it('shows a real failure as one', async () => {
    answers.set('agent.searchRepositories', () => {
      throw new ApiError('server', 'GitHub repository search failed', { status: 502 });
    });
    const { result } = search();
    await waitFor(() =>
      expect(result.current.error?.message).toBe('GitHub repository search failed'),
    );
  });
});

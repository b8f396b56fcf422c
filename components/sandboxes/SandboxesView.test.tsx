// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerScope } from '@/components/common/server-scope';
import { createQueryClient } from '@/components/common/worker-queries';
import type { SandboxInfo } from '@/lib/api/v1/models';
import { callApi } from '@/lib/messaging/worker-client';
import { SandboxesView } from './SandboxesView';

vi.mock('@/lib/messaging/worker-client', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi) as unknown as ReturnType<typeof vi.fn>;

const sandbox = (id: string, status = 'RUNNING'): SandboxInfo => ({
  id,
  status,
  sandbox_spec_id: 'spec-python',
  created_at: new Date(Date.now() - 90_000).toISOString(),
  exposed_urls: null,
});

type Handler = (params: Record<string, unknown>) => unknown;

function serve(handlers: Record<string, Handler>) {
  api.mockImplementation(async (endpoint: string, params: Record<string, unknown>) => {
    const handler = handlers[endpoint];
    if (!handler) throw new Error(`unexpected call ${endpoint}`);
    return handler(params);
  });
}

function renderView(props: Parameters<typeof SandboxesView>[0] = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SandboxesView {...props} />
    </QueryClientProvider>,
  );
}

const specs = () => ({ items: [{ id: 'spec-python' }], next_page_id: null });

beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

describe('SandboxesView', () => {
  it('pages through the sandboxes with the service’s page ids', async () => {
    serve({
      'v1.searchSandboxSpecs': specs,
      'v1.searchSandboxes': ({ page_id, limit }) => {
        expect(limit).toBe(2);
        return page_id === 'page-2'
          ? { items: [sandbox('sbx-3')], next_page_id: null }
          : { items: [sandbox('sbx-1'), sandbox('sbx-2', 'PAUSED')], next_page_id: 'page-2' };
      },
    });
    renderView({ pageSize: 2 });
    const list = await screen.findByRole('list', { name: 'Sandboxes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['sbx-1', 'sbx-2']);
    expect(within(list).getAllByText('1 min')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more sandboxes' }));
    await screen.findByText('sbx-3');
    expect(screen.queryByRole('button', { name: 'Load more sandboxes' })).toBeNull();
  });

  it('says when a sandbox vanished between two looks, after checking it is gone', async () => {
    let round = 0;
    serve({
      'v1.searchSandboxSpecs': specs,
      'v1.searchSandboxes': () => {
        round += 1;
        return { items: round === 1 ? [sandbox('sbx-1'), sandbox('sbx-2')] : [sandbox('sbx-1')] };
      },
      'v1.getSandboxes': ({ id }) => (id as string[]).map(() => null),
    });
    renderView();
    await screen.findByText('sbx-2');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/Sandbox sbx-2 no longer exists: it was deleted elsewhere/);
    expect(screen.queryByText('sbx-2')).toBeNull();
    expect(api).toHaveBeenCalledWith('v1.getSandboxes', { id: ['sbx-2'] }, undefined);
  });

  it('does not call a sandbox deleted that only moved out of the loaded pages', async () => {
    let round = 0;
    serve({
      'v1.searchSandboxSpecs': specs,
      'v1.searchSandboxes': () => {
        round += 1;
        return { items: round === 1 ? [sandbox('sbx-1'), sandbox('sbx-2')] : [sandbox('sbx-1')] };
      },
      'v1.getSandboxes': ({ id }) => (id as string[]).map((one) => sandbox(one)),
    });
    renderView();
    await screen.findByText('sbx-2');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('v1.getSandboxes', { id: ['sbx-2'] }, undefined),
    );
    expect(screen.queryByText(/deleted elsewhere/)).toBeNull();
  });

  it('asks before deleting and sends the delete only after the confirmation', async () => {
    serve({
      'v1.searchSandboxSpecs': specs,
      'v1.searchSandboxes': () => ({ items: [sandbox('sbx-1')] }),
      'v1.deleteSandbox': () => ({ success: true }),
    });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete sandbox sbx-1' }));
    expect(screen.getByText(/Delete sandbox sbx-1\?/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api).not.toHaveBeenCalledWith('v1.deleteSandbox', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Delete sandbox sbx-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete sandbox' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('v1.deleteSandbox', { sandbox_id: 'sbx-1' }, undefined),
    );
  });

  it('speaks to the server in scope only: its list, its specs, its deletes', async () => {
    serve({
      'v1.searchSandboxSpecs': specs,
      'v1.searchSandboxes': () => ({ items: [sandbox('sbx-1')] }),
      'v1.deleteSandbox': () => ({ success: true }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ServerScope serverId="s-cloud">
          <SandboxesView />
        </ServerScope>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete sandbox sbx-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete sandbox' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('v1.deleteSandbox', { sandbox_id: 'sbx-1' }, 's-cloud'),
    );
    const servers = api.mock.calls.map((call) => call[2]);
    expect(servers.length).toBeGreaterThan(2);
    expect(servers.every((server) => server === 's-cloud')).toBe(true);
  });

  it('offers the conversations in a sandbox when the panel can open them', async () => {
    const open = vi.fn();
    serve({
      'v1.searchSandboxSpecs': specs,
      'v1.searchSandboxes': () => ({ items: [sandbox('sbx-1')] }),
      'v1.searchAppConversations': () => ({
        items: [
          { id: 'c1', sandbox_id: 'sbx-1', title: 'Fix the parser' },
          { id: 'c2', sandbox_id: 'other', title: 'Elsewhere' },
        ],
      }),
    });
    renderView({ onOpenConversation: open });
    await userEvent.click(await screen.findByRole('button', { name: 'Fix the parser' }));
    expect(open).toHaveBeenCalledWith('c1');
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { IndexSnapshot } from '@/lib/messaging/conversation-index';
import { ConversationIndex } from './conversation-index';
import { listedV1 } from './index-test-support';
import { ServerIndexes } from './server-indexes';

const v1 = (id: string, created: string) =>
  listedV1(id, { created_at: created, updated_at: created });

/** Two servers, each with its own list; `down` makes one fail. */
function setup() {
  const lists: Record<string, () => unknown> = {
    work: () => ({ items: [v1('w1', '2026-05-01T10:00:00Z')], next_page_id: null }),
    home: () => ({ items: [v1('h1', '2026-05-01T11:00:00Z')], next_page_id: null }),
  };
  let servers = [
    { id: 'work', name: 'Work' },
    { id: 'home', name: 'Home' },
  ];
  const requests: string[] = [];
  const changes: { next: IndexSnapshot; server?: string }[] = [];
  const stored = new Map<string, unknown>();
  const indexes = new ServerIndexes({
    servers: async () => servers,
    create: (serverId) =>
      new ConversationIndex({
        listPage: async (generation) => {
          requests.push(`${serverId} ${generation}`);
          if (generation === 'v0') throw new ApiError('not-found', 'Not Found', { status: 404 });
          return lists[serverId]?.();
        },
        server: async () => ({
          url: `http://${serverId}.test`,
          known: { v0: false, v1: true },
        }),
        load: async () => stored.get(serverId),
        save: async (record) => void stored.set(serverId, structuredClone(record)),
        streamsActive: () => false,
        onChange: (previous, next) => indexes.changed(serverId, previous, next),
        wakeIn: () => {},
      }),
    onChange: (all, server) => changes.push({ next: all.next, server: server?.id }),
  });
  return {
    indexes,
    requests,
    changes,
    lists,
    setServers: (next: typeof servers) => {
      servers = next;
    },
  };
}

describe('the index of every server', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('lists both servers’ conversations in one list, newest first, each saying its server', async () => {
    const { indexes, requests } = setup();
    await indexes.tick();
    const snapshot = await indexes.snapshot();
    expect(snapshot.entries.map((entry) => [entry.id, entry.serverId])).toEqual([
      ['h1', 'home'],
      ['w1', 'work'],
    ]);
    expect(snapshot.servers?.map((server) => server.name)).toEqual(['Work', 'Home']);
    // One list request per server (and interface) for the pass.
    expect(requests.filter((request) => request.endsWith('v1')).sort()).toEqual([
      'home v1',
      'work v1',
    ]);
    expect(await indexes.serverOf('h1')).toBe('home');
  });

  it('a server that is down keeps its cached conversations and says so; the other goes on', async () => {
    const { indexes, lists } = setup();
    await indexes.tick();
    lists.home = () => {
      throw new ApiError('network', 'The server did not answer.');
    };
    lists.work = () => ({
      items: [v1('w2', '2026-05-01T12:00:00Z'), v1('w1', '2026-05-01T10:00:00Z')],
      next_page_id: null,
    });
    await indexes.reset();
    const snapshot = await indexes.snapshot();
    expect(snapshot.entries.map((entry) => entry.id)).toEqual(['w2', 'h1', 'w1']);
    expect(snapshot.failure).toBeNull();
    const home = snapshot.servers?.find((server) => server.id === 'home');
    expect(home?.failure?.kind).toBe('network');
    expect(snapshot.servers?.find((server) => server.id === 'work')?.failure).toBeNull();
  });

  it('tells of news per server, with that server’s part', async () => {
    const { indexes, changes } = setup();
    await indexes.tick();
    await vi.waitFor(() =>
      expect(changes.map((change) => change.server).sort()).toEqual(['home', 'work']),
    );
  });

  it('a removed server’s conversations leave the list, and it is read no more', async () => {
    const { indexes, requests, setServers } = setup();
    await indexes.tick();
    setServers([{ id: 'work', name: 'Work' }]);
    await indexes.followServers();
    expect((await indexes.snapshot()).entries.map((entry) => entry.id)).toEqual(['w1']);
    requests.length = 0;
    await indexes.reset();
    expect(requests.some((request) => request.startsWith('home'))).toBe(false);
  });

  it('a start is recorded on the server it was made on', async () => {
    const { indexes } = setup();
    await indexes.tick();
    await indexes.recordStart('home', 'h9', 'v1', null);
    expect(await indexes.serverOf('h9')).toBe('home');
  });
});

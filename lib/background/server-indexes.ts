// The index of every server at once: one ConversationIndex per server (each with its own list
// schedule, stored record and failures), seen by the rest of the worker as one list. A server
// that is down keeps its cached conversations and says so; the others go on.

import { normaliseId } from '@/lib/api/conversation-summary';
import type { Generation } from '@/lib/api/generation';
import type { IndexEntry, IndexServer, IndexSnapshot } from '@/lib/messaging/conversation-index';
import type { StartOrigin } from '@/lib/messaging/rpc';
import type { ConversationIndex } from './conversation-index';

export interface ServerOfIndex {
  id: string;
  name: string;
}

export interface ServerIndexesDeps {
  /** The servers as the settings list them now, in the person's order. */
  servers(): Promise<ServerOfIndex[]>;
  /** A new index for one server (its own list requests, record and schedule). */
  create(serverId: string): ConversationIndex;
  /**
   * The list changed: before and after, and the part of the one server whose index changed
   * (none when only the servers' names or order did).
   */
  onChange(
    change: { previous: IndexSnapshot; next: IndexSnapshot },
    server?: { id: string; previous: IndexSnapshot; next: IndexSnapshot },
  ): void;
  now?: () => number;
}

const emptySnapshot = (): IndexSnapshot => ({
  entries: [],
  refreshedAt: null,
  failure: null,
  complete: true,
  servers: [],
});

export class ServerIndexes {
  private readonly indexes = new Map<string, ConversationIndex>();
  private names = new Map<string, string>();
  private order: string[] = [];
  private last: IndexSnapshot = emptySnapshot();
  private panels = 0;
  private synced: Promise<void> | null = null;

  constructor(private readonly deps: ServerIndexesDeps) {}

  /** Called by each server's index: its part changed. */
  changed(serverId: string, previous: IndexSnapshot, next: IndexSnapshot): void {
    if (!this.indexes.has(serverId)) return;
    void this.merged().then((merged) => {
      const before = this.last;
      this.last = merged;
      this.deps.onChange({ previous: before, next: merged }, { id: serverId, previous, next });
    });
  }

  /** The servers were renamed, reordered, added or removed: the list says so at once. */
  async followServers(): Promise<void> {
    await this.sync();
    const before = this.last;
    this.last = await this.merged();
    this.deps.onChange({ previous: before, next: this.last });
  }

  /** Follows the settings: an index for each server listed, none for a removed one. */
  sync(): Promise<void> {
    this.synced = (async () => {
      const servers = await this.deps.servers();
      this.names = new Map(servers.map((server) => [server.id, server.name]));
      this.order = servers.map((server) => server.id);
      for (const [id, index] of this.indexes) {
        if (!this.names.has(id)) {
          index.stop();
          this.indexes.delete(id);
        }
      }
      for (const { id } of servers) {
        if (this.indexes.has(id)) continue;
        const index = this.deps.create(id);
        this.indexes.set(id, index);
        for (let panel = 0; panel < this.panels; panel++) index.panelOpened();
      }
    })();
    return this.synced;
  }

  private async ready(): Promise<ConversationIndex[]> {
    await (this.synced ?? this.sync());
    return this.order.flatMap((id) => this.indexes.get(id) ?? []);
  }

  /** Every server's conversations in one list, newest first, each saying its server. */
  private async merged(): Promise<IndexSnapshot> {
    const indexes = await this.ready();
    const parts = await Promise.all(indexes.map((index) => index.snapshot()));
    const seen = new Set<string>();
    const entries: IndexEntry[] = [];
    const servers: IndexServer[] = [];
    parts.forEach((part, at) => {
      const id = this.order[at] as string;
      servers.push({
        id,
        name: this.names.get(id) ?? id,
        refreshedAt: part.refreshedAt,
        failure: part.failure,
        complete: part.complete,
      });
      for (const entry of part.entries) {
        // The same conversation from two servers is one server under two addresses: it is
        // listed once, under the server listed first.
        const key = normaliseId(entry.id);
        if (seen.has(key)) continue;
        seen.add(key);
        entries.push({ ...entry, serverId: id });
      }
    });
    entries.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
    const refreshed = servers.map((server) => server.refreshedAt).filter((at) => at !== null);
    const failing = servers.filter((server) => server.failure);
    return {
      entries,
      refreshedAt: refreshed.length ? Math.min(...refreshed) : null,
      // Only when every server failed is the whole list stale; otherwise each says its own.
      failure:
        failing.length && failing.length === servers.length ? (failing[0]?.failure ?? null) : null,
      complete: servers.every((server) => server.complete),
      servers,
    };
  }

  async snapshot(): Promise<IndexSnapshot> {
    this.last = await this.merged();
    return this.last;
  }

  /** Which server a conversation is on, as far as the index knows. */
  async serverOf(conversationId: string): Promise<string | null> {
    const id = normaliseId(conversationId);
    const { entries } = await this.snapshot();
    return entries.find((entry) => normaliseId(entry.id) === id)?.serverId ?? null;
  }

  panelOpened(): void {
    this.panels++;
    for (const index of this.indexes.values()) index.panelOpened();
  }

  panelClosed(): void {
    this.panels = Math.max(0, this.panels - 1);
    for (const index of this.indexes.values()) index.panelClosed();
  }

  async recordStart(
    serverId: string | undefined,
    conversationId: string,
    generation: Generation,
    origin: StartOrigin | null,
  ): Promise<void> {
    const indexes = await this.ready();
    const index = this.indexes.get(serverId ?? this.order[0] ?? '') ?? indexes[0];
    await index?.recordStart(conversationId, generation, origin);
  }

  /** A server's address or key changed (or the list of servers): read its part afresh. */
  async reset(serverId?: string): Promise<void> {
    await this.sync();
    for (const [id, index] of this.indexes) {
      if (serverId === undefined || id === serverId) await index.reset();
    }
  }

  async tick(): Promise<void> {
    await Promise.all((await this.ready()).map((index) => index.tick()));
  }
}

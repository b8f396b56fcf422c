// The worker's index of every conversation of the person's server, not just the watched ones:
// what the page button, the toolbar badge and notifications answer from without asking the
// server. One list pass per interval whatever the number of tabs and panels (30 s while a panel
// is open or an agent works, 5 min otherwise, longer after failures and 429), kept in the trusted
// store so a restarted worker has it at once, bounded in size.
import { agentStateOfExecution } from '@/lib/api/agent-state';
import {
  type ConversationSummary,
  interfacesToAsk,
  itemNamedIn,
  type KnownInterfaces,
  type ListedV0,
  type ListedV1,
  mergeConversations,
  normaliseId,
  pageFailure,
  recordTime,
} from '@/lib/api/conversation-summary';
import { ApiError, toApiError } from '@/lib/api/errors';
import type { Generation } from '@/lib/api/generation';
import { type PullFacts, pullHeadline } from '@/lib/codehosts/pull-facts';
import { type WorkerKey, workerWords } from '@/lib/i18n/en-worker';
import type {
  IndexEntry,
  IndexItem,
  IndexNeed,
  IndexSnapshot,
  IndexState,
  PageState,
} from '@/lib/messaging/conversation-index';
import {
  DEFAULT_QUIET_MINUTES,
  pageItemKey,
  quietMinutes,
} from '@/lib/messaging/conversation-index';
import type { StartOrigin } from '@/lib/messaging/rpc';
import { backoffDelay } from '@/lib/stream/backoff';

/** How often the list is read. Mutable for end-to-end builds only (lib/background/hub.ts). */
export const indexTiming = {
  /** While a panel is open or any conversation is working. */
  activeMs: 30_000,
  /** Otherwise. */
  idleMs: 5 * 60_000,
  /** The longest wait after failures in a row. */
  maxBackoffMs: 15 * 60_000,
};

/** Conversations per list request (the V1 search's maximum). */
const PAGE_SIZE = 100;
/** The index keeps at most this many conversations, newest first. */
export const MAX_ENTRIES = 500;
/** Start records kept (newest first). */
const MAX_STARTS = 500;

interface StoredStart extends StartOrigin {
  at: number;
}

/** The record in the trusted store. Read back as data: every field is checked. */
export interface StoredIndex {
  server: string | null;
  snapshot: IndexSnapshot;
  attemptAt: number;
  failures: number;
  /** Older pages still to read, per interface (false: none). */
  deeper: { v0: string | false; v1: string | false };
  known: KnownInterfaces;
  starts: Record<string, StoredStart>;
}

export interface IndexDeps {
  /** One page of one interface's list, as raw JSON. */
  listPage(generation: Generation, pageId: string | null, limit: number): Promise<unknown>;
  /** The configured server and what the connection test learnt of its interfaces. */
  server(): Promise<{ url: string | null; known: KnownInterfaces }>;
  load(): Promise<unknown>;
  save(record: StoredIndex): Promise<void>;
  /** Live streams the hub keeps (an agent may be working there). */
  streamsActive(): boolean;
  onChange(previous: IndexSnapshot, next: IndexSnapshot): void;
  /** Asks the browser to wake a stopped worker in about this long. */
  wakeIn(ms: number): void;
  now?: () => number;
  random?: () => number;
}

const emptySnapshot = (): IndexSnapshot => ({
  entries: [],
  refreshedAt: null,
  failure: null,
  complete: true,
});

function freshRecord(server: string | null): StoredIndex {
  return {
    server,
    snapshot: emptySnapshot(),
    attemptAt: 0,
    failures: 0,
    deeper: { v0: false, v1: false },
    known: { v0: null, v1: null },
    starts: {},
  };
}

// --- Reading the server's lists ----------------------------------------------------------------

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    : [];

/** A page of either list, or a bad-response error: an HTML page is no list. */
function readPage(
  raw: unknown,
  field: 'items' | 'results',
): { items: Record<string, unknown>[]; next: string | null } {
  const body = raw as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body[field])) {
    throw new ApiError('bad-response', 'The server’s list of conversations was not readable.');
  }
  return { items: records(body[field]), next: text(body.next_page_id) };
}

function v1Item(raw: Record<string, unknown>): ListedV1 | null {
  const id = text(raw.id);
  if (!id) return null;
  return {
    id,
    title: text(raw.title),
    selected_repository: text(raw.selected_repository),
    selected_branch: text(raw.selected_branch),
    git_provider: text(raw.git_provider),
    trigger: text(raw.trigger),
    sandbox_status: text(raw.sandbox_status),
    execution_status: text(raw.execution_status),
    created_at: text(raw.created_at),
    updated_at: text(raw.updated_at),
    pr_number: numbers(raw.pr_number),
  } as ListedV1;
}

function v0Item(raw: Record<string, unknown>): ListedV0 | null {
  const id = text(raw.conversation_id);
  if (!id) return null;
  return {
    conversation_id: id,
    conversation_version: text(raw.conversation_version),
    title: text(raw.title),
    selected_repository: text(raw.selected_repository),
    selected_branch: text(raw.selected_branch),
    git_provider: text(raw.git_provider),
    trigger: text(raw.trigger),
    status: text(raw.status),
    runtime_status: text(raw.runtime_status),
    created_at: text(raw.created_at),
    last_updated_at: text(raw.last_updated_at),
    pr_number: numbers(raw.pr_number),
  } as ListedV0;
}

/** An interface the server does not serve: a missing route, or the web app's page instead. */
function notServed(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'bad-response');
}

// --- From a summary to an entry ----------------------------------------------------------------

/**
 * Where a conversation stands for the person. The list has no V0 agent state, so a V0
 * conversation reads from its status alone; V1's execution status reads as the agent state it
 * corresponds to, as for the panel's words (docs/ui/status-words.md#where-state-comes-from).
 */
export function stateOf(summary: ConversationSummary): {
  state: IndexState;
  need: IndexNeed | null;
} {
  const agent = summary.generation === 'v1' ? agentStateOfExecution(summary.executionStatus) : null;
  const status = summary.status;
  if (status === 'ERROR' || agent === 'error' || summary.runtimeStatus?.includes('ERROR')) {
    return { state: 'needs-you', need: 'error' };
  }
  if (status === 'STOPPED' || status === 'ARCHIVED') {
    return { state: agent === 'finished' ? 'done' : 'stopped', need: null };
  }
  if (agent === 'awaiting_user_input') return { state: 'needs-you', need: 'input' };
  if (agent === 'awaiting_user_confirmation') return { state: 'needs-you', need: 'confirmation' };
  if (agent === 'finished') return { state: 'done', need: null };
  if (agent === 'paused' || agent === 'stopped') return { state: 'stopped', need: null };
  if (status === 'RUNNING' || status === 'STARTING' || agent) {
    return { state: 'working', need: null };
  }
  return { state: 'stopped', need: null };
}

/** The item a conversation's title names (lib/api/conversation-summary.ts), if one. */
export function itemFromTitle(title: string | null): IndexItem | null {
  const named = itemNamedIn(title);
  return named ? { ...named, from: 'title' } : null;
}

const defaultHosts: Record<string, string> = {
  github: 'https://github.com',
  gitlab: 'https://gitlab.com',
  bitbucket: 'https://bitbucket.org',
};

/** A pull/merge request's address on its host; null where the host's address is not known. */
export function pullLink(
  provider: string | null,
  repository: string | null,
  number: number,
  baseUrl?: string,
): string | null {
  if (!provider || !repository) return null;
  const base = baseUrl ?? defaultHosts[provider];
  if (!base) return null;
  if (provider === 'gitlab') return `${base}/${repository}/-/merge_requests/${number}`;
  if (provider === 'bitbucket') return `${base}/${repository}/pull-requests/${number}`;
  if (provider === 'github') return `${base}/${repository}/pull/${number}`;
  return null;
}

function entryOf(
  summary: ConversationSummary,
  start: StoredStart | undefined,
  previous: IndexEntry | undefined,
  now: number,
): IndexEntry {
  const { state, need } = stateOf(summary);
  const provider = summary.provider ?? start?.provider ?? null;
  const repository = summary.repository ?? start?.repository ?? null;
  const item: IndexItem | null = start
    ? { kind: start.kind, number: start.number, from: 'start' }
    : (itemFromTitle(summary.title) ??
      (summary.prNumbers.length
        ? { kind: 'pull', number: summary.prNumbers[0] as number, from: 'pr' }
        : null));
  const createdAt = recordTime(summary.createdAt) || null;
  const workingSince =
    state !== 'working'
      ? null
      : previous?.state === 'working' && previous.workingSince
        ? previous.workingSince
        : previous
          ? now
          : (createdAt ?? now);
  return {
    id: summary.id,
    generation: summary.generation,
    title: summary.title,
    repository,
    branch: summary.branch,
    provider,
    item,
    state,
    need,
    status: summary.status,
    runtimeStatus: summary.runtimeStatus,
    sandboxStatus: summary.sandboxStatus,
    executionStatus: summary.executionStatus,
    createdAt,
    lastActivity: recordTime(summary.updatedAt) || createdAt,
    workingSince,
    prNumbers: summary.prNumbers,
    prLinks: summary.prNumbers
      .map((n) => pullLink(provider, repository, n, start?.baseUrl))
      .filter((link): link is string => !!link),
  };
}

/** The items (`pageItemKey`) a conversation is about: where it came from, and its PRs. */
export function itemKeysOf(entry: IndexEntry): string[] {
  if (!entry.provider || !entry.repository) return [];
  const base = { provider: entry.provider, repository: entry.repository };
  const keys = entry.item ? [pageItemKey({ ...base, ...entry.item })] : [];
  for (const number of entry.prNumbers) keys.push(pageItemKey({ ...base, kind: 'pull', number }));
  return [...new Set(keys.filter((key): key is string => !!key))];
}

/**
 * What a conversation's state is read with besides its record: when a working agent counts as
 * quiet (after how long, and its stream's last event if watched), and what is known of the pull
 * requests it opened (./pull-watch.ts).
 */
export interface QuietRule {
  afterMinutes: number;
  lastEventAt?: (id: string) => number | null;
  pullsOf?: (id: string) => readonly PullFacts[];
}

/**
 * The pull request a page or row should speak of for `entry`: the first that needs the person,
 * else the newest one that is merged or closed; null when none has news.
 */
function pullNews(entry: IndexEntry, rule: QuietRule): PullFacts | null {
  const pulls = rule.pullsOf?.(entry.id) ?? [];
  return (
    pulls.find((pull) => pull.need) ??
    pulls.findLast((pull) => pull.state === 'merged' || pull.state === 'closed') ??
    null
  );
}

/** The page button's words for the newest conversation of an item. */
export function pageStateFor(
  key: string,
  entries: readonly IndexEntry[],
  now: number,
  quiet: QuietRule = { afterMinutes: DEFAULT_QUIET_MINUTES },
): PageState | null {
  const matching = entries.filter((entry) => itemKeysOf(entry).includes(key));
  const newest = matching[0];
  if (!newest) return null;
  let label: string;
  const quietFor = quietMinutes(
    newest,
    now,
    quiet.afterMinutes,
    quiet.lastEventAt?.(newest.id) ?? null,
  );
  if (quietFor !== null) {
    // Working, but silent for long: the person should look, so it reads as needing them.
    return {
      key,
      label: workerWords('worker.state.quiet', { minutes: quietFor }),
      state: 'needs-you',
      count: matching.length,
    };
  }
  const news = newest.state === 'working' ? null : pullNews(newest, quiet);
  const headline = news ? pullHeadline(news) : null;
  if (news?.need && headline) {
    // The agent is done, but its pull request fails, or a reviewer wants changes: the person
    // should look, whatever the conversation itself says.
    return { key, label: headline, state: 'needs-you', count: matching.length };
  }
  if (newest.state === 'working') {
    const minutes = newest.workingSince ? Math.floor((now - newest.workingSince) / 60_000) : 0;
    label =
      minutes >= 1
        ? workerWords('worker.state.workingFor', { minutes })
        : workerWords('worker.state.working');
  } else {
    label = workerWords(`worker.state.${newest.state}` as WorkerKey);
    const pr = newest.prNumbers.at(-1);
    if (headline && newest.state !== 'needs-you') {
      label = workerWords('worker.pull.part', { summary: label, part: headline });
    } else if (pr && newest.state !== 'needs-you') {
      label = workerWords(
        newest.provider === 'gitlab' ? 'worker.state.withMerge' : 'worker.state.withPull',
        { state: label, number: pr },
      );
    }
  }
  return { key, label, state: newest.state, count: matching.length };
}

/**
 * The page button's words for each of `keys` that has a conversation, reading the entries once
 * (a list asks about hundreds of rows at a time).
 */
export function pageStatesFor(
  keys: Iterable<string>,
  entries: readonly IndexEntry[],
  now: number,
  quiet?: QuietRule,
): Map<string, PageState> {
  const wanted = new Set(keys);
  const byKey = new Map<string, IndexEntry[]>();
  for (const entry of entries) {
    for (const key of itemKeysOf(entry)) {
      if (!wanted.has(key)) continue;
      const matching = byKey.get(key);
      if (matching) matching.push(entry);
      else byKey.set(key, [entry]);
    }
  }
  const states = new Map<string, PageState>();
  for (const [key, matching] of byKey) {
    const state = pageStateFor(key, matching, now, quiet);
    if (state) states.set(key, state);
  }
  return states;
}

// --- Reading back what was stored --------------------------------------------------------------

function sanitiseStored(value: unknown, server: string | null): StoredIndex {
  const record = value as Partial<StoredIndex> | null;
  if (!record || typeof record !== 'object' || record.server !== server) {
    // Another server's conversations are not this one's; its start records neither.
    return freshRecord(server);
  }
  const snapshot = record.snapshot;
  const entries = Array.isArray(snapshot?.entries)
    ? snapshot.entries.filter(
        (entry): entry is IndexEntry =>
          !!entry && typeof entry === 'object' && typeof entry.id === 'string',
      )
    : [];
  return {
    server,
    snapshot: {
      entries: entries.slice(0, MAX_ENTRIES),
      refreshedAt: typeof snapshot?.refreshedAt === 'number' ? snapshot.refreshedAt : null,
      failure: snapshot?.failure && typeof snapshot.failure === 'object' ? snapshot.failure : null,
      complete: snapshot?.complete !== false,
    },
    attemptAt: typeof record.attemptAt === 'number' ? record.attemptAt : 0,
    failures: typeof record.failures === 'number' ? record.failures : 0,
    deeper: {
      v0: typeof record.deeper?.v0 === 'string' ? record.deeper.v0 : false,
      v1: typeof record.deeper?.v1 === 'string' ? record.deeper.v1 : false,
    },
    known: {
      v0: typeof record.known?.v0 === 'boolean' ? record.known.v0 : null,
      v1: typeof record.known?.v1 === 'boolean' ? record.known.v1 : null,
    },
    starts: record.starts && typeof record.starts === 'object' ? record.starts : {},
  };
}

// --- The index ---------------------------------------------------------------------------------

export class ConversationIndex {
  private record: StoredIndex = freshRecord(null);
  private loading: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private panels = 0;
  private readonly now: () => number;

  constructor(private readonly deps: IndexDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Reads the stored index (once per server); a restarted worker answers from it at once. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const { url } = await this.deps.server();
      this.record = sanitiseStored(await this.deps.load(), url);
    })().catch((error: unknown) => {
      console.warn('[handoff] could not read the conversation index', error);
      this.loading = null;
    });
    return this.loading;
  }

  async snapshot(): Promise<IndexSnapshot> {
    await this.load();
    return this.record.snapshot;
  }

  /** The button state of one item, from the index alone. */
  async pageState(key: string): Promise<PageState | null> {
    await this.load();
    return pageStateFor(key, this.record.snapshot.entries, this.now());
  }

  /** A panel opened or closed: while one is open the list is read every 30 s. */
  panelOpened(): void {
    this.panels++;
    void this.tick();
  }

  panelClosed(): void {
    this.panels = Math.max(0, this.panels - 1);
    this.schedule();
  }

  /** Handoff started a conversation from a page: remember where, and show it at once. */
  async recordStart(conversationId: string, generation: Generation, origin: StartOrigin | null) {
    await this.load();
    const id = normaliseId(conversationId);
    const previous = this.record.snapshot;
    if (origin) {
      const starts = { ...this.record.starts, [id]: { ...origin, at: this.now() } };
      const newest = Object.entries(starts).sort((a, b) => b[1].at - a[1].at);
      this.record.starts = Object.fromEntries(newest.slice(0, MAX_STARTS));
    }
    const known = previous.entries.find((entry) => normaliseId(entry.id) === id);
    const summary: ConversationSummary = {
      id: conversationId,
      generation,
      title: known?.title ?? null,
      repository: known?.repository ?? origin?.repository ?? null,
      branch: known?.branch ?? null,
      provider: known?.provider ?? origin?.provider ?? null,
      trigger: null,
      status: known?.status ?? 'STARTING',
      runtimeStatus: known?.runtimeStatus ?? null,
      sandboxStatus: known?.sandboxStatus ?? null,
      executionStatus: known?.executionStatus ?? null,
      createdAt: new Date(known?.createdAt ?? this.now()).toISOString(),
      updatedAt: null,
      prNumbers: known?.prNumbers ?? [],
    };
    const entry = entryOf(summary, this.record.starts[id], known, this.now());
    const others = previous.entries.filter((item) => normaliseId(item.id) !== id);
    this.record.snapshot = { ...previous, entries: [entry, ...others].slice(0, MAX_ENTRIES) };
    await this.persist();
    this.deps.onChange(previous, this.record.snapshot);
    this.schedule();
  }

  /** The server or its key changed: forget the old server's conversations and read afresh. */
  async reset(): Promise<void> {
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
    const previous = this.record.snapshot;
    this.loading = null;
    await this.load();
    if (this.record.snapshot !== previous) this.deps.onChange(previous, this.record.snapshot);
    this.record.attemptAt = 0;
    await this.tick();
  }

  /** The server was removed: no more reads or wake-ups for it. */
  stop(): void {
    clearTimeout(this.timer);
    this.record = freshRecord(null);
  }

  /** Refreshes when due (timer, alarm, a panel opening), then plans the next one. */
  async tick(): Promise<void> {
    await this.load();
    if (this.now() >= this.dueAt()) await this.refresh();
    this.schedule();
  }

  /** Whether an agent may be at work: decides the faster interval. */
  private active(): boolean {
    return (
      this.panels > 0 ||
      this.deps.streamsActive() ||
      this.record.snapshot.entries.some((entry) => entry.state === 'working')
    );
  }

  private interval(): number {
    return this.active() ? indexTiming.activeMs : indexTiming.idleMs;
  }

  private dueAt(): number {
    const { attemptAt, failures, snapshot } = this.record;
    if (!failures) return attemptAt + this.interval();
    const wait = backoffDelay(failures - 1, {
      baseMs: this.interval(),
      maxMs: indexTiming.maxBackoffMs,
      jitter: 0.2,
      ...(this.deps.random ? { random: this.deps.random } : {}),
    });
    const retryAfter = snapshot.failure?.kind === 'rate-limited' ? this.retryAfterMs : 0;
    return attemptAt + Math.max(wait, retryAfter);
  }

  private retryAfterMs = 0;

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.record.server) return;
    const wait = Math.max(0, this.dueAt() - this.now());
    this.timer = setTimeout(() => void this.tick(), wait);
    this.deps.wakeIn(wait);
  }

  /** One pass over the list: single flight, whoever asks. */
  refresh(): Promise<void> {
    this.running ??= this.readList().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async readList(): Promise<void> {
    const { url, known: configured } = await this.deps.server();
    if (!url || url !== this.record.server) return;
    this.record.attemptAt = this.now();
    const previous = this.record.snapshot;
    try {
      const known: KnownInterfaces = {
        v0: configured.v0 ?? this.record.known.v0,
        v1: configured.v1 ?? this.record.known.v1,
      };
      const first = await this.readPages(known, { v0: null, v1: null });
      // Thousands of conversations: one older page per pass until the index is full.
      const room = MAX_ENTRIES - first.v0.length - first.v1.length > 0;
      const deeper = this.record.deeper;
      const more =
        room && (deeper.v0 || deeper.v1)
          ? await this.readPages(known, {
              v0: deeper.v0 === false ? false : deeper.v0,
              v1: deeper.v1 === false ? false : deeper.v1,
            }).catch(() => null)
          : null;
      if (url !== this.record.server) return;
      const byId = new Map(previous.entries.map((entry) => [normaliseId(entry.id), entry]));
      const merged = mergeConversations(
        [...first.v0, ...(more?.v0 ?? [])],
        [...first.v1, ...(more?.v1 ?? [])],
      );
      const seen = new Set(merged.map((summary) => normaliseId(summary.id)));
      const now = this.now();
      const fresh = merged.map((summary) => {
        const id = normaliseId(summary.id);
        return entryOf(summary, this.record.starts[id], byId.get(id), now);
      });
      // Older conversations read on earlier passes stay until the index is full; ones newer
      // than the oldest on the first page and gone from it were deleted.
      const onFirst = new Set([
        ...first.v0.map((item) => normaliseId(item.conversation_id)),
        ...first.v1.map((item) => normaliseId(item.id)),
      ]);
      const oldestFirst = Math.min(
        ...fresh
          .filter((entry) => onFirst.has(normaliseId(entry.id)))
          .map((entry) => entry.createdAt ?? 0),
      );
      const kept = previous.entries.filter(
        (entry) =>
          !seen.has(normaliseId(entry.id)) &&
          (first.next.v0 || first.next.v1) &&
          (entry.createdAt ?? 0) < oldestFirst,
      );
      const entries = [...fresh, ...kept]
        .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))
        .slice(0, MAX_ENTRIES);
      const next = more ? more.next : first.next;
      this.record.deeper = {
        v0: entries.length < MAX_ENTRIES && typeof next.v0 === 'string' ? next.v0 : false,
        v1: entries.length < MAX_ENTRIES && typeof next.v1 === 'string' ? next.v1 : false,
      };
      this.record.known = known;
      this.record.failures = 0;
      this.record.snapshot = {
        entries,
        refreshedAt: now,
        failure: null,
        complete:
          !(first.next.v0 || first.next.v1) ||
          (!this.record.deeper.v0 && !this.record.deeper.v1 && entries.length < MAX_ENTRIES),
      };
    } catch (thrown) {
      const error = toApiError(thrown);
      this.record.failures++;
      this.retryAfterMs = (error.retryAfter ?? 0) * 1000;
      // The cached entries stay: a server that is down does not empty the index.
      this.record.snapshot = {
        ...previous,
        failure: { kind: error.kind, message: error.message, at: this.now() },
      };
    }
    await this.persist();
    this.deps.onChange(previous, this.record.snapshot);
  }

  /** One page of each interface that has one; what each said it has further. */
  private async readPages(
    known: KnownInterfaces,
    cursor: { v0: string | null | false; v1: string | null | false },
  ): Promise<{ v0: ListedV0[]; v1: ListedV1[]; next: { v0: string | false; v1: string | false } }> {
    const want = interfacesToAsk(known, { v0: cursor.v0 !== false, v1: cursor.v1 !== false });
    const [v0, v1] = await Promise.allSettled([
      want.v0
        ? this.deps
            .listPage('v0', cursor.v0 || null, PAGE_SIZE)
            .then((raw) => readPage(raw, 'results'))
        : Promise.resolve(null),
      want.v1
        ? this.deps
            .listPage('v1', cursor.v1 || null, PAGE_SIZE)
            .then((raw) => readPage(raw, 'items'))
        : Promise.resolve(null),
    ]);
    const failures = [v1, v0]
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => result.reason as unknown);
    const v0Page = v0.status === 'fulfilled' ? v0.value : null;
    const v1Page = v1.status === 'fulfilled' ? v1.value : null;
    const { fatal } = pageFailure(failures, v0Page !== null || v1Page !== null, notServed);
    if (fatal) throw fatal;
    // An interface that answered with a missing route is not asked again on this server.
    if (v0.status === 'rejected' && notServed(v0.reason) && v1Page) known.v0 = false;
    if (v1.status === 'rejected' && notServed(v1.reason) && v0Page) known.v1 = false;
    if (v0Page) known.v0 = true;
    if (v1Page) known.v1 = true;
    return {
      v0: (v0Page?.items ?? []).map(v0Item).filter((item): item is ListedV0 => !!item),
      v1: (v1Page?.items ?? []).map(v1Item).filter((item): item is ListedV1 => !!item),
      next: { v0: v0Page?.next ?? false, v1: v1Page?.next ?? false },
    };
  }

  private async persist(): Promise<void> {
    await this.deps.save(this.record).catch((error: unknown) => {
      console.warn('[handoff] could not keep the conversation index', error);
    });
  }
}

import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { asApiError, ErrorNotice } from '@/components/common/ErrorNotice';
import { Icon, type IconName } from '@/components/common/icons';
import { useProviderTokens } from '@/components/common/use-server-settings';
import type { AppConversation, ConversationInfo } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { callApi } from '@/lib/messaging/worker-client';
import type { Settings } from '@/lib/settings/schema';
import { scopeSettings } from '@/lib/settings/servers';
import { localDateTime } from '@/lib/timeline/time';
import type { NextWaiting } from './hooks/useNextWaiting';
import { useOnline } from './hooks/useOnline';
import { useWorkerIndex } from './hooks/usePullFacts';
import { type ServerApis, serverApisOf } from './hooks/useServerApis';
import { useSharedNow } from './hooks/useSharedNow';
import {
  filterConversations,
  interfacesToAsk,
  type KnownSummary,
  mergeConversations,
  mergeServers,
  pageFailure,
  quietCheckOf,
  repositoriesOf,
  summaryOfIndexEntry,
  withWorkerKnowledge,
} from './model/conversation-list';
import { nextStepOf } from './model/next-step';
import { downServerStep, hasSeveralServers, panelServers } from './model/servers';
import { type Need, relativeTime, type TriageEntry, triageGroups } from './model/triage';

const PAGE_SIZE = 20;

const openOptions = () => void browser.runtime.openOptionsPage();

/** Where each interface's listing continues; false: it has nothing more (or is not served). */
interface Cursor {
  v0: string | null | false;
  v1: string | null | false;
}

/** One server's page: what it answered, or why it could not. */
interface ServerPage {
  v0: ConversationInfo[];
  v1: AppConversation[];
  /** A failure of one interface while the other answered. */
  partialError: unknown;
  v1Answered: boolean;
  /** The server could not be read at all (only with several servers: with one, the page fails). */
  failure: unknown;
}

/** A page of the list: each server's part, by server ('' with one server), and where each goes on. */
interface ListPage {
  parts: Record<string, ServerPage>;
  next: Record<string, Cursor>;
}

/** A server the list reads: its id (none with one server) and the interfaces it serves. */
interface ListedServer {
  key: string;
  serverId: string | undefined;
  apis: ServerApis;
}

const FIRST: Cursor = { v0: null, v1: null };
const done = (cursor: Cursor | undefined) => cursor?.v0 === false && cursor?.v1 === false;

/**
 * An interface the server does not serve: 404, or the web UI's HTML page
 * (docs/contract/http.md#missing-routes-look-like-the-web-app).
 */
function notServed(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'bad-response');
}

async function fetchServerPage(
  cursor: Cursor,
  apis: ServerApis,
  serverId: string | undefined,
): Promise<{ page: Omit<ServerPage, 'failure'>; next: Cursor }> {
  const want = interfacesToAsk(apis, { v0: cursor.v0 !== false, v1: cursor.v1 !== false });
  const [v0, v1] = await Promise.allSettled([
    want.v0
      ? callApi(
          'v0.listConversations',
          { limit: PAGE_SIZE, ...(cursor.v0 ? { page_id: cursor.v0 } : {}) },
          serverId,
        )
      : Promise.resolve(null),
    want.v1
      ? callApi(
          'v1.searchAppConversations',
          { limit: PAGE_SIZE, ...(cursor.v1 ? { page_id: cursor.v1 } : {}) },
          serverId,
        )
      : Promise.resolve(null),
  ]);
  const v0Page = v0.status === 'fulfilled' ? v0.value : null;
  const v1Page = v1.status === 'fulfilled' ? v1.value : null;
  const { fatal, partial } = pageFailure(
    [v1, v0]
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => result.reason as unknown),
    v0Page !== null || v1Page !== null,
    notServed,
  );
  if (fatal) throw fatal;
  return {
    page: {
      v0: v0Page?.results ?? [],
      v1: v1Page?.items ?? [],
      partialError: partial,
      v1Answered: v1Page !== null,
    },
    next: {
      v0: v0Page?.next_page_id ? v0Page.next_page_id : false,
      v1: v1Page?.next_page_id ? v1Page.next_page_id : false,
    },
  };
}

/**
 * The next page of every server that has more. With one server a failure fails the page, as it
 * always did; with several, a server that fails is marked in its part and read again on the
 * next refresh, while the others' conversations come through.
 */
async function fetchPage(
  cursors: Record<string, Cursor>,
  servers: readonly ListedServer[],
): Promise<ListPage> {
  const asked = servers.filter((server) => !done(cursors[server.key]));
  const results = await Promise.allSettled(
    asked.map((server) =>
      fetchServerPage(cursors[server.key] ?? FIRST, server.apis, server.serverId),
    ),
  );
  if (servers.length === 1 && results[0]?.status === 'rejected') throw results[0].reason;
  const parts: Record<string, ServerPage> = {};
  const next: Record<string, Cursor> = {};
  asked.forEach((server, at) => {
    const result = results[at];
    if (result?.status === 'fulfilled') {
      parts[server.key] = { ...result.value.page, failure: null };
      next[server.key] = result.value.next;
    } else {
      parts[server.key] = {
        v0: [],
        v1: [],
        partialError: null,
        v1Answered: false,
        failure: result?.reason ?? null,
      };
      // Not paged further now (the end of the list would ask again and again); the next refresh
      // starts from the first page, this server's included.
      next[server.key] = { v0: false, v1: false };
    }
  });
  for (const server of servers) next[server.key] ??= { v0: false, v1: false };
  return { parts, next };
}

/** The newest list any key of this list holds, with when it was read. */
function lastList(
  client: QueryClient,
): { data: InfiniteData<ListPage, Record<string, Cursor>>; updatedAt: number } | undefined {
  const [newest] = client
    .getQueryCache()
    .findAll({ queryKey: ['panel', 'conversations'] })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return newest
    ? {
        data: newest.state.data as InfiniteData<ListPage, Record<string, Cursor>>,
        updatedAt: newest.state.dataUpdatedAt,
      }
    : undefined;
}

interface ConversationListProps {
  /** The default server's interfaces (its probe's answer while no connection test stored them). */
  apis: ServerApis;
  settings: Settings;
  onOpen: (summary: KnownSummary) => void;
  /** The server answered V1's search: it serves V1 (for the sandboxes tab). */
  onV1Available: () => void;
  /** Opens the New tab, for the empty list's way forward. */
  onNew: () => void;
  /** "The next one that needs me", shared with the conversation and the keyboard command. */
  next?: NextWaiting;
}

/** A server that could not be read: its name, what went wrong, and since when its list is old. */
interface DownServer {
  id: string;
  name: string;
  error: unknown;
  /** When the worker's index last read it (its conversations stand in from then). */
  refreshedAt: number | null;
}

/**
 * Every conversation of both interfaces, newest first, loading more as the person scrolls; with
 * several servers, every server's, each saying which one it is on.
 */
export function ConversationList({
  apis,
  settings,
  onOpen,
  onV1Available,
  onNew,
  next,
}: ConversationListProps) {
  const [repository, setRepository] = useState('');
  const [server, setServer] = useState('');
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const several = hasSeveralServers(settings);
  const servers = useMemo(() => panelServers(settings), [settings]);
  const listed = useMemo<ListedServer[]>(
    () =>
      several
        ? servers.map(({ id }) => ({
            key: id,
            serverId: id,
            // The default server's answer may come from the panel's probe; the others' from the
            // connection test the options ran when they were added (unknown: both are asked).
            apis:
              id === settings.defaultServerId
                ? apis
                : serverApisOf(scopeSettings(settings, id) ?? null),
          }))
        : [{ key: '', serverId: undefined, apis }],
    [several, servers, settings, apis],
  );
  const query = useInfiniteQuery({
    // Only an interface known to be absent changes what is fetched (an unknown one is tried).
    queryKey: [
      'panel',
      'conversations',
      ...listed.map((one) => `${one.key}:${one.apis.v0 === false}:${one.apis.v1 === false}`),
    ],
    // Learning that an interface is absent (the panel's probe, on a V1-only server a moment
    // after the list first answered without it) reads the list again under the new key: the
    // list stays on screen meanwhile instead of emptying to "Loading…" and back.
    placeholderData: keepPreviousData,
    // A list read under the other key (the probe answered while the list was not on screen)
    // is this list too: shown at once, and kept if the server cannot be reached now.
    initialData: () => lastList(queryClient)?.data,
    initialDataUpdatedAt: () => lastList(queryClient)?.updatedAt,
    initialPageParam: {} as Record<string, Cursor>,
    queryFn: ({ pageParam }) => fetchPage(pageParam, listed),
    getNextPageParam: (last) =>
      listed.every((one) => done(last.next[one.key])) ? undefined : last.next,
    refetchInterval: 30_000,
    // Coming back to the list shows what was loaded at once and checks for changes.
    refetchOnMount: 'always',
  });
  const pages = query.data?.pages;
  // Never loaded in this panel and the server cannot be reached: the worker's index of the
  // server's conversations (kept from its last answer) stands in, said to be as old as it is.
  const unreachable =
    query.isError && ['network', 'timeout'].includes(asApiError(query.error).kind);
  // The worker's index answers without asking the server: read often, it brings the watched
  // streams' word on each agent and the issue each start came from.
  const index = useWorkerIndex();
  const cached = pages === undefined && unreachable && index.data?.refreshedAt ? index.data : null;
  // With several servers, one that failed on the newest read is marked, and its conversations
  // as the worker's index last had them stand in for it.
  const down = useMemo<DownServer[]>(() => {
    if (!several || !pages?.[0]) return [];
    return servers.flatMap(({ id, name }) => {
      const failure = pages[0]?.parts[id]?.failure;
      if (!failure) return [];
      const known = index.data?.servers?.find((one) => one.id === id);
      return [{ id, name, error: failure, refreshedAt: known?.refreshedAt ?? null }];
    });
  }, [several, pages, servers, index.data]);
  const all = useMemo(() => {
    if (cached) return withWorkerKnowledge(cached.entries.map(summaryOfIndexEntry), index.data);
    const ofServer = (key: string) =>
      mergeConversations(
        (pages ?? []).flatMap((page) => page.parts[key]?.v0 ?? []),
        (pages ?? []).flatMap((page) => page.parts[key]?.v1 ?? []),
      );
    if (!several) return withWorkerKnowledge(ofServer(''), index.data);
    return withWorkerKnowledge(
      mergeServers(
        listed.map(({ key }) => ({
          serverId: key,
          list: down.some((one) => one.id === key)
            ? (index.data?.entries ?? [])
                .filter((entry) => entry.serverId === key)
                .map(summaryOfIndexEntry)
            : ofServer(key),
        })),
      ),
      index.data,
    );
  }, [pages, cached, index.data, several, listed, down]);
  // The sandboxes tab is the default server's: only its answer counts.
  const defaultKey = several ? (settings.defaultServerId ?? '') : '';
  const v1Answered = pages?.some((page) => page.parts[defaultKey]?.v1Answered) ?? false;
  useEffect(() => {
    if (v1Answered) onV1Available();
  }, [v1Answered, onV1Available]);

  // A filter on a server since removed shows every server's conversations again.
  const serverFilter = several && servers.some((one) => one.id === server) ? server : '';
  const shown = useMemo(
    () => filterConversations(all, { repository, text, server: serverFilter }),
    [all, repository, text, serverFilter],
  );
  const names = useMemo(() => new Map(servers.map((one) => [one.id, one.name])), [servers]);
  const repositories = useMemo(() => repositoriesOf(all), [all]);
  // Self-hosted code hosts, for the pull-request links (shared with the conversation view).
  const hosts = useProviderTokens({ enabled: apis.v0 !== false, staleTime: 5 * 60_000 });
  // A working conversation silent past the person's setting moves under Needs you, and back on
  // its next sign of progress (the index is read every few seconds, the clock ticks on its own).
  const clock = useSharedNow();
  const quiet = useMemo(
    () => quietCheckOf(index.data, settings.quietMinutes, clock),
    [index.data, settings.quietMinutes, clock],
  );
  const groups = useMemo(() => triageGroups(shown, hosts, quiet), [shown, hosts, quiet]);
  const partial = useMemo(() => {
    for (const page of pages ?? []) {
      for (const [key, part] of Object.entries(page.parts)) {
        if (part.partialError) return { error: part.partialError, server: names.get(key) ?? null };
      }
    }
    return null;
  }, [pages, names]);
  const online = useOnline();
  // Loaded once, then the server could not be reached: the list stays, and says how old it is.
  const offline = cached !== null || (pages !== undefined && (!online || unreachable));
  // Offline, every server is out of reach: the one note says so, not one per server.
  const downShown = offline ? [] : down;

  // Infinite scroll: whenever the end of the list is in view, the next page loads.
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Re-observing after each page re-checks a sentinel that stayed in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, all.length]);

  return (
    <div className="panel-scroll">
      {next ? (
        <div className="list-head">
          <button
            type="button"
            className="btn btn-small"
            title={next.hint}
            aria-keyshortcuts={next.shortcut ?? undefined}
            data-next-waiting
            onClick={next.go}
          >
            <Icon name="forward" />
            {t('panel.list.nextWaiting')}
            {next.shortcut ? (
              <span className="kbd" aria-hidden="true">
                {next.shortcut}
              </span>
            ) : null}
          </button>
        </div>
      ) : null}
      <div className="list-filters">
        <input
          className="input"
          type="search"
          aria-label={t('panel.list.searchLabel')}
          placeholder={t('panel.list.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <select
          className="select"
          aria-label={t('panel.list.repositoryLabel')}
          value={repository}
          onChange={(event) => setRepository(event.target.value)}
        >
          <option value="">{t('panel.list.allRepositories')}</option>
          {repositories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {several ? (
          <select
            className="select"
            aria-label={t('panel.list.serverLabel')}
            value={serverFilter}
            onChange={(event) => setServer(event.target.value)}
          >
            <option value="">{t('panel.list.allServers')}</option>
            {servers.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {query.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {offline ? (
        <OfflineNote
          error={query.isError ? query.error : null}
          loadedAt={cached?.refreshedAt ?? query.dataUpdatedAt}
          onRetry={() => void query.refetch()}
        />
      ) : query.isError ? (
        <ErrorNotice
          error={query.error}
          next={nextStepOf(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {downShown.map((one) => (
        <DownServerNote
          key={one.id}
          server={one}
          onRetry={() => void query.refetch()}
          onOpenOptions={openOptions}
        />
      ))}
      {partial ? (
        <div className="notice notice-warning small" role="status">
          {partial.server
            ? t('panel.list.partialOf', { server: partial.server })
            : t('panel.list.partial')}{' '}
          {asApiError(partial.error).message}
        </div>
      ) : null}
      {/* A server that could not be read is no proof that there is nothing. */}
      {query.isSuccess && !all.length && !down.length ? (
        <div className="empty-state" data-empty-list>
          <p>
            <strong>{t('panel.list.empty')}</strong>
          </p>
          <p className="muted">{t('panel.list.emptyHow')}</p>
          <button type="button" className="btn btn-primary" onClick={onNew}>
            {t('panel.list.startOne')}
          </button>
        </div>
      ) : null}
      {all.length && !shown.length ? <p className="muted">{t('panel.list.noMatch')}</p> : null}
      {groups.map((group) => {
        const headingId = `triage-${group.id}`;
        return (
          <section
            key={group.id}
            className="triage-group"
            data-group={group.id}
            aria-labelledby={headingId}
          >
            <div className="triage-head">
              <h2 id={headingId} className="triage-heading">
                {group.label}
              </h2>
              <span className="triage-count">{group.entries.length}</span>
            </div>
            <ul className="conversation-list" aria-labelledby={headingId}>
              {group.entries.map((entry) => (
                <li key={`${entry.item.serverId ?? ''}:${entry.item.id}`}>
                  <ConversationItem
                    entry={entry}
                    onOpen={onOpen}
                    serverName={
                      several && entry.item.serverId
                        ? (names.get(entry.item.serverId) ?? null)
                        : null
                    }
                    down={downShown.some((one) => one.id === entry.item.serverId)}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <div ref={sentinel} />
      {hasNextPage ? (
        <button
          type="button"
          className="btn btn-small"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('common.loading') : t('panel.list.more')}
        </button>
      ) : null}
    </div>
  );
}

/** "3 min ago", kept current; the date and time on hover, and the date once it is a week old. */
function Ago({ at, value }: { at: number; value: string | null }) {
  const now = useSharedNow();
  if (!at) return null;
  const exact = localDateTime(value ?? new Date(at).toISOString());
  const words = relativeTime(at, now);
  return (
    <time dateTime={new Date(at).toISOString()} title={t('panel.list.lastChange', { when: exact })}>
      {words ?? exact}
    </time>
  );
}

/** The last list the server gave, kept while it cannot be reached, with how old it is. */
function OfflineNote({
  error,
  loadedAt,
  onRetry,
}: {
  error: unknown;
  loadedAt: number;
  onRetry: () => void;
}) {
  const now = useSharedNow();
  const when =
    relativeTime(loadedAt, Math.max(now, loadedAt)) ??
    localDateTime(new Date(loadedAt).toISOString());
  return (
    <div className="notice notice-warning list-offline" role="alert" data-offline>
      <div>
        <Icon name="cloudOff" /> <strong>{t('panel.list.offline')}</strong>{' '}
        {t('panel.list.offlineShowing', { when })}
      </div>
      {error ? <div className="muted">{asApiError(error).message}</div> : null}
      <button type="button" className="btn btn-small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A server whose conversations could not be read: its name, why, and what to do. */
function DownServerNote({
  server,
  onRetry,
  onOpenOptions,
}: {
  server: DownServer;
  onRetry: () => void;
  onOpenOptions: () => void;
}) {
  const now = useSharedNow();
  const error = asApiError(server.error);
  const when = server.refreshedAt
    ? (relativeTime(server.refreshedAt, Math.max(now, server.refreshedAt)) ??
      localDateTime(new Date(server.refreshedAt).toISOString()))
    : null;
  const step = downServerStep(error.kind);
  return (
    <div className="notice notice-warning" role="alert" data-server-down={server.id}>
      <div>
        <Icon name="cloudOff" /> <strong>{t('panel.servers.down', { name: server.name })}</strong>{' '}
        {when ? t('panel.servers.downShowing', { when }) : t('panel.servers.downNothing')}
      </div>
      <div className="muted">{error.message}</div>
      <div>{t(step)}</div>
      <div className="row">
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
        {step === 'panel.servers.stepRunning' ? null : (
          <button type="button" className="btn btn-small" onClick={onOpenOptions}>
            {t('panel.servers.openOptions')}
          </button>
        )}
      </div>
    </div>
  );
}

const needIcons: Record<Need, IconName> = {
  confirmation: 'alert',
  question: 'circleHelp',
  input: 'reply',
  error: 'circleAlert',
  stuck: 'circlePause',
  pull: 'pullRequest',
};

const ConversationItem = memo(function ConversationItem({
  entry,
  onOpen,
  serverName,
  down,
}: {
  entry: TriageEntry<KnownSummary>;
  onOpen: (summary: KnownSummary) => void;
  /** With several servers, the name of the one it is on. */
  serverName: string | null;
  /** Its server could not be read just now: what it says is the last the index knew. */
  down: boolean;
}) {
  const { item, status, need, reference, pullRequests } = entry;
  const where = [item.repository, item.branch].filter(Boolean).join(' · ');
  const title = item.title || t('panel.list.untitled');
  return (
    <div className={need ? `conversation-row needs-${need}` : 'conversation-row'}>
      <button
        type="button"
        className="conversation-item"
        data-conversation-id={item.id}
        data-server={item.serverId}
        data-group={entry.group}
        onClick={() => onOpen(item)}
      >
        <span className={`dot dot-${status.tone}`} title={status.label} aria-hidden="true" />
        <span className="grow">
          <span className="conversation-title">{title}</span>
          {need ? (
            <span className={`need need-${need}`} data-need={need}>
              <Icon name={needIcons[need]} className={`tone-${status.tone}`} />
              {status.label}
            </span>
          ) : null}
          {need === 'stuck' ? (
            <span className="need-next muted small">{t('panel.list.noProgressNext')}</span>
          ) : null}
          <span className="facts">
            {need ? null : <span>{status.label}</span>}
            {where ? <span>{where}</span> : <span>{t('panel.list.noRepository')}</span>}
            {serverName ? (
              <span data-server-name={serverName}>
                {t(down ? 'panel.list.onServerDown' : 'panel.list.onServer', {
                  name: serverName,
                })}
              </span>
            ) : null}
            {reference ? (
              <span data-reference={reference.kind}>
                {t('panel.list.issue', { number: reference.number })}
              </span>
            ) : null}
            <Ago at={entry.activityAt} value={item.updatedAt ?? item.createdAt} />
            {item.generation === 'v0' ? (
              <span className="chip" title={t('panel.list.classicHint')}>
                {t('panel.list.classic')}
              </span>
            ) : null}
          </span>
        </span>
      </button>
      {pullRequests.length ? (
        <div className="conversation-links">
          {pullRequests.map((link) =>
            link.url ? (
              <a
                key={link.number}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                data-pr={link.number}
                aria-label={t('panel.list.pullRequestOf', { label: link.label, title })}
              >
                <Icon name="pullRequest" />
                {link.label}
                {link.standing ? <span className="muted"> · {link.standing}</span> : null}
              </a>
            ) : (
              <span key={link.number} data-pr={link.number}>
                <Icon name="pullRequest" />
                {link.label}
                {link.standing ? <span className="muted"> · {link.standing}</span> : null}
              </span>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
});

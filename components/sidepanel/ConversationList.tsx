import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { asApiError, ErrorNotice } from '@/components/common/ErrorNotice';
import { Icon, type IconName } from '@/components/common/icons';
import { useProviderTokens } from '@/components/common/use-server-settings';
import type { AppConversation, ConversationInfo } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { callApi, rpc } from '@/lib/messaging/worker-client';
import { localDateTime } from '@/lib/timeline/time';
import { useOnline } from './hooks/useOnline';
import type { ServerApis } from './hooks/useServerApis';
import { useSharedNow } from './hooks/useSharedNow';
import {
  type ConversationSummary,
  filterConversations,
  interfacesToAsk,
  mergeConversations,
  pageFailure,
  repositoriesOf,
  summaryOfIndexEntry,
  withWorkerKnowledge,
} from './model/conversation-list';
import { nextStepOf } from './model/next-step';
import { type Need, relativeTime, type TriageEntry, triageGroups } from './model/triage';

const PAGE_SIZE = 20;

/** Where each interface's listing continues; false: it has nothing more (or is not served). */
interface Cursor {
  v0: string | null | false;
  v1: string | null | false;
}

interface ListPage {
  v0: ConversationInfo[];
  v1: AppConversation[];
  next: Cursor;
  /** A failure of one interface while the other answered. */
  partialError: unknown;
  v1Answered: boolean;
}

/**
 * An interface the server does not serve: 404, or the web UI's HTML page
 * (docs/contract/http.md#missing-routes-look-like-the-web-app).
 */
function notServed(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'bad-response');
}

async function fetchPage(cursor: Cursor, apis: ServerApis): Promise<ListPage> {
  const want = interfacesToAsk(apis, { v0: cursor.v0 !== false, v1: cursor.v1 !== false });
  const [v0, v1] = await Promise.allSettled([
    want.v0
      ? callApi('v0.listConversations', {
          limit: PAGE_SIZE,
          ...(cursor.v0 ? { page_id: cursor.v0 } : {}),
        })
      : Promise.resolve(null),
    want.v1
      ? callApi('v1.searchAppConversations', {
          limit: PAGE_SIZE,
          ...(cursor.v1 ? { page_id: cursor.v1 } : {}),
        })
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
    v0: v0Page?.results ?? [],
    v1: v1Page?.items ?? [],
    next: {
      v0: v0Page?.next_page_id ? v0Page.next_page_id : false,
      v1: v1Page?.next_page_id ? v1Page.next_page_id : false,
    },
    partialError: partial,
    v1Answered: v1Page !== null,
  };
}

/** The newest list any key of this list holds, with when it was read. */
function lastList(
  client: QueryClient,
): { data: InfiniteData<ListPage, Cursor>; updatedAt: number } | undefined {
  const [newest] = client
    .getQueryCache()
    .findAll({ queryKey: ['panel', 'conversations'] })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return newest
    ? {
        data: newest.state.data as InfiniteData<ListPage, Cursor>,
        updatedAt: newest.state.dataUpdatedAt,
      }
    : undefined;
}

interface ConversationListProps {
  apis: ServerApis;
  onOpen: (summary: ConversationSummary) => void;
  /** The server answered V1's search: it serves V1 (for the sandboxes tab). */
  onV1Available: () => void;
  /** Opens the New tab, for the empty list's way forward. */
  onNew: () => void;
}

/** Every conversation of both interfaces, newest first, loading more as the person scrolls. */
export function ConversationList({ apis, onOpen, onV1Available, onNew }: ConversationListProps) {
  const [repository, setRepository] = useState('');
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    // Only an interface known to be absent changes what is fetched (an unknown one is tried).
    queryKey: ['panel', 'conversations', apis.v0 === false, apis.v1 === false],
    // Learning that an interface is absent (the panel's probe, on a V1-only server a moment
    // after the list first answered without it) reads the list again under the new key: the
    // list stays on screen meanwhile instead of emptying to "Loading…" and back.
    placeholderData: keepPreviousData,
    // A list read under the other key (the probe answered while the list was not on screen)
    // is this list too: shown at once, and kept if the server cannot be reached now.
    initialData: () => lastList(queryClient)?.data,
    initialDataUpdatedAt: () => lastList(queryClient)?.updatedAt,
    initialPageParam: { v0: null, v1: null } as Cursor,
    queryFn: ({ pageParam }) => fetchPage(pageParam, apis),
    getNextPageParam: (last) =>
      last.next.v0 === false && last.next.v1 === false ? undefined : last.next,
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
  const index = useQuery({
    queryKey: ['panel', 'conversation-index'],
    queryFn: () => rpc('conversations.index', {}),
    refetchInterval: 5_000,
    retry: false,
  });
  const cached = pages === undefined && unreachable && index.data?.refreshedAt ? index.data : null;
  const all = useMemo(
    () =>
      withWorkerKnowledge(
        cached
          ? cached.entries.map(summaryOfIndexEntry)
          : mergeConversations(
              (pages ?? []).flatMap((page) => page.v0),
              (pages ?? []).flatMap((page) => page.v1),
            ),
        index.data,
      ),
    [pages, cached, index.data],
  );
  const v1Answered = pages?.some((page) => page.v1Answered) ?? false;
  useEffect(() => {
    if (v1Answered) onV1Available();
  }, [v1Answered, onV1Available]);

  const shown = useMemo(
    () => filterConversations(all, { repository, text }),
    [all, repository, text],
  );
  const repositories = useMemo(() => repositoriesOf(all), [all]);
  // Self-hosted code hosts, for the pull-request links (shared with the conversation view).
  const hosts = useProviderTokens({ enabled: apis.v0 !== false, staleTime: 5 * 60_000 });
  const groups = useMemo(() => triageGroups(shown, hosts), [shown, hosts]);
  const partialError = pages?.find((page) => page.partialError)?.partialError ?? null;
  const online = useOnline();
  // Loaded once, then the server could not be reached: the list stays, and says how old it is.
  const offline = cached !== null || (pages !== undefined && (!online || unreachable));

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
      {partialError ? (
        <div className="notice notice-warning small" role="status">
          {t('panel.list.partial')} {(partialError as Error).message}
        </div>
      ) : null}
      {query.isSuccess && !all.length ? (
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
                <li key={entry.item.id}>
                  <ConversationItem entry={entry} onOpen={onOpen} />
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

const needIcons: Record<Need, IconName> = {
  confirmation: 'alert',
  question: 'circleHelp',
  input: 'reply',
  error: 'circleAlert',
};

const ConversationItem = memo(function ConversationItem({
  entry,
  onOpen,
}: {
  entry: TriageEntry<ConversationSummary>;
  onOpen: (summary: ConversationSummary) => void;
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
          <span className="facts">
            {need ? null : <span>{status.label}</span>}
            {where ? <span>{where}</span> : <span>{t('panel.list.noRepository')}</span>}
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
              </a>
            ) : (
              <span key={link.number} data-pr={link.number}>
                <Icon name="pullRequest" />
                {link.label}
              </span>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
});

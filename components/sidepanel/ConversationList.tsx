import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import type { AppConversation, ConversationInfo } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { callApi } from '@/lib/messaging/worker-client';
import { statusWords } from '@/lib/timeline/status-words';
import { localDateTime } from '@/lib/timeline/time';
import type { ServerApis } from './hooks/useServerApis';
import {
  type ConversationSummary,
  filterConversations,
  interfacesToAsk,
  mergeConversations,
  pageFailure,
  repositoriesOf,
} from './model/conversation-list';
import { nextStepOf } from './model/next-step';

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
  const query = useInfiniteQuery({
    // Only an interface known to be absent changes what is fetched (an unknown one is tried).
    queryKey: ['panel', 'conversations', apis.v0 === false, apis.v1 === false],
    // Learning that an interface is absent (the panel's probe, on a V1-only server a moment
    // after the list first answered without it) reads the list again under the new key: the
    // list stays on screen meanwhile instead of emptying to "Loading…" and back.
    placeholderData: keepPreviousData,
    initialPageParam: { v0: null, v1: null } as Cursor,
    queryFn: ({ pageParam }) => fetchPage(pageParam, apis),
    getNextPageParam: (last) =>
      last.next.v0 === false && last.next.v1 === false ? undefined : last.next,
    refetchInterval: 30_000,
    // Coming back to the list shows what was loaded at once and checks for changes.
    refetchOnMount: 'always',
  });
  const pages = query.data?.pages;
  const all = useMemo(
    () =>
      mergeConversations(
        (pages ?? []).flatMap((page) => page.v0),
        (pages ?? []).flatMap((page) => page.v1),
      ),
    [pages],
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
  const partialError = pages?.find((page) => page.partialError)?.partialError ?? null;

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
      {query.isError ? (
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
      <ul className="conversation-list" aria-label={t('panel.tabs.conversations')}>
        {shown.map((item) => (
          <li key={item.id}>
            <ConversationItem item={item} onOpen={onOpen} />
          </li>
        ))}
      </ul>
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

function ConversationItem({
  item,
  onOpen,
}: {
  item: ConversationSummary;
  onOpen: (summary: ConversationSummary) => void;
}) {
  const status = statusWords({
    generation: item.generation,
    status: item.status,
    runtimeStatus: item.runtimeStatus,
    executionStatus: item.executionStatus,
    sandboxStatus: item.sandboxStatus,
  });
  const where = [item.repository, item.branch].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      className="conversation-item"
      data-conversation-id={item.id}
      onClick={() => onOpen(item)}
    >
      <span className={`dot dot-${status.tone}`} title={status.label} aria-hidden="true" />
      <span className="grow">
        <span className="conversation-title">{item.title || t('panel.list.untitled')}</span>
        <span className="facts">
          <span>{status.label}</span>
          {where ? <span>{where}</span> : <span>{t('panel.list.noRepository')}</span>}
          <span>{localDateTime(item.createdAt ?? item.updatedAt)}</span>
          {item.generation === 'v0' ? (
            <span className="chip">{t('panel.list.classic')}</span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

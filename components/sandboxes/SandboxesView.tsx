import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useServerScope } from '@/components/common/server-scope';
import { useApiQuery } from '@/components/common/worker-queries';
import { t } from '@/lib/i18n/options';
import { SandboxRow } from './SandboxRow';
import { StartSandboxForm } from './StartSandboxForm';
import {
  flattenSandboxes,
  removeSandboxFromCache,
  SANDBOX_PAGE_SIZE,
  sandboxesGone,
  sandboxListKey,
  upsertSandboxInCache,
  useSandboxList,
} from './use-sandbox-list';
import './sandboxes.css';

export interface SandboxesViewProps {
  /** Opens a conversation that runs in a sandbox. */
  onOpenConversation?: (conversationId: string) => void;
  /** Sandboxes per page; the default suits a panel. */
  pageSize?: number;
}

/** How often ages ("5 min") move on. */
const CLOCK_MS = 30_000;

/**
 * The server's V1 sandboxes (docs/contract/v1-app-server.md#sandboxes): start one from a spec,
 * pause, resume, delete. Needs a QueryClientProvider above it (`createQueryClient` in
 * components/common/worker-queries.tsx).
 */
export function SandboxesView({
  onOpenConversation,
  pageSize = SANDBOX_PAGE_SIZE,
}: SandboxesViewProps) {
  const queryClient = useQueryClient();
  const serverId = useServerScope();
  const list = useSandboxList(pageSize);
  const sandboxes = useMemo(() => flattenSandboxes(list.data), [list.data]);
  const [gone, setGone] = useState<string[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const shownIds = useRef<Set<string> | null>(null);
  const deletedHere = useRef(new Set<string>());

  const conversations = useApiQuery(
    'v1.searchAppConversations',
    { limit: 100 },
    { enabled: Boolean(onOpenConversation) },
  );
  const bySandbox = useMemo(() => {
    const map = new Map<string, { id: string; title: string }[]>();
    for (const conversation of conversations.data?.items ?? []) {
      if (!conversation.sandbox_id) continue;
      const entry = { id: conversation.id, title: conversation.title || conversation.id };
      map.set(conversation.sandbox_id, [...(map.get(conversation.sandbox_id) ?? []), entry]);
    }
    return map;
  }, [conversations.data]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (list.dataUpdatedAt) setNow(Date.now());
  }, [list.dataUpdatedAt]);

  const markGone = useCallback((ids: string[]) => {
    if (!ids.length) return;
    setGone((known) => [...known, ...ids.filter((id) => !known.includes(id))]);
  }, []);

  // A refresh that no longer lists a sandbox shown before: confirm it is gone (it may just have
  // moved to a page not loaded) and say so, since the row silently vanishing explains nothing.
  useEffect(() => {
    if (!list.data) return;
    const current = new Set(sandboxes.map((sandbox) => sandbox.id));
    const before = shownIds.current;
    shownIds.current = current;
    if (!before) return;
    const missing = [...before].filter((id) => !current.has(id) && !deletedHere.current.has(id));
    if (!missing.length) return;
    sandboxesGone(missing, serverId).then(markGone, () => {
      // The check is a courtesy; the list itself is already right.
    });
  }, [list.data, sandboxes, markGone, serverId]);

  const onDeleted = useCallback(
    (id: string) => {
      deletedHere.current.add(id);
      removeSandboxFromCache(queryClient, id, serverId);
      void queryClient.invalidateQueries({ queryKey: sandboxListKey(serverId) });
    },
    [queryClient, serverId],
  );

  const onGone = useCallback(
    (id: string) => {
      deletedHere.current.add(id);
      removeSandboxFromCache(queryClient, id, serverId);
      markGone([id]);
      void queryClient.invalidateQueries({ queryKey: sandboxListKey(serverId) });
    },
    [queryClient, markGone, serverId],
  );

  return (
    <section className="sandboxes" aria-labelledby="sandboxes-title">
      <div className="sandboxes-head">
        <h2 id="sandboxes-title" className="sandboxes-title">
          {t('sandboxes.title')}
        </h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          {list.isFetching ? t('sandboxes.refreshing') : t('sandboxes.refresh')}
        </button>
      </div>

      <StartSandboxForm
        onStarted={(sandbox) => {
          upsertSandboxInCache(queryClient, sandbox, serverId);
          void queryClient.invalidateQueries({ queryKey: sandboxListKey(serverId) });
        }}
      />

      {gone.length ? (
        <div className="notice notice-warning" role="alert">
          <ul className="sandboxes-gone">
            {gone.map((id) => (
              <li key={id}>{t('sandboxes.deletedElsewhere', { id })}</li>
            ))}
          </ul>
          <button type="button" className="btn btn-small" onClick={() => setGone([])}>
            {t('sandboxes.dismiss')}
          </button>
        </div>
      ) : null}

      {list.isPending ? (
        <p className="muted" role="status">
          {t('sandboxes.loading')}
        </p>
      ) : list.isError && !list.data ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.isError ? (
            <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
          ) : null}
          {sandboxes.length === 0 ? (
            <p className="muted">{t('sandboxes.empty')}</p>
          ) : (
            <ul className="sandbox-list" aria-label={t('sandboxes.listLabel')}>
              {sandboxes.map((sandbox) => (
                <SandboxRow
                  key={sandbox.id}
                  sandbox={sandbox}
                  now={now}
                  conversations={bySandbox.get(sandbox.id) ?? []}
                  onOpenConversation={onOpenConversation}
                  onDeleted={onDeleted}
                  onGone={onGone}
                />
              ))}
            </ul>
          )}
          {list.hasNextPage ? (
            <button
              type="button"
              className="btn"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t('sandboxes.loadingMore') : t('sandboxes.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

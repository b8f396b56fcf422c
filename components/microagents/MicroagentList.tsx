import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n';
import { KindBadge, TriggerChips } from './MicroagentBits';
import { MicroagentProblem } from './MicroagentProblem';
import { microagentKind } from './microagent-info';
import { contentQueryOptions, listQueryOptions, microagentsFolderOf } from './microagent-queries';

/**
 * Details are read for the first files only: each read is a call to the code host, and the
 * service delays clients that send more than ten requests a second.
 */
const PREFETCHED_DETAILS = 12;

interface MicroagentListProps {
  context: PageContext;
  onOpen: (path: string) => void;
  onOpenOptions: () => void;
  /** The file the person came back from, to put keyboard focus back on it. */
  returnFocusTo?: string | null;
}

export function MicroagentList({
  context,
  onOpen,
  onOpenOptions,
  returnFocusTo,
}: MicroagentListProps) {
  const repository = context.repository;
  const list = useQuery(listQueryOptions(repository));
  const items = list.data ?? [];
  const details = useQueries({
    queries: items
      .slice(0, PREFETCHED_DETAILS)
      .map((item) => contentQueryOptions(repository, item.path)),
  });
  const listRef = useRef<HTMLUListElement>(null);
  const queryClient = useQueryClient();
  const refresh = () => {
    void list.refetch();
    // The files' details too: a refresh is how people see an edited trigger.
    void queryClient.invalidateQueries({ queryKey: ['api', 'v0.getRepositoryMicroagentContent'] });
  };

  useEffect(() => {
    if (!returnFocusTo || !listRef.current) return;
    for (const button of listRef.current.querySelectorAll<HTMLButtonElement>('button[data-path]')) {
      if (button.dataset.path === returnFocusTo) button.focus();
    }
  }, [returnFocusTo]);

  if (list.isPending) {
    return (
      <p role="status" className="muted">
        {t('microagents.loading', { repository })}
      </p>
    );
  }
  if (list.isError) {
    return (
      <MicroagentProblem
        error={list.error}
        context={context}
        onRetry={() => void list.refetch()}
        onOpenOptions={onOpenOptions}
      />
    );
  }
  if (!items.length) {
    return (
      <div className="notice notice-info" role="status">
        <p className="microagents-problem-title">{t('microagents.empty', { repository })}</p>
        <p>
          {t('microagents.emptyHow', {
            folder: microagentsFolderOf(repository, context.provider),
          })}
        </p>
      </div>
    );
  }

  return (
    <div>
      <p className="muted microagents-count">
        {items.length === 1
          ? t('microagents.countOne')
          : t('microagents.count', { count: items.length })}
      </p>
      <ul className="microagent-list" ref={listRef}>
        {items.map((item, index) => {
          const detail = details[index];
          return (
            <li key={item.path} className="microagent-item">
              <div className="microagent-item-head">
                <button
                  type="button"
                  className="microagent-open"
                  data-path={item.path}
                  onClick={() => onOpen(item.path)}
                >
                  {item.name}
                </button>
                {detail?.data ? <KindBadge kind={microagentKind(detail.data.triggers)} /> : null}
              </div>
              <code className="microagent-path">{item.path}</code>
              {detail?.data?.triggers?.length ? (
                <TriggerChips triggers={detail.data.triggers} limit={6} />
              ) : null}
              {detail?.isError ? (
                <span className="muted microagent-unreadable">{t('microagents.unreadable')}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-small" onClick={refresh} disabled={list.isFetching}>
        {list.isFetching ? t('microagents.refreshing') : t('microagents.refresh')}
      </button>
    </div>
  );
}

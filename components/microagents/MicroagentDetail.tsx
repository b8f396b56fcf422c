import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Markdown } from '@/components/common/Markdown';
import type { MicroagentListItem } from '@/lib/api/v0/models';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n';
import { providerName } from '@/lib/i18n/words';
import { KindBadge, TriggerChips } from './MicroagentBits';
import { MicroagentProblem } from './MicroagentProblem';
import { codeHostFileUrl, microagentKind, nameFromPath } from './microagent-info';
import { contentQueryOptions, listQueryOptions } from './microagent-queries';

interface MicroagentDetailProps {
  context: PageContext;
  path: string;
  onBack: () => void;
  onOpenOptions: () => void;
  /** Move keyboard focus to the file's name (when the person opened it from the list). */
  focusOnOpen?: boolean;
}

export function MicroagentDetail({
  context,
  path,
  onBack,
  onOpenOptions,
  focusOnOpen,
}: MicroagentDetailProps) {
  const repository = context.repository;
  const content = useQuery(contentQueryOptions(repository, path));
  const queryClient = useQueryClient();
  const listed = queryClient
    .getQueryData<MicroagentListItem[]>(listQueryOptions(repository).queryKey)
    ?.find((item) => item.path === path);
  const name = listed?.name ?? nameFromPath(path);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);

  const hostName = providerName(
    context.selfHosted && context.provider === 'bitbucket'
      ? 'bitbucket_data_center'
      : context.provider,
  );

  return (
    <article className="microagent-detail" aria-labelledby="microagent-name">
      <button type="button" className="btn btn-small microagent-back" onClick={onBack}>
        {t('microagents.back')}
      </button>
      <h3 id="microagent-name" ref={heading} tabIndex={-1} className="microagent-name">
        {name}
      </h3>
      {content.isPending ? (
        <p role="status" className="muted">
          {t('microagents.loadingFile', { path })}
        </p>
      ) : content.isError ? (
        <MicroagentProblem
          error={content.error}
          context={context}
          path={path}
          onRetry={() => void content.refetch()}
          onOpenOptions={onOpenOptions}
        />
      ) : (
        <>
          <dl className="microagent-meta">
            <dt>{t('microagents.type')}</dt>
            <dd>
              <KindBadge kind={microagentKind(content.data.triggers)} />{' '}
              <span className="muted">
                {microagentKind(content.data.triggers) === 'knowledge'
                  ? t('microagents.kindKnowledgeHint')
                  : t('microagents.kindRepositoryHint')}
              </span>
            </dd>
            <dt>{t('microagents.triggers')}</dt>
            <dd>
              {content.data.triggers?.length ? (
                <TriggerChips triggers={content.data.triggers} />
              ) : (
                <span className="muted">{t('microagents.noTriggers')}</span>
              )}
            </dd>
            <dt>{t('microagents.path')}</dt>
            <dd>
              <code>{content.data.path ?? path}</code>
            </dd>
            <dt>{t('microagents.provider')}</dt>
            <dd>
              {content.data.git_provider
                ? providerName(content.data.git_provider)
                : t('microagents.providerUnknown')}
            </dd>
          </dl>
          <p>
            <a
              href={codeHostFileUrl(context, content.data.path ?? path)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('microagents.openOnHost', { host: hostName })}
            </a>
          </p>
          <div className="microagent-content">
            {content.data.content.trim() ? (
              <Markdown text={content.data.content} />
            ) : (
              <p className="muted">{t('microagents.noContent')}</p>
            )}
          </div>
        </>
      )}
    </article>
  );
}

import { ErrorNotice } from '@/components/common/ErrorNotice';
import { providerTokensOf, useServerSettings } from '@/components/common/use-server-settings';
import { toApiError } from '@/lib/api/errors';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n';
import { providerName } from '@/lib/i18n/words';
import { isMissingGitRoutes, isProviderRefusal, tokenProvidersFor } from './microagent-info';

interface MicroagentProblemProps {
  error: unknown;
  context: PageContext;
  /** The file being read; absent for the list. */
  path?: string;
  onRetry: () => void;
  onOpenOptions: () => void;
}

/**
 * Why the service could not give the microagents, and the next step. A code-host refusal (a
 * 401 with the host's words) is told apart from a missing token by asking the service which
 * providers it holds tokens for.
 */
export function MicroagentProblem({
  error,
  context,
  path,
  onRetry,
  onOpenOptions,
}: MicroagentProblemProps) {
  const apiError = toApiError(error);
  const refusal = isProviderRefusal(apiError);
  // Always asked afresh: the answer decides between "add a token" and "the token cannot read
  // it", and tokens change in the options while this view stays open.
  const stored = useServerSettings({ enabled: refusal, staleTime: 0 });
  const candidates = tokenProvidersFor(context);
  const provider = providerName(candidates[0] ?? context.provider);
  const serverWords = apiError.serverMessage ? (
    <p className="muted">{t('microagents.serverSaid', { words: apiError.serverMessage })}</p>
  ) : null;
  const openOptions = (primary: boolean) => (
    <button type="button" className={primary ? 'btn btn-primary' : 'btn'} onClick={onOpenOptions}>
      {t('microagents.openOptions')}
    </button>
  );
  const retry = (
    <button type="button" className="btn" onClick={onRetry}>
      {t('common.retry')}
    </button>
  );

  if (refusal) {
    if (stored.isFetching) {
      return (
        <p role="status" className="muted">
          {t('common.loading')}
        </p>
      );
    }
    const held = providerTokensOf(stored.data);
    const hasToken = stored.isSuccess && candidates.some((name) => Object.hasOwn(held, name));
    if (stored.isSuccess && !hasToken) {
      return (
        <div className="notice notice-warning" role="alert">
          <p className="microagents-problem-title">{t('microagents.noToken', { provider })}</p>
          <p>{t('microagents.noTokenBody', { provider, repository: context.repository })}</p>
          <div className="microagents-actions">{openOptions(true)}</div>
        </div>
      );
    }
    return (
      <div className="notice notice-warning" role="alert">
        <p className="microagents-problem-title">
          {path
            ? t('microagents.fileRefused', { path, repository: context.repository })
            : t('microagents.noAccess', { provider, repository: context.repository })}
        </p>
        <p>{t('microagents.noAccessBody', { provider })}</p>
        {serverWords}
        <div className="microagents-actions">
          {openOptions(false)}
          {retry}
        </div>
      </div>
    );
  }

  if (isMissingGitRoutes(apiError)) {
    return (
      <div className="notice notice-info" role="alert">
        <p className="microagents-problem-title">{t('microagents.noGitRoutes')}</p>
        <p className="muted">{apiError.message}</p>
      </div>
    );
  }

  if (apiError.kind === 'server') {
    return (
      <div className="notice notice-error" role="alert">
        <p className="microagents-problem-title">
          {path
            ? t('microagents.fileFailed', { path, repository: context.repository })
            : t('microagents.scanFailed', { repository: context.repository })}
        </p>
        <p>{t('microagents.serverFailedBody', { provider })}</p>
        {serverWords}
        <div className="microagents-actions">{retry}</div>
      </div>
    );
  }

  return (
    <div>
      <ErrorNotice error={apiError} onRetry={onRetry} />
      {apiError.kind === 'unauthorized' || apiError.kind === 'invalid-url' ? (
        <div className="microagents-actions">{openOptions(true)}</div>
      ) : null}
    </div>
  );
}

import { ErrorNotice } from '@/components/common/ErrorNotice';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n/skills';
import { CodeHostError, hostOriginOf } from '@/lib/skills';
import { CodeHostTokenForm } from './CodeHostTokenForm';
import { useCodeHostTokenHint } from './skill-queries';
import { apiName, hostName, problemWords } from './skill-words';

interface SkillsProblemProps {
  error: unknown;
  context: PageContext;
  onRetry: () => void;
  onOpenOptions: () => void;
}

/**
 * Why the code host gave no list, and the next step: a token for this host, a time to wait
 * until, or the address to check. Never an empty list in its place.
 */
export function SkillsProblem({ error, context, onRetry, onOpenOptions }: SkillsProblemProps) {
  const origin = hostOriginOf(context);
  const hint = useCodeHostTokenHint(origin);
  if (!(error instanceof CodeHostError)) return <ErrorNotice error={error} onRetry={onRetry} />;
  const words = problemWords(error.problem, context, hint.data ?? null);
  return (
    <div
      className={`notice notice-${words.tone} skills-problem`}
      role="alert"
      data-problem={error.problem.kind}
    >
      <p className="microagents-problem-title">{words.title}</p>
      <p>{words.body}</p>
      {words.hostSaid ? <p className="muted">{words.hostSaid}</p> : null}
      {words.offersToken ? (
        <CodeHostTokenForm
          origin={origin}
          hostLabel={hostName(context)}
          apiLabel={apiName(context)}
          bitbucket={context.provider === 'bitbucket'}
          onChanged={onRetry}
        />
      ) : null}
      {words.offersRetry || words.offersOptions ? (
        <div className="microagents-actions">
          {words.offersRetry ? (
            <button type="button" className="btn" onClick={onRetry}>
              {t('common.retry')}
            </button>
          ) : null}
          {words.offersOptions ? (
            <button type="button" className="btn" onClick={onOpenOptions}>
              {t('skills.problem.openOptions')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

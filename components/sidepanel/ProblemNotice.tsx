import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { describeProblem, problemInputOfError } from '@/lib/timeline/problems';
import { printable } from '@/lib/timeline/text';

/**
 * A failure outside a conversation's own view (opening one by id, say), in the same words as the
 * now line: what happened, what to do, the way to do it, and the server's text under Details.
 */
export function ProblemNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const problem = describeProblem(problemInputOfError(error));
  const settings =
    problem.step === 'server-settings'
      ? 'server'
      : problem.step === 'token-settings'
        ? 'git-providers'
        : null;
  return (
    <div
      className="notice notice-error now-problem-standalone"
      role="alert"
      data-problem={problem.kind}
    >
      <p className="now-request-failed">{problem.title}</p>
      <p className="now-next">{problem.next}</p>
      <div className="now-actions">
        {settings ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              void browser.tabs.create({
                url: browser.runtime.getURL(`/options.html#${settings}`),
              })
            }
          >
            {settings === 'server'
              ? t('panel.problem.openServerSettings')
              : t('panel.problem.openTokenSettings')}
          </button>
        ) : null}
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
      {problem.raw ? (
        <details className="now-details">
          <summary>{t('panel.problem.details')}</summary>
          <pre className="output">{printable(problem.raw)}</pre>
        </details>
      ) : null}
    </div>
  );
}

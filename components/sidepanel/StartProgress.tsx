import { Icon } from '@/components/common/icons';
import { t } from '@/lib/i18n';
import { formatDuration } from '@/lib/timeline/time';
import { useNow } from './hooks/useNow';
import type { CancelAsk, StartStep } from './hooks/useStartConversation';

/**
 * How far a start got, as the server reports it: each step it went through, the current one
 * turning, with the time since the person pressed Start. A start Handoff runs itself can be
 * cancelled while it clones (`onCancel`).
 */
export function StartProgress({
  startedAt,
  steps,
  detail,
  onCancel = null,
  cancelAsk = null,
}: {
  startedAt: number;
  steps: readonly StartStep[];
  detail: string | null;
  onCancel?: (() => void) | null;
  cancelAsk?: CancelAsk | null;
}) {
  const now = useNow(1000);
  const shown = steps.length
    ? steps
    : [{ key: 'sending', label: t('panel.new.stepSending'), at: startedAt }];
  return (
    <section className="start-progress" aria-label={t('panel.new.progress')}>
      <p className="start-progress-head" role="status">
        <strong>{t('panel.new.starting')}</strong>{' '}
        <span className="muted" data-elapsed>
          {formatDuration(Math.max(0, now - startedAt))}
        </span>
      </p>
      <ol className="start-steps">
        {shown.map((step, index) => {
          const current = index === shown.length - 1;
          return (
            <li key={step.key} data-start-task={step.key} data-current={current || undefined}>
              <Icon name={current ? 'loader' : 'check'} spin={current} />
              <span>{step.label}</span>
              <span className="muted small">
                {formatDuration(Math.max(0, step.at - startedAt))}
              </span>
            </li>
          );
        })}
      </ol>
      {detail ? <p className="small muted">{detail}</p> : null}
      {onCancel ? (
        <p className="row">
          {/* Stays focusable while the cancel is under way, so the keyboard keeps its place. */}
          <button
            type="button"
            className="btn btn-small"
            data-cancel-start
            aria-disabled={cancelAsk === 'asked' || undefined}
            onClick={() => {
              if (cancelAsk !== 'asked') onCancel();
            }}
          >
            {cancelAsk === 'asked' ? t('panel.new.cancelling') : t('panel.new.cancelClone')}
          </button>
          {cancelAsk === 'failed' ? (
            <span className="small" role="alert">
              {t('panel.new.cancelFailed')}
            </span>
          ) : null}
        </p>
      ) : null}
      {cancelAsk === 'too-late' ? (
        <p className="small" role="status" data-cancel-too-late>
          {t('panel.new.cancelTooLate')}
        </p>
      ) : null}
    </section>
  );
}

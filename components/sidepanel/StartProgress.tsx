import { Icon } from '@/components/common/icons';
import { t } from '@/lib/i18n';
import { formatDuration } from '@/lib/timeline/time';
import { useNow } from './hooks/useNow';
import type { StartStep } from './hooks/useStartConversation';

/**
 * How far a start got, as the server reports it: each step it went through, the current one
 * turning, with the time since the person pressed Start.
 */
export function StartProgress({
  startedAt,
  steps,
  detail,
}: {
  startedAt: number;
  steps: readonly StartStep[];
  detail: string | null;
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
    </section>
  );
}

import type { ServerDetection } from '@/lib/api/detect';
import { t } from '@/lib/i18n/options';
import { describeDetection, verdictOf } from './connection-test';
import './connection-report.css';

const toneClass = { good: 'notice-success', bad: 'notice-error', neutral: 'notice-info' } as const;

/** The probe's result in words, with every request it made one click away. */
export function ConnectionReport({
  detection,
  address,
}: {
  detection: ServerDetection;
  address: string;
}) {
  const verdict = verdictOf(detection);
  const lines = describeDetection(detection);
  return (
    <div className={`notice ${toneClass[verdict.tone]} connection-report`} role="status">
      <p className="connection-verdict">
        <strong>{t('options.report.tested', { address })}</strong> {verdict.text}
      </p>
      <dl className="connection-lines">
        {lines.map((line) => (
          <div key={line.label} className={`connection-line connection-${line.tone}`}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {detection.checks.length ? (
        <details className="connection-checks">
          <summary>{t('options.report.checks', { count: detection.checks.length })}</summary>
          <ol>
            {detection.checks.map((check, index) => (
              // Checks repeat per header tried; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once.
              <li key={index}>
                <span className={check.ok ? 'check-ok' : 'check-failed'}>
                  {check.ok ? t('options.report.checkOk') : t('options.report.checkFailed')}
                </span>{' '}
                <code>{check.request}</code>: {check.outcome}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

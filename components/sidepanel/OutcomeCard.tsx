import { useEffect, useMemo, useState } from 'react';
import { Icon } from '@/components/common/icons';
import { PathText } from '@/components/timeline/PathText';
import type { ConversationInfo } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { RunOutcome } from '@/lib/timeline/outcome';
import type { TimelineRow } from '@/lib/timeline/pairing';
import { printable } from '@/lib/timeline/text';
import { formatDuration } from '@/lib/timeline/time';
import { formatCost } from './ConversationHeader';
import { useOutcome } from './hooks/useOutcome';

export interface RequestLink {
  url: string;
  label: string;
}

/**
 * What the run produced, once the agent finished or stopped: files changed with their line
 * counts, the pull or merge requests, the last test run, how long it took and what it cost, and
 * "Open pull request" when there is one. One line until opened, so the timeline keeps its room.
 */
export function OutcomeCard({
  rows,
  cost,
  generation,
  liveRecord,
  summaryRequests,
  headline,
  onOutcome,
}: {
  rows: readonly TimelineRow[];
  cost: number | null;
  generation: Generation;
  /** The V0 record while its runtime runs: its git tells the files. */
  liveRecord: ConversationInfo | null;
  /** Pull or merge requests the conversation's record names. */
  summaryRequests: readonly RequestLink[];
  headline: string;
  /** The outcome as worked out, for the export. */
  onOutcome: (outcome: RunOutcome | null) => void;
}) {
  const outcome = useOutcome({ rows, cost, enabled: true, generation, liveRecord });
  useEffect(() => {
    onOutcome(outcome);
    return () => onOutcome(null);
  }, [outcome, onOutcome]);
  // The record's requests, then those the agent reported, each once.
  const requests = useMemo(() => {
    const links = new Map(summaryRequests.map((link) => [link.url, link]));
    for (const link of outcome?.pullRequests ?? []) {
      if (links.has(link.url)) continue;
      const label =
        link.number === null
          ? t('panel.outcome.openRequest')
          : link.mergeRequest
            ? t('panel.header.mergeRequest', { number: link.number })
            : t('panel.header.pullRequest', { number: link.number });
      links.set(link.url, { url: link.url, label });
    }
    return [...links.values()];
  }, [summaryRequests, outcome?.pullRequests]);
  if (!outcome) return null;
  return <OutcomeSummary outcome={outcome} requests={requests} headline={headline} />;
}

function OutcomeSummary({
  outcome,
  requests,
  headline,
}: {
  outcome: RunOutcome;
  requests: readonly RequestLink[];
  headline: string;
}) {
  const [open, setOpen] = useState(false);
  const added = outcome.files.reduce((sum, file) => sum + file.added, 0);
  const removed = outcome.files.reduce((sum, file) => sum + file.removed, 0);
  const tests = outcome.tests;
  const first = requests[0];
  return (
    <section className="outcome" aria-label={t('panel.outcome.label')} data-outcome-card>
      <div className="outcome-line">
        <button
          type="button"
          className="outcome-toggle"
          aria-expanded={open}
          onClick={() => setOpen((current) => !current)}
        >
          <Icon name="chevronDown" className={open ? undefined : 'icon-closed'} />
          <strong>{headline}</strong>
        </button>
        <span className="outcome-facts">
          <span data-outcome-files={outcome.files.length}>
            {outcome.files.length === 1
              ? t('panel.outcome.oneFile')
              : outcome.files.length
                ? t('panel.outcome.files', { count: outcome.files.length })
                : t('panel.outcome.noFiles')}
            {outcome.files.length ? (
              <>
                {' '}
                <span className="diff-count-add">+{added}</span>{' '}
                <span className="diff-count-del">−{removed}</span>
              </>
            ) : null}
          </span>
          {tests ? (
            <span
              data-outcome-tests={
                tests.passed === null ? 'unknown' : tests.passed ? 'passed' : 'failed'
              }
              className={
                tests.passed === false ? 'outcome-bad' : tests.passed ? 'outcome-good' : undefined
              }
            >
              <Icon name="flask" />
              {tests.passed === null
                ? t('panel.outcome.testsRan')
                : tests.passed
                  ? t('panel.outcome.testsPassed')
                  : t('panel.outcome.testsFailed')}
              {tests.passedCount !== null || tests.failedCount !== null
                ? ` (${[
                    tests.passedCount !== null
                      ? t('panel.outcome.passedCount', { count: tests.passedCount })
                      : null,
                    tests.failedCount !== null
                      ? t('panel.outcome.failedCount', { count: tests.failedCount })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(', ')})`
                : ''}
            </span>
          ) : null}
          {outcome.durationMs !== null ? <span>{formatDuration(outcome.durationMs)}</span> : null}
          {outcome.cost !== null ? <span>{formatCost(outcome.cost)}</span> : null}
        </span>
        {first ? (
          <a
            className="btn btn-small btn-primary"
            href={first.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon name="pullRequest" />
            {t('panel.outcome.openRequest')}
          </a>
        ) : null}
      </div>
      {open ? (
        <div className="outcome-body">
          {outcome.files.length ? (
            <ul className="outcome-files" aria-label={t('panel.outcome.filesLabel')}>
              {outcome.files.map((file) => (
                <li key={file.path}>
                  <PathText path={file.path} />
                  <span className="diff-counts">
                    {file.countsUnknown ? (
                      <span className="muted">{t('panel.outcome.countsUnknown')}</span>
                    ) : (
                      <>
                        <span className="diff-count-add">+{file.added}</span>{' '}
                        <span className="diff-count-del">−{file.removed}</span>
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="small muted">
            {outcome.filesFrom === 'git'
              ? t('panel.outcome.fromGit')
              : t('panel.outcome.fromEvents')}
          </p>
          {requests.length ? (
            <ul className="outcome-requests">
              {requests.map((request) => (
                <li key={request.url}>
                  <a href={request.url} target="_blank" rel="noopener noreferrer">
                    {request.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {tests ? (
            <p className="small">
              {t('panel.outcome.lastTest')} <code>{printable(tests.command)}</code>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n/skills';
import { type RepositorySkills, triggersOf } from '@/lib/skills';
import { KindBadge, skillKey, TriggerChips } from './SkillBits';
import { hostName, skipWords, timeOf } from './skill-words';

interface SkillListProps {
  context: PageContext;
  result: RepositorySkills;
  refreshing: boolean;
  onRefresh: () => void;
  onOpen: (key: string) => void;
  /** The skill the person came back from, to put keyboard focus back on it. */
  returnFocusTo?: string | null;
}

/** A repository's skills, the organisation repositories looked at, and the files agents skip. */
export function SkillList({
  context,
  result,
  refreshing,
  onRefresh,
  onOpen,
  returnFocusTo,
}: SkillListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const host = hostName(context);
  const repository = context.repository;

  useEffect(() => {
    if (!returnFocusTo || !listRef.current) return;
    for (const button of listRef.current.querySelectorAll<HTMLButtonElement>('button[data-key]')) {
      if (button.dataset.key === returnFocusTo) button.focus();
    }
  }, [returnFocusTo]);

  // Files Handoff could not read are not files agents skip: the list is then incomplete, and
  // says so rather than passing for the whole answer.
  const unread = result.skipped.filter(
    (entry) => entry.reason.kind === 'not-read' || entry.reason.kind === 'unreadable',
  );
  const skipped = result.skipped.filter((entry) => !unread.includes(entry));
  const count = result.skills.length;
  return (
    <div className="skills-list">
      {unread.length ? (
        <div className="notice notice-warning" role="status" data-incomplete="true">
          <p className="microagents-problem-title">
            {unread.length === 1
              ? t('skills.incompleteOne', { repository })
              : t('skills.incomplete', { repository, count: unread.length })}
          </p>
        </div>
      ) : null}
      {count ? (
        <p className="muted microagents-count">
          {count === 1 ? t('skills.countOne') : t('skills.count', { count })}
        </p>
      ) : unread.length ? null : skipped.length ? (
        <div className="notice notice-warning" role="status">
          <p className="microagents-problem-title">
            {skipped.length === 1
              ? t('skills.noneLoadOne', { repository })
              : t('skills.noneLoad', { repository, count: skipped.length })}
          </p>
        </div>
      ) : (
        <div className="notice notice-info" role="status">
          <p className="microagents-problem-title">{t('skills.empty', { repository })}</p>
          <p>{t('skills.emptyHow')}</p>
        </div>
      )}
      {count ? (
        <ul className="microagent-list" ref={listRef} aria-label={t('skills.listLabel')}>
          {result.skills.map((skill) => {
            const key = skillKey(skill);
            const triggers = triggersOf(skill.activation);
            return (
              <li key={key} className="microagent-item" data-origin={skill.origin}>
                <div className="microagent-item-head">
                  <button
                    type="button"
                    className="microagent-open"
                    data-key={key}
                    onClick={() => onOpen(key)}
                  >
                    {skill.name}
                  </button>
                  <KindBadge skill={skill} />
                </div>
                {skill.description ? (
                  <span className="skill-description">{skill.description}</span>
                ) : null}
                {triggers.length ? <TriggerChips triggers={triggers} limit={6} /> : null}
                {skill.activation.kind === 'paths' ? (
                  <code className="microagent-path">{skill.activation.paths.join(', ')}</code>
                ) : null}
                <span className="microagent-path">
                  {skill.origin === 'organisation' ? (
                    <>{t('skills.fromOrganisationShort', { repository: skill.repository })}: </>
                  ) : null}
                  <code>{skill.path}</code>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {skipped.length ? (
        <details className="skills-skipped" open={!count}>
          <summary>{t('skills.skipped.title', { count: skipped.length })}</summary>
          <ul className="microagent-list">
            {skipped.map((entry) => (
              <li
                key={`${entry.repository}:${entry.path}:${entry.reason.kind}`}
                className="microagent-item"
                data-reason={entry.reason.kind}
              >
                <code className="microagent-path">
                  {entry.repository === repository
                    ? entry.path
                    : `${entry.repository}: ${entry.path}`}
                </code>
                <span>{skipWords(entry.reason, context)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {unread.length ? (
        <details className="skills-skipped" open>
          <summary>{t('skills.unread.title', { count: unread.length })}</summary>
          <ul className="microagent-list">
            {unread.map((entry) => (
              <li
                key={`${entry.repository}:${entry.path}`}
                className="microagent-item"
                data-reason={entry.reason.kind}
              >
                <code className="microagent-path">
                  {entry.repository === repository
                    ? entry.path
                    : `${entry.repository}: ${entry.path}`}
                </code>
                <span>{skipWords(entry.reason, context)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {result.organisation.length ? (
        <section className="skills-org" aria-label={t('skills.org.title')}>
          <h3 className="skills-subtitle">{t('skills.org.title')}</h3>
          <ul>
            {result.organisation.map((source) => {
              const status = source.status;
              let text: string;
              if (status.kind === 'read') {
                text =
                  status.skills === 1
                    ? t('skills.org.readOne', { repository: source.repository })
                    : t('skills.org.read', { repository: source.repository, count: status.skills });
              } else if (status.kind === 'absent') {
                text = status.withToken
                  ? t('skills.org.absent', { repository: source.repository })
                  : t('skills.org.absentAnonymous', { repository: source.repository });
              } else {
                text = t('skills.org.failed', {
                  repository: source.repository,
                  reason: skipWords({ kind: 'unreadable', problem: status.problem }, context),
                });
              }
              return <li key={source.repository}>{text}</li>;
            })}
          </ul>
        </section>
      ) : null}
      {!result.folderRulesComplete ? (
        <p className="muted small">{t('skills.folderRulesIncomplete', { host })}</p>
      ) : null}
      {result.remaining?.resetAt && result.remaining.count < 20 ? (
        <p className="muted small">
          {t('skills.remaining', {
            host,
            count: result.remaining.count,
            time: timeOf(result.remaining.resetAt),
          })}
        </p>
      ) : null}
      <p className="muted small">{t('skills.readFrom', { host })}</p>
      <button type="button" className="btn btn-small" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? t('skills.refreshing') : t('skills.refresh')}
      </button>
    </div>
  );
}

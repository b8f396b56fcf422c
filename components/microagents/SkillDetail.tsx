import { useEffect, useRef } from 'react';
import { Markdown } from '@/components/common/Markdown';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n/skills';
import { MAX_READ_BYTES, type RepositorySkills, type Skill, triggersOf } from '@/lib/skills';
import { KindBadge, TriggerChips } from './SkillBits';
import { codeHostFileUrl, hostName, kindHint, sizeOf } from './skill-words';

interface SkillDetailProps {
  context: PageContext;
  result: RepositorySkills;
  skill: Skill;
  onBack: () => void;
  /** Move keyboard focus to the skill's name (when the person opened it from the list). */
  focusOnOpen?: boolean;
}

/** One skill: when it applies, where it comes from, and its content, rendered inert. */
export function SkillDetail({ context, result, skill, onBack, focusOnOpen }: SkillDetailProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  const triggers = triggersOf(skill.activation);
  const ref = skill.repository === result.repository ? result.ref : null;

  return (
    <article className="microagent-detail" aria-labelledby="skill-name">
      <button type="button" className="btn btn-small microagent-back" onClick={onBack}>
        {t('skills.back')}
      </button>
      <h3 id="skill-name" ref={heading} tabIndex={-1} className="microagent-name">
        {skill.name}
      </h3>
      <dl className="microagent-meta">
        <dt>{t('skills.when')}</dt>
        <dd>
          <KindBadge skill={skill} /> <span className="muted">{kindHint(skill)}</span>
        </dd>
        {triggers.length ? (
          <>
            <dt>{t('skills.triggers')}</dt>
            <dd>
              <TriggerChips triggers={triggers} />
            </dd>
          </>
        ) : null}
        {skill.activation.kind === 'task' && skill.activation.inputs.length ? (
          <>
            <dt>{t('skills.inputs')}</dt>
            <dd>
              <ul className="skill-inputs">
                {skill.activation.inputs.map((input) => (
                  <li key={input.name}>
                    <code>{input.name}</code>: {input.description}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {skill.activation.kind === 'paths' ? (
          <>
            <dt>{t('skills.paths')}</dt>
            <dd>
              <code>{skill.activation.paths.join(', ')}</code>
            </dd>
          </>
        ) : null}
        {skill.description ? (
          <>
            <dt>{t('skills.description')}</dt>
            <dd>{skill.description}</dd>
          </>
        ) : null}
        <dt>{t('skills.from')}</dt>
        <dd>
          {skill.origin === 'organisation'
            ? t('skills.fromOrganisation', { repository: skill.repository })
            : t('skills.fromRepository')}
        </dd>
        <dt>{t('skills.file')}</dt>
        <dd>
          <code>{skill.path}</code>
        </dd>
      </dl>
      <p>
        <a
          href={codeHostFileUrl(context, skill.repository, ref, skill.path)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('skills.openOnHost', { host: hostName(context) })}
        </a>
      </p>
      {skill.truncated ? (
        <div className="notice notice-warning" role="note">
          {skill.truncated.totalBytes
            ? t('skills.truncated', {
                size: sizeOf(skill.truncated.totalBytes),
                shown: sizeOf(MAX_READ_BYTES),
              })
            : t('skills.truncatedUnknown', { shown: sizeOf(MAX_READ_BYTES) })}
        </div>
      ) : null}
      <div className="microagent-content">
        {skill.content.trim() ? (
          <Markdown text={skill.content} />
        ) : (
          <p className="muted">{t('skills.noContent')}</p>
        )}
      </div>
    </article>
  );
}

import { t } from '@/lib/i18n/skills';
import type { Skill } from '@/lib/skills';
import { kindClass, kindLabel } from './skill-words';

/** When the skill applies, as a labelled chip (the words carry it; the colour only repeats it). */
export function KindBadge({ skill }: { skill: Skill }) {
  return <span className={`chip skill-kind ${kindClass(skill)}`}>{kindLabel(skill)}</span>;
}

/** Trigger words as chips; long lists are cut with a count of the rest. */
export function TriggerChips({ triggers, limit }: { triggers: readonly string[]; limit?: number }) {
  const shown = limit ? triggers.slice(0, limit) : triggers;
  const rest = triggers.length - shown.length;
  return (
    <ul className="microagent-triggers" aria-label={t('skills.triggers')}>
      {shown.map((trigger) => (
        <li key={trigger} className="chip">
          {trigger}
        </li>
      ))}
      {rest > 0 ? <li className="muted">{t('skills.moreTriggers', { count: rest })}</li> : null}
    </ul>
  );
}

/** A stable id for a skill across repositories (an organisation's and the project's). */
export function skillKey(skill: Pick<Skill, 'repository' | 'path'>): string {
  return `${skill.repository}:${skill.path}`;
}

import { t } from '@/lib/i18n';
import type { MicroagentKind } from './microagent-info';

export function KindBadge({ kind }: { kind: MicroagentKind }) {
  return (
    <span className={`chip microagent-kind microagent-kind-${kind}`}>
      {kind === 'knowledge' ? t('microagents.kindKnowledge') : t('microagents.kindRepository')}
    </span>
  );
}

/** Trigger words as chips; long lists are cut with a count of the rest. */
export function TriggerChips({ triggers, limit }: { triggers: readonly string[]; limit?: number }) {
  const shown = limit ? triggers.slice(0, limit) : triggers;
  const rest = triggers.length - shown.length;
  return (
    <ul className="microagent-triggers" aria-label={t('microagents.triggers')}>
      {shown.map((trigger) => (
        <li key={trigger} className="chip">
          {trigger}
        </li>
      ))}
      {rest > 0 ? (
        <li className="muted">{t('microagents.moreTriggers', { count: rest })}</li>
      ) : null}
    </ul>
  );
}

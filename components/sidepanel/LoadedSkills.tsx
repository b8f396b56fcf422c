import { useState } from 'react';
import { useApiQuery } from '@/components/common/worker-queries';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n/skills';
import './loaded-skills.css';

interface LoadedSkillsProps {
  conversationId: string;
  /** The V1 sandbox status the panel knows (`RUNNING`, `PAUSED`…), or null. */
  sandboxStatus: string | null;
}

/**
 * The skills a running V1 conversation actually loaded, as its server reports them
 * (`GET /api/v1/app-conversations/{id}/skills`, docs/contract/skills.md#a-conversations-skills).
 * Asked only when opened. The server answers an empty list while the sandbox is paused, which
 * is said as such, never as "no skills".
 */
export function LoadedSkills({ conversationId, sandboxStatus }: LoadedSkillsProps) {
  const [open, setOpen] = useState(false);
  const running = sandboxStatus === null ? null : sandboxStatus === 'RUNNING';
  const query = useApiQuery(
    'v1.getSkills',
    { conversation_id: conversationId },
    { enabled: open, staleTime: 60_000, retry: false },
  );
  // A sandbox that starts running has skills to tell; ask again then.
  const [seenRunning, setSeenRunning] = useState(running);
  if (running !== seenRunning) {
    setSeenRunning(running);
    if (open && running) void query.refetch();
  }

  let body: React.ReactNode = null;
  if (open) {
    if (query.isPending) {
      body = (
        <p role="status" className="muted">
          {t('panel.skills.loading')}
        </p>
      );
    } else if (query.isError) {
      const error = toApiError(query.error);
      body =
        error.kind === 'not-found' && running !== true ? (
          <p className="muted">{t('panel.skills.notReady')}</p>
        ) : (
          <div className="notice notice-error" role="alert">
            {t('panel.skills.failed', { words: error.serverMessage ?? error.message })}{' '}
            <button type="button" className="link-button" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        );
    } else if (!query.data.length) {
      body = (
        <p className="muted">
          {running === true
            ? t('panel.skills.none')
            : running === false
              ? t('panel.skills.notRunning')
              : t('panel.skills.emptyUnknown')}
        </p>
      );
    } else {
      body = (
        <>
          <p className="muted">
            {query.data.length === 1
              ? t('panel.skills.countOne')
              : t('panel.skills.count', { count: query.data.length })}
          </p>
          <ul className="loaded-skills">
            {query.data.map((skill) => (
              <li key={skill.name}>
                <strong>{skill.name}</strong>{' '}
                <span className="muted">{skillWhen(skill.type, skill.triggers ?? [])}</span>
              </li>
            ))}
          </ul>
        </>
      );
    }
  }

  return (
    <details
      className="loaded-skills-section"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>{t('panel.skills.title')}</summary>
      {body}
    </details>
  );
}

/** The server's `type` and triggers in the words the skill viewer uses. */
function skillWhen(type: string | null | undefined, triggers: readonly string[]): string {
  if (type === 'agentskills') {
    return triggers.length ? t('skills.kind.agentSkillKeywords') : t('skills.kind.onDemand');
  }
  if (triggers.length) return t('skills.kind.onTriggers', { triggers: triggers.join(', ') });
  return t('skills.kind.always');
}

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
          <SkillsFailed
            words={t('panel.skills.failed', { words: error.serverMessage ?? error.message })}
            retry={() => void query.refetch()}
          />
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
      body = <SkillNames skills={query.data} />;
    }
  }

  return (
    <SkillsSection title={t('panel.skills.title')} onOpen={setOpen}>
      {body}
    </SkillsSection>
  );
}

/**
 * The skills an agent server alone finds in the folder it cloned a conversation's repository into
 * (`POST /api/skills` for that folder, docs/contract/server-generations.md#agent-server-direct):
 * the repository's own, as the server reads them now. Asked only when opened. The server answers
 * a folder that is gone as one without skills, so an empty answer is checked before it is said.
 */
export function FolderSkills({ folder }: { folder: string }) {
  const [open, setOpen] = useState(false);
  const query = useApiQuery(
    'agent.folderSkills',
    { project_dir: folder },
    { enabled: open, staleTime: 60_000, retry: false },
  );
  const empty = query.isSuccess && !query.data.skills.length;
  const there = useApiQuery(
    'agent.pathCheck',
    { path: folder },
    { enabled: open && empty, staleTime: 60_000, retry: false },
  );

  let body: React.ReactNode = null;
  if (!open) body = null;
  else if (query.isPending) {
    body = (
      <p role="status" className="muted">
        {t('panel.folderSkills.loading')}
      </p>
    );
  } else if (query.isError) {
    const error = toApiError(query.error);
    body =
      error.kind === 'not-found' ? (
        <p className="muted">{t('panel.folderSkills.tooOld')}</p>
      ) : (
        <SkillsFailed
          words={t('panel.folderSkills.failed', { words: error.serverMessage ?? error.message })}
          retry={() => void query.refetch()}
        />
      );
  } else if (empty) {
    // 404 "File not found" is the server's word for a path that is not there; a folder is a 400.
    const gone =
      there.isError &&
      toApiError(there.error).kind === 'not-found' &&
      toApiError(there.error).serverMessage === 'File not found';
    body = (
      <p className="muted" role="status">
        {there.isPending
          ? t('panel.folderSkills.checking')
          : gone
            ? t('panel.folderSkills.gone')
            : t('panel.folderSkills.none')}
      </p>
    );
  } else {
    body = <SkillNames skills={query.data.skills} />;
  }

  return (
    <SkillsSection title={t('panel.folderSkills.title', { folder })} onOpen={setOpen}>
      {open ? <p className="muted">{t('panel.folderSkills.intro')}</p> : null}
      {body}
    </SkillsSection>
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

/** A closed section that asks for its skills only once the person opens it. */
function SkillsSection({
  title,
  onOpen,
  children,
}: {
  title: string;
  onOpen: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <details
      className="loaded-skills-section"
      onToggle={(event) => onOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>{title}</summary>
      {children}
    </details>
  );
}

function SkillNames({
  skills,
}: {
  skills: readonly { name: string; type?: string | null; triggers?: string[] | null }[];
}) {
  return (
    <>
      <p className="muted">
        {skills.length === 1
          ? t('panel.skills.countOne')
          : t('panel.skills.count', { count: skills.length })}
      </p>
      <ul className="loaded-skills">
        {skills.map((skill) => (
          <li key={skill.name}>
            <strong>{skill.name}</strong>{' '}
            <span className="muted">{skillWhen(skill.type, skill.triggers ?? [])}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function SkillsFailed({ words, retry }: { words: string; retry: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      {words}{' '}
      <button type="button" className="link-button" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

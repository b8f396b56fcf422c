import { useState } from 'react';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n/skills';
import type { RepositorySkills } from '@/lib/skills';
import { skillKey } from './SkillBits';
import { SkillDetail } from './SkillDetail';
import { SkillList } from './SkillList';
import { SkillsProblem } from './SkillsProblem';
import { useRepositorySkills } from './skill-queries';
import { explainPath, hostName, skipWords } from './skill-words';
import './microagents.css';

export interface MicroagentsViewProps {
  /** The repository page the person came from; null when the panel has none. */
  context: PageContext | null;
  /** Open this file at once ("View as skill" on a file page). */
  filePath?: string;
  onOpenOptions: () => void;
}

/**
 * A repository's skills (microagents) as the 1.x agent loads them, read from its code host on
 * every kind of server (docs/contract/skills.md), and one skill's details. Needs a
 * QueryClientProvider above it. Narrow by design: the list and a skill take turns.
 */
export function MicroagentsView({ context, filePath, onOpenOptions }: MicroagentsViewProps) {
  if (!context) {
    return (
      <section className="microagents" aria-labelledby="microagents-title">
        <h2 id="microagents-title" className="microagents-title">
          {t('skills.title')}
        </h2>
        <div className="notice notice-info">
          <p>{t('skills.noContext')}</p>
          <p className="muted">{t('skills.noContextHow')}</p>
        </div>
      </section>
    );
  }
  // A new launch (another file, another repository) starts afresh.
  return (
    <RepositorySkillsView
      key={`${context.baseUrl} ${context.repository} ${context.branch ?? ''} ${filePath ?? ''}`}
      context={context}
      {...(filePath ? { filePath } : {})}
      onOpenOptions={onOpenOptions}
    />
  );
}

type Open =
  | { kind: 'list' }
  | { kind: 'skill'; key: string; fromList: boolean }
  | { kind: 'file'; path: string };

function RepositorySkillsView({
  context,
  filePath,
  onOpenOptions,
}: {
  context: PageContext;
  filePath?: string;
  onOpenOptions: () => void;
}) {
  const query = useRepositorySkills(context);
  const [open, setOpen] = useState<Open>(
    filePath ? { kind: 'file', path: filePath } : { kind: 'list' },
  );
  const [closed, setClosed] = useState<string | null>(null);
  const refetch = () => void query.refetch();

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="muted">
        {t('skills.loading', { repository: context.repository, host: hostName(context) })}
      </p>
    );
  } else if (query.isError) {
    body = (
      <SkillsProblem
        error={query.error}
        context={context}
        onRetry={refetch}
        onOpenOptions={onOpenOptions}
      />
    );
  } else {
    const result = query.data;
    const backToList = (from: string | null) => {
      setClosed(from);
      setOpen({ kind: 'list' });
    };
    const skill =
      open.kind === 'skill'
        ? result.skills.find((candidate) => skillKey(candidate) === open.key)
        : undefined;
    if (skill && open.kind === 'skill') {
      body = (
        <SkillDetail
          context={context}
          result={result}
          skill={skill}
          focusOnOpen={open.fromList}
          onBack={() => backToList(open.key)}
        />
      );
    } else if (open.kind === 'file') {
      body = (
        <FileVerdict
          context={context}
          result={result}
          path={open.path}
          onOpen={(key) => setOpen({ kind: 'skill', key, fromList: false })}
          onBack={() => backToList(null)}
        />
      );
    } else {
      body = (
        <SkillList
          context={context}
          result={result}
          refreshing={query.isFetching}
          onRefresh={refetch}
          returnFocusTo={closed}
          onOpen={(key) => setOpen({ kind: 'skill', key, fromList: true })}
        />
      );
    }
  }

  return (
    <section
      className="microagents"
      aria-labelledby="microagents-title"
      aria-busy={query.isFetching}
    >
      <h2 id="microagents-title" className="microagents-title">
        {t('skills.titleFor', { repository: context.repository })}
      </h2>
      {body}
    </section>
  );
}

/** A file opened by its address: the skill it is, or why agents do not load it. */
function FileVerdict({
  context,
  result,
  path,
  onOpen,
  onBack,
}: {
  context: PageContext;
  result: RepositorySkills;
  path: string;
  onOpen: (key: string) => void;
  onBack: () => void;
}) {
  const verdict = explainPath(result, path);
  if (verdict.kind === 'skill') {
    return <SkillDetail context={context} result={result} skill={verdict.skill} onBack={onBack} />;
  }
  const back = (
    <button type="button" className="btn btn-small microagent-back" onClick={onBack}>
      {t('skills.back')}
    </button>
  );
  if (verdict.kind === 'skipped') {
    return (
      <div>
        {back}
        <div className="notice notice-warning" role="alert" data-verdict="skipped">
          <p className="microagents-problem-title">{t('skills.file.skipped', { path })}</p>
          {verdict.reasons.map((reason) => (
            <p key={reason.kind}>{skipWords(reason, context)}</p>
          ))}
        </div>
      </div>
    );
  }
  if (verdict.kind === 'reference') {
    return (
      <div>
        {back}
        <div className="notice notice-info" role="status" data-verdict="reference">
          <p>{t('skills.file.reference', { path, name: verdict.skill.name })}</p>
          <div className="microagents-actions">
            <button type="button" className="btn" onClick={() => onOpen(skillKey(verdict.skill))}>
              {t('skills.file.openSkill', { name: verdict.skill.name })}
            </button>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div>
      {back}
      <div className="notice notice-info" role="status" data-verdict="not-skill">
        <p className="microagents-problem-title">{t('skills.file.notSkill', { path })}</p>
        <p>{t('skills.file.notSkillBody')}</p>
      </div>
    </div>
  );
}

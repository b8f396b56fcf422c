import { useState } from 'react';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n';
import { MicroagentDetail } from './MicroagentDetail';
import { MicroagentList } from './MicroagentList';
import './microagents.css';

export interface MicroagentsViewProps {
  /** The repository page the person came from; null when the panel has none. */
  context: PageContext | null;
  /** Open this microagent file at once ("View as microagent"). */
  filePath?: string;
  onOpenOptions: () => void;
}

/**
 * The repository's microagent files (docs/contract/v0-rest.md#microagent-files), and one file's
 * triggers and content. Needs a QueryClientProvider above it (`createQueryClient` in
 * components/common/worker-queries.tsx). Narrow by design: the list and a file take turns rather
 * than sitting side by side.
 */
export function MicroagentsView({ context, filePath, onOpenOptions }: MicroagentsViewProps) {
  const [openPath, setOpenPath] = useState<string | null>(filePath ?? null);
  const [openedFromList, setOpenedFromList] = useState(false);
  const [closedPath, setClosedPath] = useState<string | null>(null);
  // A new launch ("View as microagent" on another file, another repository) starts afresh.
  const launch = `${context?.host ?? ''} ${context?.repository ?? ''} ${filePath ?? ''}`;
  const [shownLaunch, setShownLaunch] = useState(launch);
  if (launch !== shownLaunch) {
    setShownLaunch(launch);
    setOpenPath(filePath ?? null);
    setOpenedFromList(false);
    setClosedPath(null);
  }

  if (!context) {
    return (
      <section className="microagents" aria-labelledby="microagents-title">
        <h2 id="microagents-title" className="microagents-title">
          {t('microagents.title')}
        </h2>
        <div className="notice notice-info">
          <p>{t('microagents.noContext')}</p>
          <p className="muted">{t('microagents.noContextHow')}</p>
        </div>
      </section>
    );
  }

  return (
    <section className="microagents" aria-labelledby="microagents-title">
      <h2 id="microagents-title" className="microagents-title">
        {t('microagents.titleFor', { repository: context.repository })}
      </h2>
      {openPath ? (
        <MicroagentDetail
          context={context}
          path={openPath}
          focusOnOpen={openedFromList}
          onBack={() => {
            setClosedPath(openPath);
            setOpenPath(null);
          }}
          onOpenOptions={onOpenOptions}
        />
      ) : (
        <MicroagentList
          context={context}
          returnFocusTo={closedPath}
          onOpen={(path) => {
            setOpenedFromList(true);
            setOpenPath(path);
          }}
          onOpenOptions={onOpenOptions}
        />
      )}
    </section>
  );
}

import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { Icon } from '@/components/common/icons';
import { useServerScope } from '@/components/common/server-scope';
import { t } from '@/lib/i18n';
import { callApi } from '@/lib/messaging/worker-client';
import type { StatusWords } from '@/lib/timeline/status-words';
import { Menu, type MenuItem } from './Menu';
import type { ConversationSummary } from './model/conversation-list';
import { pullRequestUrl, repositoryUrl } from './model/links';

export interface CostFigures {
  cost: number | null;
  tokens: number | null;
}

interface HeaderProps {
  conversationId: string;
  summary: ConversationSummary | null;
  title: string | null;
  status: StatusWords;
  /** Hosts of the providers the server holds tokens for (self-hosted GitHub, GitLab…). */
  providerHosts: Record<string, string | null>;
  /** V0 is served: renames go through V0's PATCH, which also renames V1 conversations on 0.62. */
  v0Available: boolean;
  /** With several servers, the name of the one it is on. */
  serverName?: string | null;
  cost: CostFigures;
  onRenamed: (title: string) => void;
  /** The agent and sandbox controls, on the title's line. */
  controls: ReactNode;
  /** Secondary actions: search, system events, export, details… (Rename is added here). */
  menuItems: readonly MenuItem[];
  /** Something the header's second line should say while it lasts (an export's progress). */
  activity: string | null;
}

/** "$0.08": a cost to the cent, or to a tenth of a cent below one cent. */
export function formatCost(cost: number): string {
  return cost > 0 && cost < 0.01 ? `$${cost.toFixed(3)}` : `$${cost.toFixed(2)}`;
}

/**
 * Two lines: the title with the controls and the menu, then the status, where the work happens
 * and what it cost. Everything else is one click away in the menu.
 */
export function ConversationHeader({
  conversationId,
  summary,
  title,
  status,
  providerHosts,
  v0Available,
  serverName = null,
  cost,
  onRenamed,
  controls,
  menuItems,
  activity,
}: HeaderProps) {
  const serverId = useServerScope();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = async () => {
    const next = draft.trim();
    if (!next || saving) return;
    setSaving(true);
    setError(null);
    try {
      if (v0Available) {
        await callApi(
          'v0.updateConversation',
          { conversation_id: conversationId, title: next },
          serverId,
        );
      } else {
        await callApi(
          'v1.updateAppConversation',
          { conversation_id: conversationId, title: next },
          serverId,
        );
      }
      setEditing(false);
      onRenamed(next);
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  const provider = summary?.provider ?? null;
  const repository = summary?.repository ?? null;
  const host = provider ? (providerHosts[provider] ?? null) : null;
  const repoLink = repositoryUrl(provider, repository, host);
  const shownTitle = title || summary?.title || t('panel.list.untitled');
  const items: MenuItem[] = [
    ...menuItems,
    {
      kind: 'action',
      label: t('panel.header.rename'),
      icon: 'pencil',
      onSelect: () => {
        setDraft(title || summary?.title || '');
        setEditing(true);
      },
    },
  ];

  return (
    <header className="conversation-head">
      {editing ? (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            className="input grow"
            aria-label={t('panel.header.titleLabel')}
            value={draft}
            maxLength={200}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to rename.
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <button
            type="submit"
            className="btn btn-small btn-primary"
            disabled={saving || !draft.trim()}
          >
            {t('common.save')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </button>
        </form>
      ) : (
        <div className="head-line">
          <h1 className="head-title" data-conversation-title title={shownTitle}>
            {shownTitle}
          </h1>
          <div className="head-controls">
            {controls}
            <Menu label={t('panel.header.menu')} items={items}>
              <Icon name="ellipsis" size={16} />
            </Menu>
          </div>
        </div>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      <p className="head-facts">
        <span
          className="status-pill"
          data-status-tone={status.tone}
          title={status.detail ?? undefined}
        >
          <span className={`dot dot-${status.tone}`} aria-hidden="true" />
          <span data-status-label>{status.label}</span>
        </span>
        {repository ? (
          repoLink ? (
            <a className="head-fact" href={repoLink} target="_blank" rel="noopener noreferrer">
              {repository}
            </a>
          ) : (
            <span className="head-fact">{repository}</span>
          )
        ) : (
          <span className="head-fact muted">{t('panel.list.noRepository')}</span>
        )}
        {summary?.branch ? (
          <span className="head-fact" title={t('panel.header.branch', { branch: summary.branch })}>
            {summary.branch}
          </span>
        ) : null}
        {serverName ? (
          <span className="head-fact" data-fact="server">
            {t('panel.servers.onServer', { name: serverName })}
          </span>
        ) : null}
        {cost.cost !== null ? (
          <span className="head-fact" data-fact="cost" title={t('panel.header.costHint')}>
            {formatCost(cost.cost)}
          </span>
        ) : null}
        {(summary?.prNumbers ?? []).map((number) => {
          const url = pullRequestUrl(provider, repository, number, host);
          const label =
            provider === 'gitlab'
              ? t('panel.header.mergeRequest', { number })
              : t('panel.header.pullRequest', { number });
          return url ? (
            <a
              key={number}
              className="head-fact"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-pr={number}
            >
              {label}
            </a>
          ) : (
            <span key={number} className="head-fact">
              {label}
            </span>
          );
        })}
        {activity ? (
          <span className="head-fact" role="status">
            {activity}
          </span>
        ) : null}
      </p>
    </header>
  );
}

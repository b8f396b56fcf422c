import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { humanise, providerName } from '@/lib/i18n/words';
import { callApi } from '@/lib/messaging/worker-client';
import type { StatusWords } from '@/lib/timeline/status-words';
import { localDateTime } from '@/lib/timeline/time';
import { LoadedSkills } from './LoadedSkills';
import type { ConversationSummary } from './model/conversation-list';
import { pullRequestUrl, repositoryUrl, webAppUrl } from './model/links';

export interface CostFigures {
  cost: number | null;
  tokens: number | null;
}

interface HeaderProps {
  conversationId: string;
  generation: Generation;
  summary: ConversationSummary | null;
  title: string | null;
  status: StatusWords;
  serverUrl: string;
  /** Hosts of the providers the server holds tokens for (self-hosted GitHub, GitLab…). */
  providerHosts: Record<string, string | null>;
  /** V0 is served: renames go through V0's PATCH, which also renames V1 conversations on 0.62. */
  v0Available: boolean;
  cost: CostFigures;
  onRenamed: (title: string) => void;
  actions: ReactNode;
  /** The live stream's state, shown next to the status. */
  stream: ReactNode;
}

function triggerWords(trigger: string): string {
  const known: Record<string, string> = {
    gui: t('panel.trigger.gui'),
    resolver: t('panel.trigger.resolver'),
    suggested_task: t('panel.trigger.suggested_task'),
    openhands_api: t('panel.trigger.openhands_api'),
    microagent_management: t('panel.trigger.microagent_management'),
    jira_dc: t('panel.trigger.jira_dc'),
  };
  return known[trigger] ?? humanise(trigger);
}

/** Title (renamable), status, where the work happens, links out, and what it cost so far. */
export function ConversationHeader({
  conversationId,
  generation,
  summary,
  title,
  status,
  serverUrl,
  providerHosts,
  v0Available,
  cost,
  onRenamed,
  actions,
  stream,
}: HeaderProps) {
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
        await callApi('v0.updateConversation', { conversation_id: conversationId, title: next });
      } else {
        await callApi('v1.updateAppConversation', { conversation_id: conversationId, title: next });
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
        <div className="row">
          <h1 className="grow" data-conversation-title>
            {shownTitle}
          </h1>
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('panel.header.rename')}
            title={t('panel.header.rename')}
            onClick={() => {
              setDraft(title || summary?.title || '');
              setEditing(true);
            }}
          >
            <span aria-hidden="true">✎</span>
          </button>
        </div>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="row">
        <span
          className="status-pill"
          data-status-tone={status.tone}
          title={status.detail ?? undefined}
        >
          <span className={`dot dot-${status.tone}`} aria-hidden="true" />
          <span data-status-label>{status.label}</span>
        </span>
        {stream}
      </div>
      {status.detail ? (
        <p className="small muted" style={{ margin: 0 }}>
          {status.detail}
        </p>
      ) : null}
      <div className="facts">
        {repository ? (
          <span>
            {repoLink ? (
              <a href={repoLink} target="_blank" rel="noopener noreferrer">
                {repository}
              </a>
            ) : (
              repository
            )}
          </span>
        ) : (
          <span>{t('panel.list.noRepository')}</span>
        )}
        {summary?.branch ? (
          <span>{t('panel.header.branch', { branch: summary.branch })}</span>
        ) : null}
        {provider ? <span>{providerName(provider)}</span> : null}
        {(summary?.prNumbers ?? []).map((number) => {
          const url = pullRequestUrl(provider, repository, number, host);
          const label =
            provider === 'gitlab'
              ? t('panel.header.mergeRequest', { number })
              : t('panel.header.pullRequest', { number });
          return url ? (
            <a key={number} href={url} target="_blank" rel="noopener noreferrer" data-pr={number}>
              {label}
            </a>
          ) : (
            <span key={number}>{label}</span>
          );
        })}
        <a href={webAppUrl(serverUrl, conversationId)} target="_blank" rel="noopener noreferrer">
          {t('panel.header.openWebApp')}
        </a>
      </div>
      <details className="facts">
        <summary>{t('panel.header.details')}</summary>
        {summary?.trigger ? (
          <span>{t('panel.header.trigger', { trigger: triggerWords(summary.trigger) })}</span>
        ) : null}
        {summary?.createdAt ? (
          <span>{t('panel.header.created', { when: localDateTime(summary.createdAt) })}</span>
        ) : null}
        {summary?.updatedAt ? (
          <span>{t('panel.header.updated', { when: localDateTime(summary.updatedAt) })}</span>
        ) : null}
        {generation === 'v0' ? <span>{t('panel.header.v0')}</span> : null}
        {cost.cost !== null ? (
          <span>{t('panel.header.cost', { cost: cost.cost.toFixed(2) })}</span>
        ) : null}
        {cost.tokens !== null ? (
          <span>{t('panel.header.tokens', { tokens: cost.tokens.toLocaleString() })}</span>
        ) : null}
        <span>{t('panel.header.id', { id: conversationId })}</span>
        {generation === 'v1' ? (
          <LoadedSkills
            conversationId={conversationId}
            sandboxStatus={summary?.sandboxStatus ?? null}
          />
        ) : null}
      </details>
      {actions}
    </header>
  );
}

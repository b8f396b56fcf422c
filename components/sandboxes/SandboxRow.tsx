import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useServerScope } from '@/components/common/server-scope';
import { ApiError, toApiError } from '@/lib/api/errors';
import type { SandboxInfo } from '@/lib/api/v1/models';
import { t } from '@/lib/i18n/options';
import { callApi } from '@/lib/messaging/worker-client';
import {
  canPause,
  canResume,
  formatAge,
  isStarting,
  sandboxLinks,
  statusLabel,
} from './sandbox-status';
import { sandboxListKey, upsertSandboxInCache } from './use-sandbox-list';

type Action = 'pause' | 'resume' | 'delete';

/** The sandbox is not on the service any more: someone deleted it elsewhere. */
class SandboxGoneError extends Error {}

type Outcome =
  | { kind: 'done'; action: Action }
  | { kind: 'refused'; action: Action; fresh: SandboxInfo };

interface SandboxRowProps {
  sandbox: SandboxInfo;
  now: number;
  conversations: { id: string; title: string }[];
  onOpenConversation?: (id: string) => void;
  /** The person deleted it here. */
  onDeleted: (id: string) => void;
  /** An action found it gone. */
  onGone: (id: string) => void;
}

async function runAction(
  sandbox: SandboxInfo,
  action: Action,
  serverId: string | undefined,
): Promise<Outcome> {
  if (action !== 'delete') {
    // The row may be stale (another tab, the web UI, the service pausing old sandboxes on its
    // own): read the current state first, so the answer is about what the sandbox is now.
    const [fresh] = await callApi('v1.getSandboxes', { id: [sandbox.id] }, serverId);
    if (!fresh) throw new SandboxGoneError(sandbox.id);
    if (action === 'pause' && !canPause(fresh.status)) return { kind: 'refused', action, fresh };
    if (action === 'resume' && !canResume(fresh.status)) return { kind: 'refused', action, fresh };
  }
  try {
    const params = { sandbox_id: sandbox.id };
    if (action === 'pause') await callApi('v1.pauseSandbox', params, serverId);
    else if (action === 'resume') await callApi('v1.resumeSandbox', params, serverId);
    else await callApi('v1.deleteSandbox', params, serverId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new SandboxGoneError(sandbox.id);
    throw error;
  }
  return { kind: 'done', action };
}

export function SandboxRow({
  sandbox,
  now,
  conversations,
  onOpenConversation,
  onDeleted,
  onGone,
}: SandboxRowProps) {
  const queryClient = useQueryClient();
  const serverId = useServerScope();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const action = useMutation({
    mutationFn: (which: Action) => runAction(sandbox, which, serverId),
    onMutate: () => setNotice(null),
    onSuccess: (outcome) => {
      if (outcome.kind === 'refused') {
        upsertSandboxInCache(queryClient, outcome.fresh, serverId);
        const status = statusLabel(outcome.fresh.status);
        setNotice(
          outcome.action === 'pause'
            ? t('sandboxes.notRunning', { id: sandbox.id, status })
            : t('sandboxes.notPaused', { id: sandbox.id, status }),
        );
        return;
      }
      if (outcome.action === 'delete') {
        onDeleted(sandbox.id);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: sandboxListKey(serverId) });
    },
    onError: (error) => {
      if (error instanceof SandboxGoneError) onGone(sandbox.id);
    },
  });

  // Keyboard focus follows the question: onto "Delete sandbox" when it is asked, and back to
  // "Delete" when it is cancelled.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (returnFocus.current) deleteButton.current?.focus();
    returnFocus.current = false;
  }, [confirming]);

  const busy = action.isPending;
  const age = formatAge(sandbox.created_at, now);
  const links = sandboxLinks(sandbox);
  const labelId = `sandbox-${sandbox.id}`;
  const showError = action.isError && !(action.error instanceof SandboxGoneError);

  return (
    <li className="sandbox" aria-labelledby={labelId} aria-busy={busy || undefined}>
      <div className="sandbox-head">
        <code id={labelId} className="sandbox-id">
          {sandbox.id}
        </code>
        <span
          className={`chip sandbox-status sandbox-status-${String(sandbox.status).toLowerCase()}`}
        >
          {statusLabel(sandbox.status)}
        </span>
      </div>
      {isStarting(sandbox.status) ? (
        <p className="muted sandbox-line" role="status">
          {t('sandboxes.startingHint')}
        </p>
      ) : null}
      {sandbox.status_detail ? <p className="muted sandbox-line">{sandbox.status_detail}</p> : null}
      <dl className="sandbox-facts">
        <dt>{t('sandboxes.spec')}</dt>
        <dd>
          <code>{sandbox.sandbox_spec_id ?? t('sandboxes.specUnknown')}</code>
        </dd>
        <dt>{t('sandboxes.ageLabel')}</dt>
        <dd>{age ?? t('sandboxes.ageUnknown')}</dd>
        {links.length ? (
          <>
            <dt>{t('sandboxes.links')}</dt>
            <dd className="sandbox-links">
              {links.map((link) => (
                <a key={link.name} href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              ))}
            </dd>
          </>
        ) : null}
        {conversations.length ? (
          <>
            <dt>{t('sandboxes.conversations')}</dt>
            <dd className="sandbox-links">
              {conversations.map((conversation) =>
                onOpenConversation ? (
                  <button
                    key={conversation.id}
                    type="button"
                    className="btn btn-small"
                    onClick={() => onOpenConversation(conversation.id)}
                  >
                    {conversation.title}
                  </button>
                ) : (
                  <span key={conversation.id}>{conversation.title}</span>
                ),
              )}
            </dd>
          </>
        ) : null}
      </dl>

      {confirming ? (
        <fieldset className="notice notice-warning sandbox-confirm">
          <legend className="visually-hidden">{t('sandboxes.confirmLabel')}</legend>
          <p>{t('sandboxes.confirmDelete', { id: sandbox.id })}</p>
          <div className="sandbox-actions">
            <button
              ref={confirmButton}
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                action.mutate('delete');
              }}
            >
              {t('sandboxes.confirmDeleteButton')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                returnFocus.current = true;
                setConfirming(false);
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="sandbox-actions">
          {canPause(sandbox.status) ? (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => action.mutate('pause')}
              aria-label={t('sandboxes.pauseLabel', { id: sandbox.id })}
            >
              {t('sandboxes.pause')}
            </button>
          ) : null}
          {canResume(sandbox.status) ? (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => action.mutate('resume')}
              aria-label={t('sandboxes.resumeLabel', { id: sandbox.id })}
            >
              {t('sandboxes.resume')}
            </button>
          ) : null}
          <button
            ref={deleteButton}
            type="button"
            className="btn btn-small btn-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-label={t('sandboxes.deleteLabel', { id: sandbox.id })}
          >
            {t('sandboxes.delete')}
          </button>
          {busy ? (
            <span className="muted" role="status">
              {action.variables === 'pause'
                ? t('sandboxes.pausing')
                : action.variables === 'resume'
                  ? t('sandboxes.resuming')
                  : t('sandboxes.deleting')}
            </span>
          ) : null}
        </div>
      )}
      {notice ? (
        <p className="notice notice-warning" role="alert">
          {notice}
        </p>
      ) : null}
      {showError ? <ErrorNotice error={toApiError(action.error)} /> : null}
    </li>
  );
}

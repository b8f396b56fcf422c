import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type HandBackTask,
  handBackDraft,
  handBackTasks,
  handBackText,
} from '@/lib/codehosts/hand-back';
import { type PullFacts, pullName } from '@/lib/codehosts/pull-facts';
import { t } from '@/lib/i18n';
import type { PullRead } from '@/lib/messaging/rpc';
import { rpc } from '@/lib/messaging/worker-client';
import { pullProblemWords } from './model/pull-problem';

/** The pull or merge request handed back: its address, number, and whether GitLab names it. */
export type HandBackPull = Pick<PullFacts, 'link' | 'number' | 'merge'>;

/** What the person typed, by pull request and task: closing the dialog never loses it. */
const edits = new Map<string, string>();

/**
 * Hands a pull request's checks, review or conflicts back to the agent. The worker reads the
 * request afresh; the message is drafted from it, shown whole, and editable; review comments by
 * people not known to have write access are left out unless ticked. Nothing is sent before the
 * person presses Send.
 */
export function HandBackDialog({
  pull: facts,
  task,
  sendLabel = t('panel.handBack.send'),
  onSend,
  onNewConversation,
  onClose,
}: {
  pull: HandBackPull;
  task: HandBackTask;
  /** What the primary button says ("Send to the agent", or where a new conversation starts). */
  sendLabel?: string;
  /** Sends the text; resolves true once it is taken. */
  onSend: (text: string) => Promise<boolean>;
  /**
   * Offered once a send failed (the conversation is gone, or can take no more messages): the
   * same message goes to a new conversation for this pull request, through the start form.
   */
  onNewConversation?: (text: string, read: PullRead) => void;
  onClose: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);
  const name = pullName(facts);
  const host = new URL(facts.link).host;
  const read = useQuery({
    queryKey: ['panel', 'pull-read', facts.link],
    queryFn: () => rpc('pulls.read', { link: facts.link, fresh: true }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const status = read.data?.status ?? null;
  const target = read.data ?? null;
  const draft = useMemo(
    () => (status && target ? handBackDraft(status, task, target) : null),
    [status, task, target],
  );
  const key = `${facts.link} ${task}`;
  const [included, setIncluded] = useState<Set<number> | null>(null);
  const [edited, setEdited] = useState<string | null>(() => edits.get(key) ?? null);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [empty, setEmpty] = useState(false);
  const chosen = useMemo(
    () =>
      included ??
      new Set(draft?.comments.filter((c) => c.includedByDefault).map((c) => c.index) ?? []),
    [included, draft],
  );
  const generated = useMemo(
    () => (status && target ? handBackText(status, task, chosen, target) : ''),
    [status, task, chosen, target],
  );
  const text = edited ?? generated;
  const applies = status ? handBackTasks(status).includes(task) : true;
  const problem = read.data?.problem ? pullProblemWords(read.data.problem, facts.link).text : null;

  const edit = (value: string) => {
    setEdited(value);
    edits.set(key, value);
    setEmpty(false);
  };
  const reset = () => {
    setEdited(null);
    edits.delete(key);
  };
  const toggle = (index: number) => {
    const next = new Set(chosen);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setIncluded(next);
  };
  const send = async () => {
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setSending(true);
    const sent = await onSend(text.trim());
    setSending(false);
    setFailed(!sent);
    if (sent) {
      edits.delete(key);
      onClose();
    }
  };
  const elsewhere = () => {
    if (!read.data || !text.trim()) return;
    edits.delete(key);
    onNewConversation?.(text.trim(), read.data);
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog hand-back"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t(`panel.handBack.title.${task}`, { name })}</h2>
      {read.isPending ? (
        <p role="status" className="small muted">
          {t('panel.handBack.reading', { name, host })}
        </p>
      ) : null}
      {read.isError ? (
        <p role="alert" className="small">
          {t('panel.handBack.nothing', { name, problem: (read.error as Error).message })}
        </p>
      ) : null}
      {!status && problem ? (
        <p role="alert" className="small">
          {t('panel.handBack.nothing', { name, problem })}
        </p>
      ) : null}
      {status && problem ? (
        <p role="status" className="small muted">
          {t('panel.handBack.stale', { problem })}
        </p>
      ) : null}
      {status && !applies && status.state !== 'open' ? (
        <p role="status" className="small">
          {t('panel.handBack.nothingToDo', { name, state: status.state })}
        </p>
      ) : null}
      {draft?.comments.length ? (
        <fieldset className="hand-back-comments" disabled={edited !== null}>
          <legend>{t('panel.handBack.comments')}</legend>
          <p className="small muted">{t('panel.handBack.strangers')}</p>
          <ul>
            {draft.comments.map(({ index, comment, writeAccess }) => (
              <li key={index}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(index)}
                    onChange={() => toggle(index)}
                    data-comment-author={comment.author}
                  />
                  <span className="hand-back-who">
                    {t('panel.handBack.commentBy', { author: comment.author })} ·{' '}
                    {t(
                      writeAccess === true
                        ? 'panel.handBack.role.yes'
                        : writeAccess === false
                          ? 'panel.handBack.role.no'
                          : 'panel.handBack.role.unknown',
                    )}
                    {comment.path
                      ? ` · ${
                          comment.line
                            ? t('panel.handBack.at', { path: comment.path, line: comment.line })
                            : comment.path
                        }`
                      : ''}
                  </span>
                  <span className="hand-back-body">{comment.body.slice(0, 300)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {status ? (
        <>
          <label htmlFor={`${id}-message`} className="hand-back-label">
            {t('panel.handBack.message')}
          </label>
          <p className="small muted" id={`${id}-hint`}>
            {edited !== null ? t('panel.handBack.edited') : t('panel.handBack.messageHint')}
            {edited !== null ? (
              <>
                {' '}
                <button type="button" className="link-button" onClick={reset}>
                  {t('panel.handBack.reset')}
                </button>
              </>
            ) : null}
          </p>
          <textarea
            id={`${id}-message`}
            className="hand-back-message"
            aria-describedby={`${id}-hint`}
            value={text}
            onChange={(event) => edit(event.target.value)}
            rows={12}
          />
          {empty ? (
            <p role="alert" className="small">
              {t('panel.handBack.empty')}
            </p>
          ) : null}
        </>
      ) : null}
      {failed && onNewConversation ? (
        <p role="alert" className="small">
          {t('panel.handBack.failed', { name })}
        </p>
      ) : null}
      <div className="now-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('common.cancel')}
        </button>
        {failed && onNewConversation ? (
          <button type="button" className="btn" onClick={elsewhere}>
            {t('panel.handBack.newConversation')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          disabled={!status || sending}
          onClick={() => void send()}
        >
          {sending ? t('panel.handBack.sending') : sendLabel}
        </button>
      </div>
    </dialog>
  );
}

import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useServerScope } from '@/components/common/server-scope';
import { ApiError, toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { callApi } from '@/lib/messaging/worker-client';

interface Queued {
  text: string;
  position: number | null;
}

/** The server keeps at most this many messages for a conversation that is still starting. */
const QUEUE_LIMIT = 10;

/**
 * Messages typed while the server starts the conversation: queued on the server at once, and
 * handed to the agent as soon as the conversation is ready. Not a form of its own: it lives
 * inside the new-conversation form, so it sends on its button (or Ctrl+Enter), never on submit.
 */
export function StartQueue({ queueId }: { queueId: string }) {
  const id = useId();
  // The start's own server: the form's scope.
  const serverId = useServerScope();
  const [text, setText] = useState('');
  const [queued, setQueued] = useState<Queued[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const send = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await callApi(
        'v1.queuePendingMessage',
        { conversation_id: queueId, content: [{ type: 'text', text: message }] },
        serverId,
      );
      setQueued((current) => [...current, { text: message, position: answer.position ?? null }]);
      setText('');
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(
        apiError.kind === 'rate-limited'
          ? new ApiError('rate-limited', t('panel.new.queueFull', { limit: QUEUE_LIMIT }))
          : apiError,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <fieldset className="start-queue">
      <legend>
        <label htmlFor={`${id}-text`}>{t('panel.new.queueLabel')}</label>
      </legend>
      {queued.length ? (
        <ul className="start-queue-list" aria-label={t('panel.new.queuedList')}>
          {queued.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended.
            <li key={index} data-queued>
              <span className="muted small">{t('panel.new.queued')}</span> {message.text}
            </li>
          ))}
        </ul>
      ) : null}
      <textarea
        id={`${id}-text`}
        className="textarea"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <span className="field-hint">{t('panel.new.queueHint')}</span>
      <ErrorNotice error={error} />
      <button
        type="button"
        className="btn btn-small"
        disabled={sending || !text.trim()}
        onClick={() => void send()}
      >
        {sending ? t('panel.new.queueSending') : t('panel.new.queueSend')}
      </button>
    </fieldset>
  );
}

import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { sendToConversation } from './hooks/send-message';
import { ImageAttachments, useImageIntake } from './ImageAttachments';
import { readDraft, writeDraft } from './model/drafts';

export interface OutgoingMessage {
  id: number;
  text: string;
  images: string[];
  /** `sending` while the worker works on it; `sent` until the service echoes it back. */
  state: 'sending' | 'sent';
  /** The conversation was not running when it left: the worker starts it first. */
  queued: boolean;
}

interface ComposerProps {
  conversationId: string;
  generation: Generation;
  /** The conversation's stream is live; otherwise a message is queued until it runs. */
  live: boolean;
  disabled: boolean;
  /** The server cannot be reached: typing goes on (the draft is kept), sending waits. */
  offline?: boolean;
  /** The message box, for "Reply" elsewhere to put the focus in it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** A send failed (or null once it is old news): the view's one banner says so. */
  onError: (error: unknown) => void;
  onOutgoing: (message: OutgoingMessage) => void;
  onSettled: (id: number, outcome: 'sent' | 'failed') => void;
}

const SAVE_DELAY_MS = 300;

/**
 * Writes to the agent. Enter sends, Shift+Enter starts a new line; images come by paste, drop
 * or the picker. The draft is saved per conversation as it is typed and only cleared once the
 * worker took the message, so a closed panel or a failed send loses nothing.
 */
export function Composer({
  conversationId,
  generation,
  live,
  disabled,
  offline = false,
  inputRef,
  onError,
  onOutgoing,
  onSettled,
}: ComposerProps) {
  const serverId = useServerScope();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);
  const [sending, setSending] = useState(false);
  const intake = useImageIntake(images, setImages);
  const ownTextarea = useRef<HTMLTextAreaElement | null>(null);
  const textarea = inputRef ?? ownTextarea;

  useEffect(() => {
    let alive = true;
    void readDraft(conversationId).then((draft) => {
      if (!alive) return;
      if (draft) {
        setText((current) => current || draft.text);
        setImages((current) => (current.length ? current : draft.images));
      }
      setRestored(true);
    });
    return () => {
      alive = false;
    };
  }, [conversationId]);

  useEffect(() => {
    if (!restored) return;
    const timer = setTimeout(
      () => void writeDraft(conversationId, { text, images }),
      SAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [conversationId, text, images, restored]);

  const send = async () => {
    const message = text.trim();
    if (!message || sending || disabled || offline) return;
    setSending(true);
    try {
      const sent = await sendToConversation(
        { conversationId, generation, serverId, live },
        message,
        images,
        { onError, onOutgoing, onSettled },
      );
      // Words typed while it was on its way stay in the box.
      const typedMeanwhile = textarea.current && textarea.current.value.trim() !== message;
      if (sent && !typedMeanwhile) {
        setText('');
        setImages([]);
        await writeDraft(conversationId, { text: '', images: [] });
      }
    } finally {
      setSending(false);
      textarea.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className="composer"
      data-dragging={intake.dragging || undefined}
      aria-label={t('panel.composer.label')}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      {...intake.dropHandlers}
    >
      <textarea
        ref={textarea}
        className="textarea"
        aria-label={t('panel.composer.message')}
        placeholder={disabled ? t('panel.composer.disabled') : t('panel.composer.placeholder')}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${conversationId}-composer-hint`}
      />
      <div className="row">
        <ImageAttachments
          images={images}
          onChange={setImages}
          addFiles={intake.addFiles}
          refused={intake.refused}
          disabled={disabled || sending}
        />
        <span id={`${conversationId}-composer-hint`} className="grow small muted composer-hint">
          {sending
            ? live
              ? t('panel.composer.sending')
              : t('panel.composer.queued')
            : offline
              ? t('panel.composer.offline')
              : t('panel.composer.hint')}
        </span>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={disabled || offline || sending || !text.trim()}
        >
          {t('panel.composer.send')}
        </button>
      </div>
    </form>
  );
}

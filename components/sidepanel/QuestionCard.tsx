import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import {
  type AskUserQuestion,
  answersOf,
  type Drafts,
  EMPTY_DRAFT,
  filterOptions,
  type OpenQuestion,
  optionsOf,
} from '@/lib/timeline/question';
import { printable } from '@/lib/timeline/text';
import type { AnswerAction, Answers } from './hooks/useQuestionAnswer';

/** From this many choices on, a question gets a filter and a list that scrolls. */
export const MANY_CHOICES = 8;
/** A filtered list shows at most this many choices; typing narrows it. */
const SHOWN_AT_MOST = 200;

/** The two ways to answer without an answer: decline, or leave it to the agent. */
const REFUSALS = [
  { action: 'decline', label: 'panel.question.decline', hint: 'panel.question.declineHint' },
  {
    action: 'cancel',
    label: 'panel.question.leaveToAgent',
    hint: 'panel.question.leaveToAgentHint',
  },
] as const;

/** Whether focus is somewhere typing happens (single-key shortcuts stay out of the way). */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return (
    !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
  );
}

function isChoice(target: EventTarget | null): boolean {
  const input = target as HTMLInputElement | null;
  return input?.tagName === 'INPUT' && (input.type === 'radio' || input.type === 'checkbox');
}

export interface QuestionCardProps {
  question: OpenQuestion;
  /** The server cannot be reached: nothing can be sent. */
  offline: boolean;
  /** This question's answer is on its way. */
  sending: boolean;
  /** This question was answered from this panel. */
  answered: boolean;
  /** The server will take no answer to it any more (closed elsewhere): nothing can be sent. */
  closed?: boolean;
  onAnswer: (action: AnswerAction, answers?: Answers) => void;
  /**
   * Whether an event comes from the person: only a trusted click or key answers (a script in the
   * page cannot). Tests stand in for the browser here.
   */
  trusted?: (event: Event) => boolean;
}

const byPerson = (event: Event) => event.isTrusted;

/**
 * The agent's question under the now line: its words as plain text, its choices (one, or any
 * that apply; a filter and a scrolling list when there are many; a text box when there are none),
 * and three ways to answer: send the answer, decline, or leave it to the agent. Keys: 1–9 choose
 * among the first question's choices shown (or the focused question's), Enter on a choice sends,
 * Ctrl+Enter sends from a text box.
 */
export function QuestionCard({
  question,
  offline,
  sending,
  answered,
  closed = false,
  onAnswer,
  trusted = byPerson,
}: QuestionCardProps) {
  const [drafts, setDrafts] = useState<Drafts>({});
  const [filters, setFilters] = useState<Readonly<Record<string, string>>>({});
  const [incomplete, setIncomplete] = useState(false);
  const form = useRef<HTMLFormElement | null>(null);
  const off = offline || sending || answered || closed;
  const count = question.questions.length;

  const shown = useMemo(
    () =>
      Object.fromEntries(
        question.questions.map((q) => [q.id, filterOptions(optionsOf(q), filters[q.id] ?? '')]),
      ),
    [question.questions, filters],
  );

  const pick = (q: AskUserQuestion, optionId: string, on?: boolean) => {
    setIncomplete(false);
    setDrafts((before) => {
      const draft = before[q.id] ?? EMPTY_DRAFT;
      const has = draft.picked.includes(optionId);
      const want = on ?? !has;
      const picked = q.multi_select
        ? want
          ? has
            ? draft.picked
            : [...draft.picked, optionId]
          : draft.picked.filter((id) => id !== optionId)
        : want
          ? [optionId]
          : [];
      return { ...before, [q.id]: { ...draft, picked } };
    });
  };

  const type = (q: AskUserQuestion, words: string) => {
    setIncomplete(false);
    setDrafts((before) => ({
      ...before,
      [q.id]: { picked: before[q.id]?.picked ?? [], words },
    }));
  };

  const accept = () => {
    if (off) return;
    const answers = answersOf(question.questions, drafts);
    if (!answers) {
      setIncomplete(true);
      return;
    }
    onAnswer('accept', answers);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trusted(event.nativeEvent)) accept();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const inText = (event.target as HTMLElement).tagName === 'TEXTAREA';
    if (isChoice(event.target) || (inText && (event.ctrlKey || event.metaKey))) {
      event.preventDefault();
      if (trusted(event.nativeEvent)) accept();
    }
  };

  /** Focuses the first element `selector` matches in one question's field. */
  const focusIn = (questionId: string, selector: string) =>
    form.current
      ?.querySelector<HTMLElement>(`[data-question-id="${CSS.escape(questionId)}"] ${selector}`)
      ?.focus();

  const refuse = (action: 'decline' | 'cancel') => (event: { nativeEvent: Event }) => {
    if (off || !trusted(event.nativeEvent)) return;
    onAnswer(action);
  };

  // 1–9 choose the nth choice shown, unless the person is typing somewhere.
  useEffect(() => {
    if (off) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (typingIn(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (!/^[1-9]$/.test(event.key)) return;
      const focused = (document.activeElement as HTMLElement | null)?.closest('[data-question-id]');
      const id = focused?.getAttribute('data-question-id');
      const q = question.questions.find((each) => each.id === id) ?? question.questions[0];
      const option = q ? shown[q.id]?.[Number(event.key) - 1] : undefined;
      if (!q || !option) return;
      event.preventDefault();
      pick(q, option.id, q.multi_select ? undefined : true);
      focusIn(q.id, `input[value="${CSS.escape(option.id)}"]`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <form
      ref={form}
      className="question"
      aria-label={t('panel.question.label')}
      data-request-id={question.requestId}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
    >
      {question.questions.map((q, index) => {
        const options = optionsOf(q);
        const draft = drafts[q.id] ?? EMPTY_DRAFT;
        const filter = filters[q.id] ?? '';
        const many = options.length >= MANY_CHOICES;
        const visible = shown[q.id] ?? [];
        const listed = visible.slice(0, SHOWN_AT_MOST);
        const focusFirst = () => focusIn(q.id, '.question-options input');
        return (
          <fieldset key={q.id} className="question-field" data-question-id={q.id} disabled={off}>
            <legend className="question-text">
              {count > 1 ? (
                <span className="question-counter">
                  {t('panel.question.counter', { index: index + 1, count })}
                </span>
              ) : null}
              {printable(q.question)}
            </legend>
            {options.length === 0 ? (
              <label className="question-words">
                <span className="small muted">{t('panel.question.inWords')}</span>
                <textarea
                  aria-label={t('panel.question.answerLabel')}
                  rows={3}
                  maxLength={20_000}
                  value={draft.words}
                  onChange={(event) => type(q, event.target.value)}
                />
              </label>
            ) : (
              <>
                <p className="small muted question-hint">
                  {q.multi_select ? t('panel.question.pickMany') : t('panel.question.pickOne')}
                  {many && draft.picked.length ? (
                    <> · {t('panel.question.chosen', { count: draft.picked.length })}</>
                  ) : null}
                </p>
                {many ? (
                  <input
                    type="search"
                    className="question-filter"
                    aria-label={t('panel.question.filter', { count: options.length })}
                    placeholder={t('panel.question.filter', { count: options.length })}
                    value={filter}
                    onChange={(event) =>
                      setFilters((before) => ({ ...before, [q.id]: event.target.value }))
                    }
                    onKeyDown={(event) => {
                      if (event.key === 'ArrowDown') {
                        event.preventDefault();
                        focusFirst();
                      } else if (event.key === 'Enter') {
                        // Enter in the filter picks the one match left; it never sends.
                        event.preventDefault();
                        const only = visible.length === 1 ? visible[0] : undefined;
                        if (only) {
                          pick(q, only.id, true);
                          focusFirst();
                        }
                      }
                    }}
                  />
                ) : null}
                <div className={`question-options${many ? ' question-options-many' : ''}`}>
                  {listed.map((option) => (
                    <label key={option.id} className="question-option">
                      <input
                        type={q.multi_select ? 'checkbox' : 'radio'}
                        name={`question-${q.id}`}
                        value={option.id}
                        checked={draft.picked.includes(option.id)}
                        onChange={(event) => pick(q, option.id, event.target.checked)}
                      />
                      <span className="question-option-words">
                        <span>{printable(option.label)}</span>
                        {option.description ? (
                          <span className="small muted">{printable(option.description)}</span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                </div>
                {many ? (
                  <p className="small muted" aria-live="polite">
                    {visible.length === 0
                      ? t('panel.question.filterNone', { text: filter })
                      : visible.length > listed.length || filter
                        ? t('panel.question.shown', {
                            shown: listed.length,
                            count: options.length,
                          })
                        : null}
                  </p>
                ) : null}
              </>
            )}
          </fieldset>
        );
      })}
      {incomplete ? (
        <p className="question-incomplete" role="alert">
          {t('panel.question.needsAnswer')}
        </p>
      ) : null}
      <div className="now-actions">
        <button type="submit" className="btn btn-primary" disabled={off}>
          {sending ? t('panel.question.sending') : t('panel.question.send')}
        </button>
        {REFUSALS.map(({ action, label, hint }) => (
          <button
            key={action}
            type="button"
            className="btn"
            title={t(hint)}
            disabled={off}
            onClick={refuse(action)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {answered ? (
        <p className="small" role="status">
          {t('panel.question.sent')}
        </p>
      ) : !closed && question.questions.some((q) => optionsOf(q).length) ? (
        <p className="small muted">{t('panel.question.keys')}</p>
      ) : null}
      {offline ? <p className="small muted">{t('panel.now.offlineControls')}</p> : null}
    </form>
  );
}

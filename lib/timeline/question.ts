// The agent's questions to the person (agent servers 1.54+, docs/contract/agent-server.md#questions-from-the-agent):
// which one is open, what its timeline rows say, the answer a person's choices make, and what a
// failed answer means in plain words. A question is open until an answer names its request; the
// server's status for it, `waiting_for_confirmation`, is the same as a confirmation's.
import type { ApiEvent } from '@/lib/api';
import type { AskUserQuestion } from '@/lib/api/v1/events';
import { t } from '@/lib/i18n';
import type { TimelineRow } from './pairing';
import { describeProblem, type Problem, problemInputOfError } from './problems';

export type { AskUserQuestion };

/** The question the agent waits on. */
export interface OpenQuestion {
  /** Row key of its request: answers are remembered per question. */
  key: string;
  requestId: string;
  questions: AskUserQuestion[];
  /** Server time it was asked. */
  since: string | null;
}

type RequestEvent = Extract<ApiEvent, { type: 'v1.ask-user-request' }>;
type ResponseEvent = Extract<ApiEvent, { type: 'v1.ask-user-response' }>;

/**
 * The newest question no answer names, reading back from the end (answers come after their
 * question in the timeline's order); null when there is none.
 */
export function openQuestion(rows: readonly TimelineRow[]): OpenQuestion | null {
  const answered = new Set<string>();
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index] as TimelineRow;
    const event = row.primary.event;
    if (event.type === 'v1.ask-user-response') answered.add(event.request_id);
    else if (event.type === 'v1.ask-user-request' && !answered.has(event.request_id)) {
      return {
        key: row.key,
        requestId: event.request_id,
        questions: event.questions,
        since: event.timestamp,
      };
    }
  }
  return null;
}

/** Whether an ActionEvent is the `ask_user` tool's: its question is told by the request row. */
export function isAskUserAction(event: ApiEvent): boolean {
  return (
    (event.type === 'v1.action' && event.actionKind === 'AskUserAction') ||
    (event.type === 'v1.observation' && event.observationKind === 'AskUserObservation')
  );
}

export function optionsOf(question: AskUserQuestion): NonNullable<AskUserQuestion['options']> {
  return question.options ?? [];
}

/** A request's questions in words, one block each, with the choices it offers. */
export function questionText(event: RequestEvent): string {
  return event.questions
    .map((question) => {
      const options = optionsOf(question);
      if (!options.length) return `${question.question}\n${t('panel.event.questionNoChoices')}`;
      const heading = question.multi_select
        ? t('panel.event.questionManyChoices')
        : t('panel.event.questionChoices');
      const lines = options.map(
        (option) => `- ${option.label}${option.description ? `: ${option.description}` : ''}`,
      );
      return [question.question, heading, ...lines].join('\n');
    })
    .join('\n\n');
}

/** The labels an answer carries, in question order. */
export function answerLabels(event: ResponseEvent): string[] {
  const labels: string[] = [];
  for (const value of Object.values(event.answers ?? {})) {
    for (const pick of Array.isArray(value) ? value : [value]) labels.push(pick.label);
  }
  return labels;
}

/** An answer's row: who closed the question, and how. */
export function answerWords(event: ResponseEvent): { title: string; detail: string | null } {
  // The server's own answer (time-out, restart, the conversation closing) is always a cancel.
  if (event.source === 'environment') {
    return { title: t('panel.event.answerClosed'), detail: t('panel.event.answerClosedWhy') };
  }
  switch (event.action) {
    case 'accept': {
      const labels = answerLabels(event);
      return labels.length
        ? { title: t('panel.event.answered'), detail: labels.join('\n') }
        : { title: t('panel.event.answeredNothing'), detail: null };
    }
    case 'decline':
      return { title: t('panel.event.answerDeclined'), detail: null };
    case 'cancel':
      return { title: t('panel.event.answerLeftToAgent'), detail: null };
    default:
      return { title: t('panel.event.answerUnknown', { action: event.action }), detail: null };
  }
}

// --- Answering --------------------------------------------------------------------------------

/** One question's answer as a person gave it: the options picked, or the words typed. */
export interface Draft {
  picked: string[];
  words: string;
}

export type Drafts = Readonly<Record<string, Draft>>;

/** A question nothing has been chosen or typed for yet. */
export const EMPTY_DRAFT: Readonly<Draft> = { picked: [], words: '' };

/** What a free-text answer is sent as: the words in `label`; upstream reads no option id then. */
export const FREE_TEXT_OPTION = 'free-text';

/**
 * The `answers` of an accept: every question needs its answer (picks where there are options,
 * words where there are none); null while one is missing.
 */
export function answersOf(
  questions: readonly AskUserQuestion[],
  drafts: Drafts,
): Record<string, { option_id: string; label: string }[]> | null {
  const out: Record<string, { option_id: string; label: string }[]> = {};
  for (const question of questions) {
    const draft = drafts[question.id] ?? EMPTY_DRAFT;
    const options = optionsOf(question);
    if (!options.length) {
      const words = draft.words.trim();
      if (!words) return null;
      out[question.id] = [{ option_id: FREE_TEXT_OPTION, label: words }];
      continue;
    }
    const picks = options.filter((option) => draft.picked.includes(option.id));
    if (!picks.length) return null;
    out[question.id] = (question.multi_select ? picks : picks.slice(0, 1)).map((option) => ({
      option_id: option.id,
      label: option.label,
    }));
  }
  return out;
}

/** Options whose label or description holds every word typed in the filter. */
export function filterOptions<O extends { label: string; description?: string | null }>(
  options: readonly O[],
  filter: string,
): O[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...options];
  return options.filter((option) => {
    const text = `${option.label} ${option.description ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

// --- A failed answer --------------------------------------------------------------------------

function problem(kind: Problem['kind'], step: Problem['step'], raw: string | null): Problem {
  return {
    kind,
    title: t(`panel.problem.${kind}.title`),
    next: t(`panel.problem.${kind}.next`),
    step,
    raw,
  };
}

/** The marker of an answer the worker refused itself (lib/background/conversation-commands.ts). */
const QUESTION_CLOSED = 'HANDOFF$QUESTION_CLOSED';

/**
 * A failed answer in words. 409s carry upstream's reason: nothing pending means the question was
 * closed elsewhere; anything else means the answer no longer fits it. No route means the server
 * predates questions; 429 means the answer was kept but the agent could not go on yet.
 */
export function answerProblem(error: unknown): Problem {
  const value = (typeof error === 'object' && error !== null ? error : {}) as {
    kind?: unknown;
    status?: unknown;
    serverMessage?: unknown;
    message?: unknown;
    msgId?: unknown;
  };
  const said = typeof value.serverMessage === 'string' ? value.serverMessage : null;
  const raw = said ?? (typeof value.message === 'string' ? value.message : null);
  const missingRoute =
    value.status === 405 || (value.status === 404 && (!said || said === 'Not Found'));
  if (value.msgId === QUESTION_CLOSED) return problem('question-closed', null, raw);
  if (missingRoute) return problem('server-too-old', null, raw);
  if (value.kind === 'not-found') return problem('conversation-gone', null, raw);
  if (value.kind === 'rate-limited') return problem('answer-kept', 'resume', raw);
  if (value.kind === 'conflict') {
    if (said && /no pending ask_user request/i.test(said)) {
      return problem('question-closed', null, raw);
    }
    if (said && /ask_user|question|option/i.test(said)) {
      return problem('answer-refused', null, raw);
    }
  }
  if (value.kind === 'validation') return problem('answer-refused', null, raw);
  return describeProblem(problemInputOfError(error));
}

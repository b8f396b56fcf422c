import { lazy, memo, Suspense, useDeferredValue, useSyncExternalStore } from 'react';
import { Icon, type IconName } from '@/components/common/icons';
import { Markdown } from '@/components/common/Markdown';
import { isEmbeddedImage, safeUrl } from '@/components/common/markdown-safety';
import { t } from '@/lib/i18n';
import type { Outcome, RowIcon, RowView } from '@/lib/timeline/describe';
import type { TimelineRow as Row } from '@/lib/timeline/pairing';
import { highlightParts, printable, snippetAround } from '@/lib/timeline/text';
import { clockOf, formatDuration } from '@/lib/timeline/time';
import { Highlighted } from './Highlighted';
import { PathText } from './PathText';

// What an opened row shows (outputs, diffs and the diff library) loads the first time a row opens:
// the first rows paint without it.
const RowDetail = lazy(() =>
  import('./RowDetail').then((module) => ({ default: module.RowDetail })),
);

const rowIcons: Readonly<Record<RowIcon, IconName>> = {
  user: 'user',
  agent: 'bot',
  command: 'terminal',
  read: 'fileText',
  edit: 'filePen',
  browse: 'globe',
  mcp: 'plug',
  think: 'lightbulb',
  finish: 'flag',
  tasks: 'listTodo',
  system: 'settings',
  condensation: 'fold',
  state: 'circleDot',
  pause: 'pause',
  tool: 'wrench',
  reject: 'ban',
  error: 'alert',
  recall: 'bookOpen',
  delegate: 'forward',
  question: 'circleHelp',
  answer: 'reply',
  unknown: 'circleHelp',
};

const outcomeIcons: Readonly<Record<NonNullable<Outcome>, IconName>> = {
  success: 'check',
  failure: 'x',
  running: 'loader',
  rejected: 'ban',
};

function outcomeLabel(outcome: NonNullable<Outcome>, exitCode: number | null): string {
  if (exitCode !== null && outcome !== 'running')
    return t('panel.outcome.exit', { code: exitCode });
  return t(`panel.outcome.${outcome}`);
}

function MessageImages({ urls }: { urls: string[] }) {
  if (!urls.length) return null;
  return (
    <div className="thumbs">
      {urls.map((url, index) =>
        isEmbeddedImage(url) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: images of one message never reorder.
          <img key={index} src={url} alt={t('panel.message.image', { number: index + 1 })} />
        ) : safeUrl(url) ? (
          // Remote images are not loaded: they would tell their host the person looked.
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={index} href={safeUrl(url)} target="_blank" rel="noopener noreferrer nofollow">
            {t('panel.message.image', { number: index + 1 })}
          </a>
        ) : null,
      )}
    </div>
  );
}

/**
 * An agent's message as markdown. Rendering markdown costs milliseconds per message, and rows
 * mount by the dozen while the person scrolls or events stream in: the text shows at once and
 * the markdown follows in a deferred (interruptible) render, so no frame waits for it.
 */
function AgentText({ text }: { text: string }) {
  const settled = useSyncExternalStore(onSettled, isSettled, isSettled);
  const rich = useDeferredValue(settled, false);
  return rich ? <Markdown text={text} /> : <div className="markdown plain-markdown">{text}</div>;
}

// The markdown renderer (and its highlighter) is the panel's largest piece of code: it loads once
// the panel has painted its first rows and the browser is idle, never in the way of that paint.
let settledNow = false;
const settledListeners = new Set<() => void>();
function isSettled(): boolean {
  return settledNow;
}
function onSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  if (settledListeners.size === 1 && !settledNow) {
    const settle = () => {
      settledNow = true;
      for (const notify of settledListeners) notify();
    };
    // After the next paint, then when the main thread has nothing else to do.
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(settle, { timeout: 800 });
        else settle();
      }, 0),
    );
  }
  return () => settledListeners.delete(listener);
}

/** Where in the row's text the search words are, when the title does not show them. */
function MatchSnippet({ view, query }: { view: RowView; query: string }) {
  if (highlightParts(`${view.title} ${view.code ?? ''}`, query).some((part) => part.match))
    return null;
  const detail = view.detail;
  const texts = [
    view.message?.text,
    view.thought,
    detail.kind === 'command' || detail.kind === 'browse' || detail.kind === 'file-change'
      ? detail.output
      : detail.kind === 'text'
        ? detail.text
        : detail.kind === 'mcp'
          ? detail.result
          : null,
  ];
  for (const text of texts) {
    const snippet = text ? snippetAround(printable(text), query) : null;
    if (snippet) {
      return (
        <p className="row-thought" data-snippet>
          <Highlighted text={snippet} query={query} />
        </p>
      );
    }
  }
  return null;
}

export interface TimelineRowProps {
  row: Row;
  view: RowView;
  position: number;
  total: number;
  expanded: boolean;
  onToggle: (key: string) => void;
  /** The row matches the event search. */
  match: boolean;
  /** Briefly outlined after a jump. */
  flash: boolean;
  query: string | null;
}

/**
 * One row: an action with its result, a message, or a lone event. Memoised: a row re-renders
 * only when its events, its expansion or its highlighting change.
 */
export const TimelineRow = memo(function TimelineRow({
  row,
  view,
  position,
  total,
  expanded,
  onToggle,
  match,
  flash,
  query,
}: TimelineRowProps) {
  const primaryId = row.primary.event.id;
  const answerId = row.answer?.event.id ?? null;
  const outcome = view.outcome;
  return (
    <article
      className="timeline-row"
      data-event-id={primaryId ?? undefined}
      data-row-key={row.key}
      data-category={view.category}
      data-outcome={outcome ?? undefined}
      data-match={match || undefined}
      data-flash={flash || undefined}
      aria-posinset={position}
      aria-setsize={total}
      aria-label={[view.title, view.code].filter(Boolean).join(' ')}
    >
      {view.thought ? <p className="row-thought">{printable(view.thought)}</p> : null}
      <button
        type="button"
        className="row-summary"
        aria-expanded={expanded}
        onClick={() => onToggle(row.key)}
      >
        <span className="row-icon" data-icon={view.icon}>
          <Icon name={rowIcons[view.icon]} />
        </span>
        <span className="row-title">
          <span className="row-words">
            <Highlighted text={view.title} query={query} />
          </span>
          {view.code ? (
            view.codeIsPath ? (
              <PathText path={view.code} query={query} />
            ) : (
              <code className="row-code">
                <Highlighted text={printable(view.code)} query={query} />
              </code>
            )
          ) : null}
          {view.awaitingConfirmation ? (
            <span className="chip"> {t('panel.outcome.awaitingConfirmation')}</span>
          ) : null}
        </span>
        <span className="row-meta">
          {outcome ? (
            <span className={`outcome-${outcome}`} title={outcomeLabel(outcome, view.exitCode)}>
              <Icon name={outcomeIcons[outcome]} spin={outcome === 'running'} />
              <span className="visually-hidden">{outcomeLabel(outcome, view.exitCode)}</span>
              {view.exitCode !== null && view.exitCode !== 0 && view.exitCode !== -1 ? (
                <span aria-hidden="true"> {view.exitCode}</span>
              ) : null}
            </span>
          ) : null}
          {view.durationMs !== null ? <span>{formatDuration(view.durationMs)}</span> : null}
          <time dateTime={view.timestamp ?? undefined}>{clockOf(view.timestamp)}</time>
        </span>
      </button>
      {view.message ? (
        <div className={`message ${view.message.fromUser ? 'message-user' : ''}`}>
          {view.message.fromUser ? (
            printable(view.message.text)
          ) : (
            <AgentText text={printable(view.message.text)} />
          )}
          <MessageImages urls={view.message.images} />
        </div>
      ) : null}
      {match && query ? <MatchSnippet view={view} query={query} /> : null}
      {expanded ? (
        <Suspense fallback={<p className="row-body muted small">{t('common.loading')}</p>}>
          <RowDetail row={row} view={view} />
        </Suspense>
      ) : null}
      {answerId !== null ? <span hidden data-event-id={answerId} /> : null}
    </article>
  );
});

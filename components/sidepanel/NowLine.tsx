import { type ReactNode, useEffect } from 'react';
import { Icon, type IconName } from '@/components/common/icons';
import { PathText } from '@/components/timeline/PathText';
import { t } from '@/lib/i18n';
import { minutesWithoutProgress } from '@/lib/messaging/conversation-index';
import type { NowKind, NowState, PendingAction } from '@/lib/timeline/now';
import type { NextStep, Problem } from '@/lib/timeline/problems';
import { elapsedSince } from '@/lib/timeline/server-clock';
import { printable } from '@/lib/timeline/text';
import { formatDuration } from '@/lib/timeline/time';
import { useNow } from './hooks/useNow';

const kindIcons: Readonly<Record<NowKind, IconName>> = {
  working: 'loader',
  confirm: 'circleAlert',
  question: 'circleHelp',
  reply: 'reply',
  finished: 'circleCheck',
  paused: 'circlePause',
  stopped: 'square',
  starting: 'loader',
  error: 'alert',
  offline: 'cloudOff',
  reconnecting: 'refresh',
  connecting: 'loader',
  deleted: 'x',
  unknown: 'circleHelp',
};

/** Quiet this long while working, the line says so: the agent may be stuck or waiting. */
const QUIET_MS = 60_000;

/** Whether focus is somewhere typing happens (single-key shortcuts stay out of the way). */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return (
    !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
  );
}

function riskKey(risk: string | null): 'LOW' | 'MEDIUM' | 'HIGH' | 'UNKNOWN' {
  return risk === 'LOW' || risk === 'MEDIUM' || risk === 'HIGH' ? risk : 'UNKNOWN';
}

export interface NowLineProps {
  now: NowState;
  /**
   * The person's "no progress" setting (minutes; 0 turns it off): working and silent this long,
   * the line says so with the next steps.
   */
  quietAfterMinutes?: number;
  /** Server-time offset (lib/timeline/server-clock.ts) for elapsed times. */
  offset: number;
  pending: PendingAction | null;
  /** A failure of the person's own last request (a control, a message), shown when the state has none. */
  requestProblem: Problem | null;
  onDismissRequestProblem: () => void;
  /** Answering the pending action: on its way, or already answered. */
  answering: 'confirm' | 'reject' | null;
  answered: boolean;
  onConfirm: () => void;
  onReject: () => void;
  onReply: () => void;
  /** The agent's question with its choices, shown while the line says it asks (QuestionCard). */
  questionCard?: ReactNode;
  /** The next steps a problem can offer; those without a handler are not shown. */
  onStep: Partial<Record<Exclude<NextStep, null>, () => void>>;
  /** Words for a step's button, when the panel has better ones (Start vs Resume sandbox). */
  stepLabels?: Partial<Record<Exclude<NextStep, null>, string>>;
  /** The server's settings page, for LLM keys and budgets. */
  llmSettingsUrl: string | null;
  onBack: () => void;
}

function stepLabel(step: Exclude<NextStep, null>, labels: NowLineProps['stepLabels']): string {
  if (labels?.[step]) return labels[step] as string;
  switch (step) {
    case 'server-settings':
      return t('panel.problem.openServerSettings');
    case 'token-settings':
      return t('panel.problem.openTokenSettings');
    case 'llm-settings':
      return t('panel.problem.openLlmSettings');
    case 'start':
      return t('panel.controls.start');
    case 'resume':
      return t('panel.controls.resume');
    case 'retry':
      return t('panel.problem.retry');
    case 'reply':
      return t('panel.now.reply');
  }
}

/** One problem: what happened, what to do, the way to do it, and the raw words one click away. */
function ProblemBody({
  problem,
  props,
  onDismiss,
}: {
  problem: Problem;
  props: NowLineProps;
  onDismiss?: () => void;
}) {
  const step = problem.step;
  let action = null;
  if (step === 'llm-settings' && props.llmSettingsUrl) {
    action = (
      <a
        className="btn btn-small"
        href={props.llmSettingsUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        <Icon name="externalLink" />
        {stepLabel(step, props.stepLabels)}
      </a>
    );
  } else if (step && step !== 'llm-settings' && props.onStep[step]) {
    const run = props.onStep[step];
    action = (
      <button type="button" className="btn btn-small" onClick={run}>
        {stepLabel(step, props.stepLabels)}
      </button>
    );
  }
  return (
    <div className="now-problem" data-problem={problem.kind} role={onDismiss ? 'alert' : undefined}>
      {/* A failed request of the person's own: the line above says the state, this says why. */}
      {onDismiss ? <p className="now-request-failed">{problem.title}</p> : null}
      <p className="now-next">{problem.next}</p>
      <div className="now-actions">
        {action}
        {onDismiss ? (
          <button type="button" className="btn btn-small" onClick={onDismiss}>
            {t('panel.problem.dismiss')}
          </button>
        ) : null}
      </div>
      <details className="now-details">
        <summary>{t('panel.problem.details')}</summary>
        {problem.raw ? (
          <pre className="output">{printable(problem.raw)}</pre>
        ) : (
          <p className="muted small">{t('panel.problem.noDetails')}</p>
        )}
      </details>
    </div>
  );
}

/**
 * The line under the header that says what the agent is doing now ("Running `npm test` · 42 s"),
 * loudly when the person is needed (with Confirm / Reject or Reply right there), what went wrong
 * in plain words with the next step, and when the connection is down. It is the panel's one
 * banner: a failed request of the person's own shows here too, never stacked on another.
 */
export function NowLine(props: NowLineProps) {
  const { now, offset, pending } = props;
  const clock = useNow(1000);
  const elapsed = elapsedSince(now.since, offset, clock);
  const confirming = now.kind === 'confirm';

  // Y and N answer the pending action, unless the person is typing somewhere.
  const { onConfirm, onReject, answered, answering } = props;
  const canAnswer = confirming && !!pending && !now.offline && !answered && !answering;
  useEffect(() => {
    if (!canAnswer) return;
    const onKey = (event: KeyboardEvent) => {
      if (typingIn(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'y') {
        event.preventDefault();
        onConfirm();
      } else if (key === 'n') {
        event.preventDefault();
        onReject();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canAnswer, onConfirm, onReject]);

  let headline = now.headline;
  if (now.kind === 'reconnecting' && now.retryAt !== null) {
    headline = t('panel.now.reconnectingIn', {
      seconds: Math.max(0, Math.ceil((now.retryAt - clock) / 1000)),
    });
  }
  const words = now.kind === 'deleted' ? t('panel.conversation.deleted') : (now.words ?? null);
  const quiet = now.kind === 'working' && !now.code && elapsed !== null && elapsed >= QUIET_MS;
  const noProgress =
    now.kind === 'working' && elapsed !== null
      ? minutesWithoutProgress(elapsed, props.quietAfterMinutes ?? 0)
      : null;
  const problem = now.problem ?? props.requestProblem;
  const alarming = now.kind === 'error' || now.kind === 'offline' || now.kind === 'deleted';
  const highRisk = pending?.risk === 'HIGH';

  return (
    <section
      className="now"
      data-now={now.kind}
      data-tone={now.tone}
      aria-label={t('panel.now.label')}
    >
      <div className="now-main">
        <span className={`now-icon tone-${now.tone}`}>
          <Icon name={kindIcons[now.kind]} spin={now.busy} size={16} />
        </span>
        <p className="now-text" role={alarming ? 'alert' : 'status'}>
          {headline ? (
            <strong className="now-headline">
              {headline}
              {words
                ? now.kind === 'error' || now.kind === 'offline' || now.kind === 'reconnecting'
                  ? ': '
                  : ' · '
                : ''}
            </strong>
          ) : null}
          {words ? <span className="now-words">{words}</span> : null}
          {now.code && !confirming ? (
            <>
              {' '}
              {now.codeIsPath ? (
                <PathText path={now.code} />
              ) : (
                <code className="now-code">{printable(now.code)}</code>
              )}
            </>
          ) : null}
        </p>
        {elapsed !== null &&
        (now.kind === 'working' || now.kind === 'confirm' || now.kind === 'question') &&
        !quiet ? (
          <span className="now-time" data-elapsed>
            {formatDuration(elapsed)}
          </span>
        ) : null}
        {noProgress !== null ? (
          <span className="now-time tone-warning" data-no-progress={noProgress}>
            {t('panel.now.noProgress', { minutes: noProgress })}
          </span>
        ) : quiet && elapsed !== null ? (
          <span className="now-time" data-quiet>
            {t('panel.now.quiet', { duration: formatDuration(elapsed) })}
          </span>
        ) : null}
        {now.kind === 'reply' ? (
          <button type="button" className="btn btn-small btn-primary" onClick={props.onReply}>
            <Icon name="reply" />
            {t('panel.now.reply')}
          </button>
        ) : null}
        {now.kind === 'deleted' ? (
          <button type="button" className="link-button small" onClick={props.onBack}>
            {t('panel.shell.back')}
          </button>
        ) : null}
      </div>
      {noProgress !== null ? (
        <p className="now-next" data-no-progress-next>
          {t('panel.now.noProgressNext')}
        </p>
      ) : null}
      {confirming && pending ? (
        <fieldset
          className={`confirmation ${highRisk ? 'confirmation-high' : ''}`}
          data-pending-action="confirmation"
          tabIndex={-1}
        >
          <legend className="visually-hidden">{t('panel.controls.confirmationLabel')}</legend>
          <pre className="confirm-command">{printable(pending.code)}</pre>
          <div className="now-actions">
            {pending.risk ? (
              <span
                className={`risk risk-${riskKey(pending.risk)}`}
                data-risk={pending.risk}
                title={highRisk ? t('panel.controls.highRisk') : undefined}
              >
                {t('panel.controls.risk', { risk: t(`panel.risk.${riskKey(pending.risk)}`) })}
              </span>
            ) : null}
            <button
              type="button"
              className="btn btn-primary"
              aria-keyshortcuts="y"
              disabled={now.offline || !!answering || props.answered}
              onClick={onConfirm}
            >
              {answering === 'confirm'
                ? t('panel.controls.confirming')
                : t('panel.controls.confirm')}
              <span className="kbd" aria-hidden="true">
                Y
              </span>
            </button>
            <button
              type="button"
              className="btn btn-danger"
              aria-keyshortcuts="n"
              disabled={now.offline || !!answering || props.answered}
              onClick={onReject}
            >
              {answering === 'reject' ? t('panel.controls.rejecting') : t('panel.controls.reject')}
              <span className="kbd" aria-hidden="true">
                N
              </span>
            </button>
          </div>
          {now.offline ? <p className="small muted">{t('panel.now.offlineControls')}</p> : null}
        </fieldset>
      ) : null}
      {now.kind === 'question' && props.questionCard ? (
        <section
          data-pending-action="question"
          tabIndex={-1}
          aria-label={t('panel.now.pendingAction')}
        >
          {props.questionCard}
        </section>
      ) : null}
      {problem ? (
        <ProblemBody
          problem={problem}
          props={props}
          {...(now.problem ? {} : { onDismiss: props.onDismissRequestProblem })}
        />
      ) : null}
    </section>
  );
}

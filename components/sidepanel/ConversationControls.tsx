import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { ControlAction } from '@/lib/messaging/rpc';
import { rpc } from '@/lib/messaging/worker-client';
import { agentStateOfExecution } from '@/lib/timeline/status-words';

export interface PendingConfirmation {
  /** The row key of the action waiting: answers are remembered per action. */
  key: string;
  title: string;
  risk: string | null;
}

interface ControlsProps {
  conversationId: string;
  generation: Generation;
  status: string | null;
  agentState: string | null;
  executionStatus: string | null;
  sandboxStatus: string | null;
  /** Providers for `start` (V0 `providers_set`). */
  providers: string[] | null;
  pending: PendingConfirmation | null;
  /** Nothing can be controlled (deleted conversation). */
  disabled: boolean;
  onStopping: (stopping: boolean) => void;
  /** More buttons for the same row (search, export…). */
  children?: ReactNode;
}

/**
 * Start, stop, pause, resume, and the answer to an action awaiting confirmation, through the
 * worker (which speaks each interface's way). One request at a time, and one answer per
 * pending action: a second click on Confirm cannot confirm the next action by accident.
 */
export function ConversationControls({
  conversationId,
  generation,
  status,
  agentState,
  executionStatus,
  sandboxStatus,
  providers,
  pending,
  disabled,
  onStopping,
  children,
}: ControlsProps) {
  const [busy, setBusy] = useState<ControlAction | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  // State alone cannot stop two clicks in one task (both see the old state): refs do.
  const inFlight = useRef(false);
  const answeredRef = useRef<string | null>(null);
  const agent = generation === 'v1' ? agentStateOfExecution(executionStatus) : agentState;

  // A new pending action may be answered again.
  useEffect(() => {
    if (pending && pending.key !== answered) setError(null);
  }, [pending, answered]);

  const act = async (action: ControlAction) => {
    if (inFlight.current) return;
    if ((action === 'confirm' || action === 'reject') && pending) {
      if (answeredRef.current === pending.key) return;
      answeredRef.current = pending.key;
      setAnswered(pending.key);
    }
    inFlight.current = true;
    setBusy(action);
    setError(null);
    if (action === 'stop') onStopping(true);
    try {
      await rpc('conversation.control', {
        conversationId,
        generation,
        action,
        ...(action === 'start' && providers?.length ? { providersSet: providers } : {}),
      });
    } catch (failure) {
      setError(failure);
      if (action === 'confirm' || action === 'reject') {
        answeredRef.current = null;
        setAnswered(null);
      }
    } finally {
      inFlight.current = false;
      setBusy(null);
      if (action === 'stop') onStopping(false);
    }
  };

  const stopped =
    generation === 'v1' ? sandboxStatus === 'PAUSED' : status === 'STOPPED' || status === 'ERROR';
  const live =
    generation === 'v1'
      ? sandboxStatus === 'RUNNING'
      : status === 'RUNNING' || status === 'STARTING';
  const awaiting = agent === 'awaiting_user_confirmation';
  const canPause = live && (agent === 'running' || agent === 'rate_limited');
  const canResume = live && (agent === 'paused' || agent === 'stopped');
  const highRisk = pending?.risk === 'HIGH';

  return (
    <div className="controls-area">
      {awaiting && pending ? (
        <fieldset className={`confirmation ${highRisk ? 'confirmation-high' : ''}`}>
          <legend className="visually-hidden">{t('panel.controls.confirmationLabel')}</legend>
          <p className="small" style={{ margin: '0 0 4px' }}>
            {t('panel.controls.confirmQuestion')} <strong>{pending.title}</strong>
          </p>
          {pending.risk ? (
            <p className="small" style={{ margin: '0 0 4px' }} data-risk={pending.risk}>
              {t('panel.controls.risk', { risk: t(`panel.risk.${riskKey(pending.risk)}`) })}
              {highRisk ? ` ${t('panel.controls.highRisk')}` : ''}
            </p>
          ) : null}
          <div className="controls">
            <button
              type="button"
              className="btn btn-primary"
              disabled={disabled || !!busy || answered === pending.key}
              onClick={() => void act('confirm')}
            >
              {busy === 'confirm' ? t('panel.controls.confirming') : t('panel.controls.confirm')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={disabled || !!busy || answered === pending.key}
              onClick={() => void act('reject')}
            >
              {busy === 'reject' ? t('panel.controls.rejecting') : t('panel.controls.reject')}
            </button>
          </div>
        </fieldset>
      ) : null}
      <div className="controls">
        {stopped ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled || !!busy}
            onClick={() => void act('start')}
          >
            {busy === 'start' ? t('panel.controls.starting') : t('panel.controls.start')}
          </button>
        ) : null}
        {canPause ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled || !!busy}
            onClick={() => void act('pause')}
          >
            {busy === 'pause' ? t('panel.controls.pausing') : t('panel.controls.pause')}
          </button>
        ) : null}
        {canResume ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled || !!busy}
            onClick={() => void act('resume')}
          >
            {busy === 'resume' ? t('panel.controls.resuming') : t('panel.controls.resume')}
          </button>
        ) : null}
        {live ? (
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={disabled || !!busy}
            title={
              generation === 'v1' ? t('panel.controls.stopV1Hint') : t('panel.controls.stopV0Hint')
            }
            onClick={() => void act('stop')}
          >
            {busy === 'stop' ? t('panel.controls.stopping') : t('panel.controls.stop')}
          </button>
        ) : null}
        {children}
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}

function riskKey(risk: string): 'LOW' | 'MEDIUM' | 'HIGH' | 'UNKNOWN' {
  return risk === 'LOW' || risk === 'MEDIUM' || risk === 'HIGH' ? risk : 'UNKNOWN';
}

import { useState } from 'react';
import { Icon, type IconName } from '@/components/common/icons';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { agentStateOfExecution } from '@/lib/timeline/status-words';
import { ConfirmDialog } from './ConfirmDialog';
import type { ConversationActions } from './hooks/useConversationActions';

interface ControlsProps {
  generation: Generation;
  status: string | null;
  agentState: string | null;
  executionStatus: string | null;
  sandboxStatus: string | null;
  actions: ConversationActions;
  /** Nothing can be controlled (deleted conversation). */
  disabled: boolean;
  /** The server cannot be reached: controls that need it are off until it is back. */
  offline: boolean;
}

/**
 * A button whose width does not change with its label: every label it can show sits in one grid
 * cell, all but the current one invisible, so "Pause agent" becoming "Resume agent" (or
 * "Pausing…") moves nothing around it. Invisible labels are not part of its accessible name.
 */
function SteadyButton({
  labels,
  label,
  icon,
  className,
  disabled,
  title,
  onClick,
}: {
  labels: readonly string[];
  label: string;
  icon: IconName;
  className?: string;
  disabled: boolean;
  title?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-small ${className ?? ''}`}
      disabled={disabled}
      title={title}
      onClick={onClick}
    >
      <Icon name={icon} />
      <span className="steady">
        {labels.map((text) => (
          <span
            key={text}
            className={text === label ? undefined : 'steady-ghost'}
            aria-hidden={text === label ? undefined : true}
          >
            {text}
          </span>
        ))}
      </span>
    </button>
  );
}

/**
 * Pause or resume the agent, and stop or start what it runs in (V0: the runtime, V1: the
 * sandbox), on the title's line. Stopping asks first, and is not offered once the agent has
 * finished. Answers to a pending action live in the now line.
 */
export function ConversationControls({
  generation,
  status,
  agentState,
  executionStatus,
  sandboxStatus,
  actions,
  disabled,
  offline,
}: ControlsProps) {
  const [asking, setAsking] = useState(false);
  const { act, busy } = actions;
  const agent = generation === 'v1' ? agentStateOfExecution(executionStatus) : agentState;
  const stopped =
    generation === 'v1' ? sandboxStatus === 'PAUSED' : status === 'STOPPED' || status === 'ERROR';
  const live =
    generation === 'v1'
      ? sandboxStatus === 'RUNNING'
      : status === 'RUNNING' || status === 'STARTING';
  const canPause = live && (agent === 'running' || agent === 'rate_limited');
  const canResume = live && (agent === 'paused' || agent === 'stopped');
  const canStop = live && agent !== 'finished';
  const off = disabled || offline || !!busy;

  const agentLabels = [
    t('panel.controls.pause'),
    t('panel.controls.resume'),
    t('panel.controls.pausing'),
    t('panel.controls.resuming'),
  ];
  const stopWords =
    generation === 'v1'
      ? {
          stop: t('panel.controls.pauseSandbox'),
          start: t('panel.controls.resumeSandbox'),
          question: t('panel.controls.pauseSandboxQuestion'),
          explain: t('panel.controls.pauseSandboxExplain'),
        }
      : {
          stop: t('panel.controls.stopRuntime'),
          start: t('panel.controls.start'),
          question: t('panel.controls.stopRuntimeQuestion'),
          explain: t('panel.controls.stopRuntimeExplain'),
        };
  const sandboxLabels = [
    stopWords.stop,
    stopWords.start,
    t('panel.controls.stopping'),
    t('panel.controls.starting'),
  ];

  return (
    <>
      {canPause || canResume ? (
        <SteadyButton
          labels={agentLabels}
          label={
            busy === 'pause'
              ? t('panel.controls.pausing')
              : busy === 'resume'
                ? t('panel.controls.resuming')
                : canPause
                  ? t('panel.controls.pause')
                  : t('panel.controls.resume')
          }
          icon={canPause ? 'pause' : 'play'}
          disabled={off}
          onClick={() => void act(canPause ? 'pause' : 'resume')}
        />
      ) : null}
      {canPause && generation === 'v1' ? (
        <SteadyButton
          labels={[t('panel.controls.interrupt'), t('panel.controls.interrupting')]}
          label={
            busy === 'interrupt' ? t('panel.controls.interrupting') : t('panel.controls.interrupt')
          }
          icon="ban"
          title={t('panel.controls.interruptExplain')}
          disabled={off}
          onClick={() => void act('interrupt')}
        />
      ) : null}
      {stopped ? (
        <SteadyButton
          labels={sandboxLabels}
          label={busy === 'start' ? t('panel.controls.starting') : stopWords.start}
          icon="play"
          disabled={off}
          onClick={() => void act('start')}
        />
      ) : canStop ? (
        <SteadyButton
          labels={sandboxLabels}
          label={busy === 'stop' ? t('panel.controls.stopping') : stopWords.stop}
          icon="square"
          className="btn-danger"
          title={stopWords.explain}
          disabled={off}
          onClick={() => setAsking(true)}
        />
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={stopWords.question}
          body={stopWords.explain}
          confirmLabel={stopWords.stop}
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void act('stop');
          }}
        />
      ) : null}
    </>
  );
}

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { ServerScope, useScopedSettings } from '@/components/common/server-scope';
import { providerTokensOf, useServerSettings } from '@/components/common/use-server-settings';
import { type FieldError, providerTypeValues } from '@/lib/api';
import { cloneProviders } from '@/lib/api/agent-direct/clone';
import { ApiError, toApiError } from '@/lib/api/errors';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { providerName } from '@/lib/i18n/words';
import type { Settings } from '@/lib/settings/schema';
import { serverById } from '@/lib/settings/servers';
import { startTaskWords } from '@/lib/timeline/status-words';
import { BranchPicker } from './BranchPicker';
import { gitApiOf, useRepositorySearch } from './hooks/useGitSearch';

import { type ServerApis, useScopedApis } from './hooks/useServerApis';
import { useStartConversation } from './hooks/useStartConversation';
import { ImageAttachments, useImageIntake } from './ImageAttachments';
import { McpServersEditor } from './McpServersEditor';
import {
  type DraftField,
  draftFromLaunch,
  groupFieldErrors,
  isHandBackTask,
  mcpDraftOf,
  type NewConversationDraft,
  type NewConversationLaunch,
  sendsSuggestedTask,
  startCapabilitiesOf,
  startOriginOf,
} from './model/new-conversation';
import { nextStepOf } from './model/next-step';
import {
  hasSeveralServers,
  type PanelServer,
  panelServers,
  type StartServer,
  serverNameOf,
  startServerOf,
} from './model/servers';
import { RepositoryPicker } from './RepositoryPicker';
import { StartProgress } from './StartProgress';
import { StartQueue } from './StartQueue';

/** A handed-back pull request task's words (the same as the conversation view's buttons). */
const handBackWords = {
  FAILING_CHECKS: 'panel.pull.task.checks',
  UNRESOLVED_COMMENTS: 'panel.pull.task.review',
  MERGE_CONFLICTS: 'panel.pull.task.conflicts',
} as const;

interface NewConversationFormProps {
  launch: NewConversationLaunch;
  settings: Settings;
  /** The default server's interfaces (the panel's own answer). */
  apis: ServerApis;
  onOpenConversation: (id: string, generation: Generation, serverId?: string) => void;
}

/** With several servers: where the start goes, why, and the means to pick another. */
interface ServerChoice {
  servers: PanelServer[];
  serverId: string;
  rules: StartServer;
  /** The person picked this server here. */
  chosen: boolean;
  onChange: (serverId: string) => void;
}

/**
 * Starts a conversation on the server the person's rules pick for the page it comes from (the
 * default server without one), or the one they pick here. Everything the form reads and the
 * start itself go to that server; what they typed stays when they pick another.
 */
export function NewConversationForm({
  launch,
  settings,
  apis,
  onOpenConversation,
}: NewConversationFormProps) {
  const several = hasSeveralServers(settings);
  const context = launch.context;
  const rules = useMemo(
    () =>
      startServerOf(
        settings,
        context ? { host: context.host, repository: context.repository } : null,
      ),
    [settings, context],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  // A server picked here and removed since no longer counts.
  const picked = chosen && serverById(settings, chosen) ? chosen : rules.serverId;
  const choice: ServerChoice | null =
    several && picked
      ? {
          servers: panelServers(settings),
          serverId: picked,
          rules,
          chosen: picked !== rules.serverId,
          onChange: setChosen,
        }
      : null;
  return (
    <ServerScope serverId={several ? (picked ?? undefined) : undefined}>
      <ScopedForm
        launch={launch}
        settings={settings}
        defaultApis={apis}
        serverChoice={choice}
        onOpenConversation={onOpenConversation}
      />
    </ServerScope>
  );
}

/** Where the start goes: the server, why it was picked, and another to pick. */
function ServerPicker({ choice, disabled }: { choice: ServerChoice; disabled: boolean }) {
  const id = useId();
  const { rules } = choice;
  const reason = choice.chosen
    ? t('panel.servers.byChoice')
    : rules.why === 'rule' && rules.pattern
      ? t('panel.servers.byRule', { pattern: rules.pattern })
      : t('panel.servers.byDefault');
  return (
    <div className="field" data-start-server={choice.serverId}>
      <label htmlFor={`${id}-server`}>{t('panel.servers.startOn')}</label>
      <select
        id={`${id}-server`}
        className="select"
        value={choice.serverId}
        disabled={disabled}
        aria-describedby={`${id}-server-why`}
        onChange={(event) => choice.onChange(event.target.value)}
      >
        {choice.servers.map((server) => (
          <option key={server.id} value={server.id}>
            {server.name}
          </option>
        ))}
      </select>
      <span className="field-hint" id={`${id}-server-why`}>
        {reason}
      </span>
    </div>
  );
}

/**
 * V1 for new conversations where it is served
 * (docs/contract/server-generations.md#connection-test), unless the person chose.
 */
function defaultGeneration(apis: ServerApis, preference: Settings['apiPreference']): Generation {
  if (preference === 'v0' && apis.v0 !== false) return 'v0';
  if (preference === 'v1' && apis.v1 !== false) return 'v1';
  if (apis.v1 === true) return 'v1';
  if (apis.v0 === true || apis.v1 === false) return 'v0';
  return 'v1';
}

function FieldErrors({
  field,
  errors,
}: {
  field: DraftField;
  errors: readonly string[] | undefined;
}) {
  if (!errors?.length) return null;
  return (
    <>
      {errors.map((message) => (
        <span key={message} className="field-error" data-field-error={field} role="alert">
          {message}
        </span>
      ))}
    </>
  );
}

/**
 * The form on its server: filled from the page the person came from (repository, provider,
 * branch, the issue or pull request as a task) or blank. What they typed stays through every
 * failure, and the server's field errors appear next to the fields they are about.
 */
function ScopedForm({
  launch,
  settings: allSettings,
  defaultApis,
  serverChoice,
  onOpenConversation,
}: {
  launch: NewConversationLaunch;
  settings: Settings;
  defaultApis: ServerApis;
  serverChoice: ServerChoice | null;
  onOpenConversation: (id: string, generation: Generation, serverId?: string) => void;
}) {
  const id = useId();
  // The picked server's own address, kind, key and interfaces.
  const settings = useScopedSettings(allSettings);
  const apis = useScopedApis(allSettings, defaultApis);
  // The hook reads whichever routes the server has (1.7+ or legacy).
  const serverSettings = useServerSettings({
    enabled: apis.settled === true,
    staleTime: 5 * 60_000,
  });
  const knownProviders = useMemo(
    () => Object.keys(providerTokensOf(serverSettings.data)),
    [serverSettings.data],
  );

  const [draft, setDraft] = useState<NewConversationDraft>(() =>
    draftFromLaunch(
      launch.context,
      launch.selection,
      {
        generation: defaultGeneration(apis, settings.apiPreference),
        instructions: settings.defaultInstructions,
        mcp: mcpDraftOf(settings.defaultMcpConfig),
        knownProviders: [],
      },
      launch.handBack,
    ),
  );
  const touched = useRef(new Set<keyof NewConversationDraft>());
  const update = <K extends keyof NewConversationDraft>(key: K, value: NewConversationDraft[K]) => {
    touched.current.add(key);
    setDraft((current) => ({ ...current, [key]: value }));
  };

  // Facts that arrive after the form opened fill what the person has not touched yet.
  useEffect(() => {
    if (touched.current.has('generation')) return;
    setDraft((current) => ({
      ...current,
      generation: defaultGeneration(apis, settings.apiPreference),
    }));
  }, [apis, settings.apiPreference]);
  useEffect(() => {
    const context = launch.context;
    if (!context || touched.current.has('provider') || !knownProviders.length) return;
    if (
      context.provider === 'bitbucket' &&
      context.selfHosted &&
      knownProviders.includes('bitbucket_data_center')
    ) {
      setDraft((current) => ({ ...current, provider: 'bitbucket_data_center' }));
    }
  }, [launch.context, knownProviders]);

  // An issue page names no branch: the repository's default branch is the one to work on (and
  // the one the branch list puts first).
  const [defaultBranch, setDefaultBranch] = useState<string | null>(null);
  const lookup = useRepositorySearch({
    // An agent server clones the default branch when none is named: a start from the page need
    // not wait for GitHub to name it.
    api: apis.agentDirect ? null : gitApiOf(apis),
    query: launch.context?.repository ?? '',
    provider: draft.provider,
    connectedProviders: knownProviders,
    enabled: !!launch.context,
  });
  const foundBranch = useMemo(
    () =>
      lookup.items.find(
        (repo) => repo.full_name.toLowerCase() === launch.context?.repository.toLowerCase(),
      )?.main_branch ?? null,
    [lookup.items, launch.context],
  );
  useEffect(() => {
    if (!foundBranch) return;
    setDefaultBranch(foundBranch);
    if (touched.current.has('branch') || launch.context?.branch) return;
    setDraft((current) => (current.branch ? current : { ...current, branch: foundBranch }));
  }, [foundBranch, launch.context]);

  const { state, start, reset, cancel, cancelAsk } = useStartConversation(onOpenConversation);
  const busy = state.phase === 'creating' || state.phase === 'starting';
  const intake = useImageIntake(draft.images, (images) => update('images', images));

  const failure = state.phase === 'failed' ? toApiError(state.error) : null;
  const grouped = useMemo(
    () => groupFieldErrors((failure?.fieldErrors ?? []) as FieldError[]),
    [failure],
  );
  const byField = grouped.byField;

  const capabilities = startCapabilitiesOf(apis);
  const submit = () => {
    if (busy) return;
    reset();
    void start(draft, capabilities, startOriginOf(launch.context, draft));
  };

  // Alt-click (or "start at once"): the defaults are the answer, start without asking. The
  // default branch of a page that names none is one of them: the start waits for its lookup (a
  // failed one gives none), and takes it from the lookup itself, since the draft learns it a
  // render later.
  const autoStarted = useRef(false);
  const ready = apis.settled === true;
  const branchPending = !!launch.context && !launch.context.branch && lookup.loading;
  useEffect(() => {
    if (!launch.autoStart || autoStarted.current || !ready) return;
    if (serverSettings.isPending || branchPending) return;
    autoStarted.current = true;
    const branch = draft.branch || (touched.current.has('branch') ? '' : (foundBranch ?? ''));
    void start(
      { ...draft, branch },
      startCapabilitiesOf(apis),
      startOriginOf(launch.context, draft),
    );
  }, [
    launch.autoStart,
    ready,
    apis,
    start,
    draft,
    serverSettings.isPending,
    branchPending,
    foundBranch,
    launch.context,
  ]);

  const gitApi = gitApiOf(apis);
  const task = draft.task;
  // A V0 server words a task's first message itself: what the person adds goes with it.
  const serverWordsTask = draft.useTask && !!task && draft.generation === 'v0';
  // A hand-back the server words itself (its own template for the task): the message goes too.
  const serverWordsHandBack =
    !!task && isHandBackTask(task.type) && sendsSuggestedTask(draft, startCapabilitiesOf(apis));
  const advancedSet =
    draft.instructions.trim() !== '' ||
    draft.mcp.sse.length + draft.mcp.stdio.length + draft.mcp.shttp.length > 0;

  return (
    <form
      className="panel-scroll"
      aria-label={t('panel.new.title')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      {...intake.dropHandlers}
    >
      <h1 style={{ fontSize: 15, marginTop: 0 }}>{t('panel.new.title')}</h1>
      {launch.existing ? (
        <div className="notice notice-warning" role="alert" data-notice="existing">
          <p style={{ margin: 0 }}>
            {t(launch.existing.count > 1 ? 'panel.new.existingMany' : 'panel.new.existingOne', {
              title: launch.existing.title || t('panel.list.untitled'),
              count: launch.existing.count,
            })}
          </p>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              const existing = launch.existing;
              if (existing) {
                onOpenConversation(existing.conversationId, existing.generation, existing.serverId);
              }
            }}
          >
            {t('panel.new.existingOpen')}
          </button>
        </div>
      ) : null}
      {serverChoice ? <ServerPicker choice={serverChoice} disabled={busy} /> : null}
      {serverChoice && serverChoice.rules.why === 'conflict' && !serverChoice.chosen ? (
        <p className="notice notice-warning" role="alert" data-notice="rule-conflict">
          {t('panel.servers.conflict', {
            pattern: serverChoice.rules.pattern ?? '',
            first: serverChoice.rules.conflicting[0] ?? '',
            second: serverChoice.rules.conflicting[1] ?? '',
            fallback: serverNameOf(allSettings, serverChoice.rules.serverId ?? undefined) ?? '',
          })}
        </p>
      ) : null}
      {launch.notice === 'burst' ? (
        <p className="notice notice-warning" role="alert" data-notice="burst">
          {t('panel.new.burst')}
        </p>
      ) : null}
      <RepositoryPicker
        value={draft.repository}
        provider={draft.provider}
        api={gitApi}
        connectedProviders={knownProviders}
        errors={byField.repository ?? []}
        disabled={busy}
        onChange={(repository) => update('repository', repository)}
        onPick={(repo) => {
          touched.current.add('repository');
          setDefaultBranch(repo.main_branch ?? null);
          setDraft((current) => ({
            ...current,
            repository: repo.full_name,
            provider: repo.git_provider ?? current.provider,
            branch:
              touched.current.has('branch') && current.branch
                ? current.branch
                : (repo.main_branch ?? ''),
          }));
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-provider`}>{t('panel.new.provider')}</label>
        <select
          id={`${id}-provider`}
          className="select"
          value={draft.provider}
          disabled={busy}
          aria-invalid={byField.provider ? true : undefined}
          onChange={(event) => update('provider', event.target.value)}
        >
          <option value="">
            {t(apis.agentDirect ? 'panel.new.pickProvider' : 'panel.new.anyProvider')}
          </option>
          {(apis.agentDirect ? cloneProviders : providerTypeValues).map((value) => (
            <option key={value} value={value}>
              {providerName(value)}
            </option>
          ))}
        </select>
        <FieldErrors field="provider" errors={byField.provider} />
      </div>
      <BranchPicker
        value={draft.branch}
        repository={draft.repository}
        provider={draft.provider}
        api={gitApi}
        connectedProviders={knownProviders}
        defaultBranch={defaultBranch}
        errors={byField.branch ?? []}
        disabled={busy}
        onChange={(branch) => update('branch', branch)}
      />
      {draft.commit ? (
        <div className="field" data-commit={draft.commit}>
          <label className="small row">
            <input
              type="checkbox"
              checked={draft.useCommit}
              disabled={busy}
              onChange={(event) => update('useCommit', event.target.checked)}
            />
            <span>{t('panel.new.commit', { commit: draft.commit.slice(0, 12) })}</span>
          </label>
          {draft.useCommit ? (
            <span className="field-hint">
              {t(apis.agentDirect ? 'panel.new.commitAgentHint' : 'panel.new.commitHint')}
            </span>
          ) : null}
        </div>
      ) : null}
      {task ? (
        <fieldset className="form-section">
          <legend>{t('panel.new.task')}</legend>
          <label className="small row">
            <input
              type="checkbox"
              checked={draft.useTask}
              disabled={busy}
              onChange={(event) => update('useTask', event.target.checked)}
            />
            <span data-task-type={task.type} data-task-number={task.number}>
              {task.type === 'OPEN_ISSUE'
                ? t('panel.new.taskIssue', { number: task.number, title: task.title })
                : task.type === 'OPEN_PR'
                  ? t('panel.new.taskPull', { number: task.number, title: task.title })
                  : t('panel.new.taskHandBack', {
                      task: t(handBackWords[task.type]),
                      number: task.number,
                      title: task.title,
                    })}
            </span>
          </label>
          <FieldErrors field="task" errors={byField.task} />
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-message`}>{t('panel.new.message')}</label>
        <textarea
          id={`${id}-message`}
          className="textarea"
          value={draft.message}
          disabled={busy}
          aria-invalid={byField.message ? true : undefined}
          onChange={(event) => update('message', event.target.value)}
        />
        <span className="field-hint">
          {serverWordsHandBack
            ? t('panel.new.messageWithHandBackHint')
            : serverWordsTask
              ? t('panel.new.messageWithTaskHint')
              : t('panel.new.messageHint')}
        </span>
        <FieldErrors field="message" errors={byField.message} />
        <ImageAttachments
          images={draft.images}
          onChange={(images) => update('images', images)}
          addFiles={intake.addFiles}
          refused={intake.refused}
          disabled={busy}
        />
        <FieldErrors field="images" errors={byField.images} />
      </div>
      {/* Rarely changed per conversation: out of the way, and open when something is set. */}
      <details className="form-section advanced" open={advancedSet || undefined}>
        <summary>{t('panel.new.advanced')}</summary>
        <div className="field">
          <label htmlFor={`${id}-instructions`}>{t('panel.new.instructions')}</label>
          <textarea
            id={`${id}-instructions`}
            className="textarea"
            value={draft.instructions}
            disabled={busy}
            aria-invalid={byField.instructions ? true : undefined}
            onChange={(event) => update('instructions', event.target.value)}
          />
          <span className="field-hint">{t('panel.new.instructionsHint')}</span>
          <FieldErrors field="instructions" errors={byField.instructions} />
        </div>
        {draft.generation === 'v0' ? (
          <McpServersEditor
            value={draft.mcp}
            onChange={(mcp) => update('mcp', mcp)}
            errors={byField.mcp ?? []}
            disabled={busy}
          />
        ) : (
          <p className="field-hint">{t('panel.new.mcpV0Only')}</p>
        )}
      </details>
      {failure ? (
        <ErrorNotice
          error={
            grouped.other.length || !failure.fieldErrors?.length
              ? new ApiError(failure.kind, failure.message, {
                  serverMessage: failure.serverMessage,
                  fieldErrors: grouped.other.map((msg) => ({ loc: [], field: '', msg, type: '' })),
                })
              : new ApiError(failure.kind, t('error.fields'))
          }
          next={nextStepOf(failure)}
        />
      ) : null}
      {state.phase === 'task-failed' ? (
        state.cancelled ? (
          // The person asked for this end: the worker's words say what became of the clone.
          <div className="notice notice-info" role="status" data-start-task="CANCELLED">
            {state.detail}
          </div>
        ) : (
          <div className="notice notice-error" role="alert" data-start-task="ERROR">
            {startTaskWords('ERROR', state.detail)}
          </div>
        )
      ) : null}
      {state.phase === 'creating' || state.phase === 'starting' ? (
        <StartProgress
          startedAt={state.startedAt}
          steps={state.phase === 'starting' ? state.steps : []}
          detail={state.phase === 'starting' ? state.detail : null}
          onCancel={cancel}
          cancelAsk={cancelAsk}
        />
      ) : null}
      {state.phase === 'starting' && state.queueId ? <StartQueue queueId={state.queueId} /> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('panel.new.starting') : t('panel.new.start')}
      </button>
    </form>
  );
}

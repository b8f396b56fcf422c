// V1: sandboxes (each running one gets its own agent-server listener and key), app conversations,
// their start tasks, the agent server's event log and the scripted agent that plays V1 events.
// Statuses follow docs/contract/v1-app-server.md: sandboxes STARTING → RUNNING ⇄ PAUSED (key hidden
// unless RUNNING), start tasks WORKING → … → READY/ERROR, execution_status from
// ConversationStateUpdateEvents.
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { StepRunner } from '../agent/runner';
import {
  assistantMessageEvent,
  fullStateTemplate,
  replyTemplates,
  stateUpdate,
  statsValue,
  textContent,
  userMessageEvent,
  type V1Template,
  v1TerminalObservation,
} from '../agent/v1-scenarios';
import { holdForQuestion } from '../agent-server/ask-user';
import { withoutNulls } from '../agent-server/json';
import { isModelAnswer, StateLock, statsAfter } from '../agent-server/run-loop';
import type { SecretRegistry } from '../agent-server/secret-registry';
import type { ServiceHost } from '../core/host';
import { base62OfHex, dashedUuid, hexId, randomKey, toDashed } from '../core/ids';
import type {
  AppConversationRecord,
  PendingMessageRecord,
  ProviderTokenRecord,
  SandboxRecord,
  SandboxSpecRecord,
  StartTaskRecord,
  V1Event,
} from '../core/state';
import { naiveNow, utcNow } from '../core/time';
import type { Listener } from '../http/listener';
import { UpstreamCrash } from '../http/respond';
import type { ServerKind } from '../options';
import {
  findRepository,
  globalMicroagents,
  listMicroagentFiles,
  microagentType,
  parseMicroagent,
  triggersOf,
} from '../seed/git-world';
import { scenarioMarker } from '../v0/domain';
import { AgentServerDomain } from './agent-server-domain';
import { confirmationModeOf, llmModelOf } from './settings';

export const startTaskStatuses = [
  'WORKING',
  'WAITING_FOR_SANDBOX',
  'PREPARING_REPOSITORY',
  'RUNNING_SETUP_SCRIPT',
  'SETTING_UP_GIT_HOOKS',
  'SETTING_UP_SKILLS',
  'STARTING_CONVERSATION',
  'READY',
] as const;

/**
 * The agent-server image a kind's sandboxes run: 0.62 pins SDK 1.3.0; the 1.x app servers and
 * the hosted service run the 1.4x agent servers of August 2026.
 */
export function agentServerImageTag(server: ServerKind): string {
  return server === 'legacy' ? '1.3.0' : '1.43.0';
}

export function defaultSandboxSpecId(server: ServerKind): string {
  return `ghcr.io/openhands/agent-server:${agentServerImageTag(server)}-python`;
}

export function seedSandboxSpecs(now: string, server: ServerKind): SandboxSpecRecord[] {
  return [
    {
      id: defaultSandboxSpecId(server),
      command: ['--port', '8000'],
      created_at: now,
      initial_env: {
        OPENVSCODE_SERVER_ROOT: '/openhands/.openvscode-server',
        OH_ENABLE_VNC: '0',
        LOG_JSON: 'true',
        OH_CONVERSATIONS_PATH: '/workspace/conversations',
        OH_BASH_EVENTS_DIR: '/workspace/bash_events',
      },
      working_dir: '/workspace/project',
    },
    {
      id: `ghcr.io/openhands/agent-server:${agentServerImageTag(server)}-java`,
      command: ['--port', '8000'],
      created_at: now,
      initial_env: { OH_CONVERSATIONS_PATH: '/workspace/conversations' },
      working_dir: '/workspace/project',
    },
  ];
}

export interface AgentState {
  runner: StepRunner;
  refs: Map<string, string>;
  pending: V1Event | null;
  /** User messages sent with run=false that the agent has not acted on yet. */
  unanswered: string[];
  /** The first user message arrived with run=false: the next run plays the scenario. */
  scenarioWaiting: boolean;
  /** The conversation state's lock, held by the run loop through an agent step. */
  lock: StateLock;
  /** A run is under way (its end publishes a `full_state`). */
  running: boolean;
  /** LLM calls made so far (what the stats updates count). */
  calls: number;
  /** The secrets the agent's commands get, once it has run one. */
  secrets: SecretRegistry | null;
  /** What the agent's terminal session has exported so far. */
  env: Record<string, string>;
}

export class V1Domain {
  /** Live agent-server listeners by sandbox id. */
  readonly servers = new Map<string, Listener>();
  /** WebSocket subscribers by conversation id (hex). */
  readonly subscribers = new Map<string, Set<WebSocket>>();
  private readonly agents = new Map<string, AgentState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** What agent servers hold beyond the app server's records, per the release played. */
  readonly agent: AgentServerDomain;

  constructor(private readonly host: ServiceHost) {
    this.agent = new AgentServerDomain(this, host);
  }

  private get data() {
    return this.host.data;
  }

  /**
   * The 2026 app server's models (1.x and hosted): extra AppConversation and SandboxInfo fields.
   * The legacy kind's hosted mode keeps them too, as it always sent them.
   */
  private get currentGeneration(): boolean {
    return this.host.options.server !== 'legacy' || this.host.options.hosted;
  }

  /** The provider tokens the server acts with: the hosted service takes them from the login. */
  providerTokens(): Record<string, ProviderTokenRecord> {
    if (this.host.options.server !== 'hosted') return this.data.secrets.provider_tokens;
    const stored = this.data.secrets.provider_tokens;
    const tokens: Record<string, ProviderTokenRecord> = {};
    for (const [provider, token] of Object.entries(hostedLoginTokens)) {
      tokens[provider] = { ...token, host: stored[provider]?.host ?? token.host };
    }
    return tokens;
  }

  /** The model and confirmation choice new conversations take from the stored settings. */
  private settingsForStart(): { llmModel: string | null; confirm: boolean } {
    if (this.host.options.server === 'legacy') {
      const settings = this.data.settings ?? {};
      return {
        llmModel: (settings.llm_model as string | null) ?? null,
        confirm: settings.confirmation_mode === true,
      };
    }
    const settings = this.data.app_settings ?? null;
    return { llmModel: llmModelOf(settings), confirm: confirmationModeOf(settings) };
  }

  private later(ms: number, fn: () => void): void {
    const delay = ms * this.host.pacing().multiplier;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, delay);
    this.timers.add(timer);
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const agent of this.agents.values()) agent.runner.dispose();
    this.agents.clear();
    this.agent.dispose();
  }

  // --- sandboxes -------------------------------------------------------------------------------

  sandbox(id: string): SandboxRecord | undefined {
    return this.data.sandboxes[id];
  }

  agentServerUrl(sandbox: SandboxRecord): string | null {
    const server = this.servers.get(sandbox.id);
    return sandbox.status === 'RUNNING' && server?.isListening
      ? `http://localhost:${server.port}`
      : null;
  }

  sandboxInfo(sandbox: SandboxRecord): Record<string, unknown> {
    const url = this.agentServerUrl(sandbox);
    const port = url ? Number(new URL(url).port) : null;
    const info: Record<string, unknown> = {
      id: sandbox.id,
      created_by_user_id: sandbox.created_by_user_id,
      sandbox_spec_id: sandbox.sandbox_spec_id,
      status: sandbox.status,
      session_api_key: sandbox.status === 'RUNNING' ? sandbox.session_api_key : null,
      exposed_urls:
        url && port
          ? [
              { name: 'AGENT_SERVER', url, port },
              {
                name: 'VSCODE',
                url: `http://localhost:${port + 1}/?tkn=${sandbox.session_api_key}&folder=/workspace/project`,
                port: port + 1,
              },
              { name: 'WORKER_1', url: `http://localhost:${port + 2}`, port: port + 2 },
              { name: 'WORKER_2', url: `http://localhost:${port + 3}`, port: port + 3 },
            ]
          : null,
      created_at: sandbox.created_at,
    };
    if (this.currentGeneration) info.status_detail = sandbox.status_detail;
    return info;
  }

  /** `POST /api/v1/sandboxes`: a new sandbox, STARTING until its agent server listens. */
  startSandbox(specId: string | null): SandboxRecord {
    const spec = specId ?? defaultSandboxSpecId(this.host.options.server);
    const sandbox: SandboxRecord = {
      id: base62OfHex(randomBytes(16).toString('hex')),
      created_by_user_id: null,
      sandbox_spec_id: spec,
      status: 'STARTING',
      session_api_key: randomKey(32),
      created_at: utcNow(),
      agent_port: null,
      status_detail: null,
    };
    this.data.sandboxes[sandbox.id] = sandbox;
    this.host.persist();
    this.later(700, () => void this.bringUp(sandbox));
    return sandbox;
  }

  private async bringUp(sandbox: SandboxRecord): Promise<void> {
    if (this.data.sandboxes[sandbox.id] !== sandbox || sandbox.status !== 'STARTING') return;
    try {
      const listener = await this.host.openAgentServer(sandbox.id, sandbox.agent_port);
      if (this.data.sandboxes[sandbox.id] !== sandbox || sandbox.status !== 'STARTING') {
        await listener.close();
        return;
      }
      this.servers.set(sandbox.id, listener);
      this.agent.servers.listening(sandbox.id, listener.port);
      sandbox.agent_port = listener.port;
      sandbox.status = 'RUNNING';
      this.host.persist();
    } catch (error) {
      sandbox.status = 'ERROR';
      sandbox.status_detail = String(error);
      this.host.persist();
    }
  }

  /** Waits (tests, start tasks) until a STARTING sandbox has left that state. */
  async whenSettled(sandbox: SandboxRecord): Promise<void> {
    while (sandbox.status === 'STARTING' && this.data.sandboxes[sandbox.id] === sandbox) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async bringDown(sandboxId: string): Promise<void> {
    const listener = this.servers.get(sandboxId);
    this.servers.delete(sandboxId);
    for (const conversation of this.agent.conversationsOn(sandboxId)) {
      this.agents.get(conversation.id)?.runner.pause();
      for (const socket of this.subscribers.get(conversation.id) ?? []) socket.terminate();
      this.subscribers.delete(conversation.id);
    }
    await listener?.close();
  }

  async pauseSandbox(id: string): Promise<boolean> {
    const sandbox = this.sandbox(id);
    if (!sandbox) return false;
    if (sandbox.status === 'RUNNING' || sandbox.status === 'STARTING') {
      sandbox.status = 'PAUSED';
      this.host.persist();
      await this.bringDown(id);
    }
    return true;
  }

  async resumeSandbox(id: string): Promise<boolean> {
    const sandbox = this.sandbox(id);
    if (!sandbox) return false;
    if (sandbox.status === 'PAUSED' || sandbox.status === 'ERROR') {
      sandbox.status = 'STARTING';
      sandbox.status_detail = null;
      this.host.persist();
      this.later(700, () => {
        void this.bringUp(sandbox).then(() => {
          for (const conversation of this.agent.conversationsOn(id)) {
            const agent = this.agents.get(conversation.id);
            if (agent?.runner.paused && conversation.execution_status === 'running') {
              agent.runner.resume();
            }
          }
        });
      });
    }
    return true;
  }

  /** A sandbox failing behind the client's back (admin helper): its agent server goes away. */
  async failSandbox(id: string, detail: string): Promise<boolean> {
    const sandbox = this.sandbox(id);
    if (!sandbox) return false;
    sandbox.status = 'ERROR';
    sandbox.status_detail = detail;
    this.host.persist();
    await this.bringDown(id);
    return true;
  }

  async deleteSandbox(id: string): Promise<boolean> {
    const sandbox = this.sandbox(id);
    if (!sandbox) return false;
    delete this.data.sandboxes[id];
    this.host.persist();
    await this.bringDown(id);
    return true;
  }

  conversationsOn(sandboxId: string): AppConversationRecord[] {
    return Object.values(this.data.app_conversations).filter((c) => c.sandbox_id === sandboxId);
  }

  // --- app conversations -----------------------------------------------------------------------

  conversation(id: string): AppConversationRecord | undefined {
    return this.data.app_conversations[id];
  }

  sandboxStatusOf(conversation: AppConversationRecord): string {
    return this.sandbox(conversation.sandbox_id)?.status ?? 'MISSING';
  }

  appConversation(record: AppConversationRecord): Record<string, unknown> {
    const sandbox = this.sandbox(record.sandbox_id);
    const running = sandbox?.status === 'RUNNING';
    const base = sandbox ? this.agentServerUrl(sandbox) : null;
    const out: Record<string, unknown> = {
      id: record.id,
      created_by_user_id: record.created_by_user_id,
      sandbox_id: record.sandbox_id,
      selected_repository: record.selected_repository,
      selected_branch: record.selected_branch,
      git_provider: record.git_provider,
      title: record.title,
      trigger: record.trigger,
      pr_number: record.pr_number,
      llm_model: record.llm_model,
      metrics: record.metrics,
      parent_conversation_id: record.parent_conversation_id,
      sub_conversation_ids: record.sub_conversation_ids,
      created_at: record.created_at,
      updated_at: record.updated_at,
      sandbox_status: sandbox?.status ?? 'MISSING',
      execution_status: running ? record.execution_status : null,
      conversation_url: running && base ? `${base}/api/conversations/${record.id}` : null,
      session_api_key: running ? (sandbox?.session_api_key ?? null) : null,
    };
    if (this.currentGeneration) {
      Object.assign(out, {
        agent_kind: 'openhands',
        public: record.public,
        tags: {},
        acp_server: null,
        launched_agent_profile: null,
      });
    }
    return out;
  }

  defaultTitle(record: AppConversationRecord): string {
    return `Conversation ${base62OfHex(record.id)}`;
  }

  /** The app conversation seen through the V0 routes (`_to_conversation_info`). */
  asConversationInfo(record: AppConversationRecord): Record<string, unknown> {
    const app = this.appConversation(record);
    const statusMap: Record<string, string> = {
      RUNNING: 'RUNNING',
      STARTING: 'STARTING',
      PAUSED: 'STOPPED',
      ERROR: 'ERROR',
      MISSING: 'ARCHIVED',
    };
    const status = statusMap[String(app.sandbox_status)] ?? 'STOPPED';
    let runtimeStatus: string | null = null;
    if (status === 'RUNNING') {
      runtimeStatus = ['error', 'stuck'].includes(record.execution_status)
        ? 'STATUS$ERROR'
        : ['idle', 'running', 'paused', 'waiting_for_confirmation', 'finished'].includes(
              record.execution_status,
            )
          ? 'STATUS$READY'
          : 'STATUS$ERROR';
    }
    return {
      conversation_id: record.id,
      title: record.title || this.defaultTitle(record),
      last_updated_at: record.updated_at,
      status,
      runtime_status: runtimeStatus,
      selected_repository: record.selected_repository,
      selected_branch: record.selected_branch,
      git_provider: record.git_provider,
      trigger: record.trigger,
      num_connections: 0,
      url: app.conversation_url,
      session_api_key: app.session_api_key,
      created_at: record.created_at,
      pr_number: record.pr_number,
      conversation_version: 'V1',
      sub_conversation_ids: record.sub_conversation_ids,
    };
  }

  /**
   * Deletes an app conversation. Through the V0 route (0.62.0) its sandbox is deleted with it;
   * the 2026 route deletes the sandbox only when no other conversation uses it.
   */
  async deleteConversation(id: string, sandbox: 'always' | 'when-unused' = 'when-unused') {
    const record = this.conversation(id);
    if (!record) {
      // One started on an agent server directly has no sandbox of its own to clean up.
      if (!this.data.agent_conversations?.[id]) return false;
      this.forget(id);
      delete this.data.agent_conversations[id];
      this.host.persist();
      return true;
    }
    this.agents.get(id)?.runner.dispose();
    this.agents.get(id)?.lock.release();
    this.agents.delete(id);
    for (const socket of this.subscribers.get(id) ?? []) socket.close(1000);
    this.subscribers.delete(id);
    delete this.data.app_conversations[id];
    this.host.persist();
    if (sandbox === 'always' || this.conversationsOn(record.sandbox_id).length === 0) {
      void this.deleteSandbox(record.sandbox_id);
    }
    return true;
  }

  /** Stops a conversation's agent and closes its sockets: it is being deleted. */
  forget(id: string): void {
    this.agents.get(id)?.runner.dispose();
    // Whatever waited for its state (a pause) is answered.
    this.agents.get(id)?.lock.release();
    this.agents.delete(id);
    for (const socket of this.subscribers.get(id) ?? []) socket.close(1000);
    this.subscribers.delete(id);
  }

  // --- start tasks -----------------------------------------------------------------------------

  task(id: string): StartTaskRecord | undefined {
    return this.data.start_tasks[id];
  }

  /**
   * `POST /api/v1/app-conversations`: the task's first state; the walk continues in the background.
   */
  startConversation(request: Record<string, unknown>): StartTaskRecord {
    if (this.host.options.server !== 'legacy') applySuggestedTask(request);
    const now = utcNow();
    const task: StartTaskRecord = {
      id: hexId(),
      created_by_user_id: null,
      status: 'WORKING',
      detail: null,
      app_conversation_id: null,
      sandbox_id: null,
      agent_server_url: null,
      request,
      created_at: now,
      updated_at: now,
    };
    this.data.start_tasks[task.id] = task;
    this.host.persist();
    void this.walkTask(task).catch((error) => this.failTask(task, String(error)));
    return structuredClone(task);
  }

  /** Resolves with the task's successive states (for `stream-start`). */
  onTaskUpdate = new Map<string, ((task: StartTaskRecord) => void)[]>();

  private setTaskStatus(task: StartTaskRecord, status: string, detail: string | null = null) {
    task.status = status;
    task.detail = detail;
    task.updated_at = utcNow();
    this.host.persist();
    for (const listener of this.onTaskUpdate.get(task.id) ?? []) listener(structuredClone(task));
  }

  private failTask(task: StartTaskRecord, detail: string): void {
    this.setTaskStatus(task, 'ERROR', detail);
  }

  private step(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  private async walkTask(task: StartTaskRecord): Promise<void> {
    const request = task.request;
    await this.step(300);
    this.setTaskStatus(task, 'WAITING_FOR_SANDBOX');
    let sandbox: SandboxRecord | undefined;
    const wantedSandbox = request.sandbox_id;
    if (typeof wantedSandbox === 'string' && wantedSandbox) {
      sandbox = this.sandbox(wantedSandbox);
      if (!sandbox) {
        this.failTask(task, `Sandbox not found: ${wantedSandbox}`);
        return;
      }
      if (sandbox.status === 'PAUSED') await this.resumeSandbox(sandbox.id);
    } else {
      sandbox = this.startSandbox(null);
    }
    await this.whenSettled(sandbox);
    if (sandbox.status !== 'RUNNING') {
      this.failTask(task, `Sandbox ${sandbox.id} failed to start: ${sandbox.status}`);
      return;
    }
    task.sandbox_id = sandbox.id;
    task.agent_server_url = this.agentServerUrl(sandbox);

    this.setTaskStatus(task, 'PREPARING_REPOSITORY');
    await this.step(600);
    const repository = request.selected_repository;
    if (typeof repository === 'string' && repository) {
      const repo = findRepository(repository);
      const tokens = this.providerTokens();
      if (!repo || !tokens[repo.git_provider]?.token) {
        this.failTask(
          task,
          `Error cloning repository ${repository}: repository not found or not accessible with the configured git provider tokens`,
        );
        return;
      }
    }
    for (const status of ['RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS', 'SETTING_UP_SKILLS']) {
      this.setTaskStatus(task, status);
      await this.step(400);
    }
    this.setTaskStatus(task, 'STARTING_CONVERSATION');
    await this.step(500);
    // 0.62 refuses to start without stored settings; the 1.x servers start with the defaults,
    // and the hosted service manages every user's settings.
    if (this.host.options.server === 'legacy' && !this.data.settings && !this.host.options.hosted) {
      this.failTask(task, 'Settings not found');
      return;
    }
    const conversation = this.createConversation(task, sandbox);
    task.app_conversation_id = conversation.id;
    this.setTaskStatus(task, 'READY');
    this.beginConversation(conversation);
    if (this.host.options.server !== 'legacy') this.deliverPendingMessages(task, conversation);
  }

  // --- pending messages (1.x) ------------------------------------------------------------------

  private get pending(): PendingMessageRecord[] {
    this.data.pending_messages ??= [];
    return this.data.pending_messages;
  }

  pendingCount(conversationId: string): number {
    return this.pending.filter((m) => m.conversation_id === conversationId).length;
  }

  /** Queues a message; its 1-based place among those queued under the same id. */
  queuePendingMessage(conversationId: string, role: string, content: Record<string, unknown>[]) {
    const message: PendingMessageRecord = {
      id: dashedUuid(),
      conversation_id: conversationId,
      role,
      content,
      created_at: utcNow(),
    };
    const position = this.pendingCount(conversationId) + 1;
    this.pending.push(message);
    this.host.persist();
    return { id: message.id, queued: true, position };
  }

  /**
   * At READY the messages queued under `task-<task id hex>` move to the conversation (keyed by
   * its dashed id, the only other form delivered) and each goes to the agent with run=true;
   * then all are dropped, delivered or not.
   */
  private deliverPendingMessages(task: StartTaskRecord, record: AppConversationRecord): void {
    const taskKey = `task-${task.id}`;
    const conversationKey = toDashed(record.id);
    for (const message of this.pending) {
      if (message.conversation_id === taskKey) message.conversation_id = conversationKey;
    }
    const due = this.pending.filter((m) => m.conversation_id === conversationKey);
    if (due.length === 0) return;
    this.data.pending_messages = this.pending.filter((m) => m.conversation_id !== conversationKey);
    this.host.persist();
    for (const message of due) this.sendMessage(record, message.role, message.content, true);
  }

  private createConversation(task: StartTaskRecord, sandbox: SandboxRecord): AppConversationRecord {
    const request = task.request;
    const initial = request.initial_message as {
      content?: { type?: string; text?: string }[];
    } | null;
    const initialText =
      initial?.content
        ?.filter((c) => c.type === 'text' || c.type === undefined)
        .map((c) => c.text ?? '')
        .join('\n') ?? null;
    const now = utcNow();
    const id = typeof request.conversation_id === 'string' ? request.conversation_id : hexId();
    const settings = this.settingsForStart();
    const record: AppConversationRecord = {
      id,
      created_by_user_id: null,
      sandbox_id: sandbox.id,
      selected_repository: (request.selected_repository as string | null) ?? null,
      selected_branch: (request.selected_branch as string | null) ?? null,
      git_provider: (request.git_provider as string | null) ?? null,
      title: (request.title as string | null) ?? null,
      trigger:
        (request.trigger as string | null) ?? (this.host.options.hosted ? 'openhands_api' : 'gui'),
      pr_number: (request.pr_number as number[] | undefined) ?? [],
      llm_model: (request.llm_model as string | null) ?? settings.llmModel,
      metrics: null,
      parent_conversation_id: (request.parent_conversation_id as string | null) ?? null,
      sub_conversation_ids: [],
      public: (request.public as boolean | null | undefined) ?? null,
      created_at: now,
      updated_at: now,
      execution_status: 'idle',
      confirmation_policy: settings.confirm ? 'AlwaysConfirm' : 'NeverConfirm',
      scenario: scenarioMarker(initialText) ?? this.host.defaultScenario(),
      scenario_started: false,
      initial_text: initialText,
      agent_title: null,
      events: [],
    };
    if (record.scenario === 'awaiting-confirmation') record.confirmation_policy = 'AlwaysConfirm';
    const parent = record.parent_conversation_id
      ? this.conversation(record.parent_conversation_id)
      : undefined;
    parent?.sub_conversation_ids.push(id);
    this.data.app_conversations[id] = record;
    this.host.persist();
    return record;
  }

  // --- agent-server events -------------------------------------------------------------------

  /** The subscriber's first frame: the whole state. */
  fullState(record: AppConversationRecord): Record<string, unknown> {
    const value = this.agent.release.legacy
      ? this.legacyStateValue(record)
      : this.agent.stateValue(record);
    return {
      id: dashedUuid(),
      timestamp: naiveNow(),
      source: 'environment',
      key: 'full_state',
      value,
      kind: 'ConversationStateUpdateEvent',
    };
  }

  /** The state as the legacy kind's agent server has always shown it. */
  private legacyStateValue(record: AppConversationRecord): Record<string, unknown> {
    const value = fullStateTemplate();
    const agent = value.agent as { llm?: Record<string, unknown> } | undefined;
    if (agent?.llm && record.llm_model) agent.llm.model = record.llm_model;
    const lastStats = [...record.events]
      .reverse()
      .find((e) => e.kind === 'ConversationStateUpdateEvent' && e.key === 'stats');
    Object.assign(value, {
      id: toDashed(record.id),
      workspace: { working_dir: '/workspace/project', kind: 'LocalWorkspace' },
      persistence_dir: `/workspace/conversations/${record.id}`,
      execution_status: record.execution_status,
      confirmation_policy: { kind: record.confirmation_policy },
      stats: lastStats?.value ?? { usage_to_metrics: {} },
    });
    return value;
  }

  /** Agent-server `ConversationInfo`: the state plus title, metrics and times. */
  agentConversationInfo(
    record: AppConversationRecord,
    options: { includeSkills?: boolean } = {},
  ): Record<string, unknown> {
    if (!this.agent.release.legacy) return this.agent.info(record, options.includeSkills ?? false);
    const state = this.fullState(record).value as Record<string, unknown>;
    return {
      ...state,
      title: record.agent_title ?? record.title,
      metrics: record.metrics,
      created_at: record.created_at,
      updated_at: record.updated_at,
    };
  }

  append(
    record: AppConversationRecord,
    partial: Record<string, unknown>,
    actionId?: string,
  ): V1Event {
    const { id: _id, timestamp: _ts, kind, ...rest } = partial;
    const parentId = this.agent.release.has('parentId') ? this.agent.leafOf(record) : null;
    const event = {
      id: dashedUuid(),
      timestamp: naiveNow(),
      ...rest,
      ...(actionId ? { action_id: actionId } : {}),
      ...(parentId ? { parent_id: parentId } : {}),
      kind: String(kind),
    } as V1Event;
    // Newer servers send `model_dump(exclude_none=True)` on the socket (v1.31.2).
    this.store(
      record,
      event,
      this.agent.release.has('socketOmitsNulls') ? withoutNulls(event) : undefined,
    );
    // The state notes the newest user message, and announces the change (1.11.5).
    if (
      event.kind === 'MessageEvent' &&
      event.source === 'user' &&
      this.agent.release.has('lastUserMessageId')
    ) {
      this.append(record, stateUpdate('last_user_message_id', event.id));
    }
    return event;
  }

  /** Stores an event made earlier (its id and stamp kept), e.g. a stats update that waited. */
  storeStamped(record: AppConversationRecord, event: V1Event): void {
    // The parent is stamped when the event goes into the log, not when it was made.
    const parentId = this.agent.release.has('parentId') ? this.agent.leafOf(record) : null;
    const { kind, ...rest } = event;
    const stored = { ...rest, ...(parentId ? { parent_id: parentId } : {}), kind } as V1Event;
    const socket = this.agent.release.has('socketOmitsNulls');
    this.store(record, stored, socket ? withoutNulls(stored) : undefined);
  }

  /** Stores an event as given and sends it to every subscriber of the conversation. */
  store(record: AppConversationRecord, event: V1Event, frame?: unknown): void {
    record.events.push(event);
    record.updated_at = utcNow();
    if (event.kind === 'ConversationStateUpdateEvent') {
      if (event.key === 'execution_status' && typeof event.value === 'string') {
        record.execution_status = event.value;
      }
      if (event.key === 'stats') record.metrics = metricsSnapshot(event.value);
    }
    this.host.persist();
    this.broadcast(record.id, frame ?? event);
  }

  broadcast(conversationId: string, frame: unknown): void {
    const payload = typeof frame === 'string' ? frame : JSON.stringify(frame);
    for (const socket of this.subscribers.get(conversationId) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(payload);
    }
  }

  /** Whether the conversation still exists (app server or agent server). */
  private exists(id: string): boolean {
    return this.conversation(id) !== undefined || this.data.agent_conversations?.[id] !== undefined;
  }

  agentOf(record: AppConversationRecord): AgentState {
    let agent = this.agents.get(record.id);
    if (!agent) {
      const runner = new StepRunner(() => this.host.pacing());
      agent = {
        runner,
        refs: new Map(),
        pending: null,
        unanswered: [],
        scenarioWaiting: false,
        lock: new StateLock(),
        running: false,
        calls: 0,
        secrets: null,
        env: {},
      };
      const id = record.id;
      runner.onBoundary = () => {
        const current = this.conversation(id) ?? this.data.agent_conversations?.[id];
        if (current) this.atStepBoundary(current);
      };
      this.agents.set(record.id, agent);
    }
    return agent;
  }

  /** The newer run loop (lock, per-call stats, `full_state` after runs); not the legacy kind's. */
  private get runLoop(): boolean {
    return this.agent.release.has('perCallStats');
  }

  /**
   * Between two agent steps: the step's lock is let go (what waited for it is stored, in
   * order); before 1.33.0 the loop takes it again at once for the next step. A run that has
   * nothing left, or is pausing, ends here and publishes the state.
   */
  private atStepBoundary(record: AppConversationRecord): void {
    const agent = this.agentOf(record);
    agent.lock.release();
    const goesOn = agent.runner.pending > 0 && !agent.runner.paused && !agent.runner.pausing;
    if (goesOn && this.runLoop && !this.agent.release.has('lockFreeDuringLlmCall')) {
      agent.lock.hold();
    }
    if (!goesOn && agent.running) this.endRun(record);
  }

  /** A run started (the run loop's task): its end is announced with a `full_state`. */
  private startRun(record: AppConversationRecord): void {
    const agent = this.agentOf(record);
    agent.running = true;
    if (this.runLoop && !this.agent.release.has('lockFreeDuringLlmCall')) agent.lock.hold();
  }

  endRun(record: AppConversationRecord): void {
    const agent = this.agentOf(record);
    agent.running = false;
    this.publishState(record);
  }

  /** `_publish_state_update`: a `full_state` to every subscriber, never stored. */
  publishState(record: AppConversationRecord): void {
    if (!this.agent.release.has('fullStateAfterRun')) return;
    this.broadcast(record.id, this.fullState(record));
  }

  play(record: AppConversationRecord, templates: V1Template[]): void {
    const agent = this.agentOf(record);
    const runLoop = this.runLoop;
    let previousAnswer: unknown = null;
    let previousTransient = false;
    for (const template of templates) {
      const event = template.event;
      // Stats come from the LLM calls themselves on the newer run loop.
      if (runLoop && event.kind === 'ConversationStateUpdateEvent' && event.key === 'stats') {
        continue;
      }
      const answer =
        template.command === undefined &&
        (template.eventFrom !== undefined || isModelAnswer(event));
      const responseId = event.llm_response_id ?? Symbol('answer');
      // The model's answer opens an agent step (its streamed deltas come first, in the same
      // call); parallel tool calls of one answer share it.
      const opens =
        (template.transient === true && !previousTransient) ||
        (answer && !previousTransient && responseId !== previousAnswer);
      if (answer) previousAnswer = responseId;
      previousTransient = template.transient === true;
      agent.runner.push({
        delay: template.delay,
        kind: template.burst ? 'burst' : 'event',
        opensLlmStep: opens,
        run: () => {
          if (!this.exists(record.id)) return;
          if (template.transient) {
            // Streaming deltas go to the sockets only; the event log never holds them.
            this.broadcast(record.id, {
              id: dashedUuid(),
              timestamp: naiveNow(),
              ...template.event,
            });
            return;
          }
          if (template.command !== undefined) return this.runCommandStep(record, template);
          if (answer && runLoop) this.modelAnswered(record);
          const actionId = template.actionRef ? agent.refs.get(template.actionRef) : undefined;
          const stored = this.append(
            record,
            template.eventFrom?.(this.lastOutcome(record)) ?? event,
            actionId,
          );
          if (template.ref) agent.refs.set(template.ref, stored.id);
          if (template.awaitsConfirmation) agent.pending = stored;
        },
      });
    }
  }

  /**
   * The model answered: the run loop holds the lock until the step ends, and the telemetry's
   * stats update, stamped now, waits for it.
   */
  private modelAnswered(record: AppConversationRecord): void {
    const agent = this.agentOf(record);
    agent.lock.hold();
    agent.calls++;
    const side = record.agent_side;
    const stats = {
      id: dashedUuid(),
      timestamp: naiveNow(),
      ...stateUpdate(
        'stats',
        statsAfter(
          agent.calls,
          {
            model:
              side?.llm.model ?? record.llm_model ?? 'litellm_proxy/claude-sonnet-4-5-20250929',
            usage_id: side?.llm.usage_id ?? 'agent',
          },
          {
            snapshot: this.agent.release.has('statsSnapshot'),
            condenser: side?.agent_shape?.condenser?.kind === 'LLMSummarizingCondenser',
          },
        ),
      ),
    } as V1Event;
    void agent.lock.whenFree(() => {
      if (this.exists(record.id)) this.storeStamped(record, stats);
    });
  }

  /** A command the agent runs in its terminal: the observation is what the command printed. */
  private runCommandStep(record: AppConversationRecord, template: V1Template): Promise<void> {
    const agent = this.agentOf(record);
    const generation = agent.runner.generation;
    const actionId = template.actionRef ? agent.refs.get(template.actionRef) : undefined;
    const action = record.events.find((e) => e.id === actionId);
    return this.agent.runAgentCommand(record, template.command as string).then((result) => {
      // An interrupt cancelled the tool call: its result is never stored.
      if (generation !== agent.runner.generation || !this.exists(record.id) || !action) return;
      const observation = v1TerminalObservation(action, result.output, result.exitCode);
      const metadata = (observation.observation as { metadata: Record<string, unknown> }).metadata;
      metadata.working_dir = this.agent.side(record).working_dir;
      const stored = this.append(record, observation, actionId);
      if (template.ref) agent.refs.set(template.ref, stored.id);
    });
  }

  /** The exit code of the agent's last command (what its next words depend on). */
  private lastOutcome(record: AppConversationRecord): { exitCode: number | null } {
    for (let i = record.events.length - 1; i >= 0; i--) {
      const observation = (record.events[i] as V1Event).observation as
        | { kind?: string; exit_code?: number }
        | undefined;
      if (observation?.kind === 'TerminalObservation') {
        return { exitCode: observation.exit_code ?? null };
      }
    }
    return { exitCode: null };
  }

  /** The conversation starts on the agent server: system prompt, first message, scenario. */
  beginConversation(record: AppConversationRecord): void {
    record.scenario_started = record.initial_text !== null;
    if (record.title === null && record.initial_text && !record.agent_side) {
      const firstLine =
        record.initial_text
          .replace(/\[scenario:[a-z-]+\]/, '')
          .trim()
          .split('\n')[0] ?? '';
      record.title = firstLine.length > 30 ? `${firstLine.slice(0, 27)}...` : firstLine || null;
    }
    // The first message makes the agent ready: a workspace's project skills are read then.
    if (record.initial_text !== null) this.agent.ensureReady(record);
    const templates: V1Template[] = [{ delay: 50, event: this.agent.systemPrompt(record) }];
    if (record.confirmation_policy !== 'NeverConfirm') {
      templates.push({
        delay: 10,
        event: stateUpdate('confirmation_policy', { kind: record.confirmation_policy }),
      });
    }
    if (record.initial_text !== null) {
      templates.push(
        {
          delay: 60,
          event: userMessageEvent(
            [textContent(record.initial_text)],
            this.skillsTriggered(record, record.initial_text),
          ),
        },
        { delay: 20, event: stateUpdate('execution_status', 'running') },
        ...this.agent.scenario(record, record.initial_text),
      );
    }
    this.play(record, templates);
    if (record.initial_text !== null) this.startRun(record);
  }

  private skillsTriggered(record: AppConversationRecord, text: string): string[] {
    const lowered = text.toLowerCase();
    return (record.agent_side ? this.agent.skillSummaries(record) : this.skills(record))
      .filter(
        (s) => s.type === 'knowledge' && s.triggers.some((t) => lowered.includes(t.toLowerCase())),
      )
      .map((s) => s.name);
  }

  /** The conversation's skills (2026 `…/skills`). */
  skills(record: AppConversationRecord) {
    const out: { name: string; type: string; content: string; triggers: string[] }[] = [];
    const repo = record.selected_repository
      ? findRepository(record.selected_repository)
      : undefined;
    if (repo) {
      for (const file of listMicroagentFiles(repo)) {
        try {
          const parsed = parseMicroagent(repo.files[file.path] ?? '');
          const type = microagentType(parsed.metadata);
          out.push({
            name: String(parsed.metadata.name ?? file.name),
            type: type === 'task' ? 'knowledge' : type,
            content: parsed.content,
            triggers: triggersOf(parsed.metadata),
          });
        } catch {
          // Unloadable skills are skipped.
        }
      }
    }
    for (const agent of globalMicroagents) out.push({ ...agent, type: 'knowledge' });
    return out;
  }

  // --- controls --------------------------------------------------------------------------------

  /** A user message (REST `POST …/events` or a WebSocket frame). */
  sendMessage(
    record: AppConversationRecord,
    role: string,
    content: Record<string, unknown>[],
    run: boolean,
  ) {
    const agent = this.agentOf(record);
    if (this.runLoop) this.agent.ensureReady(record);
    // A new message takes a finished (or stuck) conversation back to idle first (1.13.1).
    if (
      this.agent.release.has('messageResetsTerminalStatus') &&
      (record.execution_status === 'finished' || record.execution_status === 'stuck')
    ) {
      this.append(record, stateUpdate('execution_status', 'idle'));
    }
    const event = userMessageEvent(content);
    if (role !== 'user') (event.llm_message as Record<string, unknown>).role = role;
    this.append(record, event);
    const text = content
      .filter((c) => c.type === 'text')
      .map((c) => String(c.text ?? ''))
      .join('\n');
    const startsScenario = !record.scenario_started;
    if (startsScenario) {
      // A conversation started without a first message plays its scenario on the first one.
      record.scenario_started = true;
      record.initial_text = text;
      record.scenario = scenarioMarker(text) ?? record.scenario;
    }
    this.agent.afterUserMessage(record, text);
    if (!run) {
      agent.unanswered.push(text);
      if (startsScenario) agent.scenarioWaiting = true;
      return;
    }
    this.runConversation(record, [text], startsScenario);
  }

  /** `run()`: 409 when already running; otherwise resumes or answers what is waiting. */
  run(record: AppConversationRecord): 'started' | 'already-running' {
    if (record.execution_status === 'running') return 'already-running';
    if (this.runLoop) {
      const agent = this.agentOf(record);
      // A run still finishing its step (paused while it ran) is still the run task.
      if (agent.running && !agent.runner.paused) return 'already-running';
      this.agent.ensureReady(record);
      // A finished conversation with nothing new: the loop ends at once, storing nothing.
      if (
        record.execution_status === 'finished' &&
        agent.unanswered.length === 0 &&
        !agent.scenarioWaiting &&
        !agent.pending
      ) {
        this.publishState(record);
        return 'started';
      }
    }
    this.runConversation(record, [], false);
    return 'started';
  }

  private runConversation(record: AppConversationRecord, fresh: string[], startScenario: boolean) {
    const agent = this.agentOf(record);
    if (agent.pending) return;
    // An unanswered question holds every run (agent servers 1.54+, agent-server/ask-user.ts).
    if (holdForQuestion(this, record)) return;
    if (this.runLoop && agent.running && agent.runner.pausing) {
      // `run()` refused (the run task is still ending its step): the message waits.
      agent.unanswered.push(...fresh);
      if (startScenario) agent.scenarioWaiting = true;
      return;
    }
    if (this.runLoop && !agent.running) this.startRun(record);
    const texts = [...agent.unanswered, ...fresh];
    agent.unanswered = [];
    if (record.execution_status !== 'running') {
      this.append(record, stateUpdate('execution_status', 'running'));
    }
    if (agent.runner.paused) agent.runner.resume();
    if (startScenario || agent.scenarioWaiting) {
      agent.scenarioWaiting = false;
      this.play(record, this.agent.scenario(record, texts[texts.length - 1] ?? ''));
      return;
    }
    if (texts.length > 0) {
      this.play(record, replyTemplates(texts[texts.length - 1] as string));
    } else if (agent.runner.idle) {
      this.play(record, [{ delay: 300, event: stateUpdate('execution_status', 'finished') }]);
    }
  }

  /**
   * `pause()`: only from idle or running (`paused`, then a PauseEvent). On the newer run loop it
   * takes the state lock like anything else, so while a step holds it the pause waits for the
   * step's end; the step under way always finishes before the loop stops. Then the state is
   * published.
   */
  async pause(record: AppConversationRecord): Promise<void> {
    const agent = this.agentOf(record);
    if (!this.runLoop) {
      if (record.execution_status !== 'idle' && record.execution_status !== 'running') return;
      agent.runner.pause();
      if (this.agent.release.legacy) {
        this.append(record, { source: 'user', kind: 'PauseEvent' });
        this.append(record, stateUpdate('execution_status', 'paused'));
        return;
      }
      this.append(record, stateUpdate('execution_status', 'paused'));
      this.append(record, { source: 'user', kind: 'PauseEvent' });
      return;
    }
    await agent.lock.whenFree(() => this.pauseNow(record));
    this.publishState(record);
  }

  /** `LocalConversation.pause` once it holds the lock. */
  pauseNow(record: AppConversationRecord): void {
    const agent = this.agentOf(record);
    if (record.execution_status === 'paused') return;
    if (record.execution_status !== 'idle' && record.execution_status !== 'running') return;
    // LocalConversation.pause sets the status (its update goes out) before the PauseEvent.
    this.append(record, stateUpdate('execution_status', 'paused'));
    this.append(record, { source: 'user', kind: 'PauseEvent' });
    // The loop sees it between steps: the step under way still ends.
    agent.runner.pauseAtBoundary();
  }

  respondToConfirmation(record: AppConversationRecord, accept: boolean, reason: string): void {
    const agent = this.agentOf(record);
    const pending = agent.pending;
    if (accept) {
      if (!pending) {
        if (record.execution_status !== 'running') this.runConversation(record, [], false);
        return;
      }
      agent.pending = null;
      if (this.runLoop) this.startRun(record);
      this.append(record, stateUpdate('execution_status', 'running'));
      this.play(record, [
        {
          delay: 900,
          event: v1TerminalObservation(pending, 'Build finished: 0 errors, 0 warnings.'),
          actionRef: 'pending',
        },
        {
          delay: 800,
          event: assistantMessageEvent('The build succeeded after the clean rebuild.'),
        },
        { delay: 10, event: stateUpdate('execution_status', 'finished') },
      ]);
      return;
    }
    // Newer agent servers reject the pending actions (v1.3.0 only paused, which did nothing
    // while waiting for confirmation): one UserRejectObservation each, then `idle`.
    agent.pending = null;
    if (pending) {
      this.append(
        record,
        {
          source: 'environment',
          tool_name: pending.tool_name,
          tool_call_id: pending.tool_call_id,
          rejection_reason: reason,
          kind: 'UserRejectObservation',
        },
        pending.id,
      );
    }
    if (record.execution_status === 'waiting_for_confirmation') {
      this.append(record, stateUpdate('execution_status', 'idle'));
    }
  }

  /** Resumes agents after a restart of the service (paused sandboxes stay paused). */
  restoreAfterRestart(): void {
    for (const record of [
      ...Object.values(this.data.app_conversations),
      ...Object.values(this.data.agent_conversations ?? {}),
    ]) {
      if (record.execution_status === 'running') record.execution_status = 'paused';
    }
  }

  whenIdle(conversationId: string): Promise<void> {
    return this.agents.get(conversationId)?.runner.whenIdle() ?? Promise.resolve();
  }
}

/** A `MetricsSnapshot` from a stats update (`usage_to_metrics.agent`, else the first LLM's). */
function metricsSnapshot(stats: unknown): Record<string, unknown> | null {
  const usage = (stats as { usage_to_metrics?: Record<string, Record<string, unknown>> })
    ?.usage_to_metrics;
  const agent = usage?.agent ?? Object.values(usage ?? {})[0];
  if (!agent) return null;
  return {
    model_name: agent.model_name ?? 'default',
    accumulated_cost: agent.accumulated_cost ?? 0,
    max_budget_per_task: agent.max_budget_per_task ?? null,
    accumulated_token_usage: agent.accumulated_token_usage ?? null,
  };
}

export { statsValue };

/** The hosted user's provider tokens, which come from the web app's login (OAuth), not a form. */
export const hostedLoginTokens: Record<string, ProviderTokenRecord> = {
  github: {
    token: 'gho_LocalReferenceServiceLogin00000001',
    user_id: '9151851',
    host: 'github.com',
  },
  gitlab: { token: 'glpat-LocalReferenceLogin0001', user_id: '31337', host: 'gitlab.com' },
};

const suggestedTaskPrompts: Record<string, (repo: string, n: number, title: string) => string> = {
  MERGE_CONFLICTS: (repo, n, title) =>
    `Resolve the merge conflicts of pull request #${n} ("${title}") in ${repo}, then push the branch.`,
  FAILING_CHECKS: (repo, n, title) =>
    `Make the failing checks of pull request #${n} ("${title}") in ${repo} pass, then push the fix.`,
  UNRESOLVED_COMMENTS: (repo, n, title) =>
    `Address the unresolved review comments on pull request #${n} ("${title}") in ${repo}.`,
  OPEN_ISSUE: (repo, n, title) =>
    `Fix issue #${n} ("${title}") in ${repo} and open a pull request.`,
  OPEN_PR: (repo, n, title) =>
    `Finish pull request #${n} ("${title}") in ${repo} so that it can be merged.`,
};

/**
 * `_apply_suggested_task`: the server writes the first message and sets the trigger. Sending a
 * message of one's own as well raises a ValueError nobody catches, so the request fails with 500.
 */
function applySuggestedTask(request: Record<string, unknown>): void {
  const task = request.suggested_task as
    | { git_provider: string; task_type: string; repo: string; issue_number: number; title: string }
    | null
    | undefined;
  if (!task) return;
  if (request.initial_message !== null && request.initial_message !== undefined) {
    throw new UpstreamCrash('initial_message cannot be provided when suggested_task is present');
  }
  const prompt = suggestedTaskPrompts[task.task_type];
  if (!prompt)
    throw new UpstreamCrash(`Suggested task returned empty prompt for ${task.task_type}`);
  request.initial_message = {
    role: 'user',
    content: [{ type: 'text', text: prompt(task.repo, task.issue_number, task.title) }],
    run: false,
  };
  request.trigger = 'suggested_task';
  if (!request.selected_repository) request.selected_repository = task.repo;
  if (!request.git_provider) request.git_provider = task.git_provider;
}

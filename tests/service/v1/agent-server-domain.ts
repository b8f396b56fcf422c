// What an agent server holds beyond the app server's records, for the release the service
// plays: conversations started on it directly (`POST /api/conversations`, the `agent` kind's
// only way), its view of every conversation (workspace, agent, tags, secrets), the newer state
// shape, `interrupt`, credential-binding activation, and the skills it loads from its disk.
// Both the sandboxes' agent servers and the `agent` kind's own server use this one module.
// Upstream: software-agent-sdk agent_server/conversation_service.py, models.py, event_service.py
// and sdk/conversation/impl/local_conversation.py.

import { pushScenario } from '../agent/push-scenario';
import {
  fullStateTemplate,
  replyTemplates,
  stateUpdate,
  systemPromptEvent,
  type V1Template,
  v1Scenario,
} from '../agent/v1-scenarios';
import {
  agentDump,
  type DumpMode,
  shapeFromAgent,
  shapeFromProfile,
  shapeFromSettings,
  withProjectSkills,
} from '../agent-server/agent-model';
import { askUserScenario, isAskUserScenario } from '../agent-server/ask-user';
import { FERNET_TOKEN_PREFIX } from '../agent-server/fernet';
import { REDACTED, withoutNulls } from '../agent-server/json';
import { agentServerGates } from '../agent-server/release';
import {
  acceptSource,
  SecretRegistry,
  type SecretSource,
  sourcesDump,
} from '../agent-server/secret-registry';
import {
  AGENT_HOME,
  AgentServers,
  SANDBOX_PROJECT_DIR,
  STANDALONE_SCOPE,
} from '../agent-server/servers';
import {
  type LoadedSkill,
  loadProjectSkills,
  mergeSkills,
  publicSkills,
  skillInfo,
} from '../agent-server/skills';
import type { ServiceHost } from '../core/host';
import { hexId, toDashed } from '../core/ids';
import type {
  AgentShapeRecord,
  AgentSideRecord,
  AppConversationRecord,
  V1Event,
} from '../core/state';
import { utcNow } from '../core/time';
import { httpException } from '../http/respond';
import type { StartConversationBody } from '../models/agent-server';
import type { ScenarioName } from '../options';
import { findRepository } from '../seed/git-world';
import { scenarioMarker } from '../v0/domain';
import type { V1Domain } from './domain';

/** The tools an agent built from settings without `tools` gets from 1.31.2 (tool/defaults.py). */
export const DEFAULT_TOOL_NAMES = ['terminal', 'file_editor', 'task_tracker'];

/** Newer event kinds a scenario needs, and the first release that emits them. */
const scenarioSince: Partial<Record<ScenarioName, string>> = {
  streaming: '1.18.1',
  hooks: '1.13.0',
  'acp-tools': '1.12.0',
  'ask-user': agentServerGates.askUser,
  'ask-user-free': agentServerGates.askUser,
};

const providerHosts = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class AgentServerDomain {
  readonly servers: AgentServers;

  constructor(
    private readonly v1: V1Domain,
    private readonly host: ServiceHost,
  ) {
    this.servers = new AgentServers(host);
  }

  get release() {
    return this.servers.release;
  }

  dispose(): void {
    this.servers.dispose();
  }

  /** Conversations started on an agent server directly: no app server knows them. */
  private get direct(): Record<string, AppConversationRecord> {
    this.host.data.agent_conversations ??= {};
    return this.host.data.agent_conversations;
  }

  /** Every conversation the agent server of `scope` holds. */
  conversationsOn(scope: string): AppConversationRecord[] {
    return [
      ...Object.values(this.host.data.app_conversations),
      ...Object.values(this.direct),
    ].filter((record) => this.servers.sees(scope, record.sandbox_id));
  }

  find(scope: string, hex: string | null): AppConversationRecord | undefined {
    if (hex === null) return undefined;
    const record = this.host.data.app_conversations[hex] ?? this.direct[hex];
    return record && this.servers.sees(scope, record.sandbox_id) ? record : undefined;
  }

  /** Any conversation, wherever it lives (admin helper). */
  anywhere(hex: string): AppConversationRecord | undefined {
    return this.host.data.app_conversations[hex] ?? this.direct[hex];
  }

  /**
   * The agent server's view of a conversation. One the app server started runs in the sandbox's
   * project folder, where the app server cloned its repository.
   */
  side(record: AppConversationRecord): AgentSideRecord {
    if (record.agent_side) return record.agent_side;
    const tree = this.servers.tree(record.sandbox_id);
    const repository = record.selected_repository
      ? findRepository(record.selected_repository)
      : undefined;
    const project = tree.gitRootOf(SANDBOX_PROJECT_DIR);
    if (repository && project?.record.git?.kind !== 'clone') {
      tree.record(SANDBOX_PROJECT_DIR, {
        git: {
          kind: 'clone',
          repository: repository.full_name,
          branch: record.selected_branch ?? repository.main_branch,
          single_branch: false,
          remote_url: `https://${providerHosts[repository.git_provider]}/${repository.full_name}.git`,
        },
      });
    }
    return {
      working_dir: SANDBOX_PROJECT_DIR,
      tags: {},
      max_iterations: 500,
      stuck_detection: true,
      llm: {
        model: record.llm_model ?? 'litellm_proxy/claude-sonnet-4-5-20250929',
        base_url: null,
        api_key: 'app-server-managed',
        usage_id: 'agent',
      },
      tools: DEFAULT_TOOL_NAMES,
      secrets: {},
      autotitle: false,
      launched_agent_profile: null,
      parent_conversation_id: null,
      credential_binding_pending: false,
    };
  }

  /** The HEAD a new event hangs from: the last stored event that is a tree node. */
  leafOf(record: AppConversationRecord): string | null {
    for (let i = record.events.length - 1; i >= 0; i--) {
      const event = record.events[i] as V1Event;
      if (event.kind !== 'ConversationStateUpdateEvent') return event.id;
    }
    return null;
  }

  // --- what the scripted agent does ------------------------------------------------------------

  systemPrompt(record: AppConversationRecord): Record<string, unknown> {
    const event = systemPromptEvent();
    if (record.agent_side && record.agent_side.tools.length === 0) {
      // A bare agent still has the built-in finish and think tools.
      event.tools = (event.tools as { kind?: string }[]).filter(
        (tool) => tool.kind === 'FinishTool' || tool.kind === 'ThinkTool',
      );
    }
    return event;
  }

  /** The scenario a conversation plays; a bare agent (no tools) can only answer. */
  scenario(record: AppConversationRecord, text: string): V1Template[] {
    if (record.agent_side && record.agent_side.tools.length === 0) return replyTemplates(text);
    const name = record.scenario as ScenarioName;
    if (name === 'push') {
      const side = this.side(record);
      const clone = this.servers.tree(record.sandbox_id).gitRootOf(side.working_dir)?.record.git;
      return pushScenario({
        workingDir: side.working_dir,
        clone: clone?.kind === 'clone' ? clone : null,
        conversationId: record.id,
      });
    }
    const since = scenarioSince[name];
    if (since && (this.release.legacy || !this.release.within(since))) return v1Scenario('default');
    if (isAskUserScenario(name)) return askUserScenario(name);
    return v1Scenario(name);
  }

  /** Auto-title from the first user message (title_utils.generate_fallback_title, 50 chars). */
  afterUserMessage(record: AppConversationRecord, text: string): void {
    const side = record.agent_side;
    if (!side?.autotitle || record.agent_title !== null) return;
    const title = text.replace(/\[scenario:[a-z-]+\]/, '').trim();
    if (!title) return;
    record.agent_title = title.length > 50 ? `${title.slice(0, 47)}...` : title;
    this.host.persist();
  }

  /**
   * Skills the conversation's agent has. One the app server started carries what the app
   * server sent (public ones, then its workspace's, which win). One started here has what its
   * context loaded: explicit and switched-on public/user skills, and the workspace's once they
   * were read (`load_project_skills`, on the first message or run).
   */
  skillsOf(record: AppConversationRecord): LoadedSkill[] {
    const side = this.side(record);
    const context = side.agent_shape?.agent_context;
    if (side.agent_shape) {
      if (!context) return [];
      return (side.project_skills ?? context.skills) as unknown as LoadedSkill[];
    }
    const project = loadProjectSkills(
      this.servers.tree(record.sandbox_id),
      side.working_dir,
      this.release.has('nestedRules'),
    );
    return mergeSkills([publicSkills(AGENT_HOME), project]);
  }

  /**
   * `_ensure_agent_ready` on the first message or run: with `load_project_skills` the
   * workspace's skills are read; when there are any, the agent changes and the state announces
   * it (a stored `agent` update carrying the whole agent).
   */
  ensureReady(record: AppConversationRecord): void {
    const side = record.agent_side;
    const context = side?.agent_shape?.agent_context;
    if (!side || !context || side.project_skills !== undefined) return;
    side.project_skills = null;
    if (!context.load_project_skills) return;
    const project = loadProjectSkills(
      this.servers.tree(record.sandbox_id),
      side.working_dir,
      this.release.has('nestedRules'),
    );
    const skills = withProjectSkills(context, project);
    if (!skills) return;
    side.project_skills = skills;
    this.host.persist();
    this.v1.append(record, {
      source: 'environment',
      key: 'agent',
      value: this.agentDumpOf(record, this.skillsOf(record), 'state'),
      kind: 'ConversationStateUpdateEvent',
    });
  }

  // --- secrets and the agent's own commands -----------------------------------------------------

  /**
   * The conversation's secret sources: `agent_context.secrets` (from 1.27.0) under the start's
   * own `secrets`, each as the server validated it.
   */
  secretSourcesOf(record: AppConversationRecord): Record<string, SecretSource> {
    const side = this.side(record);
    const options = {
      release: this.release,
      internalUrl: this.servers.internalUrl(record.sandbox_id),
      cipher: null,
    };
    const out: Record<string, SecretSource> = {};
    const seeded = side.agent_shape?.agent_context?.secrets;
    if (seeded && this.release.has('agentContextSecretsSeeded')) {
      for (const [name, source] of Object.entries(seeded))
        out[name] = acceptSource(source, options);
    }
    for (const [name, source] of Object.entries(side.secrets)) {
      out[name] = acceptSource(source, options);
    }
    return out;
  }

  /**
   * A command the agent runs with its terminal tool, in its workspace: the secrets it names
   * are resolved and exported first (and stay exported in the session), the output is masked.
   */
  async runAgentCommand(
    record: AppConversationRecord,
    command: string,
  ): Promise<{ output: string; exitCode: number }> {
    const agent = this.v1.agentOf(record);
    agent.secrets ??= new SecretRegistry(() => this.secretSourcesOf(record));
    agent.env = { ...agent.env, ...(await agent.secrets.envFor(command)) };
    const result = await this.servers.runInTerminal(
      record.sandbox_id,
      this.side(record).working_dir,
      command,
      agent.env,
    );
    return { output: await agent.secrets.mask(result.output), exitCode: result.exitCode };
  }

  skillSummaries(record: AppConversationRecord) {
    return this.skillsOf(record).map((skill) => {
      const info = skillInfo(skill);
      return { name: info.name, type: info.type, content: info.content, triggers: info.triggers };
    });
  }

  // --- the state and ConversationInfo of the newer releases ------------------------------------

  private agentDumpOf(record: AppConversationRecord, skills: LoadedSkill[], mode: DumpMode) {
    return agentDump({
      release: this.release,
      template: fullStateTemplate().agent as Record<string, unknown>,
      side: this.side(record),
      skills,
      mode,
    });
  }

  /** `ConversationInfo` fields shared by the state and the REST answer, nulls included. */
  private stateFields(record: AppConversationRecord, skills: LoadedSkill[], mode: DumpMode) {
    const side = this.side(record);
    const lastStats = [...record.events]
      .reverse()
      .find((e) => e.kind === 'ConversationStateUpdateEvent' && e.key === 'stats');
    const activated = new Set<string>();
    let lastUser: string | null = null;
    for (const event of record.events) {
      if (event.kind !== 'MessageEvent' || event.source !== 'user') continue;
      lastUser = event.id;
      for (const name of (event.activated_skills as string[] | undefined) ?? [])
        activated.add(name);
    }
    return {
      id: toDashed(record.id),
      agent: this.agentDumpOf(record, skills, mode),
      workspace: { working_dir: side.working_dir, kind: 'LocalWorkspace' },
      persistence_dir:
        record.sandbox_id === STANDALONE_SCOPE
          ? `workspace/conversations/${record.id}`
          : `/workspace/conversations/${record.id}`,
      max_iterations: side.max_iterations,
      stuck_detection: side.stuck_detection,
      execution_status: record.execution_status,
      confirmation_policy: { kind: record.confirmation_policy },
      security_analyzer: null,
      activated_knowledge_skills: [...activated],
      invoked_skills: [],
      blocked_actions: {},
      blocked_messages: {},
      ...(this.release.has('lastUserMessageId') ? { last_user_message_id: lastUser } : {}),
      leaf_event_id: this.release.has('parentId') ? this.leafOf(record) : null,
      stats: lastStats?.value ?? { usage_to_metrics: {} },
      secret_registry: { secret_sources: sourcesDump(this.secretSourcesOf(record), mode) },
      agent_state: {},
      hook_config: null,
      tags: side.tags,
    };
  }

  /** The `full_state` value (`ConversationState.model_dump(exclude_none=True)`). */
  stateValue(record: AppConversationRecord): Record<string, unknown> {
    const fields = this.stateFields(record, this.skillsOf(record), 'state');
    return withoutNulls({ ...fields, activated_path_rules: [], head_is_empty: false });
  }

  /** `ConversationInfo`; its skills are trimmed unless asked for (`include_skills`, 1.23). */
  info(record: AppConversationRecord, includeSkills: boolean): Record<string, unknown> {
    const trimmed = this.release.has('includeSkills') && !includeSkills;
    const fields = this.stateFields(record, trimmed ? [] : this.skillsOf(record), 'info');
    const side = this.side(record);
    const children = this.conversationsOn(record.sandbox_id)
      .filter((child) => child.agent_side?.parent_conversation_id === record.id)
      .map((child) => toDashed(child.id));
    return {
      ...fields,
      title: record.agent_title ?? record.title,
      metrics: record.metrics,
      created_at: record.created_at,
      updated_at: record.updated_at,
      forked_from_conversation_id: null,
      forked_from_event_id: null,
      parent_conversation_id: side.parent_conversation_id
        ? toDashed(side.parent_conversation_id)
        : null,
      sub_conversation_ids: children,
      current_model_id: null,
      available_models: [],
      supports_runtime_model_switch: false,
      launched_agent_profile: side.launched_agent_profile,
      client_tools: [],
    };
  }

  // --- lifecycle ---------------------------------------------------------------------------------

  /**
   * `start_conversation`: a new conversation (created) or the existing one with that id (not
   * created: 200 instead of 201). The first message always runs, whatever its `run` says.
   */
  start(
    scope: string,
    body: StartConversationBody,
  ): { record: AppConversationRecord; created: boolean } {
    const id = body.conversation_id ?? hexId();
    const existing = this.find(scope, id);
    if (existing) return { record: existing, created: false };
    const parentId = body.parent_conversation_id;
    if (parentId !== null) {
      if (parentId === id) throw httpException(422, 'A conversation cannot be its own parent');
      const parent = this.find(scope, parentId);
      if (!parent) throw httpException(422, `Parent conversation ${toDashed(parentId)} not found`);
      if (this.side(parent).working_dir !== body.workspace.working_dir) {
        throw httpException(
          422,
          `Parent conversation ${toDashed(parentId)} belongs to a different workspace`,
        );
      }
    }
    const state = this.servers.state(scope);
    const sources = { tree: this.servers.tree(scope), home: AGENT_HOME };
    let source: Record<string, unknown> = body.agent ?? body.agent_settings ?? {};
    let launched: Record<string, unknown> | null = null;
    let shape: AgentShapeRecord;
    if (body.agent_profile_id !== null) {
      const profileId = toDashed(body.agent_profile_id);
      const profile = state.agent_profiles[profileId];
      if (!profile) throw httpException(404, `Agent profile with id '${profileId}' not found`);
      source = (profile.settings as Record<string, unknown> | undefined) ?? {};
      launched = { agent_profile_id: profileId, revision: profile.revision ?? 1 };
      shape = shapeFromProfile(profile, this.release, sources);
    } else if (body.agent) shape = shapeFromAgent(body.agent, this.release, sources);
    else shape = shapeFromSettings(source, this.release, sources);
    const llm = isObject(source.llm) ? source.llm : {};
    // validate_secret: a blank or redacted key is no key.
    let apiKey =
      typeof llm.api_key === 'string' && llm.api_key.trim() && llm.api_key !== REDACTED
        ? llm.api_key
        : null;
    if (apiKey !== null && body.secrets_encrypted && apiKey.startsWith(FERNET_TOKEN_PREFIX)) {
      // A token of another key decrypts to nothing (Cipher.decrypt → None).
      apiKey = this.servers.cipher(scope).decrypt(apiKey);
    }
    let tools: string[];
    if (Array.isArray(source.tools)) {
      tools = source.tools.map((tool) => (isObject(tool) ? String(tool.name) : String(tool)));
    } else if (body.agent === null && this.release.has('defaultTools')) {
      tools = DEFAULT_TOOL_NAMES;
    } else tools = []; // `Agent.tools` defaults to none, as did settings before 1.31.2

    const tree = this.servers.tree(scope);
    const workingDir = body.workspace.working_dir;
    // EventService.start: mkdir -p, then `git init` unless it is already a repository.
    tree.makeFolders(workingDir);
    if (!tree.gitRootOf(workingDir)) tree.record(workingDir, { git: { kind: 'init' } });

    const initial = body.initial_message;
    const initialText = initial
      ? initial.content
          .filter((c) => c.type === 'text' || c.type === undefined)
          .map((c) => String(c.text ?? ''))
          .join('\n')
      : null;
    const now = utcNow();
    const record: AppConversationRecord = {
      id,
      created_by_user_id: null,
      sandbox_id: scope,
      selected_repository: null,
      selected_branch: null,
      git_provider: null,
      title: null,
      trigger: null,
      pr_number: [],
      llm_model: typeof llm.model === 'string' ? llm.model : 'gpt-5.5',
      metrics: null,
      parent_conversation_id: null,
      sub_conversation_ids: [],
      public: null,
      created_at: now,
      updated_at: now,
      execution_status: 'idle',
      confirmation_policy: body.confirmation_policy.kind,
      scenario: scenarioMarker(initialText) ?? this.host.defaultScenario(),
      scenario_started: false,
      initial_text: initialText,
      agent_title: null,
      events: [],
      agent_side: {
        working_dir: workingDir,
        tags: body.tags,
        max_iterations: body.max_iterations,
        stuck_detection: body.stuck_detection,
        llm: {
          model: typeof llm.model === 'string' ? llm.model : 'gpt-5.5',
          base_url: typeof llm.base_url === 'string' ? llm.base_url : null,
          api_key: apiKey,
          usage_id: typeof llm.usage_id === 'string' ? llm.usage_id : 'agent',
        },
        tools,
        secrets: this.acceptSecrets(scope, body),
        autotitle: body.autotitle,
        launched_agent_profile: launched,
        parent_conversation_id: parentId,
        credential_binding_pending: false,
        agent_shape: shape,
      },
    };
    if (record.scenario === 'awaiting-confirmation') record.confirmation_policy = 'AlwaysConfirm';
    this.direct[id] = record;
    this.host.persist();
    if (initialText !== null) this.afterUserMessage(record, initialText);
    this.v1.beginConversation(record);
    return { record, created: true };
  }

  /**
   * The start's `secrets` as the server validates them: relative lookup urls resolved against
   * its own listener (1.22.0), redacted headers dropped, and with `secrets_encrypted` its own
   * Fernet tokens decrypted.
   */
  private acceptSecrets(scope: string, body: StartConversationBody) {
    const options = {
      release: this.release,
      internalUrl: this.servers.internalUrl(scope),
      cipher: body.secrets_encrypted ? this.servers.cipher(scope) : null,
    };
    const out: Record<string, Record<string, unknown>> = {};
    for (const [name, raw] of Object.entries(body.secrets)) {
      out[name] = acceptSource(raw, options) as unknown as Record<string, unknown>;
    }
    return out;
  }

  /**
   * `interrupt`: a running agent is cancelled at once. What waited for the step's lock goes
   * first (a pause, the step's stats), then each unfinished tool call gets an AgentErrorEvent,
   * the status becomes `paused` (if it is not already) and an InterruptEvent follows. With no
   * run under way it is `LocalConversation.pause`. Either way the state is published once.
   */
  async interrupt(record: AppConversationRecord): Promise<void> {
    const agent = this.v1.agentOf(record);
    const runLoop = this.release.has('perCallStats');
    const running = runLoop
      ? agent.running && !agent.runner.paused
      : record.execution_status === 'running' && !agent.runner.idle && !agent.runner.paused;
    if (!running) {
      if (!runLoop) {
        await this.v1.pause(record);
        return;
      }
      await agent.lock.whenFree(() => this.v1.pauseNow(record));
      this.v1.publishState(record);
      return;
    }
    agent.runner.clear();
    if (runLoop) agent.lock.release();
    const answered = new Set<string>();
    for (const event of record.events) {
      if (typeof event.action_id === 'string') answered.add(event.action_id);
      if (event.kind === 'AgentErrorEvent' && typeof event.tool_call_id === 'string') {
        answered.add(event.tool_call_id);
      }
    }
    const orphans = record.events.filter(
      (event) =>
        event.kind === 'ActionEvent' &&
        !answered.has(event.id) &&
        !answered.has(String(event.tool_call_id)),
    );
    for (const action of orphans) {
      this.v1.append(record, {
        source: 'agent',
        tool_name: action.tool_name,
        tool_call_id: action.tool_call_id,
        error: 'Tool call interrupted before completion. The conversation was paused.',
        ...(this.release.has('errorClassification')
          ? { classification: { kind: 'agent_action', retryable: true, user_action: 'retry' } }
          : {}),
        kind: 'AgentErrorEvent',
      });
    }
    if (!runLoop || record.execution_status !== 'paused') {
      this.v1.append(record, stateUpdate('execution_status', 'paused'));
    }
    this.v1.append(record, { source: 'user', kind: 'InterruptEvent' });
    if (runLoop) {
      agent.runner.pause();
      // The run's end and the interrupt both publish the state.
      this.v1.endRun(record);
      this.v1.publishState(record);
    }
  }

  /** `DELETE`: a direct conversation goes; one the app server owns is deleted as it always was. */
  async remove(record: AppConversationRecord): Promise<void> {
    await this.v1.deleteConversation(record.id);
  }

  /** `update_secrets`: added to (or replacing names in) the conversation's registry. */
  updateSecrets(record: AppConversationRecord, secrets: Record<string, Record<string, unknown>>) {
    const options = {
      release: this.release,
      internalUrl: this.servers.internalUrl(record.sandbox_id),
      cipher: null,
    };
    const side = this.side(record);
    const accepted: Record<string, Record<string, unknown>> = {};
    for (const [name, raw] of Object.entries(secrets)) {
      accepted[name] = acceptSource(raw, options) as unknown as Record<string, unknown>;
    }
    record.agent_side = { ...side, secrets: { ...side.secrets, ...accepted } };
    this.host.persist();
  }

  /** PATCH tags: the new map replaces the old one. */
  setTags(record: AppConversationRecord, tags: Record<string, string>): void {
    record.agent_side = { ...this.side(record), tags };
  }

  // --- credential bindings (ACP Codex logins after a sandbox restart) --------------------------

  needsActivation(record: AppConversationRecord): boolean {
    return (
      this.release.has('credentialBinding') &&
      record.agent_side?.credential_binding_pending === true
    );
  }

  setActivationRequired(record: AppConversationRecord, required: boolean): void {
    record.agent_side = { ...this.side(record), credential_binding_pending: required };
    this.host.persist();
  }
}

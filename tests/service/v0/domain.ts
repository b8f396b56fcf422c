// V0 conversations: metadata, the event store, agent loops (standalone or nested runtimes) and the
// scripted agent that plays scenarios, answers messages and honours change_agent_state. Behaviour
// follows the 0.62.0 server: events get integer ids in a per-conversation stream, the live socket
// stream filters and re-labels them (docs/contract/v0-socket.md#live-replay-and-rest-differ),
// stopping a loop sends an id-less "stopped" agent_state_changed, and titles changes are announced
// on the socket (docs/contract/v0-socket.md#status-payloads).
import type { Server as SocketIoServer } from 'socket.io';
import { StepRunner } from '../agent/runner';
import {
  agentMessage,
  agentStateChanged,
  replyTemplates,
  runObservation,
  startupTemplates,
  userMessage,
  type V0Template,
  v0Scenario,
} from '../agent/v0-scenarios';
import type { ServiceHost } from '../core/host';
import { conversationSessionKey, hexId } from '../core/ids';
import type { V0ConversationRecord, V0Event } from '../core/state';
import { naiveNow, utcNow } from '../core/time';
import type { Listener } from '../http/listener';
import { isScenarioName, type ScenarioName } from '../options';
import {
  findRepository,
  globalMicroagents,
  listMicroagentFiles,
  microagentType,
  parseMicroagent,
  triggersOf,
} from '../seed/git-world';

export const ROOM = (conversationId: string) => `room:${conversationId}`;

/** Action types `action_from_dict` knows (anything else is dropped, as upstream fails to parse). */
export const knownActionTypes = new Set([
  'message',
  'system',
  'run',
  'run_ipython',
  'read',
  'write',
  'edit',
  'browse',
  'browse_interactive',
  'call_tool_mcp',
  'think',
  'finish',
  'reject',
  'delegate',
  'recall',
  'change_agent_state',
  'condensation',
  'condensation_request',
  'task_tracking',
  'loop_recovery',
  'null',
]);

/**
 * What a Docker runtime reports while it comes up (`set_runtime_status`, empty messages): the
 * conversation's runtime_status follows these, and it counts as RUNNING once READY.
 */
const runtimeStatusWalk = [
  'STATUS$BUILDING_RUNTIME',
  'STATUS$STARTING_RUNTIME',
  'STATUS$RUNTIME_STARTED',
  'STATUS$READY',
] as const;

export interface V0Loop {
  conversationId: string;
  status: 'STARTING' | 'RUNNING';
  runtimeStatus: string | null;
  runner: StepRunner;
  runtime: { listener: Listener; io: SocketIoServer } | null;
  /** Cause links of the events this loop has played, by template ref. */
  refs: Map<string, number>;
  /** The action waiting for user_confirmed / user_rejected. */
  pending: V0Event | null;
  closed: boolean;
}

export interface CreateV0Params {
  conversationId?: string;
  repository: string | null;
  branch: string | null;
  gitProvider: string | null;
  trigger: string | null;
  initialUserMsg: string | null;
  imageUrls: string[];
  conversationInstructions: string | null;
  replayJson?: string | null;
}

/** `[scenario:<name>]` anywhere in the first message picks that conversation's scenario. */
export function scenarioMarker(text: string | null | undefined): ScenarioName | null {
  const match = /\[scenario:([a-z-]+)\]/.exec(text ?? '');
  return match && isScenarioName(match[1]) ? match[1] : null;
}

/** The live stream's view of a stored event (Session._on_event), or null when not sent live. */
export function liveForm(event: Record<string, unknown>): Record<string, unknown> | null {
  const action = event.action;
  const observation = event.observation;
  if (action === 'null' || observation === 'null') return null;
  if (event.source === 'agent' || event.source === 'user') return event;
  if (event.source === 'environment') {
    if (
      observation === 'run' ||
      observation === 'agent_state_changed' ||
      observation === 'recall'
    ) {
      return { ...event, source: 'agent' };
    }
  }
  if (observation === 'error') return { ...event, source: 'agent' };
  return null;
}

/**
 * The events of a `replay_json` trajectory as templates (the replay manager re-plays the
 * agent's actions; here the whole recording is played back), or null when it is not a list of
 * events.
 */
export function replayTemplates(replayJson: string | null | undefined): V0Template[] | null {
  if (!replayJson) return null;
  let events: unknown;
  try {
    events = JSON.parse(replayJson);
  } catch {
    return null;
  }
  if (!Array.isArray(events)) return null;
  const out: V0Template[] = [];
  for (const raw of events) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { id, timestamp: _timestamp, cause, ...event } = raw as Record<string, unknown>;
    if (event.source === 'user' && event.action === 'message') continue;
    out.push({
      delay: 400,
      ref: id === undefined ? undefined : `replay-${String(id)}`,
      causeRef: cause === undefined ? undefined : `replay-${String(cause)}`,
      event,
    });
  }
  return out;
}

export class V0Domain {
  readonly loops = new Map<string, V0Loop>();
  /** Socket ids connected per conversation (for num_connections). */
  readonly connections = new Map<string, Set<string>>();

  constructor(private readonly host: ServiceHost) {}

  get records(): V0ConversationRecord[] {
    return Object.values(this.host.data.v0);
  }

  get(conversationId: string): V0ConversationRecord | undefined {
    return this.host.data.v0[conversationId];
  }

  sessionKey(conversationId: string): string {
    return conversationSessionKey(this.host.data.server_secret, conversationId);
  }

  get nested(): boolean {
    return this.host.options.runtime === 'nested';
  }

  /** `initialize_conversation`: stores metadata only. */
  create(params: CreateV0Params): V0ConversationRecord {
    const id = params.conversationId ?? hexId();
    const now = utcNow();
    const record: V0ConversationRecord = {
      conversation_id: id,
      title: null,
      created_at: now,
      last_updated_at: now,
      selected_repository: params.repository,
      selected_branch: params.branch,
      git_provider: params.gitProvider,
      trigger: params.trigger,
      pr_number: [],
      conversation_instructions: params.conversationInstructions,
      scenario: scenarioMarker(params.initialUserMsg) ?? this.host.defaultScenario(),
      scenario_started: false,
      initial_user_msg: params.initialUserMsg,
      image_urls: params.imageUrls,
      replay_json: params.replayJson ?? null,
      agent_state: 'loading',
      events: [],
    };
    this.host.data.v0[id] = record;
    this.host.persist();
    return record;
  }

  /** The self-hosted socket validator creates metadata for an unknown conversation id. */
  ensureMetadata(conversationId: string): V0ConversationRecord {
    return (
      this.get(conversationId) ??
      this.create({
        conversationId,
        repository: null,
        branch: null,
        gitProvider: null,
        trigger: null,
        initialUserMsg: null,
        imageUrls: [],
        conversationInstructions: null,
      })
    );
  }

  defaultTitle(conversationId: string): string {
    return `Conversation ${conversationId.slice(0, 5)}`;
  }

  /**
   * `ConversationInfo` (docs/contract/v0-rest.md#conversationinfo). `forList` reproduces the list's
   * num_connections (always 0).
   */
  info(record: V0ConversationRecord, forList = false): Record<string, unknown> {
    const loop = this.loops.get(record.conversation_id);
    const id = record.conversation_id;
    let url: string | null = null;
    let key: string | null = null;
    if (loop) {
      if (this.nested && loop.runtime) {
        url = `http://localhost:${loop.runtime.listener.port}/api/conversations/${id}`;
        key = this.sessionKey(id);
      } else if (!this.nested) {
        url = `/api/conversations/${id}`;
      }
    }
    return {
      conversation_id: id,
      title: record.title ?? this.defaultTitle(id),
      last_updated_at: record.last_updated_at,
      status: loop ? loop.status : 'STOPPED',
      runtime_status: loop ? loop.runtimeStatus : null,
      selected_repository: record.selected_repository,
      selected_branch: record.selected_branch,
      git_provider: record.git_provider,
      trigger: record.trigger,
      num_connections: forList ? 0 : (this.connections.get(id)?.size ?? 0),
      url,
      session_api_key: key,
      created_at: record.created_at,
      pr_number: record.pr_number,
      conversation_version: 'V0',
      sub_conversation_ids: [],
    };
  }

  isRunning(conversationId: string): boolean {
    return this.loops.has(conversationId);
  }

  // --- events ----------------------------------------------------------------------------------

  private nextId(record: V0ConversationRecord): number {
    const last = record.events[record.events.length - 1];
    return last ? last.id + 1 : 0;
  }

  /** Stores an event (new id and timestamp) and sends its live form to the room. */
  append(
    record: V0ConversationRecord,
    partial: Record<string, unknown>,
    opts: { cause?: number; timestamp?: string } = {},
  ): V0Event {
    const { id: _ignoredId, timestamp: _ignoredTimestamp, cause: _ignoredCause, ...rest } = partial;
    const event: V0Event = {
      id: this.nextId(record),
      timestamp: opts.timestamp ?? naiveNow(),
      ...rest,
    };
    if (opts.cause !== undefined) {
      // `cause` sits after `message` in event_to_dict output.
      const { id, timestamp, source, message, ...tail } = event;
      Object.assign(event, { id, timestamp, source, message, cause: opts.cause, ...tail });
      for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
    }
    record.events.push(event);
    record.last_updated_at = utcNow();
    if (event.observation === 'agent_state_changed') {
      const extras = event.extras as { agent_state?: string } | undefined;
      if (extras?.agent_state) record.agent_state = extras.agent_state;
    }
    this.host.persist();
    const live = liveForm(event);
    if (live) this.emitToRoom(record.conversation_id, live);
    return event;
  }

  /** Raw append for admin use: stored as given (id/timestamp filled in when absent). */
  appendRaw(record: V0ConversationRecord, raw: Record<string, unknown>, broadcast: 'live' | 'raw') {
    const event: V0Event = {
      ...raw,
      id: typeof raw.id === 'number' ? raw.id : this.nextId(record),
      timestamp: typeof raw.timestamp === 'string' ? raw.timestamp : naiveNow(),
    };
    record.events.push(event);
    record.events.sort((a, b) => a.id - b.id);
    this.host.persist();
    const out = broadcast === 'raw' ? event : liveForm(event);
    if (out) this.emitToRoom(record.conversation_id, out);
    return event;
  }

  emitToRoom(conversationId: string, payload: unknown): void {
    for (const io of this.host.v0SocketServers())
      io.to(ROOM(conversationId)).emit('oh_event', payload);
  }

  /** The title-changed status payload (docs/contract/v0-socket.md#status-payloads). */
  announceTitle(record: V0ConversationRecord): void {
    this.emitToRoom(record.conversation_id, {
      status_update: true,
      type: 'info',
      message: record.conversation_id,
      conversation_title: record.title ?? this.defaultTitle(record.conversation_id),
    });
  }

  // --- loops -----------------------------------------------------------------------------------

  /** `maybe_start_agent_loop`: starts one if none runs, otherwise returns the running one. */
  async startLoop(conversationId: string): Promise<V0Loop> {
    const existing = this.loops.get(conversationId);
    if (existing) return existing;
    const record = this.get(conversationId);
    if (!record) throw new Error(`Conversation ${conversationId} not found`);
    const loop: V0Loop = {
      conversationId,
      status: 'STARTING',
      runtimeStatus: null,
      runner: new StepRunner(() => this.host.pacing()),
      runtime: null,
      refs: new Map(),
      pending: null,
      closed: false,
    };
    this.loops.set(conversationId, loop);
    if (this.nested) loop.runtime = await this.host.openRuntime(conversationId);
    this.host.log(`V0 conversation ${conversationId} started`);

    this.append(record, agentStateChanged('loading'));
    const status =
      (id: string, message = '') =>
      () =>
        this.emitToRoom(conversationId, { status_update: true, type: 'info', id, message });
    for (const runtimeStatus of runtimeStatusWalk) {
      loop.runner.push({
        delay: 600,
        kind: 'status',
        run: () => {
          loop.runtimeStatus = runtimeStatus;
          if (runtimeStatus === 'STATUS$READY') loop.status = 'RUNNING';
          status(runtimeStatus)();
        },
      });
    }
    // The session then prepares the workspace; these do not change runtime_status.
    const repo = record.selected_repository
      ? findRepository(record.selected_repository)
      : undefined;
    if (record.selected_repository) {
      loop.runner.push({
        delay: 500,
        kind: 'status',
        run: status('STATUS$SETTING_UP_WORKSPACE', 'Setting up workspace...'),
      });
    }
    if (repo?.files['.openhands/pre-commit.sh'] !== undefined) {
      loop.runner.push({
        delay: 300,
        kind: 'status',
        run: status('STATUS$SETTING_UP_GIT_HOOKS', 'Setting up git hooks...'),
      });
    }
    loop.runner.push({
      delay: 100,
      kind: 'status',
      run: () => this.afterRuntimeReady(record, loop),
    });
    return loop;
  }

  private afterRuntimeReady(record: V0ConversationRecord, loop: V0Loop): void {
    // Anything beyond state changes means the conversation already ran once.
    const begun = record.events.some((e) => e.observation !== 'agent_state_changed');
    if (!record.scenario_started && begun) {
      // A scenario chosen for a conversation that already ran (admin helper): play it now.
      record.scenario_started = true;
      this.play(loop, [
        { delay: 20, event: agentStateChanged('running') },
        ...v0Scenario(record.scenario as ScenarioName),
      ]);
    } else if (!record.scenario_started && record.initial_user_msg !== null) {
      record.scenario_started = true;
      const port = loop.runtime?.listener.port ?? 0;
      this.play(loop, [
        ...startupTemplates({
          initialMessage: record.initial_user_msg,
          imageUrls: record.image_urls,
          repository: record.selected_repository,
          branch: record.selected_branch,
          conversationInstructions: record.conversation_instructions,
          microagentKnowledge: this.knowledgeFor(record, record.initial_user_msg),
          runtimePort: port || 30000,
          date: new Date().toISOString().slice(0, 10),
        }),
        ...(replayTemplates(record.replay_json) ?? v0Scenario(record.scenario as ScenarioName)),
      ]);
      this.maybeAutoTitle(record, record.initial_user_msg);
    } else {
      this.append(record, agentStateChanged('awaiting_user_input'));
    }
  }

  /** Default titles are replaced from the first user message and announced, like upstream. */
  private maybeAutoTitle(record: V0ConversationRecord, text: string): void {
    if (record.title !== null) return;
    const firstLine =
      text
        .replace(/\[scenario:[a-z-]+\]/, '')
        .trim()
        .split('\n')[0] ?? '';
    if (!firstLine) return;
    record.title = firstLine.length > 30 ? `${firstLine.slice(0, 27)}...` : firstLine;
    this.host.persist();
    this.announceTitle(record);
  }

  /** Closes a loop (`close_session`): announces "stopped" without an id and frees the runtime. */
  async stopLoop(conversationId: string): Promise<void> {
    const loop = this.loops.get(conversationId);
    if (!loop) return;
    loop.closed = true;
    loop.runner.dispose();
    this.emitToRoom(conversationId, {
      message: '',
      observation: 'agent_state_changed',
      content: '',
      extras: { agent_state: 'stopped', reason: '' },
    });
    this.loops.delete(conversationId);
    const record = this.get(conversationId);
    if (record) {
      record.agent_state = 'stopped';
      this.host.persist();
    }
    if (loop.runtime) {
      // Let the "stopped" frame leave, then the runtime container stops: its port goes away
      // with every connection on it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await this.host.closeRuntime(conversationId, loop.runtime);
    }
    this.host.log(`V0 conversation ${conversationId} stopped`);
  }

  async delete(conversationId: string): Promise<boolean> {
    if (!this.get(conversationId)) return false;
    await this.stopLoop(conversationId);
    delete this.host.data.v0[conversationId];
    this.connections.delete(conversationId);
    this.host.persist();
    return true;
  }

  /** Appends each template as a step of the loop's script. */
  play(loop: V0Loop, templates: V0Template[]): void {
    const record = this.get(loop.conversationId);
    if (!record) return;
    for (const template of templates) {
      loop.runner.push({
        delay: template.delay,
        kind: template.burst ? 'burst' : 'event',
        run: () => {
          if (template.payload) {
            this.emitToRoom(loop.conversationId, template.payload);
            return;
          }
          const cause = template.causeRef ? loop.refs.get(template.causeRef) : undefined;
          const event = this.append(record, template.event, { cause });
          if (template.ref) loop.refs.set(template.ref, event.id);
          // The scripted scenario ends right after such an action; the rest waits for the verdict.
          if (template.awaitsConfirmation) loop.pending = event;
        },
      });
    }
  }

  /** Knowledge microagents triggered by a message, for the recall observation. */
  knowledgeFor(record: V0ConversationRecord, text: string) {
    const lowered = text.toLowerCase();
    const out: { name: string; trigger: string; content: string }[] = [];
    for (const agent of this.microagents(record)) {
      if (agent.type !== 'knowledge') continue;
      const trigger = agent.triggers.find((t) => lowered.includes(t.toLowerCase()));
      if (trigger) out.push({ name: agent.name, trigger, content: agent.content });
    }
    return out;
  }

  /** The conversation's loaded microagents (`GET …/microagents`): repo ones plus global ones. */
  microagents(record: V0ConversationRecord) {
    const out: {
      name: string;
      type: string;
      content: string;
      triggers: string[];
      inputs: { name: string; description: string }[];
      tools: string[];
    }[] = [];
    const repo = record.selected_repository
      ? findRepository(record.selected_repository)
      : undefined;
    if (repo) {
      for (const file of listMicroagentFiles(repo)) {
        try {
          const parsed = parseMicroagent(repo.files[file.path] ?? '');
          const type = microagentType(parsed.metadata);
          if (type === 'task') continue;
          out.push({
            name: String(parsed.metadata.name ?? file.name),
            type,
            content: parsed.content,
            triggers: type === 'knowledge' ? triggersOf(parsed.metadata) : [],
            inputs: [],
            tools: [],
          });
        } catch {
          // Upstream skips microagents it cannot load.
        }
      }
    }
    for (const agent of globalMicroagents) {
      out.push({ ...agent, type: 'knowledge', inputs: [], tools: [] });
    }
    return out;
  }

  // --- user actions ----------------------------------------------------------------------------

  /**
   * An event dict from `oh_user_action`, `oh_action`, `POST /events` or `POST /message`.
   * Malformed payloads are dropped (upstream only logs them). Returns whether it was accepted.
   */
  dispatch(conversationId: string, data: unknown): boolean {
    const loop = this.loops.get(conversationId);
    const record = this.get(conversationId);
    if (!loop || !record || typeof data !== 'object' || data === null || Array.isArray(data)) {
      return false;
    }
    const payload = data as Record<string, unknown>;
    const args = (payload.args ?? {}) as Record<string, unknown>;
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;

    if ('action' in payload) {
      const type = payload.action;
      if (typeof type !== 'string' || !knownActionTypes.has(type)) return false;
      if (type === 'message') return this.onUserMessage(record, loop, args);
      if (type === 'change_agent_state') return this.onChangeAgentState(record, loop, args);
      const { id: _id, timestamp: _ts, source: _source, ...rest } = payload;
      const stored = this.append(record, { source: 'user', message: '', ...rest, args });
      if (type === 'run' && typeof args.command === 'string') {
        const command = args.command;
        loop.runner.push({
          delay: 300,
          run: () => {
            this.append(record, runObservation(command, ''), { cause: stored.id });
          },
        });
      }
      return true;
    }
    if ('observation' in payload && typeof payload.observation === 'string') {
      const { id: _id, timestamp: _ts, source: _source, ...rest } = payload;
      this.append(record, { source: 'user', message: '', content: '', extras: {}, ...rest });
      return true;
    }
    return false;
  }

  private onUserMessage(
    record: V0ConversationRecord,
    loop: V0Loop,
    args: Record<string, unknown>,
  ): boolean {
    if (typeof args.content !== 'string') return false;
    const content = args.content;
    const imageUrls = Array.isArray(args.image_urls) ? (args.image_urls as string[]) : [];
    const fileUrls = Array.isArray(args.file_urls) ? (args.file_urls as string[]) : [];
    const timestamp = typeof args.timestamp === 'string' ? args.timestamp : undefined;
    const wasIdle = record.agent_state !== 'running';
    this.append(record, userMessage(content, imageUrls, fileUrls), { timestamp });
    if (loop.pending) return true;
    if (loop.runner.paused) loop.runner.resume();

    if (!record.scenario_started) {
      // A conversation created without a first message plays its scenario on the first one.
      record.scenario_started = true;
      record.scenario = scenarioMarker(content) ?? record.scenario;
      this.maybeAutoTitle(record, content);
      this.play(loop, [
        { delay: 20, event: agentStateChanged('running') },
        ...v0Scenario(record.scenario as ScenarioName),
      ]);
      return true;
    }
    const steps: V0Template[] = [];
    if (wasIdle && loop.runner.idle) steps.push({ delay: 20, event: agentStateChanged('running') });
    steps.push(...replyTemplates(content));
    this.play(loop, steps);
    return true;
  }

  private onChangeAgentState(
    record: V0ConversationRecord,
    loop: V0Loop,
    args: Record<string, unknown>,
  ): boolean {
    const state = args.agent_state;
    if (typeof state !== 'string') return false;
    this.append(record, {
      source: 'user',
      message: `Agent state changed to ${state}`,
      action: 'change_agent_state',
      args: { agent_state: state, thought: '' },
    });
    switch (state) {
      case 'stopped':
        loop.runner.clear();
        loop.pending = null;
        this.append(record, agentStateChanged('stopped'));
        break;
      case 'paused':
        loop.runner.pause();
        this.append(record, agentStateChanged('paused'));
        break;
      case 'running':
        this.append(record, agentStateChanged('running'));
        if (loop.runner.paused) loop.runner.resume();
        else if (loop.runner.idle && !loop.pending) {
          this.play(loop, [
            {
              delay: 800,
              event: agentMessage('Resuming. There is nothing left to do; what should I work on?'),
            },
            { delay: 20, event: agentStateChanged('awaiting_user_input') },
          ]);
        }
        break;
      case 'user_confirmed':
      case 'user_rejected':
        this.onConfirmation(record, loop, state === 'user_confirmed');
        break;
      default:
        if (record.agent_state !== state) this.append(record, agentStateChanged(state));
    }
    return true;
  }

  /** The controller re-emits the pending action with its verdict, then the runtime answers. */
  private onConfirmation(record: V0ConversationRecord, loop: V0Loop, confirmed: boolean): void {
    const pending = loop.pending;
    if (!pending) {
      this.append(record, agentStateChanged(confirmed ? 'user_confirmed' : 'user_rejected'));
      return;
    }
    loop.pending = null;
    const { id: _id, timestamp: _ts, ...rest } = pending;
    const args: Record<string, unknown> = {
      ...(rest.args as Record<string, unknown>),
      thought: '',
      confirmation_state: confirmed ? 'confirmed' : 'rejected',
    };
    const reissued = this.append(record, { ...rest, args });
    loop.refs.set('reissued', reissued.id);
    this.append(record, agentStateChanged(confirmed ? 'user_confirmed' : 'user_rejected'));
    if (confirmed) {
      const command = String(args.command ?? '');
      this.play(loop, [
        {
          delay: 900,
          causeRef: 'reissued',
          event: runObservation(command, 'Build finished: 0 errors, 0 warnings.'),
        },
        { delay: 20, event: agentStateChanged('running') },
        {
          delay: 1000,
          event: agentMessage('The build succeeded after the clean rebuild. Anything else?'),
        },
        { delay: 20, event: agentStateChanged('awaiting_user_input') },
      ]);
    } else {
      const text = 'Action has been rejected by the user! Waiting for further user input.';
      this.play(loop, [
        {
          delay: 300,
          causeRef: 'reissued',
          event: {
            source: 'agent',
            message: text,
            observation: 'user_rejected',
            content: text,
            extras: {},
          },
        },
        { delay: 20, event: agentStateChanged('awaiting_user_input') },
      ]);
    }
  }
}

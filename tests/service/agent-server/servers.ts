// The agent servers the service runs: one per running sandbox, or the `agent` kind's own. Each
// has its own persisted state (settings, secrets, profiles, folders, bash events) under a scope
// id; what only lives while it runs (commands in flight, the hanging-clone fault) is here.
import type { ServiceHost } from '../core/host';
import { hexId } from '../core/ids';
import type { AgentServerRecord, BashEventRecord } from '../core/state';
import { sleep, utcNow } from '../core/time';
import {
  containerOf,
  DockerRuntime,
  isBareScope,
  isContainerScope,
  MountedFolderTree,
} from './docker-runtime';
import { Fernet } from './fernet';
import { FolderTree } from './folders';
import { AgentNetwork } from './network';
import { ProcessTable, SIGTERM } from './processes';
import { type AgentServerRelease, agentServerRelease } from './release';
import { runShell, type ShellOutput } from './shell';

/** The scope id of the `agent` kind's own server (sandbox ids never look like this). */
export const STANDALONE_SCOPE = 'standalone-agent-server';
/** The agent-server user's home folder (the image's `openhands` user; Canvas's local user). */
export const AGENT_HOME = '/home/openhands';
/** Where the app server clones a sandbox's repository. */
export const SANDBOX_PROJECT_DIR = '/workspace/project';

/** How long a clone takes at pace 1. */
const CLONE_MS = 600;

export function emptyAgentServerState(): AgentServerRecord {
  return {
    settings: {
      agent_settings: {},
      conversation_settings: {},
      active_profile: null,
      active_agent_profile_id: null,
      misc_settings: {},
    },
    secrets: {},
    llm_profiles: {},
    agent_profiles: {},
    folders: {},
    files: {},
    bash_events: [],
  };
}

/** `YYYYMMDDHHMMSSffffff` of a pydantic UTC timestamp, upstream's bash event file prefix. */
function fileStamp(timestamp: string): string {
  return timestamp.replace(/[-:TZ.]/g, '').padEnd(20, '0');
}

export interface BashRequest {
  command: string;
  cwd: string | null;
  timeout: number;
}

export interface BashSearch {
  kind__eq: string | null;
  command_id__eq: string | null;
  timestamp__gte: string | null;
  timestamp__lt: string | null;
  order__gt: number | null;
  sort_order: 'TIMESTAMP' | 'TIMESTAMP_DESC';
  page_id: string | null;
  limit: number;
}

export class AgentServers {
  readonly release: AgentServerRelease;
  private hangingClones = 0;
  /** Each server's machine runs its own processes. */
  private readonly machines = new Map<string, ProcessTable>();
  /** The key of the `agent` kind's own server (the service's key, which the admin can rotate). */
  standaloneKey: () => string | null;
  /** What the servers reach over the network (the public skills repository, GitHub's API). */
  readonly network: AgentNetwork;
  /** The `agent` kind's conversation containers (Docker runtime mode). */
  readonly docker: DockerRuntime;
  /** Commands still running, by command id, with the bash history they belong to. */
  private readonly commands = new Map<string, { history: string; stop: () => void }>();
  /** Where each server listens (its port), for OH_INTERNAL_SERVER_URL. */
  private readonly ports = new Map<string, number>();
  /** Branches pushed to each repository while the service runs (the hosts' side of a push). */
  readonly pushed = new Map<string, Set<string>>();

  constructor(private readonly host: ServiceHost) {
    this.release = agentServerRelease(host.options);
    this.standaloneKey = () => host.options.apiKey;
    this.network = new AgentNetwork(host);
    this.docker = new DockerRuntime(host.data, () => this.tree(STANDALONE_SCOPE));
  }

  get options() {
    return this.host.options;
  }

  /**
   * Whether the server of `scope` holds a conversation of `recordScope`: its own, and on the
   * `agent` kind's server in Docker runtime mode those of its conversation containers (its
   * catalog lists them, docker_runtime/routers.py `refresh_persisted_conversation`).
   */
  sees(scope: string, recordScope: string): boolean {
    return scope === recordScope || (scope === STANDALONE_SCOPE && isContainerScope(recordScope));
  }

  /** Notes the port a server listens on. */
  listening(scope: string, port: number): void {
    this.ports.set(scope, port);
  }

  /**
   * OH_INTERNAL_SERVER_URL (agent_server/__main__.py `_get_internal_server_url`): the server's
   * own address, a wildcard host read as loopback.
   */
  internalUrl(scope: string): string {
    const host = this.host.options.host;
    const shown = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host;
    const port = this.ports.get(scope) ?? 8000;
    return `http://${shown.includes(':') && !shown.startsWith('[') ? `[${shown}]` : shown}:${port}`;
  }

  /** The `X-Session-API-Key` this agent server wants; null = none configured, all open. */
  sessionKey(scope: string): string | null {
    if (scope === STANDALONE_SCOPE) return this.standaloneKey();
    return this.host.data.sandboxes[scope]?.session_api_key ?? null;
  }

  state(scope: string): AgentServerRecord {
    this.host.data.agent_servers ??= {};
    let state = this.host.data.agent_servers[scope];
    if (!state) {
      state = emptyAgentServerState();
      // A conversation's container or its own bash history starts with nothing of a server's.
      if (!isBareScope(scope)) {
        state.folders[AGENT_HOME] = { git: null };
        if (scope !== STANDALONE_SCOPE)
          state.folders[SANDBOX_PROJECT_DIR] = { git: { kind: 'init' } };
      }
      this.host.data.agent_servers[scope] = state;
    }
    return state;
  }

  tree(scope: string): FolderTree {
    const state = this.state(scope);
    state.files ??= {};
    const container = containerOf(this.host.data, scope);
    if (container) {
      return new MountedFolderTree(
        state.folders,
        state.files,
        this.tree(STANDALONE_SCOPE),
        container.host_workspace,
      );
    }
    return new FolderTree(state.folders, state.files);
  }

  /** `OH_SECRET_KEY` of this agent server, derived so it survives a restart. */
  cipher(scope: string): Fernet {
    return new Fernet(`${this.host.data.server_secret}:${scope}`);
  }

  /** The next `times` clones hang until the command's time-out kills them (admin fault). */
  hangClones(times: number): void {
    this.hangingClones = times;
  }

  dispose(): void {
    for (const table of this.machines.values()) {
      for (const process of [...table.running]) process.kill(SIGTERM);
    }
  }

  processes(scope: string): ProcessTable {
    let table = this.machines.get(scope);
    if (!table) {
      table = new ProcessTable();
      this.machines.set(scope, table);
    }
    return table;
  }

  // --- bash routes (bash_service.py) -----------------------------------------------------------

  private storeBash(scope: string, event: BashEventRecord['event']): void {
    const parts = [fileStamp(String(event.timestamp)), event.kind];
    if (typeof event.command_id === 'string') parts.push(event.command_id);
    parts.push(event.id);
    this.state(scope).bash_events.push({ file_name: parts.join('_'), event });
    this.host.persist();
  }

  /**
   * `start_bash_command`: the BashCommand at once, the BashOutput when it ends. The command runs
   * on the machine and disk of `scope`; its events go to `history` (a conversation's own, for the
   * per-conversation routes of a local runtime).
   */
  startCommand(scope: string, request: BashRequest, history = scope) {
    const command = {
      id: hexId(),
      timestamp: utcNow(),
      command: request.command,
      cwd: request.cwd,
      timeout: request.timeout,
      kind: 'BashCommand' as const,
    };
    this.storeBash(history, command);
    const finished = this.execute(scope, request, (stop) =>
      this.commands.set(command.id, { history, stop }),
    ).then((result) => {
      this.commands.delete(command.id);
      const output = {
        id: hexId(),
        timestamp: utcNow(),
        command_id: command.id,
        order: 0,
        exit_code: result.exitCode,
        stdout: result.stdout || null,
        stderr: result.stderr || null,
        kind: 'BashOutput' as const,
      };
      this.storeBash(history, output);
      return output;
    });
    return { command, finished };
  }

  /**
   * `POST …/bash_commands/{command_id}/stop`: TERM to the command's whole process group (it ends
   * with -15). False when `history` never saw that command; a finished one is stopped already.
   */
  stopCommand(history: string, commandHex: string): boolean {
    const running = this.commands.get(commandHex);
    if (running?.history === history) {
      running.stop();
      return true;
    }
    return this.state(history).bash_events.some(
      ({ event }) => event.kind === 'BashCommand' && event.id === commandHex,
    );
  }

  private async execute(
    scope: string,
    request: BashRequest,
    onStart: (stop: () => void) => void = () => {},
  ) {
    const tree = this.tree(scope);
    const cwd = request.cwd ?? AGENT_HOME;
    const entry = tree.stat(cwd);
    if (entry?.kind !== 'folder') {
      // asyncio.create_subprocess_shell raises before anything runs.
      const reason = entry ? '[Errno 20] Not a directory' : '[Errno 2] No such file or directory';
      return { exitCode: -1, stdout: '', stderr: `Error executing command: ${reason}: '${cwd}'` };
    }
    const output: ShellOutput = { stdout: '', stderr: '' };
    const table = this.processes(scope);
    const shell = table.spawn(['/bin/sh', '-c', request.command]);
    onStart(() => {
      for (const process of table.session(shell.sid)) process.kill(SIGTERM);
    });
    let timedOut = false;
    // The server's time-out signals the command's whole session (os.killpg), helpers included.
    const timer = setTimeout(() => {
      timedOut = true;
      for (const process of table.session(shell.sid)) process.kill(SIGTERM);
    }, Math.max(0, request.timeout) * 1000);
    try {
      let status = 0;
      await Promise.race([
        runShell(
          request.command,
          cwd.replace(/\/+$/, '') || '/',
          {
            tree,
            home: AGENT_HOME,
            cloneDelay: () => {
              if (this.hangingClones > 0) {
                this.hangingClones--;
                return new Promise<void>(() => {});
              }
              return sleep(CLONE_MS * this.host.pacing().multiplier);
            },
            processes: table,
            shell,
            pushed: this.pushed,
          },
          output,
        ).then((code) => {
          status = code;
          shell.exit();
        }),
        shell.ended,
      ]);
      // The request answers once nothing holds the command's output any more.
      await table.drained(shell.sid);
      this.host.persist();
      // asyncio reports a shell ended by a signal as minus that signal; a time-out as -1.
      const exitCode = timedOut ? -1 : shell.signalled ? -shell.signalled : status;
      return { exitCode, ...output };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A command of the agent's terminal tool (a tmux pane): what the pane shows, both streams in
   * the order they came, and the exit code. It leaves no bash events (those are the routes').
   */
  async runInTerminal(
    scope: string,
    cwd: string,
    command: string,
    env: Record<string, string>,
  ): Promise<{ output: string; exitCode: number }> {
    const tree = this.tree(scope);
    if (tree.stat(cwd)?.kind !== 'folder') tree.makeFolders(cwd);
    let screen = '';
    // Both streams land on the one screen, in the order they are written.
    const output = {
      get stdout() {
        return screen;
      },
      set stdout(value: string) {
        screen = value;
      },
      get stderr() {
        return screen;
      },
      set stderr(value: string) {
        screen = value;
      },
    } as ShellOutput;
    const table = this.processes(scope);
    const shell = table.spawn(['/bin/bash']);
    const exitCode = await runShell(
      command,
      cwd.replace(/\/+$/, '') || '/',
      {
        tree,
        home: AGENT_HOME,
        cloneDelay: () => sleep(CLONE_MS * this.host.pacing().multiplier),
        processes: table,
        shell,
        env,
        terminal: true,
        pushed: this.pushed,
      },
      output,
    );
    shell.exit();
    this.host.persist();
    return { output: screen.replace(/\n$/, ''), exitCode };
  }

  /** `search_bash_events`: file-name order, page ids are file names. */
  searchBash(scope: string, query: BashSearch) {
    const gte = query.timestamp__gte ? fileStamp(query.timestamp__gte) : null;
    const lt = query.timestamp__lt ? fileStamp(query.timestamp__lt) : null;
    const matched = this.state(scope)
      .bash_events.filter(({ file_name, event }) => {
        if (gte !== null && file_name < gte) return false;
        if (lt !== null && file_name >= lt) return false;
        if (query.kind__eq !== null && event.kind !== query.kind__eq) return false;
        if (query.command_id__eq !== null && event.command_id !== query.command_id__eq)
          return false;
        return true;
      })
      .sort((a, b) => a.file_name.localeCompare(b.file_name));
    if (query.sort_order === 'TIMESTAMP_DESC') matched.reverse();
    let start = 0;
    if (query.page_id) {
      const index = matched.findIndex((record) => record.file_name === query.page_id);
      if (index !== -1) start = index;
    }
    const page = matched.slice(start, start + query.limit);
    return {
      items: page
        .map((record) => record.event)
        .filter(
          (event) =>
            query.order__gt === null ||
            typeof event.order !== 'number' ||
            event.order > query.order__gt,
        ),
      next_page_id: matched[start + query.limit]?.file_name ?? null,
    };
  }
}

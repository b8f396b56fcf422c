// Options of the local reference service, their defaults, and the command-line flags that set them.

export const scenarioNames = [
  'default',
  'long',
  'burst',
  'awaiting-confirmation',
  'error',
  'finish-quickly',
  // Newer agent-server event kinds (V1 only; older releases play `default` instead).
  'streaming',
  'hooks',
  'acp-tools',
  // The agent pushes a branch of its workspace's clone with the provider token (agent servers).
  'push',
  // The agent asks the person a question (agent servers 1.54+): with choices, or free text.
  'ask-user',
  'ask-user-free',
] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (scenarioNames as readonly string[]).includes(value);
}

/**
 * Which upstream server the service plays. Each is one generation, never a mix:
 * `v1` an OpenHands 1.7–1.11 self-hosted app server (V1 only), `legacy` OpenHands 0.62 (V0 and
 * V1 side by side), `hosted` the hosted service (the V1 app server behind its multi-user auth),
 * `agent` a bare agent server without any app server.
 */
export const serverKinds = ['v1', 'legacy', 'hosted', 'agent'] as const;
export type ServerKind = (typeof serverKinds)[number];

export function isServerKind(value: unknown): value is ServerKind {
  return typeof value === 'string' && (serverKinds as readonly string[]).includes(value);
}

export interface ServiceOptions {
  /** The server kind to play. Default `v1`. */
  server?: ServerKind;
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /** Main port. Default 3000; 0 picks a free port. */
  port?: number;
  /**
   * The server key. `legacy`: `SESSION_API_KEY`, required as `X-Session-API-Key` on every V0
   * `/api` route. `v1`: the same key, on every `/api/v1` route but the web-client config.
   * `hosted`: the user's API key (`Authorization: Bearer`, or `X-Session-API-Key`,
   * `X-Access-Token`); none means any key is taken. Default none.
   */
  apiKey?: string | null;
  /**
   * Only with `server: 'legacy'`: the 0.62 service's hosted mode (Bearer everywhere, the V0
   * config probe, no V0 conversation routes), kept for callers that still need it.
   */
  hosted?: boolean;
  /**
   * `SERVE_FRONTEND`: the web UI is mounted, so an unknown GET answers its index page and an
   * unknown route of another method 405. Without it FastAPI answers 404/405 JSON. Default true.
   */
  frontend?: boolean;
  /**
   * How V0 conversations run. `nested` (default): like the Docker nested runtime, each running
   * conversation gets its own listener, an absolute `url` and a per-conversation key.
   * `standalone`: relative url, null key, REST and Socket.IO on the main port.
   */
  runtime?: 'nested' | 'standalone';
  /** A JSON file the state is restored from and written to. Default none (memory only). */
  dataFile?: string | null;
  /** Seed repositories, settings and finished conversations. Default true; false = fresh install. */
  seed?: boolean;
  /** The scenario new conversations play unless told otherwise. Default `default`. */
  scenario?: ScenarioName;
  /** Multiplies every scripted delay: 1 = realistic, 0.01 = tests, 0 = no delays. Default 1. */
  pace?: number;
  /** When set, live events are emitted at this steady rate instead of the scripted pacing. */
  eventsPerSecond?: number | null;
  /** The upstream per-IP limiter (10 req/s delayed, 20 req/s → 429). Default true. */
  rateLimit?: boolean;
  /** Bodies above this many bytes are refused with 413. Default 32 MiB. */
  maxBodyBytes?: number;
  /** `PERMITTED_CORS_ORIGINS`; when set, the localhost rule is off. Default unset. */
  corsOrigins?: string[] | null;
  /** Log requests and lifecycle to the console. Default false. */
  log?: boolean;
  /**
   * The agent-server release to play (`x.y.z`), in sandboxes and on the `agent` kind. Default
   * the newest the service knows; the `legacy` kind always plays its own 1.3.0-era server.
   */
  agentVersion?: string | null;
  /**
   * `max_concurrent_runs` of every agent server (`OH_MAX_CONCURRENT_RUNS`, at least 1): from
   * 1.54.0 a run or a create beyond it answers 429. Default 10, as upstream.
   */
  maxConcurrentRuns?: number;
  /**
   * `OH_CONVERSATION_RUNTIME` of the `agent` kind (from 1.48.0): `docker` runs each conversation
   * in a container of its own (agent-server/docker-runtime.ts). Default `local`.
   */
  conversationRuntime?: 'local' | 'docker';
  /**
   * The agent servers have no network: the public skills repository cannot be cloned and GitHub's
   * API cannot be reached (repository search answers 502). Clones of the seeded repositories still
   * work: they stand for the code host a person's own network reaches. Default false.
   */
  offline?: boolean;
  /**
   * The hosted kind's daily conversation quota (`OH_DAILY_CONVERSATION_LIMIT`): starts beyond it
   * answer 429 until the next UTC midnight. Default none (unlimited).
   */
  dailyConversationLimit?: number | null;
}

export type ResolvedOptions = Required<
  Omit<
    ServiceOptions,
    | 'apiKey'
    | 'dataFile'
    | 'corsOrigins'
    | 'eventsPerSecond'
    | 'hosted'
    | 'agentVersion'
    | 'dailyConversationLimit'
  >
> & {
  dailyConversationLimit: number | null;
  /** The hosted service's auth and behaviour: `server: 'hosted'`, or legacy's hosted mode. */
  hosted: boolean;
  agentVersion: string | null;
  apiKey: string | null;
  dataFile: string | null;
  corsOrigins: string[] | null;
  eventsPerSecond: number | null;
};

export function resolveOptions(options: ServiceOptions = {}): ResolvedOptions {
  const server = options.server ?? 'v1';
  if (!isServerKind(server)) throw new Error(`unknown server kind ${String(server)}`);
  if (options.hosted && server !== 'legacy') {
    throw new Error(
      `hosted: true only qualifies server: 'legacy'; the hosted service is server: 'hosted'`,
    );
  }
  return {
    server,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 3000,
    apiKey: options.apiKey ?? null,
    hosted: server === 'hosted' || (options.hosted ?? false),
    frontend: options.frontend ?? true,
    runtime: options.runtime ?? 'nested',
    dataFile: options.dataFile ?? null,
    seed: options.seed ?? true,
    scenario: options.scenario ?? 'default',
    pace: options.pace ?? 1,
    eventsPerSecond: options.eventsPerSecond ?? null,
    rateLimit: options.rateLimit ?? true,
    maxBodyBytes: options.maxBodyBytes ?? 32 * 1024 * 1024,
    corsOrigins: options.corsOrigins ?? null,
    log: options.log ?? false,
    agentVersion: options.agentVersion ?? null,
    ...runtimeOptions(server, options),
  };
}

/** The options of agent-server runtimes and the hosted quota, checked against the kind. */
function runtimeOptions(server: ServerKind, options: ServiceOptions) {
  const maxConcurrentRuns = options.maxConcurrentRuns ?? 10;
  if (!Number.isInteger(maxConcurrentRuns) || maxConcurrentRuns < 1) {
    throw new Error('maxConcurrentRuns must be an integer of at least 1');
  }
  const conversationRuntime = options.conversationRuntime ?? 'local';
  if (conversationRuntime !== 'local' && conversationRuntime !== 'docker') {
    throw new Error(`unknown conversation runtime ${String(conversationRuntime)}`);
  }
  if (conversationRuntime === 'docker' && server !== 'agent') {
    throw new Error("conversationRuntime: 'docker' is a mode of the agent kind's own server");
  }
  const dailyConversationLimit = options.dailyConversationLimit ?? null;
  if (dailyConversationLimit !== null && !Number.isInteger(dailyConversationLimit)) {
    throw new Error('dailyConversationLimit must be an integer');
  }
  return {
    maxConcurrentRuns,
    conversationRuntime,
    offline: options.offline ?? false,
    dailyConversationLimit,
  };
}

export const usage = `Local reference service for Handoff (an OpenHands-compatible Agent Conversation Service).

Usage: npm run service -- [flags]

  --port <n>             main port (default 3000; 0 = any free port)
  --host <addr>          interface to bind (default 127.0.0.1)
  --server <kind>        the server to play, one generation only:
                           v1      OpenHands 1.7–1.11 self-hosted (V1 only; default)
                           legacy  OpenHands 0.62 (V0 and V1 side by side)
                           hosted  the hosted service (V1, Bearer auth, organisations)
                           agent   a bare agent server
  --hosted               same as --server hosted
  --api-key <key>        the server key: X-Session-API-Key (legacy: V0 routes; v1: /api/v1
                         routes) or the user's API key (hosted). Default: none (no auth)
  --no-frontend          no web UI mounted: unknown routes answer 404 JSON, not the index page
  --standalone           legacy: V0 conversations on the main port (relative url, null session
                         key) instead of per-conversation nested runtimes
  --data <file>          restore state from and persist it to this JSON file
  --no-seed, --fresh     start empty: a fresh install (settings answer 404)
  --scenario <name>      default scenario: ${scenarioNames.join(', ')}
  --pace <x>             delay multiplier: 1 realistic (default), 0.05 brisk, 0 none
  --rate <n>             emit live events at a steady n events per second
  --no-rate-limit        disable the upstream per-IP rate limiter
  --cors-origins <list>  comma-separated PERMITTED_CORS_ORIGINS (turns the localhost rule off)
  --agent-version <v>    agent-server release to play, e.g. 1.20.0 (default: the newest known)
  --max-concurrent-runs <n>
                         agent servers' run capacity (1.54.0+; default 10)
  --conversation-runtime <local|docker>
                         agent kind: one container per conversation (1.48.0+; default local)
  --offline              agent servers reach neither the public skills repository nor GitHub's API
  --daily-conversation-limit <n>
                         hosted: conversations a user may start per UTC day (default unlimited)
  --quiet                no request log
  --help                 this text
`;

export function parseArgs(argv: readonly string[]): ServiceOptions & { help?: boolean } {
  const out: ServiceOptions & { help?: boolean } = { log: true };
  const args = [...argv];
  const value = (flag: string): string => {
    const next = args.shift();
    if (next === undefined) throw new Error(`${flag} needs a value`);
    return next;
  };
  while (args.length > 0) {
    const raw = args.shift() as string;
    const [flag, inline] = raw.includes('=') ? raw.split(/=(.*)/s, 2) : [raw, undefined];
    const take = () => inline ?? value(flag as string);
    switch (flag) {
      case '--port':
        out.port = Number(take());
        break;
      case '--host':
        out.host = take();
        break;
      case '--api-key':
        out.apiKey = take();
        break;
      case '--server': {
        const kind = take();
        if (!isServerKind(kind)) throw new Error(`unknown server kind ${kind}`);
        out.server = kind;
        break;
      }
      case '--hosted':
        out.server = 'hosted';
        break;
      case '--no-frontend':
        out.frontend = false;
        break;
      case '--standalone':
        out.runtime = 'standalone';
        break;
      case '--nested':
        out.runtime = 'nested';
        break;
      case '--data':
        out.dataFile = take();
        break;
      case '--no-seed':
      case '--fresh':
        out.seed = false;
        break;
      case '--scenario': {
        const name = take();
        if (!isScenarioName(name)) throw new Error(`unknown scenario ${name}`);
        out.scenario = name;
        break;
      }
      case '--pace':
        out.pace = Number(take());
        break;
      case '--rate':
        out.eventsPerSecond = Number(take());
        break;
      case '--no-rate-limit':
        out.rateLimit = false;
        break;
      case '--cors-origins':
        out.corsOrigins = take()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--agent-version': {
        const version = take();
        if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error('--agent-version needs x.y.z');
        out.agentVersion = version;
        break;
      }
      case '--max-concurrent-runs':
        out.maxConcurrentRuns = Number(take());
        break;
      case '--conversation-runtime': {
        const runtime = take();
        if (runtime !== 'local' && runtime !== 'docker') {
          throw new Error('--conversation-runtime needs local or docker');
        }
        out.conversationRuntime = runtime;
        break;
      }
      case '--offline':
        out.offline = true;
        break;
      case '--daily-conversation-limit':
        out.dailyConversationLimit = Number(take());
        break;
      case '--quiet':
        out.log = false;
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new Error(`unknown flag ${raw}`);
    }
  }
  for (const [name, n] of [
    ['--port', out.port],
    ['--pace', out.pace],
    ['--rate', out.eventsPerSecond],
  ] as const) {
    if (n !== undefined && n !== null && (!Number.isFinite(n) || n < 0)) {
      throw new Error(`${name} needs a non-negative number`);
    }
  }
  return out;
}

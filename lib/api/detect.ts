// "Test connection" (docs/contract/server-generations.md#connection-test): which server is there,
// which APIs it serves, and whether the key works with which header. The result is plain data for
// the options page and for storing. Built on the raw client: detection reads status codes and two
// fields, and the worker runs it, so it must not pull every response schema into the worker's
// bundle.

import type { RequestSpec } from './endpoint';
import {
  agentGetServerInfo,
  serverAlive,
  v0GetConfig,
  v0GetSettings,
  v1GetWebClientConfig,
  v1SearchAppConversations,
} from './endpoints/live';
import { ApiError, type SerializedApiError, toApiError } from './errors';
import {
  type ApiClientConfig,
  type AuthScheme,
  createTransport,
  defaultAuthScheme,
} from './transport';

/** The endpoints detection needs, named one by one (see the note above). */
const probes = {
  'server.alive': serverAlive,
  'v1.getWebClientConfig': v1GetWebClientConfig,
  'agent.getServerInfo': agentGetServerInfo,
  'v0.getConfig': v0GetConfig,
  'v1.searchAppConversations': v1SearchAppConversations,
  'v0.getSettings': v0GetSettings,
} as unknown as Record<string, RequestSpec>;

function probeClient(config: ApiClientConfig) {
  const transport = createTransport(config);
  return {
    /** Requests carry the key. */
    keyed: !!config.apiKey,
    call: async (name: keyof typeof probes & string, params: unknown) =>
      (await transport.send(name, probes[name] as RequestSpec, params)).value,
  };
}

import { isHostedServiceUrl, parseServerUrl } from './url';
import { OLDEST_AGENT_SERVER, olderThan } from './versions';

export interface ServerCheck {
  /** Short request description, e.g. `GET /api/options/config (X-Session-API-Key)`. */
  request: string;
  ok: boolean;
  /** What the answer meant. */
  outcome: string;
}

/**
 * Which kind of server answers (docs/contract/server-generations.md#the-kinds): the hosted
 * service, a self-hosted server of 1.x with only the current interface, an older self-hosted
 * server that still has the legacy one, or an agent server without any app server.
 */
export type ServerKind = 'hosted' | 'v1' | 'legacy' | 'agent';

export interface ServerDetection {
  /** The normalised address, or null when it is not usable. */
  baseUrl: string | null;
  /** Any HTTP answer came back. */
  reachable: boolean;
  /** `GET /alive` answered `{"status":"ok"}`: an OpenHands-family server. */
  alive: boolean;
  /** From the web client's config or `APP_MODE`; `saas` also for *.all-hands.dev. */
  mode: 'oss' | 'saas' | null;
  /** What kind of server it is; null when none of the kinds answered. */
  kind: ServerKind | null;
  /** The server's version, where it says (agent servers do; app servers do not). */
  version: string | null;
  /** V0 REST (`/api/conversations…`) is served. */
  v0: boolean;
  /** The V1 app server (`/api/v1/…`) is served. */
  v1: boolean;
  /** True/false when known; null when nothing could tell (unreachable, no API). */
  keyRequired: boolean | null;
  /** True: authenticated calls succeeded; false: rejected (401); null: no key set or unknown. */
  keyAccepted: boolean | null;
  /** The header that worked, when a key is set and accepted. */
  authScheme: AuthScheme | null;
  /** One or two sentences for a person. */
  summary: string;
  /** Each request and what it showed, for a "details" view. */
  checks: ServerCheck[];
  /** The blocking error, when there was one. */
  error?: SerializedApiError;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldOf(value: unknown, field: string): unknown {
  return isObject(value) ? value[field] : undefined;
}

/** JSON of another shape on a service route: something else answers at this address. */
function notTheService(path: string): ApiError {
  return new ApiError(
    'bad-response',
    `The server answered ${path} with JSON the service does not send: is this the service’s address?`,
    { bodyType: 'json' },
  );
}

const schemeLabel: Record<AuthScheme, string> = {
  'session-key': 'X-Session-API-Key',
  bearer: 'Authorization: Bearer',
};

function isTransportError(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted';
}

type ProbeOutcome = 'ok' | 'unauthorized' | 'missing' | 'failed';

interface SchemeProbe {
  scheme: AuthScheme | null;
  config: ProbeOutcome;
  appMode: string | null;
  v1: ProbeOutcome;
  settings: ProbeOutcome | 'skipped';
  transportError: ApiError | null;
}

function outcomeOf(error: ApiError): ProbeOutcome {
  if (error.kind === 'unauthorized') return 'unauthorized';
  if (error.isMissingRoute()) return 'missing';
  return 'failed';
}

/**
 * Probes a server as docs/contract/server-generations.md#connection-test describes: `/alive`,
 * `/api/options/config`, the V1 conversation search, then a key check (`/api/settings` for V0: 200
 * or a JSON 404 prove the key). With a key, tries `X-Session-API-Key` first and `Authorization:
 * Bearer` second, or the other way round for the hosted service, whose documented scheme is Bearer.
 * Never throws.
 */
export async function detectServer(config: ApiClientConfig): Promise<ServerDetection> {
  const checks: ServerCheck[] = [];
  const result: ServerDetection = {
    baseUrl: null,
    reachable: false,
    alive: false,
    mode: null,
    kind: null,
    version: null,
    v0: false,
    v1: false,
    keyRequired: null,
    keyAccepted: null,
    authScheme: null,
    summary: '',
    checks,
  };
  try {
    result.baseUrl = parseServerUrl(config.baseUrl);
  } catch (error) {
    const apiError = toApiError(error);
    return { ...result, summary: apiError.message, error: apiError.toJSON() };
  }
  const baseUrl = result.baseUrl;
  const apiKey = config.apiKey?.trim() || null;
  const clientFor = (scheme: AuthScheme | null) =>
    probeClient({
      ...config,
      baseUrl,
      apiKey: scheme ? apiKey : null,
      authScheme: scheme ?? undefined,
    });

  // 1. Alive (no auth).
  try {
    const alive = fieldOf(await clientFor(null).call('server.alive', {}), 'status');
    result.reachable = true;
    result.alive = alive === 'ok';
    checks.push({ request: 'GET /alive', ok: result.alive, outcome: `status "${String(alive)}"` });
  } catch (error) {
    const apiError = toApiError(error);
    if (isTransportError(apiError)) {
      checks.push({ request: 'GET /alive', ok: false, outcome: apiError.message });
      return { ...result, summary: apiError.message, error: apiError.toJSON() };
    }
    result.reachable = true;
    checks.push({ request: 'GET /alive', ok: false, outcome: apiError.message });
  }

  // 2. Without a key: the 1.x web client's config (oss or saas), and what /server_info says:
  // an agent server names itself there; an app server answers machine figures.
  let webClientMode: 'oss' | 'saas' | null = null;
  const anonymousClient = clientFor(null);
  try {
    const config = await anonymousClient.call('v1.getWebClientConfig', {});
    const appMode = fieldOf(config, 'app_mode');
    if (!isObject(config) || (appMode !== 'oss' && appMode !== 'saas')) {
      throw notTheService('/api/v1/web-client/config');
    }
    webClientMode = appMode;
    checks.push({
      request: 'GET /api/v1/web-client/config',
      ok: true,
      outcome: `app_mode ${appMode}`,
    });
  } catch (error) {
    checks.push({
      request: 'GET /api/v1/web-client/config',
      ok: false,
      outcome: toApiError(error).message,
    });
  }
  if (!webClientMode) {
    try {
      const info = await anonymousClient.call('agent.getServerInfo', {});
      const title = fieldOf(info, 'title');
      const version = fieldOf(info, 'version');
      if (typeof title === 'string' && /agent server/i.test(title)) {
        result.kind = 'agent';
        result.version = typeof version === 'string' ? version : null;
        checks.push({
          request: 'GET /server_info',
          ok: true,
          outcome: `${title}${result.version ? ` ${result.version}` : ''}`,
        });
        await checkAgentServerKey(result, apiKey ? clientFor('session-key') : anonymousClient);
        result.summary = summarise(result, baseUrl);
        return result;
      }
      checks.push({ request: 'GET /server_info', ok: true, outcome: 'not an agent server' });
    } catch (error) {
      checks.push({ request: 'GET /server_info', ok: false, outcome: toApiError(error).message });
    }
  }

  // 3–5. Per auth scheme: config, V1 search, key check.
  const probe = async (scheme: AuthScheme | null): Promise<SchemeProbe> => {
    const client = clientFor(scheme);
    const label = scheme ? ` (${schemeLabel[scheme]})` : '';
    const outcome: SchemeProbe = {
      scheme,
      config: 'failed',
      appMode: null,
      v1: 'failed',
      settings: 'skipped',
      transportError: null,
    };
    const record = (request: string, ok: boolean, text: string) =>
      checks.push({ request: `${request}${label}`, ok, outcome: text });
    try {
      const options = await client.call('v0.getConfig', {});
      if (!isObject(options)) throw notTheService('/api/options/config');
      const appMode = fieldOf(options, 'APP_MODE');
      outcome.config = 'ok';
      outcome.appMode = typeof appMode === 'string' ? appMode : null;
      record('GET /api/options/config', true, `APP_MODE ${outcome.appMode ?? 'not given'}`);
    } catch (error) {
      const apiError = toApiError(error);
      if (isTransportError(apiError)) outcome.transportError = apiError;
      outcome.config = outcomeOf(apiError);
      record('GET /api/options/config', false, apiError.message);
    }
    try {
      const page = await client.call('v1.searchAppConversations', { limit: 1 });
      if (!Array.isArray(fieldOf(page, 'items')))
        throw notTheService('/api/v1/app-conversations/search');
      outcome.v1 = 'ok';
      record(
        'GET /api/v1/app-conversations/search?limit=1',
        true,
        'the app server lists conversations',
      );
    } catch (error) {
      const apiError = toApiError(error);
      if (isTransportError(apiError)) outcome.transportError ??= apiError;
      outcome.v1 = outcomeOf(apiError);
      record('GET /api/v1/app-conversations/search?limit=1', false, apiError.message);
    }
    if (outcome.config === 'ok' || outcome.config === 'unauthorized') {
      try {
        await client.call('v0.getSettings', {});
        outcome.settings = 'ok';
        record('GET /api/settings', true, 'key accepted (settings readable or not yet stored)');
      } catch (error) {
        const apiError = toApiError(error);
        outcome.settings = apiError.kind === 'unauthorized' ? 'unauthorized' : 'failed';
        record('GET /api/settings', false, apiError.message);
      }
    }
    return outcome;
  };

  const rejected = (p: SchemeProbe) =>
    p.config === 'unauthorized' || p.v1 === 'unauthorized' || p.settings === 'unauthorized';

  let chosen: SchemeProbe;
  if (!apiKey) {
    chosen = await probe(null);
  } else {
    const first = config.authScheme ?? defaultAuthScheme(baseUrl);
    const order: AuthScheme[] =
      first === 'bearer' ? ['bearer', 'session-key'] : ['session-key', 'bearer'];
    chosen = await probe(order[0] as AuthScheme);
    if (rejected(chosen) && !chosen.transportError) {
      const second = await probe(order[1] as AuthScheme);
      if (!rejected(second)) chosen = second;
    }
  }

  if (chosen.transportError) {
    const error = chosen.transportError;
    return { ...result, summary: error.message, error: error.toJSON() };
  }

  result.v0 = chosen.config === 'ok' || chosen.config === 'unauthorized';
  result.v1 = chosen.v1 === 'ok' || chosen.v1 === 'unauthorized' || webClientMode !== null;
  if (webClientMode) result.mode = webClientMode;
  else if (chosen.appMode === 'oss' || chosen.appMode === 'saas') result.mode = chosen.appMode;
  else if (isHostedServiceUrl(baseUrl) && (result.v0 || result.v1)) result.mode = 'saas';
  if (result.mode === 'saas' && result.v1) result.kind = 'hosted';
  else if (result.v0) result.kind = 'legacy';
  else if (result.v1) result.kind = 'v1';

  const isRejected = rejected(chosen);
  if (!result.v0 && !result.v1) {
    result.keyAccepted = null;
  } else if (apiKey) {
    result.keyAccepted = !isRejected;
    result.authScheme = isRejected ? null : chosen.scheme;
    if (isRejected) result.keyRequired = true;
  } else {
    result.keyRequired = isRejected;
  }

  // With a working key, tell whether the server needs one at all (a key it ignores is harmless
  // but worth knowing). One anonymous request settles it.
  if (apiKey && result.keyAccepted) {
    const anonymous = clientFor(null);
    try {
      if (result.v0) await anonymous.call('v0.getSettings', {});
      else await anonymous.call('v1.searchAppConversations', { limit: 1 });
      result.keyRequired = false;
      checks.push({ request: 'key check without a key', ok: true, outcome: 'no key needed' });
    } catch (error) {
      const apiError = toApiError(error);
      result.keyRequired = apiError.kind === 'unauthorized' ? true : null;
      checks.push({ request: 'key check without a key', ok: false, outcome: apiError.message });
    }
  }

  result.summary = summarise(result, baseUrl);
  return result;
}

/**
 * An agent server's key is checked as its own web app checks it: `GET /api/settings` with the
 * key in `X-Session-API-Key` (its only header), where 401 means a wrong key. Without a key the
 * same request tells whether the server needs one.
 */
async function checkAgentServerKey(
  result: ServerDetection,
  client: ReturnType<typeof probeClient>,
): Promise<void> {
  try {
    await client.call('v0.getSettings', {});
    if (client.keyed) {
      result.keyAccepted = true;
      result.authScheme = 'session-key';
    } else result.keyRequired = false;
    result.checks.push({ request: 'GET /api/settings', ok: true, outcome: 'settings answered' });
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.kind === 'unauthorized') {
      if (client.keyed) result.keyAccepted = false;
      else result.keyRequired = true;
    }
    result.checks.push({ request: 'GET /api/settings', ok: false, outcome: apiError.message });
  }
}

/** The kind in words, for the summary (pages have their own strings). */
const kindWords: Record<ServerKind, string> = {
  hosted: 'the hosted OpenHands service',
  v1: 'a self-hosted OpenHands 1.x server',
  legacy: 'an older self-hosted OpenHands server (0.x)',
  agent: 'an OpenHands agent server',
};

function summarise(result: ServerDetection, baseUrl: string): string {
  if (result.kind === 'agent') {
    const version = result.version ? ` ${result.version}` : '';
    const found = `Found ${kindWords.agent}${version}, without an app server in front of it.`;
    if (olderThan(result.version, OLDEST_AGENT_SERVER)) {
      return `${found} Handoff needs ${OLDEST_AGENT_SERVER} or newer.`;
    }
    if (result.keyAccepted === false) return `${found} It rejected the API key (401).`;
    if (result.keyRequired && !result.keyAccepted) return `${found} It needs an API key.`;
    return found;
  }
  if (!result.kind) {
    return `${baseUrl} answers, but no OpenHands server was found there. Check the address.`;
  }
  const found = `Found ${kindWords[result.kind]}.`;
  if (result.keyAccepted === false) {
    return `${found} It rejected the API key (401) with both headers. Check the key in Handoff's options.`;
  }
  if (result.keyAccepted === true && result.authScheme) {
    const needed = result.keyRequired === false ? ' (the server does not require one)' : '';
    return `${found} The API key works${needed}, sent as ${schemeLabel[result.authScheme]}.`;
  }
  if (result.keyRequired) return `${found} It needs an API key: add it in Handoff's options.`;
  return `${found} No API key is needed.`;
}

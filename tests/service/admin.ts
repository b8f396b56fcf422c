// Typed client of the service's fault-control endpoint (`/__admin/…` on the main port), for
// vitest and Playwright tests. It talks plain HTTP, so it works against a service started in
// another process too (`new AdminClient('http://127.0.0.1:3000')`).
import type { ScenarioName } from './options';

export type ListenerKind = 'main' | 'runtime' | 'agent' | 'any';

export interface FaultTarget {
  /** HTTP method to match; any when absent. */
  method?: string;
  /** Route template (`/api/conversations/{conversation_id}`), exact path, or prefix ending `*`. */
  path?: string;
  /** Which listener(s): the main server, nested runtimes, agent servers. Default any. */
  listener?: ListenerKind;
}

export interface FailOptions extends FaultTarget {
  /** The status to answer with. Default 500. */
  status?: number;
  /** How many matching requests fail. Default 1. */
  times?: number;
  /** JSON body to send (default: Starlette's plain "Internal Server Error" page). */
  body?: unknown;
  /** Send `body` as plain text. */
  text?: boolean;
}

export interface DelayOptions extends FaultTarget {
  ms: number;
  /** How many matching requests to delay; unlimited when absent. */
  times?: number;
}

/** A key a device sign-in made, as the admin helper shows it (never the key itself). */
export interface DeviceKeyState {
  id: number;
  name: string;
  org_id: string;
  status: 'valid' | 'expired' | 'deleted';
}

/** A device sign-in code as the admin helper shows it. */
export interface DeviceCodeState {
  user_code: string;
  status: 'pending' | 'authorized' | 'denied' | 'expired';
  seconds_left: number;
  /** Seconds between polls the server asks for now (raised by each slow-down). */
  interval: number;
  polled: boolean;
}

export type FrameKind = 'malformed' | 'raw' | 'not-an-event' | 'oversized';

export interface ServiceState {
  generation: number;
  url: string;
  options: Record<string, unknown>;
  default_scenario: ScenarioName;
  /** Running nested runtimes: conversation id → per-conversation url. */
  runtimes: Record<string, string>;
  /** Running agent servers: sandbox id → base url. */
  agent_servers: Record<string, string>;
  faults: { failures: FailOptions[]; delays: DelayOptions[] };
  v0_conversations: number;
  v1_conversations: number;
}

export type StoredLog =
  | { version: 'V0'; conversation_id: string; events: (Record<string, unknown> & { id: number })[] }
  | {
      version: 'V1';
      conversation_id: string;
      events: (Record<string, unknown> & { id: string })[];
    };

export class AdminClient {
  constructor(readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`admin ${method} ${path} → ${response.status}: ${text.slice(0, 300)}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  state(): Promise<ServiceState> {
    return this.call('GET', '/state');
  }

  /** Cuts every live stream (V0 Socket.IO and V1 WebSocket) like a network failure. */
  async dropSockets(): Promise<number> {
    return (await this.call<{ dropped: number }>('POST', '/drop-sockets')).dropped;
  }

  /** Every listener stops accepting for `seconds` (connection refused), then comes back. */
  async refuseConnections(seconds: number): Promise<void> {
    await this.call('POST', '/refuse-connections', { seconds });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** Restarts the server (same ports, state kept) and waits until it answers again. */
  async restart(timeoutMs = 10_000): Promise<void> {
    const { generation } = await this.call<{ generation: number }>('POST', '/restart');
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      try {
        if ((await this.state()).generation >= generation) return;
      } catch {
        // Down while restarting.
      }
    }
    throw new Error('The service did not come back after the restart');
  }

  /** The next `times` matching requests answer `status` (and `body`). */
  failNext(options: FailOptions): Promise<ServiceState['faults']> {
    return this.call('POST', '/faults/fail', options);
  }

  delay(options: DelayOptions): Promise<ServiceState['faults']> {
    return this.call('POST', '/faults/delay', options);
  }

  clearFaults(): Promise<ServiceState['faults']> {
    return this.call('DELETE', '/faults');
  }

  /**
   * Changes a key so the client starts getting 401s: `server` (the main key), `runtime` (the
   * server secret every nested-runtime key derives from) or one `sandbox`'s key.
   */
  async rotateKey(
    options: { key?: string; target?: 'server' | 'runtime' | 'sandbox'; sandboxId?: string } = {},
  ): Promise<string> {
    const result = await this.call<{ key: string }>('POST', '/rotate-key', {
      key: options.key,
      target: options.target,
      sandbox_id: options.sandboxId,
    });
    return result.key;
  }

  /**
   * Time passes: everything the services in this process stamp from now on (event times,
   * records' last changes) is `ms` later, as after a wait nobody has to sit through. Only
   * forward; a stopped service takes its process back to the machine's clock.
   */
  passTime(ms: number): Promise<{ ahead_ms: number }> {
    return this.call('POST', '/clock/pass', { ms });
  }

  /** The scenario new conversations play. */
  setDefaultScenario(scenario: ScenarioName): Promise<unknown> {
    return this.call('POST', '/scenario', { scenario });
  }

  /** A conversation's scenario; it plays on its next start / first message. */
  setScenario(conversationId: string, scenario: ScenarioName): Promise<unknown> {
    return this.call('POST', `/conversations/${conversationId}/scenario`, { scenario });
  }

  /** Replaces the stored settings (`null` = a fresh install) and optionally the provider tokens. */
  setSettings(
    settings: Record<string, unknown> | null,
    providerTokens?: Record<
      string,
      { token: string | null; user_id: string | null; host: string | null }
    >,
  ): Promise<unknown> {
    return this.call('PUT', '/settings', { settings, provider_tokens: providerTokens });
  }

  /**
   * The hosted kind's browser session: the `Cookie` header value that signs in as its user, and
   * whether the session has expired (`expired` sets it).
   */
  hostedSession(expired?: boolean): Promise<{ cookie: string; expired: boolean }> {
    return this.call('POST', '/hosted/session', expired === undefined ? {} : { expired });
  }

  /** The hosted kind's device sign-in codes, oldest first (never the secret device code). */
  async deviceCodes(): Promise<DeviceCodeState[]> {
    return (await this.call<{ codes: DeviceCodeState[] }>('GET', '/hosted/device-codes')).codes;
  }

  /**
   * What the person's "Authorize Device" on the hosted approval page does: the code (by default
   * the newest one still waiting) is approved and its key made, bound to `orgId` (by default the
   * user's personal organisation). Fails with upstream's words for a code that is not waiting.
   */
  approveDeviceCode(options: { userCode?: string; orgId?: string } = {}): Promise<DeviceCodeState> {
    return this.call('POST', '/hosted/device-codes/approve', {
      user_code: options.userCode,
      org_id: options.orgId,
    });
  }

  /** The service refuses the code, as upstream does when it cannot create the key. */
  denyDeviceCode(userCode?: string): Promise<DeviceCodeState> {
    return this.call('POST', '/hosted/device-codes/deny', { user_code: userCode });
  }

  /** The code's ten minutes pass at once. */
  expireDeviceCode(userCode?: string): Promise<DeviceCodeState> {
    return this.call('POST', '/hosted/device-codes/expire', { user_code: userCode });
  }

  /** The keys device sign-ins made, oldest first: deleted (`DELETE /api/keys/{id}`), expired or valid. */
  async deviceKeys(): Promise<DeviceKeyState[]> {
    return (await this.call<{ keys: DeviceKeyState[] }>('GET', '/hosted/device-keys')).keys;
  }

  /** A week passes for every key a device sign-in made: each is refused from now on. */
  async expireDeviceKeys(): Promise<number> {
    return (await this.call<{ expired: number }>('POST', '/hosted/device-keys/expire')).expired;
  }

  /** Everything the service holds for a conversation, for exact comparisons. */
  storedEvents(conversationId: string): Promise<StoredLog> {
    return this.call('GET', `/conversations/${conversationId}/events`);
  }

  /**
   * Stores and broadcasts arbitrary events (XSS payloads, huge outputs, unknown types). V0: ids
   * and timestamps are filled in when absent; the socket gets the live form unless `raw`. V1: the
   * frames are stored and sent as given.
   */
  async appendEvents(
    conversationId: string,
    events: Record<string, unknown>[],
    options: { raw?: boolean } = {},
  ): Promise<Record<string, unknown>[]> {
    const result = await this.call<{ events: Record<string, unknown>[] }>(
      'POST',
      `/conversations/${conversationId}/events`,
      { events, raw: options.raw },
    );
    return result.events;
  }

  /** Sends a transport-level oddity on the conversation's live stream(s); nothing is stored. */
  async sendFrame(
    conversationId: string,
    kind: FrameKind,
    options: { bytes?: number; text?: string; payload?: unknown } = {},
  ): Promise<number> {
    const result = await this.call<{ delivered_to: number }>(
      'POST',
      `/conversations/${conversationId}/frames`,
      { kind, ...options },
    );
    return result.delivered_to;
  }

  /** Resolves when the conversation's scripted agent has nothing left to play. */
  async waitIdle(conversationId: string): Promise<void> {
    await this.call('POST', `/conversations/${conversationId}/idle`);
  }

  /** Deletes a conversation behind the client's back. */
  async deleteConversation(conversationId: string): Promise<boolean> {
    return (await this.call<{ deleted: boolean }>('DELETE', `/conversations/${conversationId}`))
      .deleted;
  }

  /** Puts a sandbox in ERROR (its agent server goes away), as a crashed container would. */
  async failSandbox(sandboxId: string, detail?: string): Promise<void> {
    await this.call('POST', `/sandboxes/${sandboxId}/error`, { detail });
  }

  /** The next `times` `git clone`s on agent servers hang until their command times out. */
  async hangClones(times = 1): Promise<void> {
    await this.call('POST', '/agent-server/hang-clones', { times });
  }

  /**
   * Makes a conversation wait for its credential binding (agent servers from v1.37.1 answer
   * 409 and close sockets with 1013), or (`false`) activates it again.
   */
  async requireCredentialBinding(conversationId: string, required = true): Promise<void> {
    await this.call('POST', `/conversations/${conversationId}/credential-binding`, { required });
  }

  /**
   * Takes `slots` run slots on an agent server (its own scope: the `agent` kind's server when
   * `server` is absent, else a sandbox id) as runs nobody sees would; 0 gives them back. From
   * 1.54.0 a run or create beyond `maxConcurrentRuns` then answers 429.
   */
  async holdRunSlots(slots: number, server?: string): Promise<{ held: number; in_use: number }> {
    return this.call('POST', '/agent-server/run-slots', { slots, server });
  }

  /**
   * Docker runtime mode: conversation containers cannot start (every new one, or one
   * conversation's, which stops it), or (`failing: false`) can again.
   */
  async failContainers(
    options: { conversationId?: string; failing?: boolean } = {},
  ): Promise<void> {
    await this.call('POST', '/agent-server/containers', {
      conversation_id: options.conversationId ?? null,
      failing: options.failing ?? true,
    });
  }

  /** Whether the agent servers are offline, and how often they fetched the public skills. */
  agentNetwork(): Promise<{ offline: boolean; public_skill_fetches: number }> {
    return this.call('GET', '/agent-server/network');
  }

  /**
   * The hosted user's daily conversation quota (null: unlimited), and optionally how many
   * conversations count as started today already.
   */
  async setDailyConversationQuota(limit: number | null, used?: number): Promise<void> {
    await this.call('POST', '/hosted/daily-quota', { limit, used });
  }

  /** Deletes a sandbox behind the client's back (its conversations become MISSING). */
  async deleteSandbox(sandboxId: string): Promise<boolean> {
    return (await this.call<{ deleted: boolean }>('DELETE', `/sandboxes/${sandboxId}`)).deleted;
  }
}

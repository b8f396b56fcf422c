import { ReconnectingTransport, type ReconnectOptions } from './reconnecting-transport';
import { isRecord } from './transport';

export interface V1SocketOptions extends ReconnectOptions {
  /**
   * Agent-server base (conversation_url without its trailing /api/conversations/<id>) and the
   * sandbox's key, read at every (re)connect: a restarted sandbox gets a new key, and the
   * conversation's record, read again before each reconnect, carries it.
   */
  agentServerUrl: () => string;
  conversationId: string;
  sessionApiKey: () => string | null;
  openTimeoutMs?: number;
  /** Injectable for tests. */
  createSocket?: (url: string) => WebSocket;
}

/**
 * The socket's address. It asks for no replay: a replay comes in timestamp order, and the server
 * stores some events after later-stamped ones, so no replay cut can be trusted. The stream reads
 * what it missed from the event search instead, once the socket is subscribed
 * (docs/contract/agent-server.md#replaying-and-resuming).
 */
export function eventsSocketUrl(
  agentServerUrl: string,
  conversationId: string,
  sessionApiKey: string | null,
): string {
  const url = new URL(agentServerUrl.replace(/\/+$/, ''));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/sockets/events/${conversationId}`;
  // Only for agent servers before v1.18.1, which know no other way: browsers cannot set
  // headers on a WebSocket handshake (docs/contract/agent-server.md#event-websocket).
  if (sessionApiKey) url.searchParams.set('session_api_key', sessionApiKey);
  return url.toString();
}

/** Agent servers that took the key in the first frame: they never get it in a URL again. */
const firstFrameServers = new Set<string>();

/**
 * Closes 1011 in a row before the stream gives up: in docker runtime mode the conversation's
 * container could not start (or the conversation is archived), which a few tries may outlast
 * (a container still being pulled or created) but retrying for ever would not.
 */
export const RUNTIME_START_TRIES = 5;

/**
 * The V1 agent-server event stream: a plain WebSocket. Close codes 4001, 4004, 1008 and 1013 for a
 * credential binding to activate are final (the conversation stream decides what to do); 1011 is
 * retried a bounded number of times; anything else is retried with capped, jittered backoff. The
 * first frame of each connection is reported (`onSubscribed`): the server subscribes the socket
 * before it sends anything, so from then on every newly stored event arrives on it.
 */
export class V1SocketTransport extends ReconnectingTransport<string> {
  private socket: WebSocket | null = null;
  private opened = false;
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * How this attempt sends the key: in the first frame (v1.18.1+, kept out of every URL and log)
   * or, for older servers, which refuse a handshake without it, in the query.
   */
  private keyIn: 'frame' | 'query' = 'frame';
  /** Whether this connection has had a frame yet (the first one proves the subscription). */
  private subscribed = false;
  /** 1011 closes since the stream last had a frame. */
  private runtimeFailures = 0;

  constructor(private readonly options: V1SocketOptions) {
    super(options);
  }

  send(payload: unknown): void {
    this.enqueue(JSON.stringify(payload));
  }

  protected canDeliver(): boolean {
    return this.socket?.readyState === 1;
  }

  protected deliver(text: string): void {
    this.socket?.send(text);
  }

  protected connect(): void {
    if (this.stopped) return;
    this.teardown();
    const { options } = this;
    const key = options.sessionApiKey();
    const server = options.agentServerUrl();
    const mode = key ? this.keyIn : null;
    const url = eventsSocketUrl(server, options.conversationId, mode === 'query' ? key : null);
    this.setState({ phase: 'connecting', attempt: this.attempt });
    this.opened = false;
    this.subscribed = false;
    const socket = this.openSocket(url, options.createSocket);
    if (!socket) return;
    this.socket = socket;
    this.openTimer = setTimeout(() => {
      this.scheduleRetry('no-answer', 'The agent server did not open the stream in time.');
    }, options.openTimeoutMs ?? 15_000);
    socket.onopen = () => {
      clearTimeout(this.openTimer);
      this.opened = true;
      if (mode === 'frame') socket.send(JSON.stringify({ type: 'auth', session_api_key: key }));
      this.markLive();
    };
    socket.onmessage = (message) => {
      // The server only speaks after the key was accepted.
      if (mode === 'frame') firstFrameServers.add(server);
      if (!this.subscribed) {
        this.subscribed = true;
        this.runtimeFailures = 0;
        options.callbacks.onSubscribed?.();
      }
      this.receive(message.data);
    };
    socket.onclose = (event) => this.closed(event.code, event.reason);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') {
      this.options.callbacks.onMalformed?.('binary frame');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      this.options.callbacks.onMalformed?.('frame is not JSON');
      return;
    }
    if (!isRecord(parsed)) {
      this.options.callbacks.onMalformed?.('frame is not an object');
      return;
    }
    this.options.callbacks.onEvents([parsed]);
  }

  private closed(code: number, reason: string): void {
    clearTimeout(this.openTimer);
    this.socket = null;
    if (this.stopped) return;
    if (code === 4001) {
      this.setState({
        phase: 'failed',
        reason: 'unauthorized',
        detail: reason || 'Authentication failed',
      });
    } else if (code === 4004 || code === 1008) {
      // 1008: in docker runtime mode the server has no container for this conversation.
      this.setState({
        phase: 'failed',
        reason: 'not-found',
        detail: reason || 'Conversation not found',
      });
    } else if (code === 1011) {
      this.runtimeFailures++;
      const detail = reason || 'The conversation’s runtime could not start.';
      if (this.runtimeFailures >= RUNTIME_START_TRIES) {
        this.setState({ phase: 'failed', reason: 'runtime-failed', detail });
      } else {
        // An opened socket reset the backoff: these closes come after the handshake, so the
        // delay grows with the closes themselves.
        this.attempt = Math.max(this.attempt, this.runtimeFailures - 1);
        this.scheduleRetry('runtime-failed', detail);
      }
    } else if (code === 1013 && reason.includes('credential_binding_activation_required')) {
      // The sandbox restarted and its login must be activated again: retrying alone never helps.
      this.setState({ phase: 'failed', reason: 'credential-binding', detail: reason });
    } else if (code === 1013) {
      this.scheduleRetry('too-many-connections', reason);
    } else if (!this.opened) {
      // A server before v1.18.1 refuses a handshake without the key in its query; one that
      // ever took the first frame never needs that. Attempts alternate until one opens.
      if (!firstFrameServers.has(this.options.agentServerUrl())) {
        this.keyIn = this.keyIn === 'frame' ? 'query' : 'frame';
      }
      // A handshake refused before it opened looks the same for a bad query key and an
      // unreachable server: a browser only ever sees 1006.
      this.scheduleRetry(
        'unreachable',
        'Rejected before opening: a bad key, or the agent server is unreachable.',
      );
    } else {
      this.scheduleRetry('unreachable', reason || `closed (${code})`);
    }
  }

  protected teardown(): void {
    clearTimeout(this.openTimer);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    if (socket.readyState <= 1) socket.close(1000);
  }
}

import { io, type Socket } from 'socket.io-client';
import { type BackoffOptions, backoffDelay, defaultBackoff } from './backoff';
import {
  isRecord,
  type StreamFailure,
  type StreamTransport,
  type TransportCallbacks,
  type TransportState,
} from './transport';

export interface V0SocketOptions {
  /** Origin of the server or runtime that serves this conversation's socket. */
  origin: string;
  /** Socket.IO path: the conversation url's path before /api/conversations, plus /socket.io. */
  path: string;
  conversationId: string;
  /** The conversation's own session_api_key, or the server key, or null. */
  sessionApiKey: string | null;
  providersSet?: readonly string[];
  /** Read on every (re)connect, so only newer events are replayed. */
  latestEventId: () => number;
  /** Upstream can accept the socket and then say nothing at all: give up after this long. */
  connectTimeoutMs?: number;
  backoff?: BackoffOptions;
  callbacks: TransportCallbacks;
  /**
   * Asked before every reconnect. False stops the transport: the conversation stopped, and
   * (for V0) connecting would start its agent loop again.
   */
  beforeReconnect?: () => Promise<boolean>;
}

/** Refusal messages that retrying cannot fix. */
function classifyRefusal(message: string): { reason: StreamFailure; final: boolean } {
  if (/invalid_session_api_key|not allowed|keycloak|Authorization/i.test(message)) {
    return { reason: 'unauthorized', final: true };
  }
  if (/No conversation_id/i.test(message)) return { reason: 'refused', final: true };
  return { reason: 'refused', final: false };
}

/**
 * The V0 event stream over Socket.IO. Reconnection is ours, not socket.io-client's, so that
 * every attempt carries the latest event id, waits with capped, jittered backoff, and runs
 * the client-side connect timeout that upstream's silent hangs require.
 */
export class V0SocketTransport implements StreamTransport {
  state: TransportState = { phase: 'idle' };
  private socket: Socket | null = null;
  private attempt = 0;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly outbox: unknown[] = [];
  private stopped = false;

  constructor(private readonly options: V0SocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.connectTimer);
    clearTimeout(this.retryTimer);
    this.teardownSocket();
    this.setState({ phase: 'stopped' });
  }

  send(payload: unknown): void {
    if (this.state.phase === 'live' && this.socket) this.socket.emit('oh_user_action', payload);
    else this.outbox.push(payload);
  }

  private setState(state: TransportState): void {
    this.state = state;
    this.options.callbacks.onState(state);
  }

  private connect(): void {
    if (this.stopped) return;
    this.teardownSocket();
    const { options } = this;
    const query: Record<string, string> = {
      conversation_id: options.conversationId,
      latest_event_id: String(options.latestEventId()),
    };
    if (options.providersSet?.length) query.providers_set = options.providersSet.join(',');
    if (options.sessionApiKey) query.session_api_key = options.sessionApiKey;
    this.setState({ phase: 'connecting', attempt: this.attempt });
    const socket = io(options.origin, {
      path: options.path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      query,
    });
    this.socket = socket;
    this.armConnectTimer();
    // Replayed events arrive before the CONNECT packet; each one shows the server is alive.
    socket.io.on('packet', () => {
      if (this.state.phase === 'connecting') this.armConnectTimer();
    });
    socket.on('connect', () => {
      clearTimeout(this.connectTimer);
      this.attempt = 0;
      this.setState({ phase: 'live' });
      for (const payload of this.outbox.splice(0)) socket.emit('oh_user_action', payload);
    });
    socket.on('oh_event', (payload: unknown) => this.receive(payload));
    socket.on('connect_error', (error: Error) => {
      clearTimeout(this.connectTimer);
      if (socket.active) {
        this.scheduleRetry('unreachable', error.message);
        return;
      }
      // A refusal by the server: socket.io-client will not retry it by itself.
      const { reason, final } = classifyRefusal(error.message);
      this.teardownSocket();
      if (final) this.setState({ phase: 'failed', reason, detail: error.message });
      else this.scheduleRetry(reason, error.message);
    });
    socket.on('disconnect', (reason) => {
      if (this.stopped || reason === 'io client disconnect') return;
      this.scheduleRetry('unreachable', reason);
    });
  }

  private receive(payload: unknown): void {
    if (!isRecord(payload)) {
      this.options.callbacks.onMalformed?.(typeof payload);
      return;
    }
    if (typeof payload.id === 'number' && Number.isInteger(payload.id)) {
      this.options.callbacks.onEvents([payload]);
    } else {
      this.options.callbacks.onPayload?.(payload);
    }
  }

  private armConnectTimer(): void {
    clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      // Upstream hangs without a word when a required key is missing or a value is invalid.
      this.scheduleRetry(
        'no-answer',
        'The stream accepted the connection but never answered (often a missing or wrong key).',
      );
    }, this.options.connectTimeoutMs ?? 20_000);
  }

  private scheduleRetry(reason: StreamFailure, detail?: string): void {
    if (this.stopped) return;
    this.teardownSocket();
    clearTimeout(this.retryTimer);
    const delay = backoffDelay(this.attempt, this.options.backoff ?? defaultBackoff);
    this.attempt++;
    this.setState({
      phase: 'retrying',
      attempt: this.attempt,
      retryAt: Date.now() + delay,
      reason,
      ...(detail ? { detail } : {}),
    });
    this.retryTimer = setTimeout(() => void this.reconnect(), delay);
  }

  private async reconnect(): Promise<void> {
    const check = this.options.beforeReconnect;
    const proceed = check ? await check().catch(() => true) : true;
    if (this.stopped) return;
    if (proceed) this.connect();
    else this.stop();
  }

  private teardownSocket(): void {
    clearTimeout(this.connectTimer);
    if (!this.socket) return;
    this.socket.removeAllListeners();
    this.socket.io.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
  }
}

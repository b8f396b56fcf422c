import { io, type Socket } from 'socket.io-client';
import type { StreamFailure } from '@/lib/messaging/stream-snapshot';
import { ReconnectingTransport, type ReconnectOptions } from './reconnecting-transport';
import { isRecord } from './transport';

export interface V0SocketOptions extends ReconnectOptions {
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
export class V0SocketTransport extends ReconnectingTransport<unknown> {
  private socket: Socket | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: V0SocketOptions) {
    super(options);
  }

  send(payload: unknown): void {
    this.enqueue(payload);
  }

  protected canDeliver(): boolean {
    return this.socket !== null;
  }

  protected deliver(payload: unknown): void {
    this.socket?.emit('oh_user_action', payload);
  }

  protected connect(): void {
    if (this.stopped) return;
    this.teardown();
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
      this.markLive();
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
      this.teardown();
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

  protected teardown(): void {
    clearTimeout(this.connectTimer);
    if (!this.socket) return;
    this.socket.removeAllListeners();
    this.socket.io.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
  }
}

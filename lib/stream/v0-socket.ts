import type { StreamFailure } from '@/lib/messaging/stream-snapshot';
import { ReconnectingTransport, type ReconnectOptions } from './reconnecting-transport';
import {
  engine,
  packetFrame,
  readPacket,
  type SocketIoPacket,
  silenceLimitOf,
  socketIo,
} from './socket-io-wire';
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
  /** For tests outside a browser, which has no WebSocket of its own. */
  createSocket?: (url: string) => WebSocket;
}

/** Refusal messages that retrying cannot fix. */
function classifyRefusal(message: string): { reason: StreamFailure; final: boolean } {
  if (/invalid_session_api_key|not allowed|keycloak|Authorization/i.test(message)) {
    return { reason: 'unauthorized', final: true };
  }
  if (/No conversation_id/i.test(message)) return { reason: 'refused', final: true };
  return { reason: 'refused', final: false };
}

/** The address of one attempt: Engine.IO 4 over a WebSocket, the query carrying the rest. */
export function v0SocketUrl(options: V0SocketOptions): string {
  const url = new URL(`${options.path.replace(/\/+$/, '')}/`, options.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = url.searchParams;
  query.set('conversation_id', options.conversationId);
  query.set('latest_event_id', String(options.latestEventId()));
  if (options.providersSet?.length) query.set('providers_set', options.providersSet.join(','));
  if (options.sessionApiKey) query.set('session_api_key', options.sessionApiKey);
  query.set('EIO', '4');
  query.set('transport', 'websocket');
  return url.href;
}

/**
 * The V0 event stream over Socket.IO, on a WebSocket of its own: the worker needs a small part
 * of what socket.io-client carries (one namespace, one transport, text frames, no reconnection
 * of its own), and that client was a fifth of the worker's size budget
 * (docs/contract/v0-socket.md#address-and-protocol). Reconnection is ours, so that every attempt
 * carries the latest event id, waits with capped, jittered backoff, and runs the client-side
 * connect timeout that upstream's silent hangs require.
 */
export class V0SocketTransport extends ReconnectingTransport<unknown> {
  private socket: WebSocket | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  /** The server's ping interval plus its ping time-out, from its open packet. */
  private silenceLimitMs = 45_000;

  constructor(private readonly options: V0SocketOptions) {
    super(options);
  }

  send(payload: unknown): void {
    this.enqueue(payload);
  }

  protected canDeliver(): boolean {
    return this.socket?.readyState === 1;
  }

  protected deliver(payload: unknown): void {
    this.write(packetFrame(socketIo.event, ['oh_user_action', payload]));
  }

  protected connect(): void {
    if (this.stopped) return;
    this.teardown();
    const { options } = this;
    this.setState({ phase: 'connecting', attempt: this.attempt });
    const socket = this.openSocket(v0SocketUrl(options), options.createSocket);
    if (!socket) return;
    this.socket = socket;
    this.armConnectTimer();
    socket.onmessage = (message: MessageEvent) => this.onFrame(message.data);
    socket.onclose = () => this.scheduleRetry('unreachable', 'transport close');
  }

  private onFrame(frame: unknown): void {
    // Replayed events arrive before the CONNECT packet; each one shows the server is alive.
    if (this.state.phase === 'connecting') this.armConnectTimer();
    this.armHeartbeat();
    // V0 never sends binary frames: one would be a packet this client cannot read.
    const text = typeof frame === 'string' ? frame : '';
    const type = text.charAt(0);
    if (type === engine.open) {
      const silence = silenceLimitOf(text.slice(1));
      if (silence !== null) {
        this.silenceLimitMs = silence;
        this.armHeartbeat();
      }
      this.write(packetFrame(socketIo.connect));
    } else if (type === engine.ping) {
      this.write(engine.pong);
    } else if (type === engine.message) {
      const packet = readPacket(text.slice(1));
      if (packet) this.onPacket(packet);
      else this.options.callbacks.onMalformed?.('packet');
    } else if (type === engine.close) {
      this.scheduleRetry('unreachable', 'transport close');
    }
  }

  private onPacket(packet: SocketIoPacket): void {
    if (packet.namespace !== '/') return;
    switch (packet.type) {
      case socketIo.connect:
        clearTimeout(this.connectTimer);
        this.markLive();
        return;
      case socketIo.event:
        if (Array.isArray(packet.data) && packet.data[0] === 'oh_event') {
          this.receive(packet.data[1]);
        }
        return;
      case socketIo.connectError:
        this.refused(
          isRecord(packet.data) && typeof packet.data.message === 'string'
            ? packet.data.message
            : 'refused',
        );
        return;
      case socketIo.disconnect:
        this.scheduleRetry('unreachable', 'io server disconnect');
    }
  }

  /** A refusal by the server's connect handler: some say what no retry can fix. */
  private refused(message: string): void {
    const { reason, final } = classifyRefusal(message);
    this.teardown();
    if (final) this.setState({ phase: 'failed', reason, detail: message });
    else this.scheduleRetry(reason, message);
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

  private write(frame: string): void {
    if (this.socket?.readyState === 1) this.socket.send(frame);
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

  /** A server that stops pinging is gone, even when the socket does not say so. */
  private armHeartbeat(): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(
      () => this.scheduleRetry('unreachable', 'ping timeout'),
      this.silenceLimitMs,
    );
  }

  protected teardown(): void {
    clearTimeout(this.connectTimer);
    clearTimeout(this.heartbeatTimer);
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onmessage = null;
    socket.onclose = null;
    // Tell the server this client leaves, as socket.io-client does, before closing.
    if (socket.readyState === 1) socket.send(packetFrame(socketIo.disconnect));
    socket.close();
  }
}

import type { StreamFailure, TransportState } from '@/lib/messaging/stream-snapshot';
import { type BackoffOptions, backoffDelay, defaultBackoff } from './backoff';
import type { StreamTransport, TransportCallbacks } from './transport';

/** Words about a failure, without a key that a URL in them may carry. */
export function withoutKey(text: string): string {
  return text.replace(/(session_api_key=)[^&#\s"']+/gi, '$1…');
}

export interface ReconnectOptions {
  backoff?: BackoffOptions;
  callbacks: TransportCallbacks;
  /**
   * Asked before every reconnect. False stops the transport: the conversation stopped, and
   * (for V0) connecting would start its agent loop again.
   */
  beforeReconnect?: () => Promise<boolean>;
}

/**
 * What both live transports share: their state, the outbox kept while not live, and the
 * reconnect loop (capped, jittered backoff; a check before each attempt). Subclasses open and
 * close their own kind of socket.
 */
export abstract class ReconnectingTransport<Outgoing> implements StreamTransport {
  state: TransportState = { phase: 'idle' };
  protected attempt = 0;
  protected stopped = false;
  protected readonly outbox: Outgoing[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly reconnectOptions: ReconnectOptions) {}

  /** Sends at once when live, otherwise queues until the stream is live again. */
  abstract send(payload: unknown): void;
  /** Opens the socket for the current attempt. */
  protected abstract connect(): void;
  /** Closes the socket, if any, without reporting anything. */
  protected abstract teardown(): void;
  /** Sends one queued message on the live socket. */
  protected abstract deliver(message: Outgoing): void;
  /** Whether the socket can take a message now. */
  protected abstract canDeliver(): boolean;

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.teardown();
    this.setState({ phase: 'stopped' });
  }

  /** Queues the message until the stream is live again, or sends it now. */
  protected enqueue(message: Outgoing): void {
    if (this.state.phase === 'live' && this.canDeliver()) this.deliver(message);
    else this.outbox.push(message);
  }

  protected setState(state: TransportState): void {
    this.state = state;
    this.reconnectOptions.callbacks.onState(state);
  }

  /** The socket is open and answering: the next loss starts the backoff afresh. */
  protected markLive(): void {
    this.attempt = 0;
    this.setState({ phase: 'live' });
    for (const message of this.outbox.splice(0)) this.deliver(message);
  }

  /**
   * Opens a WebSocket for this attempt, or schedules the next attempt when the address is refused
   * at once; the words kept then never carry a key from the address's query.
   */
  protected openSocket(url: string, create?: (url: string) => WebSocket): WebSocket | null {
    try {
      return create ? create(url) : new WebSocket(url);
    } catch (error) {
      this.scheduleRetry('unreachable', withoutKey(String(error)));
      return null;
    }
  }

  protected scheduleRetry(reason: StreamFailure, detail?: string): void {
    if (this.stopped) return;
    this.teardown();
    clearTimeout(this.retryTimer);
    const delay = backoffDelay(this.attempt, this.reconnectOptions.backoff ?? defaultBackoff);
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
    const check = this.reconnectOptions.beforeReconnect;
    const proceed = check ? await check().catch(() => true) : true;
    if (this.stopped) return;
    if (proceed) this.connect();
    else this.stop();
  }
}

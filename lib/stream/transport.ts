import type { TransportState } from '@/lib/messaging/stream-snapshot';

export interface TransportCallbacks {
  /** Frames that carry events (V0: integer id; V1: any object with a kind). */
  onEvents(events: Record<string, unknown>[]): void;
  /** V0 payloads without an event id: status_update, error, an id-less agent_state_changed. */
  onPayload?(payload: Record<string, unknown>): void;
  onState(state: TransportState): void;
  /**
   * V1: the connection's first frame arrived, so the server has subscribed it: every event stored
   * from now on comes over it. Called once per connection.
   */
  onSubscribed?(): void;
  /** Frames that could not be read at all (not JSON, not an object). Counted, never fatal. */
  onMalformed?(detail: string): void;
}

export interface StreamTransport {
  start(): void;
  stop(): void;
  /** Sends at once when live, otherwise queues until the stream is live again. */
  send(payload: unknown): void;
  readonly state: TransportState;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

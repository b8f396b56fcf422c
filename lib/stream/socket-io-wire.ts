// The few Socket.IO v5 frames a V0 conversation stream uses, over Engine.IO v4 on a WebSocket
// (docs/contract/v0-socket.md#address-and-protocol). Every frame is text: one Engine.IO type
// digit, then for messages one Socket.IO type digit, an optional namespace ending in a comma, an
// optional acknowledgement id, and a JSON body. The worker reads only these few shapes, so it
// carries this page of code instead of the general parsers (binary attachments, polling's
// payload batches), which cost it 3 KB of its size budget; the tests check both directions
// against socket.io-parser.

/** Engine.IO packet types, as their wire digits. */
export const engine = { open: '0', close: '1', ping: '2', pong: '3', message: '4' } as const;

/** Socket.IO packet types, as their wire digits. */
export const socketIo = {
  connect: '0',
  disconnect: '1',
  event: '2',
  connectError: '4',
} as const;

export interface SocketIoPacket {
  type: string;
  namespace: string;
  data: unknown;
}

/** Reads the Socket.IO packet an Engine.IO message carries; null when it cannot be read. */
export function readPacket(text: string): SocketIoPacket | null {
  const match = /^(\d)(?:(\/[^,]*),)?\d*([\s\S]*)$/.exec(text);
  if (!match) return null;
  const [, type = '', namespace = '/', body = ''] = match;
  if (!body) return { type, namespace, data: undefined };
  const data = readJson(body);
  return data === undefined ? null : { type, namespace, data };
}

/**
 * How long the server may stay silent before it counts as gone: the ping interval plus the ping
 * time-out its open packet names; null when the packet names no usable pair.
 */
export function silenceLimitOf(openBody: string): number | null {
  const open = readJson(openBody) as { pingInterval?: unknown; pingTimeout?: unknown } | undefined;
  const interval = Number(open?.pingInterval);
  const timeout = Number(open?.pingTimeout);
  return interval > 0 && timeout > 0 ? interval + timeout : null;
}

/** The value a JSON text holds, or undefined (never a JSON value) when it is not JSON. */
function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A Socket.IO packet for the main namespace, framed as an Engine.IO message. */
export function packetFrame(type: string, data?: unknown): string {
  return engine.message + type + (data === undefined ? '' : JSON.stringify(data));
}

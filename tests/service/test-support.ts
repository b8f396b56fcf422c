// Helpers shared by the service's own tests: a fast service per file, JSON fetches, and real
// stream clients (socket.io-client, ws) with small waiting utilities.
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { type RunningService, startService } from './index';
import type { ServiceOptions } from './options';

/** A service tuned for tests: any free port, no rate limit, scripted delays 1/200 of real. */
export function startTestService(options: ServiceOptions = {}): Promise<RunningService> {
  return startService({ port: 0, pace: 0.005, rateLimit: false, ...options });
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export async function call<T = unknown>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown; body?: string } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 8000, intervalMs = 15, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Everything a V0 socket received, in order, with the moment `connect` fired. */
export interface SocketRecording {
  socket: Socket;
  received: unknown[];
  /** How many payloads had arrived when the `connect` listener ran. */
  receivedBeforeConnect: number | null;
  connectError: Error | null;
  connected: Promise<void>;
}

export function openV0Socket(
  origin: string,
  query: Record<string, string>,
  options: { path?: string; reconnection?: boolean } = {},
): SocketRecording {
  const socket = io(origin, {
    path: options.path ?? '/socket.io',
    transports: ['websocket'],
    query,
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
  const recording: SocketRecording = {
    socket,
    received: [],
    receivedBeforeConnect: null,
    connectError: null,
    connected: Promise.resolve(),
  };
  recording.connected = new Promise((resolve, reject) => {
    socket.on('connect', () => {
      recording.receivedBeforeConnect ??= recording.received.length;
      resolve();
    });
    socket.on('connect_error', (error) => {
      recording.connectError = error;
      reject(error);
    });
  });
  recording.connected.catch(() => {});
  socket.on('oh_event', (payload: unknown) => recording.received.push(payload));
  return recording;
}

export interface WsRecording {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  raw: string[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  unexpected: Promise<number>;
}

export function openV1Socket(url: string, headers: Record<string, string> = {}): WsRecording {
  const ws = new WebSocket(url, { headers });
  const frames: Record<string, unknown>[] = [];
  const raw: string[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    raw.push(text);
    try {
      frames.push(JSON.parse(text));
    } catch {
      // kept in `raw` only
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  opened.catch(() => {});
  const unexpected = new Promise<number>((resolve) => {
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return { ws, frames, raw, opened, closed, unexpected };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

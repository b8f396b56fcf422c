// Every credential a client offered this service, on any of its listeners (the main server,
// nested runtimes, agent servers) and in any of the places a server reads one: the key headers,
// a Bearer token, the `api_key` cookie, the `session_api_key` query and a socket's auth frame.
// Test instrumentation only: recording changes no answer. The security journeys read it to prove
// that no server is ever offered another server's key.
import type { IncomingMessage } from 'node:http';

export interface SeenCredential {
  /** The listener it came to (`main`, `agent`, `agent:<sandbox>`, `runtime:<id>`). */
  listener: string;
  /** Where it was: a header's name, `cookie`, `query` or `frame`. */
  where: string;
  value: string;
}

const HEADERS = ['x-session-api-key', 'x-access-token', 'authorization'] as const;

export class CredentialsSeen {
  private readonly seen: SeenCredential[] = [];

  private add(listener: string, where: string, value: unknown): void {
    if (typeof value !== 'string' || !value) return;
    const plain = where === 'authorization' ? value.replace(/^Bearer\s+/i, '') : value;
    this.seen.push({ listener, where, value: plain });
  }

  /** An HTTP request or a socket's opening handshake. */
  fromRequest(listener: string, req: IncomingMessage): void {
    for (const name of HEADERS) {
      const value = req.headers[name];
      for (const one of Array.isArray(value) ? value : [value]) this.add(listener, name, one);
    }
    const cookie = req.headers.cookie ?? '';
    for (const part of cookie.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === 'api_key') this.add(listener, 'cookie', rest.join('='));
    }
    const query = new URL(req.url ?? '/', 'http://placeholder').searchParams;
    for (const value of query.getAll('session_api_key')) this.add(listener, 'query', value);
  }

  /** A socket frame that carries a key (an agent server's `{"type": "auth"}` frame). */
  fromFrame(listener: string, frame: unknown): void {
    if (typeof frame !== 'object' || frame === null) return;
    this.add(listener, 'frame', (frame as Record<string, unknown>).session_api_key);
  }

  all(): readonly SeenCredential[] {
    return this.seen;
  }

  /** Each distinct value offered, in the order first seen. */
  values(): string[] {
    return [...new Set(this.seen.map((one) => one.value))];
  }
}

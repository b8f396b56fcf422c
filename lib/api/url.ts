// Server addresses and the per-conversation bases of
// docs/contract/auth.md#per-conversation-url-and-key and
// docs/contract/agent-server.md#base-url-and-key.
import { ApiError } from './errors';

const explainedExample = 'Use an address like http://localhost:3000 or https://app.all-hands.dev.';

function invalid(input: string, why: string): ApiError {
  return new ApiError('invalid-url', `The server address "${input}" is not usable: ${why}`);
}

/**
 * Checks a configured server address and returns its base: scheme, host, port and an optional
 * path prefix (a server behind a reverse proxy), without a trailing slash. Throws an
 * `invalid-url` ApiError that says what to change.
 */
export function parseServerUrl(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) throw new ApiError('invalid-url', `No server address is set. ${explainedExample}`);
  // "localhost:3000" parses as scheme "localhost:", so insist on an explicit http(s) scheme.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw invalid(trimmed, `it needs to start with http:// or https://. ${explainedExample}`);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalid(trimmed, `it is not a web address. ${explainedExample}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(trimmed, `only http:// and https:// are supported. ${explainedExample}`);
  }
  if (url.username || url.password) {
    // A key in the URL would be logged and sent everywhere; it belongs in the key field.
    throw invalid(
      trimmed,
      'leave the user name and password out of it; put the API key in the key field.',
    );
  }
  if (!url.hostname) throw invalid(trimmed, `it has no host. ${explainedExample}`);
  if (url.search || url.hash) throw invalid(trimmed, 'leave out the "?…" and "#…" parts.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The hosted service wants `Authorization: Bearer`; self-hosted servers `X-Session-API-Key`. */
export function isHostedServiceUrl(baseUrl: string): boolean {
  try {
    const { hostname } = new URL(baseUrl);
    return hostname === 'all-hands.dev' || hostname.endsWith('.all-hands.dev');
  } catch {
    return false;
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Resolves a URL the server handed out (`ConversationInfo.url`, `conversation_url`) against
 * the configured base. A root-relative one gets the base's path prefix too, because a server
 * behind a prefix-stripping proxy does not know its prefix. An absolute one that names the
 * loopback host (servers whose sandboxes run in Docker advertise `http://localhost:<port>`) gets
 * the configured server's host instead, port kept, as the official web app does
 * (docs/contract/agent-server.md#base-url-and-key): from a browser on another machine,
 * `localhost` is not the server.
 */
export function resolveServerUrl(baseUrl: string, reference: string): URL {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference)) {
    const url = new URL(reference);
    const server = new URL(`${baseUrl}/`);
    if (loopbackHosts.has(url.hostname) && url.hostname !== server.hostname) {
      url.hostname = server.hostname;
    }
    return url;
  }
  const base = new URL(`${baseUrl}/`);
  if (reference.startsWith('/')) {
    return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}${reference}`);
  }
  return new URL(reference, base);
}

/** Removes a trailing slash so that suffixes can be appended with a plain concatenation. */
export function trimTrailingSlash(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The agent-server base of a V1 conversation: `conversation_url` minus its trailing
 * `/api/conversations/<id>` (or `/api/acp/conversations/<id>`), keeping scheme and any path prefix
 * (docs/contract/agent-server.md#base-url-and-key). Needed for the WebSocket URL
 * `ws(s)://<base>/sockets/events/<id>`.
 */
export function agentServerBaseUrl(conversationUrl: string, serverBaseUrl?: string): string {
  const url = serverBaseUrl
    ? resolveServerUrl(serverBaseUrl, conversationUrl)
    : new URL(conversationUrl);
  const path = url.pathname.replace(/\/+$/, '');
  // ACP conversations live under /api/acp/conversations/<id> on the same agent server.
  const cut = path.search(/\/api\/(?:acp\/)?conversations\/[^/]+$/);
  return `${url.origin}${cut >= 0 ? path.slice(0, cut) : path}`;
}

/** Origin + path of a URL, for error messages and logs: never a query (keys can live there). */
export function describeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

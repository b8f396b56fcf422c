// Normalising what people type as addresses. Each failure says precisely what to change,
// because a vague "invalid URL" is what makes people give up on setup. The rules work on data
// (`Problem`); only `normaliseServerUrl` and `normaliseHostOrigin` put problems into words, so
// the worker, which applies the same rules to stored settings (./sanitise.ts), bundles no words.

export type AddressResult = { ok: true; value: string } | { ok: false; error: string };

/** What is wrong with an address; `words` says it to a person. */
type Problem =
  | { kind: 'empty' | 'spaces' | 'wildcards' | 'credentials' | 'query-or-fragment' }
  | { kind: 'not-an-address'; input: string }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'path'; origin: string; path: string };

function words(problem: Problem): string {
  switch (problem.kind) {
    case 'empty':
      return 'Enter an address.';
    case 'spaces':
      return 'Addresses cannot contain spaces.';
    case 'wildcards':
      return 'Wildcards are not supported: enter one exact address.';
    case 'not-an-address':
      return `"${problem.input}" is not a web address.`;
    case 'scheme':
      return `Use an http:// or https:// address (got ${problem.scheme}://).`;
    case 'credentials':
      return 'Leave the user name and password out of the address; Handoff asks for keys separately.';
    case 'query-or-fragment':
      return 'Leave out the "?…" and "#…" parts of the address.';
    case 'path':
      return `Enter just the host, like ${problem.origin}, without the path "${problem.path}".`;
  }
}

function parse(input: string): URL | Problem {
  const trimmed = input.trim();
  if (!trimmed) return { kind: 'empty' };
  if (/\s/.test(trimmed)) return { kind: 'spaces' };
  // Checked on the text: Chrome's URL parser turns "*" in a host into "%2A" and Firefox's
  // refuses it, so a check on the parsed host alone never fires in Chrome.
  if (/\*|%2a/i.test(trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '')) {
    return { kind: 'wildcards' };
  }
  // People often paste "localhost:3000" or "git.example.com" without a scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(withScheme);
  } catch {
    return { kind: 'not-an-address', input: trimmed };
  }
}

function commonChecks(url: URL): Problem | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'scheme', scheme: url.protocol.replace(':', '') };
  }
  if (url.username || url.password) return { kind: 'credentials' };
  if (/\*|%2a/i.test(url.hostname)) return { kind: 'wildcards' };
  if (url.search || url.hash) return { kind: 'query-or-fragment' };
  return null;
}

/** The server address `input` names, or what is wrong with it. */
function serverUrl(input: string): string | Problem {
  const url = parse(input);
  if (!(url instanceof URL)) return url;
  const problem = commonChecks(url);
  if (problem) return problem;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

/** The code host origin `input` names, or what is wrong with it. */
function hostOrigin(input: string): string | Problem {
  const url = parse(input);
  if (!(url instanceof URL)) return url;
  const problem = commonChecks(url);
  if (problem) return problem;
  if (url.pathname !== '/' && url.pathname !== '') {
    return { kind: 'path', origin: url.origin, path: url.pathname };
  }
  return url.origin;
}

const result = (checked: string | Problem): AddressResult =>
  typeof checked === 'string' ? { ok: true, value: checked } : { ok: false, error: words(checked) };

const valueOrNull = (checked: string | Problem): string | null =>
  typeof checked === 'string' ? checked : null;

/**
 * The service's base URL: scheme, host, port and an optional path prefix (a server behind a
 * reverse proxy under /openhands, say), without a trailing slash.
 */
export function normaliseServerUrl(input: string): AddressResult {
  return result(serverUrl(input));
}

/** A self-hosted code host is added by origin only: detection finds any relative URL root. */
export function normaliseHostOrigin(input: string): AddressResult {
  return result(hostOrigin(input));
}

/** `normaliseServerUrl`'s value, or null where it would say what is wrong. */
export function checkedServerUrl(input: string): string | null {
  return valueOrNull(serverUrl(input));
}

/** `normaliseHostOrigin`'s value, or null where it would say what is wrong. */
export function checkedHostOrigin(input: string): string | null {
  return valueOrNull(hostOrigin(input));
}

/** The host-permission match pattern that covers an address (patterns ignore ports). */
export function originPattern(address: string): string {
  const url = new URL(address);
  return `${url.protocol}//${url.hostname}/*`;
}

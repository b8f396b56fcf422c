// Normalising what people type as addresses. Each failure says precisely what to change,
// because a vague "invalid URL" is what makes people give up on setup.

export type AddressResult = { ok: true; value: string } | { ok: false; error: string };

const WILDCARDS = 'Wildcards are not supported: enter one exact address.';

function parse(input: string): URL | string {
  const trimmed = input.trim();
  if (!trimmed) return 'Enter an address.';
  if (/\s/.test(trimmed)) return 'Addresses cannot contain spaces.';
  // Checked on the text: Chrome's URL parser turns "*" in a host into "%2A" and Firefox's
  // refuses it, so a check on the parsed host alone never fires in Chrome.
  if (/\*|%2a/i.test(trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '')) {
    return WILDCARDS;
  }
  // People often paste "localhost:3000" or "git.example.com" without a scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(withScheme);
  } catch {
    return `"${trimmed}" is not a web address.`;
  }
}

function commonChecks(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Use an http:// or https:// address (got ${url.protocol.replace(':', '')}://).`;
  }
  if (url.username || url.password) {
    return 'Leave the user name and password out of the address; Handoff asks for keys separately.';
  }
  if (/\*|%2a/i.test(url.hostname)) return WILDCARDS;
  if (url.search || url.hash) return 'Leave out the "?…" and "#…" parts of the address.';
  return null;
}

/**
 * The service's base URL: scheme, host, port and an optional path prefix (a server behind a
 * reverse proxy under /openhands, say), without a trailing slash.
 */
export function normaliseServerUrl(input: string): AddressResult {
  const url = parse(input);
  if (typeof url === 'string') return { ok: false, error: url };
  const problem = commonChecks(url);
  if (problem) return { ok: false, error: problem };
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, value: `${url.origin}${path}` };
}

/** A self-hosted code host is added by origin only: detection finds any relative URL root. */
export function normaliseHostOrigin(input: string): AddressResult {
  const url = parse(input);
  if (typeof url === 'string') return { ok: false, error: url };
  const problem = commonChecks(url);
  if (problem) return { ok: false, error: problem };
  if (url.pathname !== '/' && url.pathname !== '') {
    return {
      ok: false,
      error: `Enter just the host, like ${url.origin}, without the path "${url.pathname}".`,
    };
  }
  return { ok: true, value: url.origin };
}

/** The host-permission match pattern that covers an address (patterns ignore ports). */
export function originPattern(address: string): string {
  const url = new URL(address);
  return `${url.protocol}//${url.hostname}/*`;
}

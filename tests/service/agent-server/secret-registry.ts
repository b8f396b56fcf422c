// A conversation's secrets as the agent server keeps and uses them (openhands-sdk
// secret/secrets.py, conversation/secret_registry.py, openhands-tools terminal/impl.py; v1.43.1):
// - A `LookupSecret` is fetched when used, with a plain HTTP GET carrying only its own headers;
//   from 1.22.0 a relative url is resolved against OH_INTERNAL_SERVER_URL, the server's own
//   listener (agent_server/__main__.py). So a lookup of the server's own
//   `/api/settings/secrets/<name>` without `X-Session-API-Key` among its headers meets the
//   server's key check (dependencies.py): 401, and the secret has no value.
// - Before a terminal command runs, every secret whose name appears in the command (any case)
//   is resolved and exported into the terminal's environment; one that cannot be resolved is
//   left out, so `$NAME` is empty.
// - The command's output has every secret value the registry has resolved replaced with
//   `<secret-hidden>`; masking first tries the sources not resolved yet (a failed one again
//   only after 60 s).
// - Shown back (ConversationInfo, full_state): a StaticSecret's value and a LookupSecret's
//   secret-looking headers redacted; `ConversationInfo` validates the dump again, which turns a
//   redacted value into null and drops redacted headers.
import { FERNET_TOKEN_PREFIX, type Fernet } from './fernet';
import { REDACTED } from './json';
import type { AgentServerRelease } from './release';

export type SecretSource =
  | { kind: 'StaticSecret'; description: string | null; value: string | null }
  | {
      kind: 'LookupSecret';
      description: string | null;
      url: string;
      headers: Record<string, string>;
    };

/** utils/redact.py SECRET_KEY_PATTERNS: a name holding any of these holds a secret. */
const SECRET_KEY_PATTERNS = [
  'AUTHORIZATION',
  'COOKIE',
  'CREDENTIAL',
  'KEY',
  'PASSWORD',
  'SECRET',
  'SESSION',
  'TOKEN',
];

export function isSecretKey(key: string): boolean {
  const upper = key.toUpperCase();
  return SECRET_KEY_PATTERNS.some((pattern) => upper.includes(pattern));
}

/** `validate_secret`: blank or redacted → none; a Fernet token with a cipher → its plaintext. */
function validateSecret(value: unknown, cipher: Fernet | null): string | null {
  if (typeof value !== 'string' || !value.trim() || value === REDACTED) return null;
  if (cipher && value.startsWith(FERNET_TOKEN_PREFIX)) return cipher.decrypt(value);
  return value;
}

/** `urljoin(base + "/", url)` for a url without scheme and host (secrets.py). */
function resolveLookupUrl(url: string, base: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) || url.startsWith('//')) return url;
  try {
    return new URL(url, `${base.replace(/\/+$/, '')}/`).toString();
  } catch {
    return url;
  }
}

/**
 * A source from a start request (or `agent_context.secrets`) as the server validates it. `cipher`
 * is the server's own when the request says `secrets_encrypted`.
 */
export function acceptSource(
  raw: unknown,
  options: { release: AgentServerRelease; internalUrl: string; cipher: Fernet | null },
): SecretSource {
  if (typeof raw === 'string') {
    return { kind: 'StaticSecret', description: null, value: validateSecret(raw, options.cipher) };
  }
  const source = raw as Record<string, unknown>;
  const description = typeof source.description === 'string' ? source.description : null;
  if (source.kind !== 'LookupSecret') {
    return {
      kind: 'StaticSecret',
      description,
      value: validateSecret(source.value, options.cipher),
    };
  }
  const headers: Record<string, string> = {};
  const given =
    typeof source.headers === 'object' && source.headers !== null
      ? (source.headers as Record<string, unknown>)
      : {};
  for (const [key, value] of Object.entries(given)) {
    const text = String(value);
    if (!isSecretKey(key)) {
      headers[key] = text;
      continue;
    }
    if (!text.trim() || text === REDACTED) continue;
    // A header that does not decrypt is kept as the plaintext the caller meant.
    headers[key] = validateSecret(text, options.cipher) ?? text;
  }
  const url = String(source.url ?? '');
  return {
    kind: 'LookupSecret',
    description,
    url: options.release.has('lookupSecretRelativeUrl')
      ? resolveLookupUrl(url, options.internalUrl)
      : url,
    headers,
  };
}

/** The sources as the state dumps them (`info`: validated again, as `ConversationInfo` does). */
export function sourcesDump(
  sources: Record<string, SecretSource>,
  mode: 'info' | 'state',
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, source] of Object.entries(sources)) {
    if (source.kind === 'StaticSecret') {
      out[name] = {
        kind: 'StaticSecret',
        description: source.description,
        value: source.value !== null && mode === 'state' ? REDACTED : null,
      };
      continue;
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(source.headers)) {
      if (!isSecretKey(key)) headers[key] = value;
      else if (mode === 'state') headers[key] = REDACTED;
    }
    out[name] = { kind: 'LookupSecret', description: source.description, url: source.url, headers };
  }
  return out;
}

/** A registered source's value, or why there is none. */
async function lookUp(source: SecretSource): Promise<string | null> {
  if (source.kind === 'StaticSecret') return source.value;
  // httpx.get(url, headers=…, timeout=30); raise_for_status(); response.text
  const response = await fetch(source.url, {
    headers: source.headers,
    signal: AbortSignal.timeout(30_000),
    redirect: 'manual',
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return text;
}

const FAILED_LOOKUP_RETRY_MS = 60_000;

/** One conversation's registry while its agent runs (what was exported lives in memory only). */
export class SecretRegistry {
  private readonly exported = new Map<string, string>();
  private readonly failedAt = new Map<string, number>();

  constructor(private readonly sources: () => Record<string, SecretSource>) {}

  /** `find_secrets_in_text`: names the command mentions, in any case. */
  namesIn(text: string): string[] {
    const lowered = text.toLowerCase();
    return Object.keys(this.sources()).filter((name) => lowered.includes(name.toLowerCase()));
  }

  private async resolve(name: string): Promise<string | null> {
    const source = this.sources()[name];
    if (!source) return null;
    try {
      const value = await lookUp(source);
      if (value) this.exported.set(name, value);
      return value || null;
    } catch {
      return null;
    }
  }

  /** `get_secrets_as_env_vars`: what is exported before the command runs. */
  async envFor(command: string): Promise<Record<string, string>> {
    const env: Record<string, string> = {};
    for (const name of this.namesIn(command)) {
      const value = await this.resolve(name);
      if (value) env[name] = value;
    }
    return env;
  }

  /** `mask_secrets_in_output`. */
  async mask(text: string): Promise<string> {
    if (!text) return text;
    const now = Date.now();
    for (const name of Object.keys(this.sources())) {
      if (this.exported.has(name)) continue;
      const failed = this.failedAt.get(name);
      if (failed !== undefined && now - failed < FAILED_LOOKUP_RETRY_MS) continue;
      if (!(await this.resolve(name))) this.failedAt.set(name, now);
    }
    let masked = text;
    for (const value of this.exported.values()) {
      if (value) masked = masked.split(value).join('<secret-hidden>');
    }
    return masked;
  }
}

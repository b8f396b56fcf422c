// What leaves the extension as a file carries no credentials: a conversation's record holds its
// sandbox's session_api_key, events can hold MCP and provider keys, and URLs can hold tokens in
// their query. docs/security.md#exports-logs-and-urls.

/**
 * Field names that hold a credential (`prompt_tokens` and other counts do not match). A number
 * under such a name is a count, never a credential: the SDK's token usage has `per_turn_token`.
 */
const SECRET_FIELD =
  /api[_-]?key|session[_-]?key|secret|password|passwd|authorization|cookie|token$|^provider_tokens$/i;
/** Query parameters that carry one: `?session_api_key=`, VS Code's `?tkn=`, `?token=`. */
const SECRET_QUERY =
  /([?&](?:session_api_key|api_key|apikey|access_token|token|tkn|key)=)[^&#\s"'<>]+/gi;

export const REMOVED = '[removed]';

/** A deep copy of `value` without credential fields, and with credentials in URLs blanked. */
export function withoutSecrets<T>(value: T): T {
  const seen = new WeakSet<object>();
  const clean = (item: unknown): unknown => {
    if (typeof item === 'string') return item.replace(SECRET_QUERY, `$1${REMOVED}`);
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return null;
    seen.add(item);
    if (Array.isArray(item)) return item.map(clean);
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(item)) {
      if (!SECRET_FIELD.test(key) || typeof field === 'number') copy[key] = clean(field);
    }
    return copy;
  };
  return clean(value) as T;
}

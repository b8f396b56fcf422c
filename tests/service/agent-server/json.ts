// Serialisation details of the agent server's pydantic models.

/** `model_dump(exclude_none=True)`: null fields dropped at every depth (list items kept). */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null && item !== undefined) out[key] = withoutNulls(item);
  }
  return out as T;
}

/** What a `SecretStr` looks like in a dump without `expose_secrets`. */
export const REDACTED = '**********';

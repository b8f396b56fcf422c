import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** `uuid4().hex`: 32 lowercase hex characters, the form of V0 and V1 conversation ids. */
export function hexId(): string {
  return randomUUID().replaceAll('-', '');
}

/** A dashed UUID string, the form of V1 event ids. */
export function dashedUuid(): string {
  return randomUUID();
}

/** Python's `uuid.UUID(value)` accepts the dashed and the bare form (and braces / urn prefix). */
export function parseUuid(value: string): string | null {
  const bare = value
    .trim()
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1')
    .replaceAll('-', '');
  return /^[0-9a-fA-F]{32}$/.test(bare) ? bare.toLowerCase() : null;
}

export function toDashed(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The nested-runtime key of a V0 conversation: url-safe base64 (padding removed) of
 * SHA-256("<server secret>:<conversation id>"), as the Docker nested conversation manager does.
 */
export function conversationSessionKey(serverSecret: string, conversationId: string): string {
  return createHash('sha256')
    .update(`${serverSecret}:${conversationId}`)
    .digest('base64url')
    .replaceAll('=', '');
}

/** A random url-safe key, like `secrets.token_urlsafe(32)` used for sandbox keys. */
export function randomKey(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

const base62Alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `base62.encodebytes` of the UUID bytes: the default title of V1 conversations. */
export function base62OfHex(hex: string): string {
  let value = BigInt(`0x${hex}`);
  if (value === 0n) return '0';
  let out = '';
  while (value > 0n) {
    out = base62Alphabet[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

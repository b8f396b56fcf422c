// Tokens the person gives Handoff for reading code hosts directly (a repository's skills),
// one per code-host origin. Kept with the API key in extension-origin IndexedDB (./secrets.ts),
// never shown back (only the last four characters), and sent only to that host's API
// (docs/contract/skills.md#tokens).
import { readSecret, secretNames, writeSecret } from './secrets';

const PREFIX = 'codeHostToken:';

export interface StoredCodeHostToken {
  /** The code host's web origin, e.g. https://github.com or https://git.example.com. */
  origin: string;
  /** `…abcd`: enough to tell tokens apart. */
  hint: string;
}

/** The origin a token is filed under: the code host's, whatever address it was given as. */
export function codeHostOrigin(address: string): string {
  return new URL(address).origin;
}

export function tokenHint(token: string): string {
  return `…${token.slice(-4)}`;
}

export async function readCodeHostToken(origin: string): Promise<string | null> {
  return readSecret(PREFIX + codeHostOrigin(origin));
}

/**
 * Stores (or with null, forgets) the token for an origin. A token is one line without spaces;
 * a Bitbucket `user:app-password` pair counts as one.
 */
export async function writeCodeHostToken(origin: string, token: string | null): Promise<void> {
  const value = token?.trim() ?? '';
  if (/\s/.test(value)) throw new Error('A token never contains spaces or line breaks.');
  await writeSecret(PREFIX + codeHostOrigin(origin), value || null);
}

export async function listCodeHostTokens(): Promise<StoredCodeHostToken[]> {
  const names = await secretNames(PREFIX);
  const tokens = await Promise.all(
    names.map(async (name) => {
      const token = await readSecret(name);
      return token ? { origin: name.slice(PREFIX.length), hint: tokenHint(token) } : null;
    }),
  );
  return tokens.filter((entry): entry is StoredCodeHostToken => entry !== null);
}

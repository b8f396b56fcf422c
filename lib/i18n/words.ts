// Words for values a server sends: our own where we have them, otherwise the value made
// readable, never a raw enum in front of a person.
import { en, type MessageKey } from './en';
import { t } from './index';

/** "STATUS$ERROR_LLM_RETRY" → "Error llm retry": the fallback for values we have no words for. */
export function humanise(value: string): string {
  const bare = value.includes('$') ? value.slice(value.indexOf('$') + 1) : value;
  const words = bare
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/** Our words for `<prefix><value>`, or null when we have none. */
export function wordsFor(prefix: string, value: string): string | null {
  const key = `${prefix}${value}`;
  return Object.hasOwn(en, key) ? t(key as MessageKey) : null;
}

/** A git provider as people write it ("GitHub", "Bitbucket Data Center"). */
export function providerName(provider: string): string {
  return wordsFor('provider.', provider) ?? humanise(provider);
}

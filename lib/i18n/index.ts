import { en, type MessageKey } from './en';

export type { MessageKey };

type Params = Record<string, string | number>;

/** `text` with its `{name}` placeholders filled in. */
function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** A `t()` over one dictionary, typed by its keys. */
export function translator<Words extends Record<string, string>>(words: Words) {
  return (key: keyof Words & string, params?: Params): string => fill(words[key] as string, params);
}

/**
 * The text for a key of the words every page uses (common, side panel, worker). The options
 * page's and the skills viewer's words have their own `t` (./options.ts, ./skills.ts), so the
 * side panel's first script does not carry them.
 */
export const t = translator(en);

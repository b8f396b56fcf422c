import { en, type MessageKey } from './en';

export type { MessageKey };

/** `text` with its `{name}` placeholders filled in. */
export function fill(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/**
 * The text for a key of the words every page uses (common, side panel, worker). The options
 * page's and the skills viewer's words have their own `t` (./options.ts, ./skills.ts), so the
 * side panel's first script does not carry them.
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return fill(en[key], params);
}

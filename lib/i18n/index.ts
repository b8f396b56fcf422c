import { en, type MessageKey } from './en';

export type { MessageKey };

/** The text for a key, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = en[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

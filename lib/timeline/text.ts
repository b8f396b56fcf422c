// Text from events made fit to show: terminal colour codes removed, control characters (binary
// output, broken encodings) made visible as "�" instead of garbling the row, and long outputs cut
// with the size said, so a multi-megabyte log never lands in the DOM unasked.

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
const ansi = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced.
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function printable(text: string): string {
  return text.replace(ansi, '').replace(controls, '\ufffd');
}

/**
 * Rows show this much of an output until the person asks for all of it
 * (docs/ui/timeline.md#output-previews).
 */
export const OUTPUT_PREVIEW_CHARS = 2000;

export interface CutText {
  text: string;
  /** Characters left out; 0 when the text is whole. */
  omitted: number;
}

export function preview(text: string, limit = OUTPUT_PREVIEW_CHARS): CutText {
  if (text.length <= limit) return { text, omitted: 0 };
  return { text: text.slice(0, limit), omitted: text.length - limit };
}

/** Splits text around case-insensitive occurrences of `query`, for <mark>ing them. */
export function highlightParts(
  text: string,
  query: string | null | undefined,
): { text: string; match: boolean }[] {
  const needle = query?.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const haystack = text.toLowerCase();
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) break;
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts.length ? parts : [{ text, match: false }];
}

/** Pretty JSON for raw events and tool arguments, never throwing on odd values. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The words around the first occurrence of `query`, for showing why a row matched. */
export function snippetAround(text: string, query: string, radius = 60): string | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const at = text.toLowerCase().indexOf(needle);
  if (at < 0) return null;
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + needle.length + radius);
  const body = text.slice(start, end).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

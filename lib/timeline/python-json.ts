// `json.dumps(value)` with Python's defaults, for the event search's `query`: upstream matches
// the query against `json.dumps(event_to_dict(event)).lower()`, so a query only matches what
// that text contains. The defaults matter: `", "` and `": "` separators (a query such as
// `"exit_code": 1` matches, `"exit_code":1` does not) and `ensure_ascii=True` (every character
// outside ASCII is written as a `\uXXXX` escape, so "é" in an event is the text `\u00e9`).
//
// One difference cannot be avoided: Python writes floats with a fraction (`0.0`, `1.5e-05`),
// but JSON read in a browser no longer knows that `0.0` was a float, so numbers are written the
// way JavaScript writes them (`0`, `0.000015`).

const shortEscapes: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function pythonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    const code = text.charCodeAt(index);
    const short = shortEscapes[char];
    if (short) out += short;
    // JavaScript strings are UTF-16 already: characters beyond the BMP come as the same two
    // surrogate escapes Python writes for them.
    // Python escapes everything outside space…tilde, DEL included (its ESCAPE_ASCII pattern).
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Infinity';
  if (value === Number.NEGATIVE_INFINITY) return '-Infinity';
  return String(value);
}

/** Python's `json.dumps(value)` of a JSON value as JavaScript holds it. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pythonString(value);
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      // Python never sees keys whose value JSON left out.
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${pythonString(key)}: ${pythonJsonDumps(item)}`);
    return `{${entries.join(', ')}}`;
  }
  return 'null';
}

/** `str.lower()` for the ASCII-only text `json.dumps` produces: only A–Z change. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

// A JSON reader that fails the way Python's `json.loads` does. FastAPI turns a decode error into
// `422 {"detail":[{"type":"json_invalid","loc":["body",<pos>],"msg":"JSON decode error",
// "input":{},"ctx":{"error":"<python message>"}}]}`, so the message and the character position
// must be Python's, which JSON.parse does not give. Like Python, NaN and ±Infinity are accepted.

export class PyJsonError extends Error {
  constructor(
    readonly pythonMessage: string,
    readonly pos: number,
  ) {
    super(`${pythonMessage}: char ${pos}`);
  }
}

/** Nesting beyond Python's recursion limit: `RecursionError`, not a decode error. */
export class PyRecursionError extends Error {}

const MAX_DEPTH = 990;

const whitespace = new Set([' ', '\t', '\n', '\r']);

export function parsePythonJson(text: string): unknown {
  let pos = 0;
  let depth = 0;

  const skip = () => {
    while (pos < text.length && whitespace.has(text[pos] as string)) pos++;
  };

  const fail = (message: string, at: number): never => {
    throw new PyJsonError(message, at);
  };

  const parseString = (): string => {
    const start = pos;
    pos++; // opening quote
    let out = '';
    for (;;) {
      if (pos >= text.length) fail('Unterminated string starting at', start);
      const ch = text[pos] as string;
      if (ch === '"') {
        pos++;
        return out;
      }
      if (ch === '\\') {
        const next = text[pos + 1];
        if (next === undefined) fail('Unterminated string starting at', start);
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (next === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape', pos + 1);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          pos += 6;
          continue;
        }
        const mapped = simple[next as string];
        if (mapped === undefined) fail('Invalid \\escape', pos);
        out += mapped;
        pos += 2;
        continue;
      }
      if (ch.charCodeAt(0) < 0x20) fail('Invalid control character at', pos);
      out += ch;
      pos++;
    }
  };

  const parseNumber = (): number | undefined => {
    const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(pos));
    if (!match) return undefined;
    pos += match[0].length;
    return Number(match[0]);
  };

  const parseValue = (): unknown => {
    skip();
    const ch = text[pos];
    if (ch === undefined) return fail('Expecting value', pos);
    if (ch === '"') return parseString();
    if (ch === '{') return parseObject();
    if (ch === '[') return parseArray();
    if (text.startsWith('null', pos)) {
      pos += 4;
      return null;
    }
    if (text.startsWith('true', pos)) {
      pos += 4;
      return true;
    }
    if (text.startsWith('false', pos)) {
      pos += 5;
      return false;
    }
    if (text.startsWith('NaN', pos)) {
      pos += 3;
      return Number.NaN;
    }
    if (text.startsWith('Infinity', pos)) {
      pos += 8;
      return Number.POSITIVE_INFINITY;
    }
    if (text.startsWith('-Infinity', pos)) {
      pos += 9;
      return Number.NEGATIVE_INFINITY;
    }
    const number = parseNumber();
    if (number !== undefined) return number;
    return fail('Expecting value', pos);
  };

  const enter = () => {
    depth++;
    if (depth > MAX_DEPTH) {
      throw new PyRecursionError('maximum recursion depth exceeded while decoding a JSON document');
    }
  };

  const parseObject = (): Record<string, unknown> => {
    enter();
    pos++;
    const out: Record<string, unknown> = {};
    skip();
    if (text[pos] === '}') {
      pos++;
      depth--;
      return out;
    }
    for (;;) {
      if (text[pos] !== '"') fail('Expecting property name enclosed in double quotes', pos);
      const key = parseString();
      skip();
      if (text[pos] !== ':') fail("Expecting ':' delimiter", pos);
      pos++;
      out[key] = parseValue();
      skip();
      if (text[pos] === '}') {
        pos++;
        depth--;
        return out;
      }
      if (text[pos] !== ',') fail("Expecting ',' delimiter", pos);
      pos++;
      skip();
    }
  };

  const parseArray = (): unknown[] => {
    enter();
    pos++;
    const out: unknown[] = [];
    skip();
    if (text[pos] === ']') {
      pos++;
      depth--;
      return out;
    }
    for (;;) {
      out.push(parseValue());
      skip();
      if (text[pos] === ']') {
        pos++;
        depth--;
        return out;
      }
      if (text[pos] !== ',') fail("Expecting ',' delimiter", pos);
      pos++;
    }
  };

  const value = parseValue();
  skip();
  if (pos < text.length) fail('Extra data', pos);
  return value;
}

// Front matter of skill files: the `---` block at the top, read the way the agent server reads it
// (docs/contract/skills.md#front-matter), with a YAML subset parser of our own. Skill front matter
// is flat keys, lists and a few small maps; anything beyond the subset (anchors, tags, several
// documents) is reported as unsupported, never guessed, so the viewer does not call a file broken
// that the agent would load.

/** A YAML value as the agent's loader sees it after parsing. */
export type YamlValue =
  | string
  | number
  | boolean
  | null
  | YamlValue[]
  | { [key: string]: YamlValue };
export type YamlMap = { [key: string]: YamlValue };

/** Why a front-matter block does not parse, in codes the viewer turns into words. */
export type FrontMatterErrorCode =
  | 'unclosed-list'
  | 'unclosed-map'
  | 'unclosed-quote'
  | 'tab-indent'
  | 'bad-indent'
  | 'missing-colon'
  | 'stray-text'
  | 'bad-escape';

export type FrontMatterResult =
  | {
      ok: true;
      /** The parsed keys; empty when there is no block or the block is not a map. */
      metadata: YamlMap;
      /** The body after the block, trimmed as the loader trims it. */
      content: string;
      /** Whether a front-matter block was there at all. */
      present: boolean;
    }
  | {
      ok: false;
      kind: 'broken';
      code: FrontMatterErrorCode;
      /** 1-based line in the file. */
      line: number;
      content: string;
    }
  | {
      ok: false;
      kind: 'unsupported';
      /** The YAML feature Handoff does not read, e.g. `&anchor`. */
      feature: string;
      line: number;
      content: string;
    };

class YamlError extends Error {
  constructor(
    readonly code: FrontMatterErrorCode,
    readonly line: number,
  ) {
    super(code);
  }
}

class Unsupported extends Error {
  constructor(
    readonly feature: string,
    readonly line: number,
  ) {
    super(feature);
  }
}

/** A boundary line: three or more dashes, then only spaces (python-frontmatter's rule). */
const BOUNDARY = /^-{3,}[ \t]*$/;

/**
 * Splits a skill file into front matter and body. The loader strips the text first, takes the
 * block between the first two boundary lines, and keeps the whole text as body when there is no
 * second boundary. A block that parses to something other than a map adds no keys.
 */
export function parseFrontMatter(text: string): FrontMatterResult {
  const stripped = text.replace(/^\s+/, '').replace(/\s+$/, '');
  // Lines lost to the leading strip, so error lines point into the file as the person sees it.
  const skipped = countLines(text.slice(0, text.length - text.replace(/^\s+/, '').length));
  const lines = stripped.split(/\r?\n/);
  if (!BOUNDARY.test(lines[0] ?? '')) {
    return { ok: true, metadata: {}, content: stripped, present: false };
  }
  const end = lines.findIndex((line, index) => index > 0 && BOUNDARY.test(line));
  if (end < 0) return { ok: true, metadata: {}, content: stripped, present: false };
  const content = lines
    .slice(end + 1)
    .join('\n')
    .trim();
  try {
    const value = parseYaml(lines.slice(1, end), 2 + skipped);
    const metadata = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    return { ok: true, metadata, content, present: true };
  } catch (error) {
    if (error instanceof YamlError) {
      return { ok: false, kind: 'broken', code: error.code, line: error.line, content };
    }
    if (error instanceof Unsupported) {
      return {
        ok: false,
        kind: 'unsupported',
        feature: error.feature,
        line: error.line,
        content,
      };
    }
    throw error;
  }
}

function countLines(text: string): number {
  return text.split('\n').length - 1;
}

interface Line {
  /** 1-based line number in the file. */
  number: number;
  indent: number;
  /** The line without its indentation and trailing comment. */
  text: string;
  /** The line without its indentation, comment kept (block scalars keep `#`). */
  raw: string;
}

/** Parses the lines of one block; `firstLine` is the file line of `lines[0]`. */
export function parseYaml(source: readonly string[], firstLine = 1): YamlValue {
  const lines: Line[] = [];
  source.forEach((raw, index) => {
    const number = firstLine + index;
    const indentMatch = /^[ \t]*/.exec(raw)?.[0] ?? '';
    const rest = raw.slice(indentMatch.length);
    const text = stripComment(rest).trimEnd();
    if (!text) {
      lines.push({ number, indent: -1, text: '', raw: rest });
      return;
    }
    if (indentMatch.includes('\t')) throw new YamlError('tab-indent', number);
    if (/^(?:---|\.\.\.)(?:\s|$)/.test(text) && indentMatch.length === 0) {
      throw new Unsupported('---', number);
    }
    if (/^%/.test(text) && indentMatch.length === 0) throw new Unsupported('%', number);
    lines.push({ number, indent: indentMatch.length, text, raw: rest });
  });
  const parser = new BlockParser(lines);
  const first = parser.peek();
  if (!first) return null;
  const value = parser.parseNode(first.indent);
  const stray = parser.peek();
  if (stray)
    throw new YamlError(stray.indent > first.indent ? 'bad-indent' : 'stray-text', stray.number);
  return value;
}

/** Removes a `#` comment that starts the text or follows a space, outside quotes. */
function stripComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) {
        if (quote === "'" && text[i + 1] === "'") i++;
        else quote = null;
      }
      continue;
    }
    if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:-]/.test(text[i - 1] ?? ''))) quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) return text.slice(0, i);
  }
  return text;
}

class BlockParser {
  private index = 0;

  constructor(private readonly lines: Line[]) {}

  /** The next line with text, skipping blank ones. */
  peek(): Line | undefined {
    while (this.index < this.lines.length && this.lines[this.index]?.indent === -1) this.index++;
    return this.lines[this.index];
  }

  private next(): Line {
    const line = this.peek();
    this.index++;
    return line as Line;
  }

  /** A block node whose first line is at `indent`: a sequence, a map or a scalar. */
  parseNode(indent: number): YamlValue {
    const line = this.peek() as Line;
    if (isSequenceItem(line.text)) return this.parseSequence(indent);
    if (mapKeyOf(line.text, line.number)) return this.parseMap(indent);
    return this.parseLooseScalar(indent);
  }

  private parseSequence(indent: number): YamlValue[] {
    const items: YamlValue[] = [];
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      if (!isSequenceItem(line.text)) break;
      this.next();
      const after = line.text.slice(1);
      const rest = after.trimStart();
      // The item's own column: where its text starts after `- `.
      const column = indent + 1 + (after.length - rest.length);
      items.push(this.parseInline(rest, column, line, indent));
    }
    return items;
  }

  private parseMap(indent: number): YamlMap {
    const map: YamlMap = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      const entry = mapKeyOf(line.text, line.number);
      if (!entry) {
        if (isSequenceItem(line.text)) break;
        throw new YamlError('missing-colon', line.number);
      }
      this.next();
      // PyYAML keeps the last of duplicate keys.
      map[entry.key] = this.parseValue(entry.rest, line, indent);
    }
    return map;
  }

  /**
   * What follows `- ` in a sequence: another `key: value` starts a map whose keys line up with
   * it, `- ` a nested sequence, anything else a value.
   */
  private parseInline(rest: string, column: number, line: Line, parentIndent: number): YamlValue {
    if (!rest) return this.parseChild(parentIndent, line, true);
    if (isSequenceItem(rest)) {
      // `- - a`: a nested sequence starting on this line.
      this.index--;
      const saved = this.lines[this.index] as Line;
      this.lines[this.index] = { ...saved, indent: column, text: rest };
      return this.parseSequence(column);
    }
    if (mapKeyOf(rest, line.number)) {
      this.index--;
      const saved = this.lines[this.index] as Line;
      this.lines[this.index] = { ...saved, indent: column, text: rest };
      return this.parseMap(column);
    }
    return this.parseValue(rest, line, parentIndent, true);
  }

  /** The value after `key:` (or `- `), with the block below it when it is empty. */
  private parseValue(rest: string, line: Line, indent: number, inSequence = false): YamlValue {
    if (!rest) return this.parseChild(indent, line, inSequence);
    const block = /^([|>])([+-]?)(\d?)([+-]?)$/.exec(rest);
    if (block) {
      const chomp = block[2] || block[4] || '';
      return this.parseBlockScalar(block[1] as '|' | '>', chomp, Number(block[3] || 0), indent);
    }
    if (/^[&*!]/.test(rest)) throw new Unsupported(rest[0] as string, line.number);
    if (rest.startsWith('[') || rest.startsWith('{')) {
      return this.parseFlowAcrossLines(rest, line, indent);
    }
    if (rest.startsWith('"') || rest.startsWith("'")) {
      return this.parseQuotedAcrossLines(rest, line, indent);
    }
    return this.foldPlain(rest, indent);
  }

  /** An empty value: a more indented block below, a same-indent sequence under a key, or null. */
  private parseChild(indent: number, line: Line, inSequence: boolean): YamlValue {
    const next = this.peek();
    if (!next) return null;
    if (next.indent > indent) return this.parseNode(next.indent);
    // `key:` followed by `- a` at the key's own indent is a sequence (compact style).
    if (!inSequence && next.indent === indent && isSequenceItem(next.text) && line) {
      return this.parseSequence(indent);
    }
    return null;
  }

  /** A plain scalar that continues on more indented lines, folded with spaces. */
  private foldPlain(first: string, indent: number): YamlValue {
    const parts = [first];
    for (let line = this.peek(); line && line.indent > indent; line = this.peek()) {
      if (mapKeyOf(line.text, line.number)) throw new YamlError('bad-indent', line.number);
      parts.push(line.text);
      this.next();
    }
    if (parts.length > 1) return parts.join(' ');
    return resolvePlain(first);
  }

  /** A scalar standing alone at the top of a block (unusual, but valid). */
  private parseLooseScalar(indent: number): YamlValue {
    const line = this.next();
    if (line.text.startsWith('[') || line.text.startsWith('{')) {
      return this.parseFlowAcrossLines(line.text, line, indent - 1);
    }
    if (line.text.startsWith('"') || line.text.startsWith("'")) {
      return this.parseQuotedAcrossLines(line.text, line, indent - 1);
    }
    if (/^[&*!]/.test(line.text)) throw new Unsupported(line.text[0] as string, line.number);
    return this.foldPlain(line.text, indent);
  }

  /** A flow collection, which may go on over the following lines until it closes. */
  private parseFlowAcrossLines(first: string, line: Line, indent: number): YamlValue {
    let text = first;
    let last = line;
    for (;;) {
      const reader = new FlowReader(text, line.number);
      const result = reader.tryRead();
      if (result.done) {
        if (reader.rest().trim()) throw new YamlError('stray-text', last.number);
        return result.value;
      }
      const next = this.peek();
      if (!next || next.indent <= indent) {
        throw new YamlError(first.startsWith('[') ? 'unclosed-list' : 'unclosed-map', line.number);
      }
      this.next();
      text += ` ${next.text}`;
      last = next;
    }
  }

  private parseQuotedAcrossLines(first: string, line: Line, indent: number): YamlValue {
    let text = first;
    for (;;) {
      const reader = new FlowReader(text, line.number);
      const result = reader.tryQuoted();
      if (result.done) {
        if (reader.rest().trim()) throw new YamlError('stray-text', line.number);
        return result.value;
      }
      const next = this.peek();
      if (!next || next.indent <= indent) throw new YamlError('unclosed-quote', line.number);
      this.next();
      text += ` ${next.raw.trim()}`;
    }
  }

  /** `|` keeps line breaks, `>` folds them; `-` drops the final break, `+` keeps all. */
  private parseBlockScalar(style: '|' | '>', chomp: string, explicit: number, indent: number) {
    const collected: string[] = [];
    let blockIndent = explicit ? indent + explicit : -1;
    while (this.index < this.lines.length) {
      const line = this.lines[this.index] as Line;
      if (line.indent === -1) {
        collected.push('');
        this.index++;
        continue;
      }
      if (blockIndent < 0) {
        if (line.indent <= indent) break;
        blockIndent = line.indent;
      }
      if (line.indent < blockIndent) break;
      collected.push(' '.repeat(line.indent - blockIndent) + line.raw);
      this.index++;
    }
    // Trailing blank lines belong to the scalar only for `+`.
    let trailing = 0;
    while (collected.length && collected[collected.length - 1] === '') {
      collected.pop();
      trailing++;
    }
    let body: string;
    if (style === '|') body = collected.join('\n');
    else {
      body = '';
      collected.forEach((part, i) => {
        if (i === 0) body = part;
        else if (part === '' || part.startsWith(' ')) body += `\n${part}`;
        else if (collected[i - 1] === '' || collected[i - 1]?.startsWith(' ')) body += part;
        else body += ` ${part}`;
      });
    }
    if (!collected.length) return '';
    if (chomp === '-') return body;
    if (chomp === '+') return `${body}\n${'\n'.repeat(trailing)}`;
    return `${body}\n`;
  }
}

function isSequenceItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/**
 * `key: rest` when the text is a map entry. A colon counts only when followed by a space or the
 * end of the line, outside quotes and brackets (so URLs and `a:b` stay scalars).
 */
function mapKeyOf(text: string, line: number): { key: string; rest: string } | null {
  if (text.startsWith('[') || text.startsWith('{') || isSequenceItem(text)) return null;
  if (text.startsWith('? ')) throw new Unsupported('?', line);
  if (text.startsWith('"') || text.startsWith("'")) {
    const reader = new FlowReader(text, line);
    const quoted = reader.tryQuoted();
    if (!quoted.done) return null;
    const after = reader.rest();
    const colon = /^\s*:(?:\s|$)/.exec(after);
    if (!colon) return null;
    return { key: String(quoted.value), rest: after.slice(colon[0].length).trim() };
  }
  const match = /^([^#]*?)\s*:(?:\s+|$)(.*)$/.exec(text);
  if (!match) return null;
  const key = match[1] as string;
  if (!key || /^[&*!|>%@`]/.test(key)) {
    if (/^[&*!]/.test(key)) throw new Unsupported(key[0] as string, line);
    return null;
  }
  return { key, rest: (match[2] as string).trim() };
}

/** Plain scalars resolved as PyYAML's YAML 1.1 resolver does for the types skills use. */
export function resolvePlain(text: string): YamlValue {
  if (/^(?:~|null|Null|NULL)$/.test(text) || text === '') return null;
  if (/^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/.test(text)) return true;
  if (/^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/.test(text)) return false;
  if (/^[-+]?(?:0|[1-9][0-9_]*)$/.test(text)) return Number(text.replace(/_/g, ''));
  if (/^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+][0-9]+)?$/.test(text) && /\d/.test(text)) {
    return Number(text.replace(/_/g, ''));
  }
  return text;
}

/** Reads flow collections (`[a, b]`, `{k: v}`) and quoted scalars from one string. */
class FlowReader {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly line: number,
  ) {}

  rest(): string {
    return this.text.slice(this.pos);
  }

  tryRead(): { done: true; value: YamlValue } | { done: false } {
    try {
      return { done: true, value: this.readValue() };
    } catch (error) {
      if (error instanceof EndOfInput) return { done: false };
      throw error;
    }
  }

  tryQuoted(): { done: true; value: string } | { done: false } {
    try {
      return { done: true, value: this.readQuoted() };
    } catch (error) {
      if (error instanceof EndOfInput) return { done: false };
      throw error;
    }
  }

  private skipSpace() {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }

  private peekChar(): string {
    this.skipSpace();
    if (this.pos >= this.text.length) throw new EndOfInput();
    return this.text[this.pos] as string;
  }

  private readValue(): YamlValue {
    const c = this.peekChar();
    if (c === '[') return this.readList();
    if (c === '{') return this.readMap();
    if (c === '"' || c === "'") return this.readQuoted();
    if (c === '&' || c === '*' || c === '!') throw new Unsupported(c, this.line);
    return resolvePlain(this.readPlain());
  }

  private readPlain(): string {
    const start = this.pos;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (c === ',' || c === ']' || c === '}') break;
      if (c === ':' && /[\s,\]}]/.test(this.text[this.pos + 1] ?? ' ')) break;
      this.pos++;
    }
    return this.text.slice(start, this.pos).trim();
  }

  private readList(): YamlValue[] {
    this.pos++;
    const items: YamlValue[] = [];
    for (;;) {
      if (this.peekChar() === ']') {
        this.pos++;
        return items;
      }
      const item = this.readValue();
      if (this.peekChar() === ':') {
        // `[a: b]`: a single-pair map inside a list.
        this.pos++;
        items.push({ [String(item)]: this.readValueOrNull() });
      } else items.push(item);
      const c = this.peekChar();
      if (c === ',') this.pos++;
      else if (c !== ']') throw new YamlError('unclosed-list', this.line);
    }
  }

  private readMap(): YamlMap {
    this.pos++;
    const map: YamlMap = {};
    for (;;) {
      if (this.peekChar() === '}') {
        this.pos++;
        return map;
      }
      const key = this.readValue();
      let value: YamlValue = null;
      if (this.peekChar() === ':') {
        this.pos++;
        value = this.readValueOrNull();
      }
      map[String(key)] = value;
      const c = this.peekChar();
      if (c === ',') this.pos++;
      else if (c !== '}') throw new YamlError('unclosed-map', this.line);
    }
  }

  private readValueOrNull(): YamlValue {
    const c = this.peekChar();
    return c === ',' || c === '}' || c === ']' ? null : this.readValue();
  }

  private readQuoted(): string {
    const quote = this.peekChar();
    this.pos++;
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) throw new EndOfInput();
      const c = this.text[this.pos] as string;
      if (quote === "'") {
        if (c === "'") {
          if (this.text[this.pos + 1] === "'") {
            out += "'";
            this.pos += 2;
            continue;
          }
          this.pos++;
          return out;
        }
        out += c;
        this.pos++;
        continue;
      }
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === '\\') {
        const e = this.text[this.pos + 1];
        if (e === undefined) throw new EndOfInput();
        const simple: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '"': '"',
          '\\': '\\',
          '/': '/',
          '0': '\0',
          ' ': ' ',
          e: '\x1b',
        };
        if (e in simple) {
          out += simple[e];
          this.pos += 2;
          continue;
        }
        const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
        const hex = this.text.slice(this.pos + 2, this.pos + 2 + width);
        if (!width || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) {
          throw new YamlError('bad-escape', this.line);
        }
        out += String.fromCodePoint(Number.parseInt(hex, 16));
        this.pos += 2 + width;
        continue;
      }
      out += c;
      this.pos++;
    }
  }
}

class EndOfInput extends Error {}

// What Starlette's `request.form()` makes of a request body, which FastAPI reads for `Form` and
// `File` parameters before any dependency runs: `multipart/form-data` through python-multipart's
// parser (a part with a `filename` is a file, any other a text field), urlencoded forms, and an
// empty form for any other content type. Its two kinds of failure answer differently upstream:
// Starlette's own checks (`MultiPartException`) become a 400 with their message, a malformed
// body (python-multipart's `MultipartParseError`) FastAPI's 400 "There was an error parsing the
// body". A body that stops before its closing delimiter keeps the parts that ended, as
// python-multipart's `finalize()` checks nothing.

export interface FormFile {
  filename: string;
  /** The part's own Content-Type, if it has one. */
  contentType: string | null;
  data: Buffer;
}

export type FormValue = string | FormFile;

/** Starlette's `MultiPartException`: a 400 whose detail is the message. */
export class MultiPartException extends Error {}

/** python-multipart's `MultipartParseError`: FastAPI answers "There was an error parsing the body". */
export class MultipartParseError extends Error {}

/** Starlette's limits (`request.form()` defaults). */
const MAX_PART_SIZE = 1024 * 1024;
const MAX_FILES = 1000;
const MAX_FIELDS = 1000;

const CR = 0x0d;
const LF = 0x0a;
const HYPHEN = 0x2d;
const COLON = 0x3a;
const SPACE = 0x20;
/** RFC 7230 token characters, the only ones python-multipart takes in a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]*$/;

/** Splits at `;` outside double quotes (email.message._parseparam, as python-multipart vendors it). */
function splitParams(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && quoted && i + 1 < value.length) {
      current += ch + (value[i + 1] as string);
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      out.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

/** python-multipart's `parse_options_header`: the lower-cased value and its parameters. */
export function parseOptionsHeader(value: string | undefined | null): {
  value: string;
  options: Record<string, string>;
} {
  if (!value) return { value: '', options: {} };
  if (!value.includes(';')) return { value: value.toLowerCase().trim(), options: {} };
  const [first = '', ...segments] = splitParams(value);
  const options: Record<string, string> = {};
  for (const raw of segments) {
    const equals = raw.indexOf('=');
    const key = (equals === -1 ? raw : raw.slice(0, equals)).trim().toLowerCase();
    let item = equals === -1 ? '' : raw.slice(equals + 1).trim();
    // RFC 7578 forbids the RFC 2231 extended forms (`key*=`), so they are skipped.
    if (key.includes('*')) continue;
    if (item.length >= 2 && item.startsWith('"') && item.endsWith('"')) {
      item = item.slice(1, -1).replaceAll('\\\\', '\\').replaceAll('\\"', '"');
    }
    // Internet Explorer 6 sent the whole client path as the file name.
    if (key === 'filename' && (item.slice(1, 3) === ':\\' || item.startsWith('\\\\'))) {
      item = item.split('\\').pop() ?? '';
    }
    options[key] = item;
  }
  return { value: first.trim(), options };
}

/** Starlette's `_user_safe_decode`: the charset, or Latin-1 when that fails. */
function safeDecode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset, { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

interface PartHeaders {
  disposition: string | null;
  contentType: string | null;
}

/** `multipart/form-data` as Starlette's MultiPartParser hands it on: (name, value) in order. */
export function parseMultipart(body: Buffer, contentType: string): [string, FormValue][] {
  const { options } = parseOptionsHeader(contentType);
  const charset = options.charset ?? 'utf-8';
  const boundaryText = options.boundary;
  if (boundaryText === undefined) throw new MultiPartException('Missing boundary in multipart.');
  const boundary = Buffer.from(boundaryText, 'latin1');
  const delimiter = Buffer.concat([Buffer.from('\r\n--'), boundary]);
  const items: [string, FormValue][] = [];
  let files = 0;
  let fields = 0;

  let i = 0;
  // Leading line breaks before the first delimiter are skipped.
  while (i < body.length && (body[i] === CR || body[i] === LF)) i++;
  if (i >= body.length) return items;
  // The first delimiter has no line break before it: `--<boundary>` then CRLF, or `--` for an
  // empty form.
  const opening = delimiter.subarray(2);
  for (let k = 0; k < opening.length; k++) {
    if (i + k >= body.length) return items;
    if (body[i + k] !== opening[k]) {
      throw new MultipartParseError(`Expected boundary character at index ${k + 2}`);
    }
  }
  i += opening.length;
  if (i >= body.length) return items;
  if (body[i] === HYPHEN) {
    if (i + 1 < body.length && body[i + 1] !== HYPHEN) {
      throw new MultipartParseError('Did not find - at end of boundary');
    }
    return items;
  }
  if (body[i] !== CR) throw new MultipartParseError('Did not find CR at end of boundary');
  if (i + 1 >= body.length) return items;
  if (body[i + 1] !== LF) throw new MultipartParseError('Did not find LF at end of boundary');
  i += 2;

  for (;;) {
    // Headers, up to an empty line.
    const headers: PartHeaders = { disposition: null, contentType: null };
    for (;;) {
      if (i >= body.length) return items;
      if (body[i] === CR) {
        if (i + 1 >= body.length) return items;
        if (body[i + 1] !== LF) throw new MultipartParseError('Did not find LF at end of headers');
        i += 2;
        break;
      }
      const colon = body.indexOf(COLON, i);
      const nameEnd = colon === -1 ? body.length : colon;
      const name = body.subarray(i, nameEnd).toString('latin1');
      if (!TOKEN.test(name)) throw new MultipartParseError('Found invalid character in header');
      if (colon === -1) return items;
      if (name.length === 0) throw new MultipartParseError('Found 0-length header');
      i = colon + 1;
      while (i < body.length && body[i] === SPACE) i++;
      const cr = body.indexOf(CR, i);
      if (cr === -1) return items;
      const value = body.subarray(i, cr).toString('latin1');
      if (cr + 1 >= body.length) return items;
      if (body[cr + 1] !== LF) throw new MultipartParseError('Did not find LF at end of header');
      i = cr + 2;
      const lower = name.toLowerCase();
      if (lower === 'content-disposition') headers.disposition = value;
      else if (lower === 'content-type') headers.contentType = value;
    }

    const disposition = parseOptionsHeader(headers.disposition);
    const fieldName = disposition.options.name;
    if (fieldName === undefined) {
      throw new MultiPartException('The Content-Disposition header field "name" must be provided.');
    }
    const filename = disposition.options.filename;
    if (filename !== undefined) {
      if (++files > MAX_FILES) {
        throw new MultiPartException(`Too many files. Maximum number of files is ${MAX_FILES}.`);
      }
    } else if (++fields > MAX_FIELDS) {
      throw new MultiPartException(`Too many fields. Maximum number of fields is ${MAX_FIELDS}.`);
    }

    // The data runs to a delimiter followed by CRLF (another part) or `--` (the last one).
    let search = i;
    let end = -1;
    let last = false;
    for (;;) {
      const found = body.indexOf(delimiter, search);
      if (found === -1) break;
      const after = found + delimiter.length;
      if (body[after] === CR && body[after + 1] === LF) {
        end = found;
        break;
      }
      if (body[after] === HYPHEN && body[after + 1] === HYPHEN) {
        end = found;
        last = true;
        break;
      }
      search = found + 1;
    }
    const data = body.subarray(i, end === -1 ? body.length : end);
    if (filename === undefined && data.length > MAX_PART_SIZE) {
      throw new MultiPartException(
        `Part exceeded maximum size of ${Math.trunc(MAX_PART_SIZE / 1024)}KB.`,
      );
    }
    // A part without its closing delimiter never ends, so it is not in the form.
    if (end === -1) return items;
    const name = safeDecode(Buffer.from(fieldName, 'latin1'), charset);
    items.push([
      name,
      filename === undefined
        ? safeDecode(data, charset)
        : {
            filename: safeDecode(Buffer.from(filename, 'latin1'), charset),
            contentType: headers.contentType,
            data: Buffer.from(data),
          },
    ]);
    if (last) return items;
    i = end + delimiter.length + 2;
  }
}

/** `request.form()`: the form's items in order (empty for a body of another type). */
export function readForm(contentType: string | undefined, body: Buffer): [string, FormValue][] {
  const { value } = parseOptionsHeader(contentType);
  if (value === 'multipart/form-data') return parseMultipart(body, contentType as string);
  if (value === 'application/x-www-form-urlencoded') {
    // Starlette's FormParser: the body read as Latin-1, then `unquote_plus` (UTF-8 escapes).
    return [...new URLSearchParams(body.toString('latin1')).entries()];
  }
  return [];
}

/** What `FormData.get(name)` answers: the last value given for the name. */
export function lastValue(items: [string, FormValue][], name: string): FormValue | undefined {
  let found: FormValue | undefined;
  for (const [key, value] of items) if (key === name) found = value;
  return found;
}

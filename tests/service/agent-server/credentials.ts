// git's `store` credential helper (builtin/credential-store.c and credential.c of git 2.39, the
// agent-server image's git) on the simulated disk. A store file holds one URL a line,
// `https://<user>:<password>@<host>`, user and password percent-encoded. When a host answers 401
// to a clone URL without credentials, git asks each helper in turn (`get`): the first line whose
// protocol and host equal the URL's (and which has a user and a password) answers. Once the host
// accepts them git tells every helper to `store` them (the file is rewritten with that line
// first, other lines of the same protocol, host and user dropped); when it refuses them, to
// `erase` them (those lines dropped). Only `store` is simulated; other helpers are refused.
import { type FolderTree, resolvePath } from './folders';

/** What git asks the helpers about: the clone URL's protocol and host (http drops the path). */
export interface CredentialWant {
  protocol: string;
  host: string;
}

export interface Credential extends CredentialWant {
  username: string;
  password: string;
}

/** One `credential.helper` value git would run: `store`, with the files it reads in order. */
export interface StoreHelper {
  files: string[];
}

/** `url_decode_mem`: `%XX` escapes (not `%00`, not malformed ones) as bytes, read as UTF-8. */
function urlDecode(text: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(text, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] as number;
    const hex = raw.subarray(i + 1, i + 3).toString('latin1');
    if (byte === 0x25 && /^[0-9a-fA-F]{2}$/.test(hex) && hex !== '00') {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
      continue;
    }
    bytes.push(byte);
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `strbuf_addstr_urlencode` with `is_rfc3986_unreserved`: lower-case `%xx` for the rest. */
function urlEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/**
 * `credential_from_url` (a whole URL, not a partial one): protocol, host, and the user and
 * password when the URL has them; null when it is no URL.
 */
export function parseCredentialUrl(url: string): {
  protocol: string;
  host: string;
  username: string | null;
  password: string | null;
} | null {
  const protoEnd = url.indexOf('://');
  if (protoEnd <= 0) return null;
  const rest = url.slice(protoEnd + 3);
  const at = rest.indexOf('@');
  const colon = rest.indexOf(':');
  const slashMatch = /[/?#]/.exec(rest);
  const slash = slashMatch ? slashMatch.index : rest.length;
  let username: string | null = null;
  let password: string | null = null;
  let hostStart = 0;
  if (at !== -1 && at < slash) {
    if (colon === -1 || at <= colon) username = urlDecode(rest.slice(0, at));
    else {
      username = urlDecode(rest.slice(0, colon));
      password = urlDecode(rest.slice(colon + 1, at));
    }
    hostStart = at + 1;
  }
  return {
    protocol: url.slice(0, protoEnd),
    host: urlDecode(rest.slice(hostStart, slash)),
    username,
    password,
  };
}

/** `strbuf_getline_lf` over a whole file: lines split at LF only (a CR stays in the line). */
function lines(text: string): string[] {
  const out = text.split('\n');
  if (out[out.length - 1] === '') out.pop();
  return out;
}

/** A line that is a usable credential matching `want` (`credential_match`, git 2.39). */
function entryMatching(
  line: string,
  want: CredentialWant & { username?: string },
): Credential | null {
  const entry = parseCredentialUrl(line);
  if (!entry || entry.username === null || entry.password === null) return null;
  if (entry.protocol !== want.protocol || entry.host !== want.host) return null;
  if (want.username !== undefined && entry.username !== want.username) return null;
  return {
    protocol: entry.protocol,
    host: entry.host,
    username: entry.username,
    password: entry.password,
  };
}

/** What a store file holds: its text, or nothing (missing; a folder reads as empty). */
function readStore(tree: FolderTree, path: string): string | null {
  const entry = tree.stat(path);
  if (!entry) return null;
  return entry.kind === 'file' ? entry.text : '';
}

/** `credential_fill` through the helpers: the first stored credential for the URL, if any. */
export function credentialFill(
  tree: FolderTree,
  helpers: readonly StoreHelper[],
  want: CredentialWant,
): Credential | null {
  for (const helper of helpers) {
    for (const file of helper.files) {
      const text = readStore(tree, file);
      if (text === null) continue;
      for (const line of lines(text)) {
        const found = entryMatching(line, want);
        if (found) return found;
      }
    }
  }
  return null;
}

/**
 * `rewrite_credential_file`: the new line (if any), then every line that is not a credential of
 * the same protocol, host and user. Answers what git's helper prints on failure.
 */
function rewrite(tree: FolderTree, path: string, credential: Credential, first?: string): string {
  const parent = resolvePath(path, '..');
  const blocked = tree.fileAbove(path) !== null;
  if (blocked || tree.stat(parent)?.kind !== 'folder') {
    const reason = blocked ? 'Not a directory' : 'No such file or directory';
    return `fatal: unable to get credential storage lock in 1000 ms: ${reason}\n`;
  }
  if (tree.stat(path)?.kind === 'folder') {
    return 'fatal: unable to write credential store: Is a directory\n';
  }
  const kept = lines(readStore(tree, path) ?? '').filter(
    (line) => entryMatching(line, credential) === null,
  );
  const out = first === undefined ? kept : [first, ...kept];
  tree.writeFile(path, out.map((line) => `${line}\n`).join(''));
  return '';
}

/** `credential_approve`: every helper stores the accepted credential. Answers stderr. */
export function credentialApprove(
  tree: FolderTree,
  helpers: readonly StoreHelper[],
  credential: Credential,
): string {
  const line = `${credential.protocol}://${urlEncode(credential.username)}:${urlEncode(credential.password)}@${urlEncode(credential.host)}`;
  let stderr = '';
  for (const helper of helpers) {
    // The first file that exists, or else the first one, created.
    const file = helper.files.find((path) => tree.stat(path) !== null) ?? helper.files[0];
    if (file !== undefined) stderr += rewrite(tree, file, credential, line);
  }
  return stderr;
}

/** `credential_reject`: every helper erases the refused credential. Answers stderr. */
export function credentialReject(
  tree: FolderTree,
  helpers: readonly StoreHelper[],
  credential: Credential,
): string {
  let stderr = '';
  for (const helper of helpers) {
    for (const file of helper.files) {
      if (tree.stat(file) !== null) stderr += rewrite(tree, file, credential);
    }
  }
  return stderr;
}

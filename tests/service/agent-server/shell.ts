// What `/bin/sh -c` (dash, in the agent-server image) and git answer for the commands a client
// runs through the bash routes: mostly `git clone` into a folder and `git checkout`, plus the
// small tools used around them (cd, ls, test, mkdir, rm, cat, pwd, echo, sleep, and pgrep and
// pkill over the machine's processes, agent-server/processes.ts), with `$(…)` substitution. Clones are
// played against the seeded repositories (seed/git-world.ts) with git's own messages and exit
// codes; a token travels in the URL the way the SDK's clone helper puts it
// (workspace/repo.py: `https://<token>@github.com/…`, `oauth2:<token>@gitlab.com`,
// `x-token-auth:<token>@bitbucket.org`), or comes from a credential-store file named with
// `git -c credential.helper='store --file=<path>'` (agent-server/credentials.ts) when the URL
// has none. Anything else is refused plainly, so a test never mistakes the simulation for a
// real shell.
import { findRepository, type Provider, providerOfToken } from '../seed/git-world';
import {
  type Credential,
  credentialApprove,
  credentialFill,
  credentialReject,
  parseCredentialUrl,
  type StoreHelper,
} from './credentials';
import { type FolderTree, resolvePath } from './folders';
import { type ProcessTable, type ServerProcess, SIGTERM } from './processes';

export interface ShellOutput {
  stdout: string;
  stderr: string;
}

export interface ShellContext {
  tree: FolderTree;
  home: string;
  /** Waits as long as a clone takes; a hanging clone (admin fault) never returns. */
  cloneDelay(): Promise<void>;
  processes: ProcessTable;
  /** The `/bin/sh -c` process running the command: its children join its session. */
  shell: ServerProcess;
}

/** Commands dash runs itself; every other one is a process of its own while it runs. */
const inShell = new Set(['cd', 'echo', 'test', '[', 'pwd', 'true', 'false', 'exit']);

/** Marks where a `$(…)` stood in a word until its step runs (a private-use character). */
const MARK = '\uE000';

interface Substitution {
  command: string;
  /** Inside double quotes: one field, unsplit. */
  quoted: boolean;
}

/** The index just past the `)` closing a `$(` that starts at `start`. */
function substitutionEnd(line: string, start: number): number {
  let depth = 0;
  for (let i = start + 2; i < line.length; i++) {
    const ch = line[i];
    if (ch === "'") {
      i = line.indexOf("'", i + 1);
      if (i === -1) break;
    } else if (ch === '\\') i++;
    else if (ch === '(') depth++;
    else if (ch === ')' && depth-- === 0) return i + 1;
  }
  throw new ShellSyntaxError("Missing ')'");
}

const hosts: Record<string, Provider> = {
  'github.com': 'github',
  'gitlab.com': 'gitlab',
  'bitbucket.org': 'bitbucket',
};

/** The host's words for a token it refused, before git's `Authentication failed`. */
const refusedToken: Record<Provider, string> = {
  github:
    'remote: Invalid username or token. Password authentication is not supported for Git operations.\n',
  gitlab:
    "remote: HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password. If a token was provided, it was either incorrect, expired, or improperly scoped. See https://gitlab.com/help/topics/git/troubleshooting_git.md#error-on-git-fetch-http-basic-access-denied\n",
  bitbucket: 'remote: Invalid credentials\n',
};

/** The host's words for a repository the token cannot see, before git's `not found`. */
const missingRepository: Record<Provider, string> = {
  github: 'remote: Repository not found.\n',
  gitlab:
    "remote: The project you were looking for could not be found or you don't have permission to view it.\n",
  bitbucket: 'remote: Repository not found\n',
};

/** What git 2.39 prints after `usage: ` when a global option lacks its value. */
const gitUsage = `git [-v | --version] [-h | --help] [-C <path>] [-c <name>=<value>]
           [--exec-path[=<path>]] [--html-path] [--man-path] [--info-path]
           [-p | --paginate | -P | --no-pager] [--no-replace-objects] [--bare]
           [--git-dir=<path>] [--work-tree=<path>] [--namespace=<name>]
           [--super-prefix=<path>] [--config-env=<name>=<envvar>]
           <command> [<args>]`;

/** `section.name` lower-cased around a case-sensitive subsection, as git compares keys. */
function configKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first === -1) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

class ShellSyntaxError extends Error {}

type Token = { word: string } | { op: string };

function tokenize(
  line: string,
  expand: (name: string) => string,
  substitutions?: Substitution[],
): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let current: string | null = null;
  /** At `$(`: the command is kept, and run when its step runs. */
  const substitute = (quoted: boolean): string => {
    if (!substitutions) throw new ShellSyntaxError('"$(" is not simulated here');
    const end = substitutionEnd(line, i);
    substitutions.push({ command: line.slice(i + 2, end - 1), quoted });
    i = end;
    return `${MARK}${substitutions.length - 1}${MARK}`;
  };
  const push = () => {
    if (current !== null) tokens.push({ word: current });
    current = null;
  };
  const variable = (): string => {
    // At a `$`: `${NAME}` or `$NAME`.
    if (line[i + 1] === '{') {
      const end = line.indexOf('}', i);
      if (end === -1) throw new ShellSyntaxError('Bad substitution');
      const name = line.slice(i + 2, end);
      i = end + 1;
      return expand(name);
    }
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(i + 1));
    if (!match) {
      i++;
      return '$';
    }
    i += 1 + match[0].length;
    return expand(match[0]);
  };
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === ' ' || ch === '\t') {
      push();
      i++;
      continue;
    }
    const rest = line.slice(i);
    const op = /^(2>&1|&>|2>>|2>|>>|&&|\|\||[;|&<>\n])/.exec(rest)?.[0];
    // `2>` is a redirection only at the start of a word (`abc2>x` writes `abc2` to x).
    const descriptorOp = op === '2>' || op === '2>>' || op === '2>&1';
    if (op && (!descriptorOp || current === null)) {
      push();
      tokens.push({ op: op === '\n' ? ';' : op });
      i += op.length;
      continue;
    }
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new ShellSyntaxError('Unterminated quoted string');
      current = (current ?? '') + line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new ShellSyntaxError('Unterminated quoted string');
        const inner = line[i] as string;
        if (inner === '"') break;
        if (inner === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) {
          text += line[i + 1];
          i += 2;
        } else if (inner === '$') text += line[i + 1] === '(' ? substitute(true) : variable();
        else {
          text += inner;
          i++;
        }
      }
      current = (current ?? '') + text;
      i++;
      continue;
    }
    if (ch === '\\' && i + 1 < line.length) {
      current = (current ?? '') + line[i + 1];
      i += 2;
      continue;
    }
    if (ch === '$') {
      current = (current ?? '') + (line[i + 1] === '(' ? substitute(false) : variable());
      continue;
    }
    if (
      ch === '~' &&
      current === null &&
      (line[i + 1] === undefined || '/ \t'.includes(line[i + 1] as string))
    ) {
      current = expand('HOME');
      i++;
      continue;
    }
    current = (current ?? '') + ch;
    i++;
  }
  push();
  return tokens;
}

interface SimpleCommand {
  words: string[];
  redirects: string[];
}

interface Step {
  /** How this step joins the previous one. */
  join: ';' | '&&' | '||';
  command: SimpleCommand;
}

function parse(tokens: Token[]): Step[] {
  const steps: Step[] = [];
  let join: Step['join'] = ';';
  let command: SimpleCommand = { words: [], redirects: [] };
  const flush = () => {
    if (command.words.length > 0 || command.redirects.length > 0) steps.push({ join, command });
    command = { words: [], redirects: [] };
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if ('word' in token) {
      command.words.push(token.word);
      continue;
    }
    switch (token.op) {
      case ';':
      case '&&':
      case '||':
        if (command.words.length === 0 && token.op !== ';') {
          throw new ShellSyntaxError(`"${token.op}" unexpected`);
        }
        flush();
        join = token.op;
        break;
      case '|':
      case '&':
        throw new ShellSyntaxError(`"${token.op}" is not simulated by the local reference service`);
      case '2>&1':
        command.redirects.push('2>&1');
        break;
      default: {
        const target = tokens[index + 1];
        if (!target || !('word' in target)) throw new ShellSyntaxError('redirection unexpected');
        command.redirects.push(`${token.op}${target.word}`);
        index++;
      }
    }
  }
  flush();
  return steps;
}

/** Splits `https://user:pass@host/path` the way git reads a clone URL. */
function parseRemote(url: string) {
  const match = /^(https?):\/\/(?:([^@/]*)@)?([^/:]+)(?::\d+)?(\/.*)?$/.exec(url);
  if (!match) return null;
  const [, scheme, userinfo, host, path = '/'] = match;
  const [user, password] = (userinfo ?? '').split(/:(.*)/s, 2);
  const credential = password || user || null;
  return {
    scheme,
    host: (host as string).toLowerCase(),
    path,
    credential: credential ? decodeURIComponent(credential) : null,
    /** The URL without credentials, as git prints it. */
    anonymous: `${scheme}://${host}${path}`,
  };
}

/** git's "humanish" folder name of a clone URL. */
function humanishName(url: string): string {
  const trimmed = url
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  return trimmed.split(/[/:]/).pop() || 'repo';
}

type Stream = 'out' | 'err';

export async function runShell(
  command: string,
  cwd: string,
  context: ShellContext,
  output: ShellOutput,
): Promise<number> {
  let dir = cwd;
  const expand = (name: string) => {
    if (name === 'HOME') return context.home;
    if (name === 'PWD') return dir;
    if (name === 'USER') return 'openhands';
    return '';
  };
  let steps: Step[];
  const substitutions: Substitution[] = [];
  try {
    steps = parse(tokenize(command, expand, substitutions));
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error;
    output.stderr += `/bin/sh: 1: Syntax error: ${error.message}\n`;
    return 2;
  }
  const { tree } = context;
  const at = (path: string) => resolvePath(dir, path);
  /** Where the running command's two streams go after its redirections. */
  let route: Record<Stream, keyof ShellOutput | null> = { out: 'stdout', err: 'stderr' };
  const emit = (stream: Stream, text: string) => {
    const target = route[stream];
    if (target && text) output[target] += text;
  };
  const say = (text: string) => emit('out', text);
  const complain = (text: string, code: number) => {
    emit('err', text);
    return code;
  };

  function testCommand(args: string[]): number {
    let negate = false;
    let rest = args;
    if (rest[0] === '!') {
      negate = true;
      rest = rest.slice(1);
    }
    let truth: boolean;
    const [flag, operand] = rest;
    if (rest.length === 0) truth = false;
    else if (rest.length === 1) truth = (flag as string).length > 0;
    else {
      const entry = tree.stat(at(operand ?? ''));
      switch (flag) {
        case '-d':
          truth = entry?.kind === 'folder';
          break;
        case '-f':
          truth = entry?.kind === 'file';
          break;
        case '-e':
          truth = entry !== null;
          break;
        case '-n':
          truth = (operand ?? '').length > 0;
          break;
        case '-z':
          truth = (operand ?? '').length === 0;
          break;
        default:
          return complain(`/bin/sh: 1: test: ${flag}: unexpected operator\n`, 2);
      }
    }
    return truth !== negate ? 0 : 1;
  }

  /** The program this shell runs at the moment (pgrep and pkill leave themselves out). */
  let running: ServerProcess = context.shell;

  /** What a `$(…)` printed, run when its step runs; what it says on stderr goes on through. */
  async function substituted(inner: string): Promise<string> {
    const captured: ShellOutput = { stdout: '', stderr: '' };
    await runShell(inner, dir, context, captured);
    output.stderr += captured.stderr;
    return captured.stdout.replace(/\n+$/, '');
  }

  /** A step's words once its `$(…)` ran: unquoted output is split into words, as sh does. */
  async function expandWords(words: string[]): Promise<string[]> {
    const fields: string[] = [];
    for (const word of words) {
      if (!word.includes(MARK)) {
        fields.push(word);
        continue;
      }
      const parts = word.split(MARK);
      let current = '';
      // `"$(true)"` is one empty word; an unquoted empty output is none.
      let kept = false;
      for (const [index, part] of parts.entries()) {
        if (index % 2 === 0) {
          current += part;
          kept ||= part !== '';
          continue;
        }
        const substitution = substitutions[Number(part)] as Substitution;
        const said = await substituted(substitution.command);
        if (substitution.quoted) {
          current += said;
          kept = true;
          continue;
        }
        const [first = '', ...more] = said.split(/[ \t\n]+/);
        current += first;
        kept ||= first !== '';
        for (const piece of more) {
          if (kept) fields.push(current);
          current = piece;
          kept = piece !== '';
        }
      }
      if (kept) fields.push(current);
    }
    return fields;
  }

  /** procps' pgrep and pkill: a pattern, `-f`, `-s <sessions>`, and `-d <text>` for pgrep. */
  function matchProcesses(tool: 'pgrep' | 'pkill', args: string[]): number {
    const self = running;
    let full = false;
    let delimiter = '\n';
    let sessions: number[] | null = null;
    let pattern: string | null = null;
    const usage = () => complain(`\nUsage:\n ${tool} [options] <pattern>\n`, 2);
    for (let i = 0; i < args.length; i++) {
      // getopt: `-d,` is `-d ,`.
      const given = args[i] as string;
      const attached = /^-[ds]./.test(given);
      const arg = attached ? given.slice(0, 2) : given;
      if (arg === '-f' || arg === '--full') full = true;
      else if (arg === '-s' || arg === '--session' || (tool === 'pgrep' && arg === '-d')) {
        const value = attached ? given.slice(2) : args[++i];
        if (value === undefined) return usage();
        if (arg === '-d') delimiter = value;
        else {
          const list = value.split(',');
          if (list.some((item) => !/^\d+$/.test(item))) return usage();
          // Session 0 is the tool's own.
          sessions = list.map((item) => Number(item) || context.shell.sid);
        }
      } else if (arg.startsWith('-')) {
        return complain(
          `${tool}: the local reference service does not simulate the option ${arg}\n`,
          2,
        );
      } else if (pattern === null) pattern = arg;
      else return complain(`${tool}: only one pattern can be provided\n`, 2);
    }
    if (pattern === null && !sessions) {
      return complain(`${tool}: no matching criteria specified\n`, 2);
    }
    // Extended regular expressions, as procps compiles them: close enough to JavaScript's.
    let regex: RegExp | null = null;
    try {
      regex = pattern === null ? null : new RegExp(pattern);
    } catch (error) {
      return complain(`${tool}: regex error: ${(error as Error).message}\n`, 2);
    }
    const matched = [...context.processes.running]
      .filter(
        (process) =>
          process !== self &&
          (!sessions || sessions.includes(process.sid)) &&
          (!regex || regex.test(full ? process.commandLine : process.name)),
      )
      .sort((a, b) => a.pid - b.pid);
    if (tool === 'pgrep' && matched.length) {
      say(`${matched.map((process) => process.pid).join(delimiter)}\n`);
    }
    if (tool === 'pkill') for (const process of matched) process.kill(SIGTERM);
    return matched.length ? 0 : 1;
  }

  const builtins: Record<string, (args: string[]) => Promise<number> | number> = {
    true: () => 0,
    false: () => 1,
    pwd: () => {
      say(`${dir}\n`);
      return 0;
    },
    echo: (args) => {
      const newline = args[0] !== '-n';
      say(`${(newline ? args : args.slice(1)).join(' ')}${newline ? '\n' : ''}`);
      return 0;
    },
    cd: (args) => {
      const target = at(args[0] ?? context.home);
      if (tree.stat(target)?.kind !== 'folder') {
        return complain(`/bin/sh: 1: cd: can't cd to ${args[0] ?? ''}\n`, 2);
      }
      dir = target;
      return 0;
    },
    ls: (args) => {
      const all = args.some((a) => /^-[a-zA-Z]*[aA]/.test(a));
      const paths = args.filter((a) => !a.startsWith('-'));
      const targets = paths.length > 0 ? paths : ['.'];
      let code = 0;
      targets.forEach((path, index) => {
        const entry = tree.stat(at(path));
        if (!entry) {
          code = complain(`ls: cannot access '${path}': No such file or directory\n`, 2);
          return;
        }
        if (entry.kind === 'file') {
          say(`${path}\n`);
          return;
        }
        const names = (tree.list(at(path)) ?? []).filter((n) => all || !n.startsWith('.'));
        if (targets.length > 1) say(`${index > 0 ? '\n' : ''}${path}:\n`);
        for (const name of all ? ['.', '..', ...names] : names) say(`${name}\n`);
      });
      return code;
    },
    test: (args) => testCommand(args),
    '[': (args) =>
      args[args.length - 1] === ']'
        ? testCommand(args.slice(0, -1))
        : complain('/bin/sh: 1: [: missing ]\n', 2),
    mkdir: (args) => {
      const parents = args.includes('-p');
      let code = 0;
      for (const path of args.filter((a) => !a.startsWith('-'))) {
        const target = at(path);
        const existing = tree.stat(target);
        if (existing?.kind === 'file' || (existing && !parents)) {
          code = complain(`mkdir: cannot create directory ‘${path}’: File exists\n`, 1);
        } else if (!parents && tree.stat(resolvePath(target, '..'))?.kind !== 'folder') {
          code = complain(
            `mkdir: cannot create directory ‘${path}’: No such file or directory\n`,
            1,
          );
        } else tree.makeFolders(target);
      }
      return code;
    },
    rm: (args) => {
      const recursive = args.some((a) => /^-[a-zA-Z]*[rR]/.test(a));
      const force = args.some((a) => /^-[a-zA-Z]*f/.test(a));
      let code = 0;
      for (const path of args.filter((a) => !a.startsWith('-'))) {
        const target = at(path);
        const entry = tree.stat(target);
        if (!entry) {
          if (!force)
            code = complain(`rm: cannot remove '${path}': No such file or directory\n`, 1);
        } else if (entry.kind === 'folder' && !recursive) {
          code = complain(`rm: cannot remove '${path}': Is a directory\n`, 1);
        } else tree.remove(target);
      }
      return code;
    },
    cat: (args) => {
      let code = 0;
      for (const path of args) {
        const entry = tree.stat(at(path));
        if (!entry) code = complain(`cat: ${path}: No such file or directory\n`, 1);
        else if (entry.kind === 'folder') code = complain(`cat: ${path}: Is a directory\n`, 1);
        else say(entry.text);
      }
      return code;
    },
    sleep: async (args) => {
      const seconds = Number(args[0]);
      if (!Number.isFinite(seconds) || seconds < 0) {
        return complain(`sleep: invalid time interval ‘${args[0] ?? ''}’\n`, 1);
      }
      const self = running;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise((resolve) => {
          timer = setTimeout(resolve, seconds * 1000);
        }),
        self.ended,
      ]);
      clearTimeout(timer);
      return 0;
    },
    exit: (args) => Number(args[0] ?? 0) || 0,
    git: (args) => git(args),
    pgrep: (args) => matchProcesses('pgrep', args),
    pkill: (args) => matchProcesses('pkill', args),
  };

  /**
   * A `credential.helper` value as git runs it (`git credential-<value> get` through the shell):
   * only `store`, with `--file=<path>` / `--file <path>` or git's default files.
   */
  function storeHelper(value: string): { file: string | null } | { refused: string } {
    const refused = {
      refused: `fatal: the local reference service does not simulate the credential helper '${value}' (only 'store', with or without --file)\n`,
    };
    let words: string[];
    try {
      const tokens = tokenize(value, expand);
      if (tokens.some((token) => 'op' in token)) return refused;
      words = tokens.map((token) => (token as { word: string }).word);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      return refused;
    }
    if (words[0] !== 'store') return refused;
    // An empty `--file=` would make git write `.lock` files in odd places: not simulated.
    let file: string | null = null;
    for (let i = 1; i < words.length; i++) {
      const word = words[i] as string;
      if (word.startsWith('--file=')) file = word.slice('--file='.length);
      else if (word === '--file' && i + 1 < words.length) file = words[++i] as string;
      else return refused;
    }
    return file === '' ? refused : { file };
  }

  async function git(args: string[]): Promise<number> {
    let where = dir;
    let rest = args;
    // `-c` settings hold for this run only (GIT_CONFIG_PARAMETERS); nothing writes them down.
    const commandLine: [string, string][] = [];
    let helperFiles: (string | null)[] = [];
    while (rest[0] === '-C' || rest[0] === '-c') {
      const [option, value] = rest as [string, string | undefined];
      if (value === undefined) {
        const problem =
          option === '-c'
            ? '-c expects a configuration string'
            : "no directory given for '-C' option";
        return complain(`${problem}\nusage: ${gitUsage}\n`, 129);
      }
      rest = rest.slice(2);
      if (option === '-C') {
        if (value === '') continue;
        const target = resolvePath(where, value);
        if (tree.stat(target)?.kind !== 'folder') {
          return complain(`fatal: cannot change to '${value}': No such file or directory\n`, 128);
        }
        where = target;
        continue;
      }
      const equals = value.indexOf('=');
      const key = (equals === -1 ? value : value.slice(0, equals)).trim();
      if (configKey(key) !== 'credential.helper' || equals === -1) {
        return complain(
          `fatal: the local reference service does not simulate git -c ${equals === -1 ? value : key}\n`,
          128,
        );
      }
      const setting = value.slice(equals + 1);
      commandLine.push([configKey(key), setting]);
      // An empty value drops the helpers named before it.
      if (setting === '') {
        helperFiles = [];
        continue;
      }
      const helper = storeHelper(setting);
      if ('refused' in helper) return complain(helper.refused, 128);
      helperFiles.push(helper.file);
    }
    // The helper runs where git runs, after every `-C`.
    const helpers: StoreHelper[] = helperFiles.map((file) => ({
      files:
        file === null
          ? [`${context.home}/.git-credentials`, `${context.home}/.config/git/credentials`]
          : [resolvePath(where, file)],
    }));
    const [sub, ...params] = rest;
    if (sub === '--version') {
      say('git version 2.39.5\n');
      return 0;
    }
    if (sub === 'clone') return clone(params, where, helpers);
    if (sub === 'config') return config(params, where, commandLine);
    const known = [
      'checkout',
      'switch',
      'status',
      'rev-parse',
      'branch',
      'remote',
      'fetch',
      'pull',
    ];
    if (!sub || !known.includes(sub)) {
      return complain(`git: '${sub ?? ''}' is not a git command. See 'git --help'.\n`, 1);
    }
    const repo = tree.gitRootOf(where);
    if (!repo?.record.git) {
      return complain(
        'fatal: not a git repository (or any of the parent directories): .git\n',
        128,
      );
    }
    const state = repo.record.git;
    const cloned = state.kind === 'clone' ? state : null;
    const branches = cloned
      ? (findRepository(cloned.repository)?.branches.map((b) => b.name) ?? [])
      : [];
    // A shallow clone fetched only its own branch (`--depth` implies `--single-branch`).
    const reachable = (name: string) =>
      branches.includes(name) && !(cloned?.single_branch && name !== cloned.branch);
    switch (sub) {
      case 'checkout':
      case 'switch': {
        const create = params.some((p) => p === '-b' || p === '-c');
        const name = params.filter((p) => !p.startsWith('-'))[0];
        if (!name) return complain('fatal: missing branch name\n', 128);
        if (create) {
          if (cloned) cloned.branch = name;
          emit('err', `Switched to a new branch '${name}'\n`);
          return 0;
        }
        if (cloned?.branch === name) {
          emit('err', `Already on '${name}'\n`);
          say(`Your branch is up to date with 'origin/${name}'.\n`);
          return 0;
        }
        if (!cloned || !reachable(name)) {
          return sub === 'switch'
            ? complain(`fatal: invalid reference: ${name}\n`, 128)
            : complain(`error: pathspec '${name}' did not match any file(s) known to git\n`, 1);
        }
        cloned.branch = name;
        emit('err', `Switched to a new branch '${name}'\n`);
        say(`branch '${name}' set up to track 'origin/${name}'.\n`);
        return 0;
      }
      case 'status':
        say(
          cloned
            ? `On branch ${cloned.branch}\nYour branch is up to date with 'origin/${cloned.branch}'.\n\nnothing to commit, working tree clean\n`
            : 'On branch main\n\nNo commits yet\n\nnothing to commit (create/copy files and use "git add" to track)\n',
        );
        return 0;
      case 'rev-parse':
      case 'branch':
        if (params.includes('--show-current') || params.includes('--abbrev-ref')) {
          say(`${cloned?.branch ?? 'main'}\n`);
        } else if (cloned) say(`* ${cloned.branch}\n`);
        return 0;
      case 'remote':
        if (!cloned) return 0;
        if (params[0] === 'get-url') say(`${cloned.remote_url}\n`);
        else if (params.includes('-v')) {
          say(`origin\t${cloned.remote_url} (fetch)\norigin\t${cloned.remote_url} (push)\n`);
        } else say('origin\n');
        return 0;
      default:
        return 0;
    }
  }

  /**
   * `git config` reads (`--get <key>`, `<key>`): this run's `-c` settings, then the repository's
   * own remote. Writes are accepted and change nothing; `--list` is not simulated.
   */
  function config(params: string[], where: string, commandLine: [string, string][]): number {
    if (params[0] === '--list' || params[0] === '-l') {
      return complain(
        'fatal: the local reference service does not simulate git config --list\n',
        128,
      );
    }
    let key: string | undefined;
    if (params[0] === '--get' && params.length === 2) key = params[1];
    else if (params.length === 1 && !params[0]?.startsWith('-')) key = params[0];
    if (key === undefined) return 0;
    const cloned = tree.gitRootOf(where)?.record.git;
    const known: [string, string][] = [];
    if (cloned?.kind === 'clone') {
      known.push(['remote.origin.url', cloned.remote_url]);
      known.push([
        'remote.origin.fetch',
        cloned.single_branch
          ? `+refs/heads/${cloned.branch}:refs/remotes/origin/${cloned.branch}`
          : '+refs/heads/*:refs/remotes/origin/*',
      ]);
    }
    const wanted = configKey(key);
    const found = [...known, ...commandLine].filter(([name]) => configKey(name) === wanted).pop();
    if (!found) return 1;
    say(`${found[1]}\n`);
    return 0;
  }

  async function clone(params: string[], where: string, helpers: StoreHelper[]): Promise<number> {
    let branch: string | null = null;
    let singleBranch = false;
    let quiet = false;
    const positional: string[] = [];
    for (let i = 0; i < params.length; i++) {
      const param = params[i] as string;
      const [flag, inline] =
        param.startsWith('--') && param.includes('=')
          ? param.split(/=(.*)/s, 2)
          : [param, undefined];
      const value = () => inline ?? params[++i] ?? '';
      switch (flag) {
        case '-b':
        case '--branch':
          branch = value();
          break;
        case '--depth':
          value();
          singleBranch = true;
          break;
        case '--single-branch':
          singleBranch = true;
          break;
        case '--no-single-branch':
          singleBranch = false;
          break;
        case '-q':
        case '--quiet':
          quiet = true;
          break;
        case '--recurse-submodules':
        case '--progress':
        case '--no-tags':
          break;
        case '--filter':
        case '--origin':
        case '-o':
          value();
          break;
        case '-c':
        case '--config':
          // Unlike `git -c`, these stay in the clone's config: not simulated.
          return complain(
            'fatal: the local reference service does not simulate git clone --config\n',
            128,
          );
        default:
          if (flag?.startsWith('-')) {
            return complain(
              `error: unknown option \`${flag.replace(/^-+/, '')}'\nusage: git clone [<options>] [--] <repo> [<dir>]\n`,
              129,
            );
          }
          positional.push(param);
      }
    }
    const [url, folderArgument] = positional;
    if (!url) {
      return complain(
        'fatal: You must specify a repository to clone.\n\nusage: git clone [<options>] [--] <repo> [<dir>]\n',
        129,
      );
    }
    const folderName = folderArgument ?? humanishName(url);
    const target = resolvePath(where, folderName);
    const existing = tree.stat(target);
    if (existing && !(existing.kind === 'folder' && tree.isEmptyFolder(target))) {
      return complain(
        `fatal: destination path '${folderName}' already exists and is not an empty directory.\n`,
        128,
      );
    }
    if (!quiet) emit('err', `Cloning into '${folderName}'...\n`);
    // git makes the folder at once, and removes it when the clone fails or is ended by TERM
    // (builtin/clone.c, remove_junk); KILL leaves it behind.
    const self = running;
    const made = !existing;
    if (made) tree.makeFolders(target);
    void self.ended.then(() => {
      if (made && self.signalled === SIGTERM) tree.remove(target);
    });
    const code = await fetchInto(url, target, branch, singleBranch, helpers, self);
    if (code !== 0 && !self.gone && made) tree.remove(target);
    return code;
  }

  /** The network part of a clone, while git's remote helper talks to the host. */
  async function fetchInto(
    url: string,
    target: string,
    branch: string | null,
    singleBranch: boolean,
    helpers: StoreHelper[],
    self: ServerProcess,
  ): Promise<number> {
    // The helper is git's grandchild, named by the URL only, and holds the command's pipes: it
    // lives on while the host keeps it waiting, even once git itself is gone.
    const scheme = /^(https?):\/\//.exec(url)?.[1];
    const helper = scheme
      ? [
          ['/usr/lib/git-core/git', `remote-${scheme}`, 'origin', url],
          [`/usr/lib/git-core/git-remote-${scheme}`, 'origin', url],
        ].map((args) => context.processes.spawn(args, context.shell.sid))
      : [];
    await Promise.race([
      context.cloneDelay().then(() => {
        for (const process of helper) process.exit();
      }),
      self.ended,
    ]);
    if (self.gone) return 0;

    const remote = parseRemote(url);
    if (!remote) {
      if (/^[\w.-]+@[\w.-]+:/.test(url)) {
        return complain(
          'Host key verification failed.\r\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n',
          128,
        );
      }
      return complain(`fatal: repository '${url}' does not exist\n`, 128);
    }
    const provider = hosts[remote.host];
    const shown = remote.anonymous.replace(/\/?$/, '/');
    if (!provider) {
      return complain(
        `fatal: unable to access '${shown}': Could not resolve host: ${remote.host}\n`,
        128,
      );
    }
    const fullName = remote.path
      .replace(/^\/+/, '')
      .replace(/\/+$/, '')
      .replace(/\.git$/, '');
    const repository = findRepository(fullName);
    const found = repository?.git_provider === provider ? repository : undefined;
    if (found?.failing) {
      return complain(
        `fatal: unable to access '${shown}': The requested URL returned error: 502\n`,
        128,
      );
    }
    let token = remote.credential;
    // The host answers 401 to a URL without credentials unless the repository is public; git
    // then asks the credential helpers, which see the URL's protocol and host only.
    let stored: Credential | null = null;
    if (token === null && !found?.is_public) {
      const want = parseCredentialUrl(url);
      stored = want
        ? credentialFill(tree, helpers, { protocol: want.protocol, host: want.host })
        : null;
      token = stored?.password ?? null;
    }
    if (token !== null && providerOfToken(token) !== provider) {
      // A refused stored credential is erased from every helper's file.
      if (stored) emit('err', credentialReject(tree, helpers, stored));
      return complain(
        `${refusedToken[provider]}fatal: Authentication failed for '${shown}'\n`,
        128,
      );
    }
    if (token === null && !found?.is_public) {
      // Without a terminal git cannot ask for a user name.
      return complain(
        `fatal: could not read Username for '${remote.scheme}://${remote.host}': No such device or address\n`,
        128,
      );
    }
    if (!found) {
      return complain(
        `${missingRepository[provider]}fatal: repository '${shown}' not found\n`,
        128,
      );
    }
    // The host took the stored credential: every helper stores it again.
    if (stored) emit('err', credentialApprove(tree, helpers, stored));
    const checkout = branch ?? found.main_branch;
    if (!found.branches.some((b) => b.name === checkout)) {
      return complain(
        `warning: Could not find remote branch ${checkout} to clone.\nfatal: Remote branch ${checkout} not found in upstream origin\n`,
        128,
      );
    }
    tree.record(target, {
      git: {
        kind: 'clone',
        repository: found.full_name,
        branch: checkout,
        single_branch: singleBranch,
        remote_url: url,
      },
    });
    return 0;
  }

  let status = 0;
  for (const step of steps) {
    if ((step.join === '&&' && status !== 0) || (step.join === '||' && status === 0)) continue;
    route = { out: 'stdout', err: 'stderr' };
    let unsupported: string | null = null;
    for (const redirect of step.command.redirects) {
      if (redirect === '2>&1') route.err = route.out;
      else if (redirect === '>/dev/null' || redirect === '>>/dev/null') route.out = null;
      else if (redirect === '2>/dev/null' || redirect === '2>>/dev/null') route.err = null;
      else if (redirect === '&>/dev/null') route = { out: null, err: null };
      else unsupported = redirect.replace(/^[0-9&]*[<>]+/, '');
    }
    const words = await expandWords(step.command.words);
    const [name, ...args] = words;
    if (unsupported !== null) {
      output.stderr += `/bin/sh: 1: cannot create ${unsupported}: the local reference service does not simulate file writes\n`;
      status = 2;
      continue;
    }
    const builtin = name ? builtins[name] : undefined;
    if (!name) status = 0;
    else if (!builtin) status = complain(`/bin/sh: 1: ${name}: not found\n`, 127);
    else if (inShell.has(name)) status = await builtin(args);
    else {
      // A program runs as a child of the shell; one ended by a signal N leaves it 128 + N.
      const child = context.processes.spawn(words, context.shell.sid);
      running = child;
      const code = await Promise.race([builtin(args), child.ended.then(() => null)]);
      status = child.signalled ? 128 + child.signalled : (code ?? 0);
      child.exit();
    }
    if (name === 'exit' || context.shell.gone) break;
  }
  return status;
}

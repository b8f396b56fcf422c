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
import { findRepository } from '../seed/git-world';
import {
  type Credential,
  credentialApprove,
  credentialFill,
  credentialReject,
  parseCredentialUrl,
  type StoreHelper,
} from './credentials';
import { type FolderTree, resolvePath } from './folders';
import {
  askHost,
  type HostAnswer,
  hosts,
  newBranchMessage,
  parseRemote,
  type Remote,
  sidebandLines,
} from './git-hosts';
import { type ProcessTable, type ServerProcess, SIGTERM } from './processes';

/** How git ends when it cannot talk to the remote at all. */
const CANNOT_READ_REMOTE =
  'fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n';

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
  /** Environment variables beyond HOME, PWD and USER (the agent's exported secrets). */
  env?: Record<string, string>;
  /**
   * The agent's terminal (a tmux pane) rather than the bash routes' pipes: git shows its
   * progress summary, and cannot prompt for a user name without someone to answer.
   */
  terminal?: boolean;
  /** Branches pushed to each repository (`owner/name`) while the service runs. */
  pushed?: Map<string, Set<string>>;
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
    const op = /^(2>&1|1>&2|>&2|&>|2>>|2>|1>>|1>|>>|&&|\|\||[;|&<>\n])/.exec(rest)?.[0];
    // `2>` is a redirection only at the start of a word (`abc2>x` writes `abc2` to x).
    const descriptorOp = op !== undefined && /^[12]>/.test(op);
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
  /** In order: `2>&1`, `>&2`, or an operator glued to its target (`>file`, `2>>file`). */
  redirects: string[];
}

interface Step {
  /** How this step joins the previous one. */
  join: ';' | '&&' | '||';
  /** Its commands, each one's output the next one's input (`a | b`). */
  pipeline: SimpleCommand[];
}

function parse(tokens: Token[]): Step[] {
  const steps: Step[] = [];
  let join: Step['join'] = ';';
  let pipeline: SimpleCommand[] = [];
  let command: SimpleCommand = { words: [], redirects: [] };
  const empty = () => command.words.length === 0 && command.redirects.length === 0;
  const flush = () => {
    if (!empty()) pipeline.push(command);
    if (pipeline.length > 0) steps.push({ join, pipeline });
    pipeline = [];
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
        if (empty() && (token.op !== ';' || pipeline.length > 0)) {
          throw new ShellSyntaxError(`"${token.op}" unexpected`);
        }
        flush();
        join = token.op;
        break;
      case '|':
        if (empty()) throw new ShellSyntaxError('"|" unexpected');
        pipeline.push(command);
        command = { words: [], redirects: [] };
        // A pipe needs a command after it, even across a newline.
        if (index === tokens.length - 1) throw new ShellSyntaxError('end of file unexpected');
        break;
      case '&':
        throw new ShellSyntaxError('"&" is not simulated by the local reference service');
      case '2>&1':
      case '>&2':
      case '1>&2':
        command.redirects.push(token.op === '2>&1' ? '2>&1' : '>&2');
        break;
      default: {
        const target = tokens[index + 1];
        if (!target || !('word' in target)) {
          throw new ShellSyntaxError(
            target ? `"${(target as { op: string }).op}" unexpected` : 'end of file unexpected',
          );
        }
        command.redirects.push(`${token.op.replace(/^1/, '')}${target.word}`);
        index++;
      }
    }
  }
  flush();
  return steps;
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
    return context.env?.[name] ?? '';
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
  type Sink = ((text: string) => void) | null;
  const toStdout: Sink = (text) => {
    output.stdout += text;
  };
  const toStderr: Sink = (text) => {
    output.stderr += text;
  };
  /** Where the running command's two streams go after its redirections. */
  let route: Record<Stream, Sink> = { out: toStdout, err: toStderr };
  /** What the running command reads: the previous command's output in a pipeline, or a file. */
  let stdin: string | null = null;
  const emit = (stream: Stream, text: string) => {
    const target = route[stream];
    if (target && text) target(text);
  };
  const say = (text: string) => emit('out', text);
  const complain = (text: string, code: number) => {
    emit('err', text);
    return code;
  };

  /** In a terminal git would ask for what it lacks and wait: not simulated, and said so. */
  const promptless = (stderr: string) =>
    context.terminal && /^fatal: could not read (Username|Password)/m.test(stderr)
      ? 'fatal: the local reference service does not simulate git asking for credentials in a terminal\n'
      : stderr;

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

  /** A command's input: its files, or what it was given on stdin. */
  function inputOf(tool: string, files: string[]): { text: string; code: number } {
    if (files.length === 0) return { text: stdin ?? '', code: 0 };
    let text = '';
    let code = 0;
    for (const path of files) {
      const entry = tree.stat(at(path));
      if (!entry) code = complain(`${tool}: ${path}: No such file or directory\n`, 2);
      else if (entry.kind === 'folder') code = complain(`${tool}: ${path}: Is a directory\n`, 2);
      else text += entry.text;
    }
    return { text, code };
  }

  /** `head`/`tail` with `-n N` (or `-N`), of one input. */
  function lines(tool: 'head' | 'tail', args: string[]): number {
    let count = 10;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === '-n') count = Number(args[++i]);
      else if (/^-n\d+$/.test(arg)) count = Number(arg.slice(2));
      else if (/^-\d+$/.test(arg)) count = Number(arg.slice(1));
      else if (arg.startsWith('-')) {
        return complain(`${tool}: the local reference service does not simulate ${arg}\n`, 1);
      } else files.push(arg);
    }
    if (!Number.isInteger(count) || count < 0) {
      return complain(`${tool}: invalid number of lines\n`, 1);
    }
    const { text, code } = inputOf(tool, files);
    const all = text.split(/(?<=\n)/).filter((line) => line !== '');
    const kept = tool === 'head' ? all.slice(0, count) : count === 0 ? [] : all.slice(-count);
    say(kept.join(''));
    return code;
  }

  /** GNU grep's common options: -q -v -i -c -E -F (a basic pattern is read as an extended one). */
  function grep(args: string[]): number {
    let quiet = false;
    let invert = false;
    let ignoreCase = false;
    let count = false;
    let fixed = false;
    let pattern: string | null = null;
    const files: string[] = [];
    for (const arg of args) {
      if (pattern === null && /^-[qvicEF]+$/.test(arg)) {
        quiet ||= arg.includes('q');
        invert ||= arg.includes('v');
        ignoreCase ||= arg.includes('i');
        count ||= arg.includes('c');
        fixed ||= arg.includes('F');
      } else if (pattern === null && arg.startsWith('-')) {
        return complain(`grep: the local reference service does not simulate ${arg}\n`, 2);
      } else if (pattern === null) pattern = arg;
      else files.push(arg);
    }
    if (pattern === null) {
      return complain(
        "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
        2,
      );
    }
    let regex: RegExp;
    try {
      const source = fixed ? pattern.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&') : pattern;
      regex = new RegExp(source, ignoreCase ? 'i' : '');
    } catch {
      return complain('grep: Unmatched ( or \\(\n', 2);
    }
    const { text, code } = inputOf('grep', files);
    const matched = text
      .split('\n')
      .slice(0, text.endsWith('\n') ? -1 : undefined)
      .filter((line) => regex.test(line) !== invert);
    if (!quiet) {
      if (count) say(`${matched.length}\n`);
      else for (const line of matched) say(`${line}\n`);
    }
    if (code !== 0) return code;
    return matched.length > 0 ? 0 : 1;
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
      // `-a` lists every name with `.` and `..`; `-A` every name but those two.
      const dots = args.some((a) => /^-[a-zA-Z]*a/.test(a));
      const all = dots || args.some((a) => /^-[a-zA-Z]*A/.test(a));
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
        for (const name of dots ? ['.', '..', ...names] : names) say(`${name}\n`);
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
    // coreutils' `mv` of one file (onto a file's name, or into a folder); moving folders is not
    // simulated and says so.
    mv: (args) => {
      const paths = args.filter((a) => !a.startsWith('-'));
      if (paths.length !== 2) {
        return complain('mv: the local reference service simulates one file moved at a time\n', 1);
      }
      const [from, to] = paths as [string, string];
      const source = tree.stat(at(from));
      if (!source) {
        return complain(`mv: cannot stat '${from}': No such file or directory\n`, 1);
      }
      if (source.kind === 'folder') {
        return complain('mv: the local reference service does not simulate moving folders\n', 1);
      }
      let target = at(to);
      if (tree.stat(target)?.kind === 'folder') target = `${target}/${at(from).split('/').pop()}`;
      if (tree.stat(resolvePath(target, '..'))?.kind !== 'folder') {
        return complain(`mv: cannot move '${from}' to '${to}': No such file or directory\n`, 1);
      }
      tree.writeFile(target, source.text);
      tree.remove(at(from));
      return 0;
    },
    cat: (args) => {
      let code = 0;
      if (args.length === 0 || (args.length === 1 && args[0] === '-')) {
        say(stdin ?? '');
        return 0;
      }
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
    head: (args) => lines('head', args),
    tail: (args) => lines('tail', args),
    wc: (args) => {
      const flags = args.filter((a) => a.startsWith('-'));
      const files = args.filter((a) => !a.startsWith('-'));
      if (flags.join('') !== '-l' || files.length > 0) {
        return complain('wc: the local reference service simulates only `wc -l` on its input\n', 2);
      }
      say(`${(stdin ?? '').split('\n').length - 1}\n`);
      return 0;
    },
    grep: (args) => grep(args),
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
    if (sub === 'push') return push(params, where, helpers);
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

  /** git's words for a host whose name resolves to nothing. */
  const unresolvedHost = (remote: Remote) =>
    complain(
      `fatal: unable to access '${remote.anonymous.replace(/\/?$/, '/')}': Could not resolve host: ${remote.host}\n`,
      128,
    );

  /**
   * One exchange with the host, as a clone's fetch and a push both have it: on a 401 git asks
   * the credential helpers, which see the URL's protocol and host only; a stored credential the
   * host refuses is erased from every helper's file, one it took is stored again by each. The
   * host's answer, or the exit status of a refusal.
   */
  function askWithHelpers(
    url: string,
    operation: 'fetch' | 'push',
    helpers: StoreHelper[],
  ): Extract<HostAnswer, { ok: true }> | number {
    const holder: { stored: Credential | null } = { stored: null };
    const answer = askHost(url, operation, () => {
      const want = parseCredentialUrl(url);
      holder.stored = want
        ? credentialFill(tree, helpers, { protocol: want.protocol, host: want.host })
        : null;
      return holder.stored;
    });
    if (!answer.ok) {
      if (answer.refusedStored && holder.stored) {
        emit('err', credentialReject(tree, helpers, holder.stored));
      }
      return complain(promptless(answer.stderr), 128);
    }
    if (holder.stored && answer.usedCredentials) {
      emit('err', credentialApprove(tree, helpers, holder.stored));
    }
    return answer;
  }

  /**
   * `git push <remote> <refspec>`, `-u` and `-q`: to a named remote (the clone's `origin`) or a
   * URL. The host is asked as for a clone, except that a push always needs credentials it
   * takes. A new branch gets the host's sideband message and git's `[new branch]` line; a
   * branch the remote already has at this commit is `Everything up-to-date`. Pushing onto
   * another existing branch needs the clone's history, which is not simulated: refused plainly.
   */
  async function push(params: string[], where: string, helpers: StoreHelper[]): Promise<number> {
    let setUpstream = false;
    let quiet = false;
    const positional: string[] = [];
    for (const param of params) {
      if (param === '-u' || param === '--set-upstream') setUpstream = true;
      else if (param === '-q' || param === '--quiet') quiet = true;
      else if (param.startsWith('-')) {
        return complain(
          `fatal: the local reference service does not simulate git push ${param}\n`,
          128,
        );
      } else positional.push(param);
    }
    const repo = tree.gitRootOf(where);
    if (!repo?.record.git) {
      return complain(
        'fatal: not a git repository (or any of the parent directories): .git\n',
        128,
      );
    }
    const [remoteName, refspec, ...more] = positional;
    if (remoteName === undefined || refspec === undefined || more.length > 0) {
      return complain(
        'fatal: the local reference service simulates only `git push [-u] <remote> <refspec>`\n',
        128,
      );
    }
    const state = repo.record.git;
    const cloned = state.kind === 'clone' ? state : null;
    const noSuchRemote = `fatal: '${remoteName}' does not appear to be a git repository\n${CANNOT_READ_REMOTE}`;
    let url: string;
    if (/^https?:\/\//.test(remoteName)) url = remoteName;
    else if (remoteName === 'origin' && cloned) url = cloned.remote_url;
    else return complain(noSuchRemote, 128);
    const remote = parseRemote(url);
    if (!remote) return complain(noSuchRemote, 128);
    const [source = '', target] = refspec.split(/:(.*)/s, 2);
    const current = cloned?.branch ?? null;
    if (current === null || (source !== 'HEAD' && source !== current)) {
      // A fresh `git init` has no commit to push, and only the checked-out branch is known.
      return complain(
        `error: src refspec ${source} does not match any\nerror: failed to push some refs to '${remote.anonymous}'\n`,
        1,
      );
    }
    const branch = (target || current).replace(/^refs\/heads\//, '');
    if (!hosts[remote.host]) return unresolvedHost(remote);
    await context.cloneDelay();
    const answer = askWithHelpers(url, 'push', helpers);
    if (typeof answer === 'number') return answer;
    const key = answer.repository.full_name.toLowerCase();
    const pushed = context.pushed?.get(key) ?? new Set<string>();
    const onRemote = answer.repository.branches.some((b) => b.name === branch);
    const tracking = setUpstream && remoteName === 'origin';
    if ((onRemote && branch === current) || pushed.has(branch)) {
      if (!quiet) emit('err', 'Everything up-to-date\n');
      if (tracking) say(`branch '${current}' set up to track 'origin/${branch}'.\n`);
      return 0;
    }
    if (onRemote) {
      return complain(
        `fatal: the local reference service does not simulate pushing onto the existing branch ${branch}\n`,
        128,
      );
    }
    pushed.add(branch);
    context.pushed?.set(key, pushed);
    if (!quiet) {
      emit(
        'err',
        (context.terminal ? 'Total 0 (delta 0), reused 0 (delta 0), pack-reused 0\n' : '') +
          sidebandLines(
            newBranchMessage(answer.provider, answer.repository.full_name, branch),
            context.terminal === true,
          ) +
          `To ${remote.anonymous}\n * [new branch]      ${source} -> ${branch}\n`,
      );
    }
    if (tracking) say(`branch '${current}' set up to track 'origin/${branch}'.\n`);
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
        return complain(`Host key verification failed.\r\n${CANNOT_READ_REMOTE}`, 128);
      }
      return complain(`fatal: repository '${url}' does not exist\n`, 128);
    }
    if (!hosts[remote.host]) return unresolvedHost(remote);
    const answer = askWithHelpers(url, 'fetch', helpers);
    if (typeof answer === 'number') return answer;
    const found = answer.repository;
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

  /**
   * A command's redirections, left to right as dash opens them: its route, what it reads, or
   * the message of the one that failed (the command then does not run, status 2).
   */
  function redirect(
    redirects: string[],
    base: Record<Stream, Sink>,
  ): { route: Record<Stream, Sink>; input: string | null } | string {
    const out: Record<Stream, Sink> = { ...base };
    let input: string | null = null;
    for (const redirection of redirects) {
      if (redirection === '2>&1') {
        out.err = out.out;
        continue;
      }
      if (redirection === '>&2') {
        out.out = out.err;
        continue;
      }
      const [, op = '', target = ''] = /^(&>|2>>|2>|>>|>|<)(.*)$/s.exec(redirection) ?? [];
      if (op === '&>') {
        // Kept for the commands that already use it: dash itself reads `&` as "in background".
        if (target !== '/dev/null') return `cannot create ${target}: not simulated`;
        out.out = null;
        out.err = null;
        continue;
      }
      if (op === '<') {
        if (target === '/dev/null') {
          input = '';
          continue;
        }
        const entry = tree.stat(at(target));
        if (entry?.kind !== 'file') return `cannot open ${target}: No such file`;
        input = entry.text;
        continue;
      }
      const stream: Stream = op.startsWith('2') ? 'err' : 'out';
      if (target === '/dev/null') {
        out[stream] = null;
        continue;
      }
      const path = at(target);
      const entry = tree.stat(path);
      if (entry?.kind === 'folder') return `cannot create ${target}: Is a directory`;
      if (tree.stat(resolvePath(path, '..'))?.kind !== 'folder' || tree.fileAbove(path) !== null) {
        return `cannot create ${target}: Directory nonexistent`;
      }
      // `>` truncates as it opens; `>>` keeps what is there.
      if (!op.endsWith('>>') || !entry)
        tree.writeFile(path, op.endsWith('>>') ? (entry?.text ?? '') : '');
      out[stream] = (text) => tree.writeFile(path, (tree.readFile(path) ?? '') + text);
    }
    return { route: out, input };
  }

  /** One simple command of a pipeline, with its streams and input in place. */
  async function runCommand(command: SimpleCommand): Promise<number> {
    const words = await expandWords(command.words);
    const [name, ...args] = words;
    const builtin = name ? builtins[name] : undefined;
    if (!name) return 0;
    if (!builtin) return complain(`/bin/sh: 1: ${name}: not found\n`, 127);
    if (inShell.has(name)) return await builtin(args);
    // A program runs as a child of the shell; one ended by a signal N leaves it 128 + N.
    const child = context.processes.spawn(words, context.shell.sid);
    running = child;
    const code = await Promise.race([builtin(args), child.ended.then(() => null)]);
    const status = child.signalled ? 128 + child.signalled : (code ?? 0);
    child.exit();
    return status;
  }

  let status = 0;
  commands: for (const step of steps) {
    if ((step.join === '&&' && status !== 0) || (step.join === '||' && status === 0)) continue;
    // Every command of a pipeline runs in a subshell of its own: `cd` or `exit` there stays there.
    const subshell = step.pipeline.length > 1;
    const outerDir = dir;
    let piped: string | null = null;
    for (const [index, command] of step.pipeline.entries()) {
      const last = index === step.pipeline.length - 1;
      let captured = '';
      const opened = redirect(command.redirects, {
        out: last
          ? toStdout
          : (text) => {
              captured += text;
            },
        err: toStderr,
      });
      if (typeof opened === 'string') {
        output.stderr += `/bin/sh: 1: ${opened}\n`;
        status = 2;
      } else {
        route = opened.route;
        stdin = opened.input ?? piped;
        status = await runCommand(command);
        route = { out: toStdout, err: toStderr };
        stdin = null;
      }
      piped = captured;
      if (subshell) dir = outerDir;
      else if (command.words[0] === 'exit' && typeof opened !== 'string') break commands;
      if (context.shell.gone) break commands;
    }
  }
  return status;
}

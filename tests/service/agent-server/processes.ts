// The processes on an agent server's machine, as `ps`, pgrep and pkill (procps) see them. The
// SDK runs each command as `/bin/sh -c <command>` in a session of its own (bash_service.py,
// `start_new_session=True`); the shell's children (git, sleep, git's remote helpers) share that
// session and hold the command's output pipes, so its request only answers once all of them have
// ended, whatever became of the shell. On a time-out the server signals the whole session; any
// other client that wants a command to end has to signal it itself (there is no kill route).

export const SIGKILL = 9;
export const SIGTERM = 15;

export class ServerProcess {
  /** The signal that ended it, or null while it runs or when it exited by itself. */
  signalled: number | null = null;
  gone = false;
  private done!: () => void;
  /** Resolves when the process has ended, by itself or by a signal. */
  readonly ended = new Promise<void>((resolve) => {
    this.done = resolve;
  });

  constructor(
    private readonly table: ProcessTable,
    readonly pid: number,
    readonly sid: number,
    readonly args: readonly string[],
  ) {}

  exit(): void {
    if (this.gone) return;
    this.gone = true;
    this.table.running.delete(this);
    this.done();
  }

  /** TERM and KILL are the only signals simulated: both end the process. */
  kill(signal: number): void {
    if (this.gone) return;
    this.signalled = signal;
    this.exit();
  }

  /** What `pgrep -f` matches: the arguments joined by spaces (/proc/<pid>/cmdline). */
  get commandLine(): string {
    return this.args.join(' ');
  }

  /** What plain `pgrep` matches: the program's name, cut to 15 characters as the kernel does. */
  get name(): string {
    return (this.args[0]?.split('/').pop() ?? '').slice(0, 15);
  }
}

export class ProcessTable {
  readonly running = new Set<ServerProcess>();
  private next = 100;

  /** A new process in the session `sid`, or leading a new session of its own. */
  spawn(args: readonly string[], sid?: number): ServerProcess {
    const pid = this.next++;
    const process = new ServerProcess(this, pid, sid ?? pid, args);
    this.running.add(process);
    return process;
  }

  session(sid: number): ServerProcess[] {
    return [...this.running].filter((process) => process.sid === sid);
  }

  /** Resolves once every process of the session has ended (they all hold its pipes). */
  async drained(sid: number): Promise<void> {
    for (let left = this.session(sid); left.length; left = this.session(sid)) {
      await Promise.race(left.map((process) => process.ended));
    }
  }
}

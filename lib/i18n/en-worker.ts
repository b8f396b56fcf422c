// What the background worker itself says: the page button's state, the toolbar badge's tooltip.
// The worker imports this table directly, not through t(): the whole table of every surface
// would not fit its bundle budget.
export const workerStrings = {
  'worker.state.working': 'Agent working',
  'worker.state.workingFor': 'Agent working · {minutes} min',
  'worker.state.needs-you': 'Needs you',
  'worker.state.quiet': 'No progress for {minutes} min',
  'worker.state.done': 'Done',
  'worker.state.stopped': 'Stopped',
  'worker.state.withPull': '{state} · PR #{number}',
  'worker.state.withMerge': '{state} · MR !{number}',
  'worker.badge.none': 'Handoff',
  'worker.badge.one': 'Handoff: 1 conversation needs you: {names}',
  'worker.badge.many': 'Handoff: {count} conversations need you: {names}',
  'worker.badge.more': '{names} and {count} more',
  'worker.badge.waited': '{name} ({for})',
  'worker.waited.minutes': '{count} min',
  'worker.waited.hours': '{count} h',
  'worker.waited.days': '{count} days',
  'worker.untitled': 'Untitled conversation',
  'worker.notify.question': 'The agent has a question for you',
  'worker.notify.questionAsks': '{name} asks: {question}',
  'worker.notify.questionAsked': '{name} asks you a question and waits for your answer.',
  'worker.notify.onServer': '{message} (on {server})',
  'worker.notify.runTitle': 'The agent wants to run a command',
  'worker.notify.editTitle': 'The agent wants to change a file',
  'worker.notify.readTitle': 'The agent wants to read a file',
  'worker.notify.toolTitle': 'The agent wants to use a tool',
  'worker.notify.confirmWhat': '{what} · {risk} — {name}',
  'worker.notify.confirmWhatNoRisk': '{what} — {name}',
  'worker.notify.risk.LOW': 'low risk',
  'worker.notify.risk.MEDIUM': 'medium risk',
  'worker.notify.risk.HIGH': '⚠ HIGH RISK',
  'worker.notify.risk.UNKNOWN': 'risk not assessed',
  'worker.notify.op.create': 'create',
  'worker.notify.op.edit': 'edit',
  'worker.notify.op.write': 'write',
  'worker.notify.op.read': 'read',
  'worker.notify.op.undo': 'undo the last edit of',
  'worker.notify.confirm': 'Confirm',
  'worker.notify.reject': 'Reject',
  'worker.notify.reply': 'Reply',
  'worker.notify.confirmed': 'Confirmed · {what}',
  'worker.notify.running': 'running {command}',
  'worker.notify.rejected': 'Rejected',
  'worker.notify.rejectedWhat': '{what} will not happen — {name}',
  'worker.notify.answered': 'Answered · {choice}',
  'worker.notify.couldNotConfirm': 'Could not confirm',
  'worker.notify.couldNotReject': 'Could not reject',
  'worker.notify.couldNotAnswer': 'Could not answer',
  'worker.notify.failed': '{reason} Open the conversation to try again.',
  'worker.notify.why.conflict': 'The agent no longer waits for this.',
  'worker.notify.why.gone': 'The conversation is no longer on the server.',
  'worker.notify.why.busy': 'The server is busy.',
  'worker.notify.why.capacity':
    'The server is running as many conversations as it allows: let another finish or pause one.',
  'worker.notify.why.busyFor': 'The server is busy and asks to wait {seconds} s.',
  'worker.notify.why.down': 'The server did not answer.',
  'worker.notify.why.key': 'The server refused Handoff’s key.',
  'worker.notify.why.other': 'The server did not take the answer.',
} as const;

export type WorkerKey = keyof typeof workerStrings;

/** The worker's words for a key, `{name}` placeholders filled. */
export function workerWords(key: WorkerKey, params?: Record<string, string | number>): string {
  const text: string = workerStrings[key];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : text;
}

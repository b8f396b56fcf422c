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
} as const;

export type WorkerKey = keyof typeof workerStrings;

/** The worker's words for a key, `{name}` placeholders filled. */
export function workerWords(key: WorkerKey, params?: Record<string, string | number>): string {
  const text: string = workerStrings[key];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : text;
}

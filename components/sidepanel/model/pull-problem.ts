// Why Handoff could not read an agent's pull request, in one sentence with what to do, and
// whether the fix is in the options (a token, a host to add).

import type { CodeHostProblem } from '@/lib/codehosts/problem';
import { t } from '@/lib/i18n';

export interface PullProblemWords {
  text: string;
  /** The next step is in Handoff's options. */
  inOptions: boolean;
}

const clock = (epochMs: number) =>
  new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** `link`: the pull request's address, whose host is named. */
export function pullProblemWords(problem: CodeHostProblem, link: string): PullProblemWords {
  let host: string;
  try {
    host = new URL(link).host;
  } catch {
    host = link;
  }
  const say = (text: string, inOptions = false) => ({ text, inOptions });
  switch (problem.kind) {
    case 'not-found':
      return problem.withToken
        ? say(t('panel.pull.problem.notFoundToken', { host }))
        : say(t('panel.pull.problem.notFound', { host }), true);
    case 'needs-token':
      return say(t('panel.pull.problem.needsToken', { host }), true);
    case 'token-rejected':
      return say(t('panel.pull.problem.tokenRejected', { host }), true);
    case 'forbidden':
      return problem.withToken
        ? say(t('panel.pull.problem.forbidden', { host }), true)
        : say(t('panel.pull.problem.forbiddenAnonymous', { host }), true);
    case 'rate-limited':
      if (problem.until === null) return say(t('panel.pull.problem.rateLimitedLater', { host }));
      return problem.withToken
        ? say(t('panel.pull.problem.rateLimited', { host, time: clock(problem.until) }))
        : say(
            t('panel.pull.problem.rateLimitedAnonymous', { host, time: clock(problem.until) }),
            true,
          );
    case 'redirected':
      return say(t('panel.pull.problem.redirected', { host }));
    case 'unreachable':
    case 'timeout':
      return say(t('panel.pull.problem.unreachable', { host }));
    case 'not-api':
      return say(t('panel.pull.problem.notApi', { host }), true);
    case 'server':
      return say(t('panel.pull.problem.server', { host }));
    case 'not-added':
      return say(t('panel.pull.problem.notAdded', { host: new URL(problem.origin).host }), true);
    default:
      return say(t('panel.pull.problem.other', { host }));
  }
}

// Following the pull and merge requests the agents opened (issue 28, item 1): which ones, when
// each is read again, and one round of reading. The requests come from the links the index
// already collects for each conversation; each is read from its own host's API with the
// person's read token for that host, or none (lib/codehosts). This module decides and reads; it
// neither stores nor shows (the worker keeps the records, the panels and pages show them).
//
// Cadence (docs/contract/pull-status.md#following): a request that changed within the last hour
// is read every minute, a quieter one every 5 minutes, one quiet for a day every 15, and a look
// that cost n full requests waits n minutes for the next (at most one a minute); a merged or
// closed one is read no more. Every read is conditional, so an unchanged answer is a 304 that
// GitHub does not count against the allowance (counted apart here too). A refusal backs off: a
// rate limit until the host's reset, anything else twice as long each time, up to 30 minutes.

import type { CodeHostProblem } from '@/lib/codehosts/problem';
import type { PullStatus } from '@/lib/codehosts/pull-status';

export { pullNeed } from '@/lib/codehosts/pull-facts';

import type { Provider } from '@/lib/hosts/types';
import { detectFromUrl } from '@/lib/hosts/url';
import type { IndexEntry } from '@/lib/messaging/conversation-index';

/**
 * The cadence's unit: a minute. End-to-end builds let the journeys shorten it (and the alarm's
 * floor with it, ./pull-watch.ts), the way they shorten the index's refresh; nothing else does.
 */
export const pullTiming = { minuteMs: 60_000, alarmFloorMs: 30_000 };
const HOUR_IN_MINUTES = 60;
const DAY_IN_MINUTES = 24 * 60;
/** The longest a refused request waits before it is tried again, in minutes. */
const MAX_BACKOFF_MINUTES = 30;

/** A pull or merge request an agent opened, as its link names it. */
export interface PullTarget {
  /** Its web address: the key it is followed by. */
  link: string;
  provider: Provider;
  baseUrl: string;
  selfHosted: boolean;
  repository: string;
  number: number;
  /** The conversations that opened or reported it. */
  conversationIds: string[];
  /**
   * False for a self-hosted host the person has not added: Handoff has no access there, so it
   * is not asked, and the person is told how to add it.
   */
  added: boolean;
}

/** What is known of one followed request, between rounds. */
export interface FollowedPull {
  target: PullTarget;
  status: PullStatus | null;
  problem: CodeHostProblem | null;
  /** When it was last read (an answer or a refusal); null before the first read. */
  checkedAt: number | null;
  /** When what it says last changed. */
  changedAt: number | null;
  /** Refusals in a row. */
  failures: number;
  /** Requests that cost the host's allowance, and unchanged answers (304), counted apart. */
  requests: number;
  notModified: number;
  /** Requests the last look cost (304s not counted): the next waits a minute for each. */
  lastCost?: number;
}

/**
 * The requests to follow: every pull or merge request link of the index's conversations. A link
 * on a self-hosted host the person has not added is kept, marked `added: false` (read as the
 * conversation's provider): it is never asked, but the person is told why.
 */
export function pullTargets(
  entries: readonly (Pick<IndexEntry, 'id' | 'prLinks'> & { provider?: string | null })[],
  selfHostedHosts: readonly { origin: string; provider: Provider }[],
): PullTarget[] {
  const byLink = new Map<string, PullTarget>();
  for (const entry of entries) {
    for (const link of entry.prLinks) {
      let address: URL;
      try {
        address = new URL(link);
      } catch {
        continue;
      }
      const host = selfHostedHosts.find((known) => known.origin === address.origin);
      const hint = host?.provider ?? providerOf(entry.provider);
      const context =
        detectFromUrl(address, host ? { provider: host.provider } : undefined) ??
        (hint ? detectFromUrl(address, { provider: hint }) : null);
      if (context?.kind !== 'pull' || !context.number) continue;
      const key = `${address.origin}${address.pathname}`;
      const known = byLink.get(key);
      if (known) {
        if (!known.conversationIds.includes(entry.id)) known.conversationIds.push(entry.id);
        continue;
      }
      byLink.set(key, {
        link: key,
        provider: context.provider,
        baseUrl: context.baseUrl,
        selfHosted: context.selfHosted,
        repository: context.repository,
        number: context.number,
        conversationIds: [entry.id],
        added: !context.selfHosted || !!host,
      });
    }
  }
  return [...byLink.values()];
}

function providerOf(value: string | null | undefined): Provider | null {
  return value === 'github' || value === 'gitlab' || value === 'bitbucket' ? value : null;
}

/** A merged or closed request is read no more. */
export function isSettled(pull: Pick<FollowedPull, 'status'>): boolean {
  return pull.status?.state === 'merged' || pull.status?.state === 'closed';
}

/** When `pull` is next read (Infinity: never again). */
export function nextReadAt(pull: FollowedPull): number {
  if (pull.checkedAt === null) return 0;
  if (isSettled(pull)) return Number.POSITIVE_INFINITY;
  const minute = pullTiming.minuteMs;
  if (pull.problem) {
    const backoff = minute * Math.min(MAX_BACKOFF_MINUTES, 2 ** Math.max(0, pull.failures - 1));
    const until = pull.problem.kind === 'rate-limited' ? (pull.problem.until ?? 0) : 0;
    return Math.max(pull.checkedAt + backoff, until);
  }
  const quietFor = pull.checkedAt - (pull.changedAt ?? pull.checkedAt);
  const every =
    quietFor >= DAY_IN_MINUTES * minute ? 15 : quietFor >= HOUR_IN_MINUTES * minute ? 5 : 1;
  // At most one request that costs the host's allowance a minute: a look after a change, or on a
  // host that cannot answer "unchanged" (Bitbucket Data Center), waits a minute per request.
  return pull.checkedAt + Math.max(every, pull.lastCost ?? 0) * minute;
}

/** What a read says, without when it was read: two reads saying the same are no change. */
function meaning(status: PullStatus | null): string {
  if (!status) return '';
  const { checkedAt: _checkedAt, ...rest } = status;
  return JSON.stringify(rest);
}

export interface RoundDeps {
  now: () => number;
  /**
   * Reads one request: its status, or a CodeHostProblem thrown as `{ problem }` (a
   * CodeHostError); with the requests it cost and the unchanged answers it got.
   */
  read: (
    target: PullTarget,
  ) => Promise<{ status: PullStatus; requests: number; notModified: number }>;
  /** At most this many requests are read in one round (the rest wait for the next). */
  limit?: number;
}

/**
 * One round: the records for `targets` (new ones start unread, ones no longer linked are
 * dropped), with every request that is due read once, one after another.
 */
export async function followRound(
  previous: readonly FollowedPull[],
  targets: readonly PullTarget[],
  deps: RoundDeps,
): Promise<FollowedPull[]> {
  const known = new Map(previous.map((pull) => [pull.target.link, pull]));
  const records = targets.map(
    (target): FollowedPull => ({
      status: null,
      problem: null,
      checkedAt: null,
      changedAt: null,
      failures: 0,
      requests: 0,
      notModified: 0,
      ...known.get(target.link),
      target,
    }),
  );
  const due = records
    .filter((pull) => nextReadAt(pull) <= deps.now())
    .sort((a, b) => nextReadAt(a) - nextReadAt(b))
    .slice(0, deps.limit ?? 20);
  for (const pull of due) {
    const at = deps.now();
    try {
      const { status, requests, notModified } = await deps.read(pull.target);
      if (meaning(status) !== meaning(pull.status)) pull.changedAt = at;
      pull.status = status;
      pull.problem = null;
      pull.failures = 0;
      pull.requests += requests;
      pull.notModified += notModified;
      pull.lastCost = requests;
    } catch (error) {
      const problem = (error as { problem?: CodeHostProblem }).problem;
      pull.problem = problem ?? { kind: 'unreachable' };
      pull.failures += 1;
    }
    pull.checkedAt = at;
  }
  return records;
}

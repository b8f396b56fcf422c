// The worker's side of following the agents' pull and merge requests (issue 28): the records
// kept between rounds (in the extension's own IndexedDB, so a stopped worker resumes where it
// was), the reads themselves (each host's reader with the person's read token for that host,
// and one conditional cache per API), the alarm that wakes the next round, and what is told
// when a round changed something. Which requests, and when each is read, is ./pull-follow.ts.

import { browser } from 'wxt/browser';
import { normaliseId } from '@/lib/api/conversation-summary';
import { ApiError } from '@/lib/api/errors';
import {
  apiBaseFor,
  CodeHostError,
  ConditionalCache,
  createPullReader,
  hostApiOf,
  hostOriginOf,
} from '@/lib/codehosts';
import { factsOf, type PullFacts } from '@/lib/codehosts/pull-facts';
import type { PullStatus } from '@/lib/codehosts/pull-status';
import type { IndexEntry } from '@/lib/messaging/conversation-index';
import type { PullRead } from '@/lib/messaging/rpc';
import { readCodeHostToken } from '@/lib/settings/code-host-tokens';
import type { SelfHostedHost } from '@/lib/settings/schema';
import { readRecord, writeRecord } from '@/lib/settings/trusted-store';
import {
  type FollowedPull,
  followRound,
  nextReadAt,
  type PullTarget,
  pullTargets,
  pullTiming,
} from './pull-follow';

// End-to-end builds only: the journeys shorten the cadence's minute instead of waiting it out.
if (import.meta.env.HANDOFF_E2E) {
  (globalThis as { handoffPullTiming?: typeof pullTiming }).handoffPullTiming = pullTiming;
}

export const PULL_ALARM = 'handoff-pulls';
const RECORD = 'pull-follow';

let records: FollowedPull[] | null = null;
let loading: Promise<FollowedPull[]> | null = null;
let round: Promise<void> = Promise.resolve();
/** One cache per API base, so unchanged answers are asked about conditionally. */
const caches = new Map<string, ConditionalCache>();

/** Drops what is not a record, so a damaged store never stops the worker. */
function sanitise(value: unknown): FollowedPull[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (pull): pull is FollowedPull =>
      !!pull &&
      typeof pull === 'object' &&
      typeof (pull as FollowedPull).target?.link === 'string' &&
      Array.isArray((pull as FollowedPull).target.conversationIds),
  );
}

/** The records as last kept (read from the store once per worker). */
export async function followedPulls(): Promise<FollowedPull[]> {
  if (records) return records;
  loading ??= readRecord(RECORD).then(
    (value) => (records ??= sanitise(value)),
    () => (records ??= []),
  );
  return loading;
}

/** What is known, by conversation id (normalised), as panels and pages are told it. */
export function pullFactsByConversation(pulls: readonly FollowedPull[]): Map<string, PullFacts[]> {
  const byId = new Map<string, PullFacts[]>();
  for (const pull of pulls) {
    const facts = factsOf(
      pull.target.link,
      pull.target.number,
      pull.target.provider === 'gitlab',
      pull.status,
      pull.problem,
      pull.checkedAt,
      nextReadAt(pull),
    );
    for (const id of pull.target.conversationIds) {
      const key = normaliseId(id);
      const known = byId.get(key);
      if (known) known.push(facts);
      else byId.set(key, [facts]);
    }
  }
  return byId;
}

/** The facts the worker holds now (empty until the store was read). */
let currentFacts = new Map<string, PullFacts[]>();
export function pullFactsOf(conversationId: string): PullFacts[] {
  return currentFacts.get(normaliseId(conversationId)) ?? [];
}

/** Every conversation's facts, for the panels' index answer. */
export function allPullFacts(): Record<string, PullFacts[]> {
  return Object.fromEntries(currentFacts);
}

/** The full status of one followed request (comments and check summaries), for a hand-back. */
export async function followedStatus(link: string): Promise<FollowedPull | null> {
  return (await followedPulls()).find((pull) => pull.target.link === link) ?? null;
}

function cacheFor(apiBase: string): ConditionalCache {
  let cache = caches.get(apiBase);
  if (!cache) {
    cache = new ConditionalCache();
    caches.set(apiBase, cache);
  }
  return cache;
}

/**
 * Reads one request with the person's token for its host (none for a public repository). A
 * host the person has not added is never asked; nor is one whose access was taken back.
 */
export async function readPull(
  target: Pick<PullTarget, 'provider' | 'baseUrl' | 'selfHosted' | 'repository' | 'number'> & {
    added?: boolean;
  },
): Promise<{ status: PullStatus; requests: number; notModified: number }> {
  const apiBase = apiBaseFor(target);
  const origin = hostOriginOf(target);
  const granted =
    target.added !== false &&
    (await browser.permissions
      .contains({ origins: [`${new URL(apiBase).origin}/*`] })
      .catch(() => false));
  if (!granted) throw new CodeHostError({ kind: 'not-added', origin });
  const reader = createPullReader(hostApiOf(target), {
    apiBase,
    token: await readCodeHostToken(origin),
    fetch: (input, init) => fetch(input, init),
    cache: cacheFor(apiBase),
  });
  const status = await reader.read(target.repository, target.number);
  return { status, requests: reader.client.requests, notModified: reader.client.notModified };
}

/** What a round changed, for the caller to tell: the records before and after. */
export type PullsChanged = (
  before: readonly FollowedPull[],
  after: readonly FollowedPull[],
) => void;

/**
 * One round for the conversations of `entries`: every request that is due is read, the records
 * kept, the next alarm set, and `changed` told when what is known changed. Rounds run one at a
 * time; a round asked for while one runs waits for it.
 */
export function followPulls(
  entries: readonly IndexEntry[],
  selfHostedHosts: readonly SelfHostedHost[],
  changed: PullsChanged,
  now: () => number = Date.now,
): Promise<void> {
  round = round.then(async () => {
    const before = await followedPulls();
    const after = await followRound(before, pullTargets(entries, selfHostedHosts), {
      now,
      read: readPull,
    });
    // Rounds run on every change of the index; most read nothing. Those keep what is stored,
    // the alarm and the tabs as they are.
    if (nothingNew(before, after)) return;
    records = after;
    currentFacts = pullFactsByConversation(after);
    await writeRecord(RECORD, after).catch(() => {});
    await schedule(after, now());
    changed(before, after);
  });
  round = round.catch((error: unknown) => console.warn('[handoff] pull requests', error));
  return round;
}

/** The same requests for the same conversations, none of them read again. */
function nothingNew(before: readonly FollowedPull[], after: readonly FollowedPull[]): boolean {
  if (before.length !== after.length) return false;
  const earlier = new Map(before.map((pull) => [pull.target.link, pull]));
  return after.every((pull) => {
    const old = earlier.get(pull.target.link);
    return (
      !!old &&
      old.checkedAt === pull.checkedAt &&
      old.target.conversationIds.join() === pull.target.conversationIds.join()
    );
  });
}

/** Sets the alarm for the soonest due read; none when nothing is left to read. */
async function schedule(pulls: readonly FollowedPull[], now: number): Promise<void> {
  const next = Math.min(...pulls.map(nextReadAt));
  try {
    if (!Number.isFinite(next)) await browser.alarms.clear(PULL_ALARM);
    else
      await browser.alarms.create(PULL_ALARM, {
        when: Math.max(next, now + pullTiming.alarmFloorMs),
      });
  } catch {
    // No alarm: the index's own changes start the next round.
  }
}

/** At start: the kept records become the facts pages and panels are told. */
export async function restorePulls(): Promise<void> {
  currentFacts = pullFactsByConversation(await followedPulls());
}

/** Tests: forget what this worker holds in memory. */
export function forgetPullsForTests(): void {
  records = null;
  loading = null;
  currentFacts = new Map();
  caches.clear();
}

/**
 * One pull or merge request for the person (the `pulls.read` request): as last read where it
 * is followed, else (or when `fresh`) read now. An address that is not a pull or merge request
 * on a host Handoff serves is refused before anything is asked.
 */
export async function readPullFor(
  link: string,
  fresh: boolean,
  selfHostedHosts: readonly SelfHostedHost[],
  now: () => number = Date.now,
): Promise<PullRead> {
  const [target] = pullTargets([{ id: '', prLinks: [link] }], selfHostedHosts);
  if (!target) {
    throw new ApiError(
      'bad-request',
      'This address is not a pull or merge request on a code host Handoff knows.',
    );
  }
  const about = {
    link: target.link,
    provider: target.provider,
    repository: target.repository,
    number: target.number,
  };
  const followed = await followedStatus(target.link);
  if (followed?.status && !fresh) {
    return {
      ...about,
      status: followed.status,
      problem: followed.problem,
      checkedAt: followed.checkedAt,
    };
  }
  const at = now();
  try {
    const { status } = await readPull(target);
    return { ...about, status, problem: null, checkedAt: at };
  } catch (error) {
    const problem =
      error instanceof CodeHostError ? error.problem : { kind: 'unreachable' as const };
    return { ...about, status: followed?.status ?? null, problem, checkedAt: at };
  }
}

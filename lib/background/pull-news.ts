// What is news about the agents' pull requests, and the notification that tells it: a request
// that starts failing, gets a review asking for changes, gets a conflict, or is merged. Behind
// its own switch (settings.notifications.pullRequests). A click opens the conversation that
// opened the request (main.ts); the notification carries no buttons: handing the work back is
// done from the panel, where the person sees what will be sent.

import { normaliseId } from '@/lib/api/conversation-summary';
import { pullName } from '@/lib/codehosts/pull-facts';
import { workerWords } from '@/lib/i18n/en-worker';
import type { IndexEntry } from '@/lib/messaging/conversation-index';
import type { Settings } from '@/lib/settings/schema';
import { noticeId, plainText, showNotice, writeNotice } from './attention';
import { type FollowedPull, pullNeed } from './pull-follow';

export type PullNewsKind = 'failing' | 'changes-requested' | 'conflicts' | 'merged';

export interface PullNews {
  pull: FollowedPull;
  what: PullNewsKind;
}

/**
 * What changed between two rounds that the person would want to hear. A request's first read is
 * where it already was, not news; a need that stays is told once.
 */
export function pullNewsOf(
  before: readonly FollowedPull[],
  after: readonly FollowedPull[],
): PullNews[] {
  const earlier = new Map(before.map((pull) => [pull.target.link, pull]));
  const news: PullNews[] = [];
  for (const pull of after) {
    const old = earlier.get(pull.target.link);
    if (!old?.status || !pull.status) continue;
    if (pull.status.state === 'merged' && old.status.state !== 'merged') {
      news.push({ pull, what: 'merged' });
      continue;
    }
    const need = pullNeed(pull.status);
    if (need && need !== pullNeed(old.status)) news.push({ pull, what: need });
  }
  return news;
}

const titleKeys = {
  failing: 'worker.pull.notifyFailing',
  'changes-requested': 'worker.pull.notifyChanges',
  conflicts: 'worker.pull.notifyConflicts',
  merged: 'worker.pull.notifyMerged',
} as const;

/** Tells each piece of news, where the person's switch allows it, on the newest conversation. */
export async function notifyPullNews(
  news: readonly PullNews[],
  entries: readonly IndexEntry[],
  settings: Settings,
): Promise<void> {
  if (!settings.notifications.pullRequests) return;
  const byId = new Map(entries.map((entry) => [normaliseId(entry.id), entry]));
  for (const { pull, what } of news) {
    const conversation = pull.target.conversationIds
      .map((id) => byId.get(normaliseId(id)))
      .find((entry): entry is IndexEntry => !!entry);
    if (!conversation) continue;
    const name = pullName({
      number: pull.target.number,
      merge: pull.target.provider === 'gitlab',
    });
    const title = workerWords(titleKeys[what], { name });
    const message = workerWords('worker.pull.notifyBody', {
      title: plainText(pull.status?.title || name, 120),
      conversation: plainText(conversation.title || workerWords('worker.untitled'), 80),
    });
    const id = noticeId(conversation.id);
    // Kept before it shows, as every notification is: a click opens this conversation, and
    // nothing an earlier notification of it offered.
    await writeNotice(id, {
      conversationId: conversation.id,
      ...(conversation.serverId ? { serverId: conversation.serverId } : {}),
      need: 'finished',
      buttons: [],
      name: plainText(conversation.title || 'A conversation', 100),
      title,
      message,
    });
    await showNotice(id, { title, message });
  }
}

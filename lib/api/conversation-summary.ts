// One list of conversations from the two interfaces: V0's list (which on 0.62.0 already
// includes V1 conversations) and V1's search. Ids are compared without dashes and case, V1's
// record wins where both know a conversation (it has the sandbox and execution status), and
// the result is newest first. Zod-free and schema-free: the worker's conversation index uses it
// as the panel's list does.

import { conversationStatusOfSandbox } from './agent-state';
import type { Generation } from './generation';
import type { ConversationInfo } from './v0/models';
import type { AppConversation } from './v1/models';

/** The fields of a V0 list item the summary reads. */
export type ListedV0 = Pick<ConversationInfo, 'conversation_id'> &
  Partial<
    Pick<
      ConversationInfo,
      | 'conversation_version'
      | 'title'
      | 'selected_repository'
      | 'selected_branch'
      | 'git_provider'
      | 'trigger'
      | 'status'
      | 'runtime_status'
      | 'created_at'
      | 'last_updated_at'
      | 'pr_number'
    >
  >;

/** The fields of a V1 search item the summary reads. */
export type ListedV1 = Pick<AppConversation, 'id'> &
  Partial<
    Pick<
      AppConversation,
      | 'title'
      | 'selected_repository'
      | 'selected_branch'
      | 'git_provider'
      | 'trigger'
      | 'sandbox_status'
      | 'execution_status'
      | 'created_at'
      | 'updated_at'
      | 'pr_number'
    >
  >;

export interface ConversationSummary {
  id: string;
  generation: Generation;
  title: string | null;
  repository: string | null;
  branch: string | null;
  provider: string | null;
  trigger: string | null;
  /**
   * V0 ConversationStatus; V1 conversations: from their sandbox status
   * (docs/contract/v0-rest.md#v1-conversations-through-v0-routes).
   */
  status: string | null;
  runtimeStatus: string | null;
  sandboxStatus: string | null;
  executionStatus: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  prNumbers: number[];
}

/** The id as both interfaces would match it: lower-case hex without dashes. */
export function normaliseId(id: string): string {
  return id.replace(/-/g, '').toLowerCase();
}

/**
 * "#12", "issue 12", "PR #34", "MR !5", "pull request 7": the issue or pull/merge request a
 * conversation's title names, if one.
 */
export function itemNamedIn(
  title: string | null,
): { kind: 'issue' | 'pull'; number: number } | null {
  if (!title) return null;
  const named = /\b(pull request|merge request|PR|MR|issue)\s*[#!]?(\d+)\b/i.exec(title);
  const bare = named ? null : /(?:^|[\s("'[])([#!])(\d+)\b/.exec(title);
  const found = named ?? bare;
  if (!found) return null;
  const number = Number(found[2]);
  if (!Number.isSafeInteger(number) || number < 1) return null;
  const pull = named ? !/^issue$/i.test(found[1] as string) : found[1] === '!';
  return { kind: pull ? 'pull' : 'issue', number };
}

export function fromV0(info: ListedV0): ConversationSummary {
  return {
    id: info.conversation_id,
    generation: info.conversation_version === 'V1' ? 'v1' : 'v0',
    title: info.title ?? null,
    repository: info.selected_repository ?? null,
    branch: info.selected_branch ?? null,
    provider: info.git_provider ?? null,
    trigger: info.trigger ?? null,
    status: info.status ?? null,
    runtimeStatus: info.runtime_status ?? null,
    sandboxStatus: null,
    executionStatus: null,
    createdAt: info.created_at ?? null,
    updatedAt: info.last_updated_at ?? null,
    prNumbers: info.pr_number ?? [],
  };
}

export function fromV1(conversation: ListedV1): ConversationSummary {
  return {
    id: conversation.id,
    generation: 'v1',
    title: conversation.title ?? null,
    repository: conversation.selected_repository ?? null,
    branch: conversation.selected_branch ?? null,
    provider: conversation.git_provider ?? null,
    trigger: conversation.trigger ?? null,
    status: conversationStatusOfSandbox(conversation.sandbox_status),
    runtimeStatus: null,
    sandboxStatus: conversation.sandbox_status ?? null,
    executionStatus: conversation.execution_status ?? null,
    createdAt: conversation.created_at ?? null,
    updatedAt: conversation.updated_at ?? null,
    prNumbers: conversation.pr_number ?? [],
  };
}

/**
 * A record time in ms (sorting, "3 min ago"): zoned times as they are, naive ones read as UTC
 * (list records are zoned; docs/contract/v0-rest.md#conventions); 0 when missing or unreadable.
 */
export function recordTime(value: string | null | undefined): number {
  if (!value) return 0;
  const parsed = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(parsed) ? 0 : parsed;
}

function mergeTwo(v0: ConversationSummary, v1: ConversationSummary): ConversationSummary {
  return {
    ...v0,
    ...Object.fromEntries(Object.entries(v1).filter(([, value]) => value !== null)),
    generation: 'v1',
    // V0's list speaks of V1 conversations with the V1 id as it was given there.
    id: v1.id,
    prNumbers: v1.prNumbers.length ? v1.prNumbers : v0.prNumbers,
  } as ConversationSummary;
}

/** Both lists as one: de-duplicated by id, V1 facts over V0 ones, newest first. */
export function mergeConversations(
  v0: readonly ListedV0[],
  v1: readonly ListedV1[],
): ConversationSummary[] {
  const byId = new Map<string, ConversationSummary>();
  for (const info of v0) {
    const id = normaliseId(info.conversation_id);
    if (!byId.has(id)) byId.set(id, fromV0(info));
  }
  for (const conversation of v1) {
    const id = normaliseId(conversation.id);
    const known = byId.get(id);
    const summary = fromV1(conversation);
    byId.set(id, known ? mergeTwo(known, summary) : summary);
  }
  return [...byId.values()].sort(
    (a, b) => recordTime(b.createdAt ?? b.updatedAt) - recordTime(a.createdAt ?? a.updatedAt),
  );
}

/** Which interfaces the server serves (null: not known yet). */
export interface KnownInterfaces {
  v0: boolean | null;
  v1: boolean | null;
}

/**
 * Which interfaces a page of the list asks: each one not known to be absent and with more to
 * give (`more` false once its last page came). A server said to serve neither (its probe met a
 * proxy's sign-in page, say) is asked on both: what answers then is what the list shows, never a
 * list left empty because nothing was asked.
 */
export function interfacesToAsk(
  known: KnownInterfaces,
  more: { v0: boolean; v1: boolean },
): { v0: boolean; v1: boolean } {
  const neither = known.v0 === false && known.v1 === false;
  return {
    v0: more.v0 && (known.v0 !== false || neither),
    v1: more.v1 && (known.v1 !== false || neither),
  };
}

/**
 * How a page of the list failed. `failures` are the failed interfaces' errors, the current
 * interface's first. While another interface answered, one the server does not serve (404, the
 * web app's page) is no failure and any other is a partial one. When none answered, the page
 * fails with the first real failure, else with the first missing route: an empty list would
 * pass for "no conversations" when the server never said so.
 */
export function pageFailure(
  failures: readonly unknown[],
  answered: boolean,
  notServed: (error: unknown) => boolean,
): { fatal: unknown; partial: unknown } {
  const real = failures.filter((error) => !notServed(error));
  if (answered) return { fatal: null, partial: real[0] ?? null };
  return { fatal: real[0] ?? failures[0] ?? null, partial: null };
}

// The run's outcome for the card and the export: computed from the events, with the file list
// taken from the runtime's own git while a V0 runtime still runs (it also sees files the agent
// changed by command, which the edit events miss). V1 sandboxes serve their git changes on the
// agent server, outside the conversation routes lib/api speaks to, so V1 counts come from the
// events.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import { apiKey, useApiQuery } from '@/components/common/worker-queries';
import type { ConversationInfo } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import { callApi } from '@/lib/messaging/worker-client';
import { diffContents } from '@/lib/timeline/diff';
import { type ChangedFile, type RunOutcome, runOutcome } from '@/lib/timeline/outcome';
import type { TimelineRow } from '@/lib/timeline/pairing';

/** Files whose git diff is read for line counts; the rest are listed by name. */
const MAX_GIT_DIFFS = 20;

export function useOutcome(input: {
  rows: readonly TimelineRow[];
  cost: number | null;
  enabled: boolean;
  generation: Generation;
  /** The V0 record (its runtime's address and key), when the runtime runs. */
  liveRecord: ConversationInfo | null;
}): RunOutcome | null {
  const { rows, cost, enabled, generation, liveRecord } = input;
  const serverId = useServerScope();
  const fromEvents = useMemo(
    () => (enabled ? runOutcome(rows, cost) : null),
    [enabled, rows, cost],
  );

  const ref =
    enabled && generation === 'v0' && liveRecord
      ? {
          conversation_id: liveRecord.conversation_id,
          url: liveRecord.url ?? null,
          session_api_key: liveRecord.session_api_key ?? null,
        }
      : null;
  const changes = useApiQuery(
    'v0.getGitChanges',
    { conversation: ref ?? { conversation_id: '' } },
    { enabled: !!ref, retry: false, staleTime: 60_000 },
  );
  const listed = ref && changes.data ? changes.data : null;
  const diffs = useQueries({
    queries: (listed ?? []).slice(0, MAX_GIT_DIFFS).map((change) => {
      const params = { conversation: ref ?? { conversation_id: '' }, path: change.path };
      return {
        queryKey: apiKey('v0.getGitDiff', params, serverId),
        queryFn: () => callApi('v0.getGitDiff', params, serverId),
        retry: false,
        staleTime: 60_000,
      };
    }),
  });

  if (!fromEvents) return null;
  if (!listed?.length) return fromEvents;
  const files: ChangedFile[] = listed.map((change, index) => {
    const diff = diffs[index]?.data;
    const counted = diff ? countsOf(diff) : null;
    return counted
      ? { path: change.path, ...counted }
      : { path: change.path, added: 0, removed: 0, countsUnknown: true };
  });
  return { ...fromEvents, files, filesFrom: 'git' };
}

/** Line counts per answer object: re-renders count each file once. */
const counted = new WeakMap<object, { added: number; removed: number } | null>();

function countsOf(diff: { original?: string | null; modified?: string | null }) {
  let counts = counted.get(diff);
  if (counts === undefined) {
    const result = diffContents(diff.original ?? '', diff.modified ?? '', 0);
    counts = result.tooLarge ? null : { added: result.added, removed: result.removed };
    counted.set(diff, counts);
  }
  return counts;
}

// Export as a menu action: reads any older history still on the server, then saves every event
// as JSON. Its progress outlives the menu that started it, so it lives here, not in a button.
import { useCallback, useRef, useState } from 'react';
import type { ConversationFeed } from '../model/conversation-feed';
import { buildExport, type ExportMetadata, exportFileName } from '../model/export';
import { loadWholeHistory } from '../model/history';

export function useExport(
  feed: ConversationFeed,
  metadata: () => ExportMetadata,
  /** The conversation's record, read now if the panel has not read it yet. */
  readRecord: () => Promise<unknown>,
  /** Added to the file next to what model/export writes (the outcome summary). */
  extra: () => Promise<Record<string, unknown>>,
) {
  const [progress, setProgress] = useState<number | null>(null);
  const running = useRef(false);
  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setProgress(0);
    try {
      const [complete, record] = await Promise.all([
        loadWholeHistory(feed, setProgress),
        readRecord().catch(() => null),
      ]);
      const data = {
        ...buildExport({ ...metadata(), record }, feed.events(), !complete),
        ...(await extra()),
      };
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(metadata());
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      running.current = false;
      setProgress(null);
    }
  }, [feed, metadata, readRecord, extra]);
  return { run, progress };
}

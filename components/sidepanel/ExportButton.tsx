import { useState } from 'react';
import type { ConversationFeed } from '@/components/sidepanel/model/conversation-feed';
import { t } from '@/lib/i18n';
import { buildExport, type ExportMetadata, exportFileName } from './model/export';
import { loadWholeHistory } from './model/history';

/** One click: reads any older history still on the server, then saves every event as JSON. */
export function ExportButton({
  feed,
  metadata,
}: {
  feed: ConversationFeed;
  metadata: ExportMetadata;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setProgress(0);
    try {
      const complete = await loadWholeHistory(feed, setProgress);
      const data = buildExport(metadata, feed.events(), !complete);
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(metadata);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setProgress(null);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-small"
      aria-label={progress === null ? t('panel.export.button') : undefined}
      title={t('panel.export.hint')}
      disabled={progress !== null}
      onClick={() => void run()}
    >
      {progress === null ? t('panel.export.short') : t('panel.export.reading', { count: progress })}
    </button>
  );
}

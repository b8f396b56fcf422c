import { t } from '@/lib/i18n';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { streamWords } from '@/lib/timeline/status-words';
import { secondsSince } from '@/lib/timeline/time';
import { useNow } from './hooks/useNow';

/** The live stream in words, its counters, and how long ago the last event came. */
export function StreamStatus({ snapshot }: { snapshot: StreamSnapshot | null }) {
  const now = useNow();
  if (!snapshot) return <p className="stream-line">{t('panel.stream.unknown')}</p>;
  const phase = streamWords(snapshot.transport, now);
  const parts: string[] = [];
  if (snapshot.lastEventAt !== null) {
    const seconds = secondsSince(snapshot.lastEventAt, now);
    parts.push(
      seconds < 120
        ? t('panel.stream.lastEvent', { seconds })
        : t('panel.stream.lastEventMinutes', { minutes: Math.floor(seconds / 60) }),
    );
  } else if (snapshot.transport.phase === 'live') {
    parts.push(t('panel.stream.noEventsYet'));
  }
  const { malformed, oversized, reconnects } = snapshot.counters;
  if (malformed) parts.push(t('panel.stream.malformed', { count: malformed }));
  if (oversized) parts.push(t('panel.stream.oversized', { count: oversized }));
  if (reconnects) parts.push(t('panel.stream.reconnects', { count: reconnects }));
  return (
    <p className="stream-line" data-stream-phase={snapshot.transport.phase}>
      {/* Only the phase is announced: the ticking counters would talk every second. */}
      <span role="status">{phase}</span>
      {parts.length ? ` · ${parts.join(' · ')}` : null}
    </p>
  );
}

import { useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import { type DiffResult, diffContents, parseUnifiedDiff } from '@/lib/timeline/diff';
import { printable } from '@/lib/timeline/text';

const PREVIEW_LINES = 200;

interface DiffViewProps {
  unifiedDiff: string | null;
  oldContent: string | null;
  newContent: string | null;
}

/** A file change as coloured lines; computed only when the row is opened. */
export function DiffView({ unifiedDiff, oldContent, newContent }: DiffViewProps) {
  const [whole, setWhole] = useState(false);
  const diff: DiffResult | null = useMemo(() => {
    if (unifiedDiff) return parseUnifiedDiff(unifiedDiff);
    if (oldContent !== null && newContent !== null) return diffContents(oldContent, newContent);
    return null;
  }, [unifiedDiff, oldContent, newContent]);
  if (!diff) return null;
  if (diff.tooLarge) return <p className="muted small">{t('panel.diff.tooLarge')}</p>;
  if (!diff.lines.length) return <p className="muted small">{t('panel.diff.noChanges')}</p>;
  const lines = whole ? diff.lines : diff.lines.slice(0, PREVIEW_LINES);
  return (
    <div>
      <p className="small muted">
        {t('panel.diff.summary', { added: diff.added, removed: diff.removed })}
      </p>
      <section className="diff" aria-label={t('panel.diff.label')}>
        {lines.map((line, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines never reorder.
            key={index}
            className={`diff-line diff-${line.kind}`}
            data-diff={line.kind}
          >
            <span aria-hidden="true">
              {line.kind === 'add'
                ? '+'
                : line.kind === 'del'
                  ? '-'
                  : line.kind === 'context'
                    ? ' '
                    : ''}
            </span>
            <span className="visually-hidden">
              {line.kind === 'add'
                ? t('panel.diff.added')
                : line.kind === 'del'
                  ? t('panel.diff.removed')
                  : ''}
            </span>
            {printable(line.text)}
          </div>
        ))}
      </section>
      {lines.length < diff.lines.length ? (
        <button type="button" className="btn btn-small" onClick={() => setWhole(true)}>
          {t('panel.diff.showAll', { count: diff.lines.length - lines.length })}
        </button>
      ) : null}
    </div>
  );
}

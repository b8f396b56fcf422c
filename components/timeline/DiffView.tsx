import { type CSSProperties, useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import { type DiffResult, diffContents, indentWidth, parseUnifiedDiff } from '@/lib/timeline/diff';
import { printable } from '@/lib/timeline/text';
import { PathText } from './PathText';

const PREVIEW_LINES = 200;

interface DiffViewProps {
  /** The changed file, for the header. */
  path?: string | null;
  unifiedDiff: string | null;
  oldContent: string | null;
  newContent: string | null;
}

const signs = { add: '+', del: '-', context: ' ', hunk: '', meta: '' } as const;

/**
 * A file change as a header (the file and its counts) over numbered, coloured lines; computed
 * only when the row is opened. Long lines wrap and keep their indentation, so wrapped code still
 * reads as code.
 */
export function DiffView({ path, unifiedDiff, oldContent, newContent }: DiffViewProps) {
  const [whole, setWhole] = useState(false);
  const diff: DiffResult | null = useMemo(() => {
    if (unifiedDiff) return parseUnifiedDiff(unifiedDiff);
    if (oldContent !== null && newContent !== null) return diffContents(oldContent, newContent);
    return null;
  }, [unifiedDiff, oldContent, newContent]);
  if (!diff) return null;
  if (diff.tooLarge) return <p className="muted small">{t('panel.diff.tooLarge')}</p>;
  if (!diff.lines.length) return <p className="muted small">{t('panel.diff.noChanges')}</p>;
  // The server's own `---`/`+++` lines only repeat the header.
  const body = diff.lines.filter(
    (line) => line.kind !== 'meta' || !/^(---|\+\+\+) /.test(line.text),
  );
  const lines = whole ? body : body.slice(0, PREVIEW_LINES);
  return (
    <div className="diff-file">
      <div className="diff-header">
        {path ? <PathText path={path} /> : <span>{t('panel.diff.label')}</span>}
        <span className="diff-counts">
          <span className="diff-count-add">+{diff.added}</span>{' '}
          <span className="diff-count-del">−{diff.removed}</span>
          <span className="visually-hidden">
            {t('panel.diff.summary', { added: diff.added, removed: diff.removed })}
          </span>
        </span>
      </div>
      <section className="diff" aria-label={t('panel.diff.label')}>
        {lines.map((line, index) => {
          const text = printable(line.text);
          const spansRow = line.kind === 'hunk' || line.kind === 'meta';
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines never reorder.
              key={index}
              className={`diff-line diff-${line.kind}`}
              data-diff={line.kind}
            >
              {spansRow ? (
                <span className="diff-text diff-wide">{text}</span>
              ) : (
                <>
                  <span className="diff-no" aria-hidden="true">
                    {line.oldNumber ?? ''}
                  </span>
                  <span className="diff-no" aria-hidden="true">
                    {line.newNumber ?? ''}
                  </span>
                  <span className="diff-sign" aria-hidden="true">
                    {signs[line.kind]}
                  </span>
                  <span
                    className="diff-text"
                    style={{ '--indent': `${indentWidth(text)}ch` } as CSSProperties}
                  >
                    {line.kind === 'add' || line.kind === 'del' ? (
                      <span className="visually-hidden">
                        {line.kind === 'add' ? t('panel.diff.added') : t('panel.diff.removed')}
                      </span>
                    ) : null}
                    {text}
                  </span>
                </>
              )}
            </div>
          );
        })}
      </section>
      {lines.length < body.length ? (
        <button type="button" className="btn btn-small" onClick={() => setWhole(true)}>
          {t('panel.diff.showAll', { count: body.length - lines.length })}
        </button>
      ) : null}
    </div>
  );
}

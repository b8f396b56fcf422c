import { useState } from 'react';
import { t } from '@/lib/i18n';
import { OUTPUT_PREVIEW_CHARS, preview, printable } from '@/lib/timeline/text';

interface OutputBlockProps {
  text: string;
  /** Shown when the text is empty. */
  empty?: string;
  limit?: number;
}

/** Preformatted output, cut to a preview with a "show all" that says how much is hidden. */
export function OutputBlock({ text, empty, limit = OUTPUT_PREVIEW_CHARS }: OutputBlockProps) {
  const [whole, setWhole] = useState(false);
  if (!text) return empty ? <p className="muted small">{empty}</p> : null;
  const cut = whole ? { text, omitted: 0 } : preview(text, limit);
  return (
    <div>
      <pre className="output">{printable(cut.text)}</pre>
      {cut.omitted ? (
        <button type="button" className="btn btn-small" onClick={() => setWhole(true)}>
          {t('panel.output.showAll', { count: cut.omitted.toLocaleString() })}
        </button>
      ) : null}
    </div>
  );
}

import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

/**
 * Markdown from the network, rendered safely (see ./markdown-safety). The renderer and its
 * highlighter load on first use; until then the text shows as it is, so nothing waits on it.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="markdown" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </div>
      }
    >
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}

import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { isEmbeddedImage, remarkHtmlAsText, safeUrl } from './markdown-safety';

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    isEmbeddedImage(typeof src === 'string' ? src : undefined) ? (
      <img src={src as string} alt={alt ?? ''} />
    ) : (
      <span className="muted">[image{alt ? `: ${alt}` : ''}]</span>
    ),
};

/** The markdown renderer itself; load it through ./Markdown, which keeps it out of first paint. */
export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkHtmlAsText]}
        rehypePlugins={[[rehypeHighlight, { detect: false, ignoreMissing: true }]]}
        urlTransform={safeUrl}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

// Safety rules for rendering markdown that came from the network (agent messages, microagent
// files). Pure functions, so they are tested without a renderer.

const allowedSchemes = new Set(['http:', 'https:', 'mailto:']);

/**
 * Links may only go to web pages or e-mail addresses: javascript:, data:, vbscript:, file: and
 * anything else unusual becomes an empty (inert) link. Same-page anchors are kept.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith('#')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return allowedSchemes.has(parsed.protocol) ? parsed.href : '';
  } catch {
    // Relative references have no meaning in an extension page: drop them.
    return '';
  }
}

/** Only images embedded in the text are shown; remote images would call home when viewed. */
export function isEmbeddedImage(src: string | undefined): boolean {
  return typeof src === 'string' && /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(src);
}

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}

/**
 * A remark plugin that keeps raw HTML visible as plain text instead of dropping it: an agent
 * explaining `<div>` must not lose the word, and nothing in it ever becomes markup.
 */
export function remarkHtmlAsText() {
  const visit = (node: MdastNode) => {
    if (node.type === 'html') node.type = 'text';
    for (const child of node.children ?? []) visit(child);
  };
  return (tree: MdastNode) => visit(tree);
}

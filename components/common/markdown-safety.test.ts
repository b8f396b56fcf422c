import { describe, expect, it } from 'vitest';
import { isEmbeddedImage, remarkHtmlAsText, safeUrl } from './markdown-safety';

describe('safeUrl', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'chrome-extension://abc/options.html',
    '/relative/path',
  ])('neutralises %s', (url) => {
    expect(safeUrl(url)).toBe('');
  });

  it.each([
    ['https://github.com/octo/widgets', 'https://github.com/octo/widgets'],
    ['http://localhost:3000/x', 'http://localhost:3000/x'],
    ['mailto:me@example.org', 'mailto:me@example.org'],
    ['#heading', '#heading'],
  ])('keeps %s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});

describe('isEmbeddedImage', () => {
  it('shows embedded raster images only', () => {
    expect(isEmbeddedImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isEmbeddedImage('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isEmbeddedImage('https://tracker.example/pixel.gif')).toBe(false);
    expect(isEmbeddedImage(undefined)).toBe(false);
  });
});

describe('remarkHtmlAsText', () => {
  it('turns raw HTML nodes into text, at any depth', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'html', value: '<script>alert(1)</script>' },
        { type: 'paragraph', children: [{ type: 'html', value: '<img src=x onerror=alert(1)>' }] },
      ],
    };
    remarkHtmlAsText()(tree);
    expect(tree.children[0]?.type).toBe('text');
    expect((tree.children[1] as { children: { type: string }[] }).children[0]?.type).toBe('text');
  });
});

// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MarkdownRenderer from './MarkdownRenderer';

const payloads = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '[click](javascript:window.__xss=1)',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<a href="javascript:alert(1)">a</a>',
  '![pixel](https://tracker.example/p.gif)',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="window.__xss=1"></svg>',
  '```html\n<script>alert(1)</script>\n```',
];

describe('MarkdownRenderer', () => {
  it.each(payloads)('keeps %s inert and visible as text', (payload) => {
    const { container } = render(<MarkdownRenderer text={payload} />);
    expect(container.querySelector('script, iframe, svg, object, embed')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute.startsWith('on')).toBe(false);
      }
    }
    for (const link of container.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').toMatch(/^(https?:|mailto:|#|$)/);
    }
    expect(container.querySelector('img')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('renders the words of raw HTML instead of dropping them', () => {
    const { container } = render(<MarkdownRenderer text={'Wrap it in a <div> element.'} />);
    expect(container.textContent).toContain('Wrap it in a <div> element.');
  });

  it('renders GitHub-flavoured markdown, highlighted code and safe links', () => {
    const { container } = render(
      <MarkdownRenderer
        text={
          '**bold** and [docs](https://docs.example.org)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```'
        }
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://docs.example.org/');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('code.hljs, code .hljs-keyword')).not.toBeNull();
  });
});

// Answers as the code hosts' APIs shape them: JSON bodies, pages with `Link` (and GitLab's
// `X-Total-Pages`, `X-Next-Page`…), and a weak ETag on every successful GET.

import { createHash } from 'node:crypto';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * The validator for an answer: a hash of its body and of whether it was asked with a token
 * (GitHub's answers `Vary` on Authorization, so the same URL may carry two validators).
 */
export function etagOf(body: string, authorised: boolean): string {
  const hash = createHash('sha1')
    .update(body)
    .update(authorised ? '+auth' : '-auth')
    .digest('hex');
  return `W/"${hash}"`;
}

/** Whether `If-None-Match` names this validator (weak comparison, a list or `*`). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** One page of a list, with the host's paging headers. */
export function paged(
  url: URL,
  items: unknown[],
  wrap: (page: unknown[]) => unknown = (page) => page,
  flavor: 'github' | 'gitlab' = 'github',
): Answer {
  const fallback = flavor === 'github' ? 30 : 20;
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page')) || fallback));
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const at = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    return target.toString();
  };
  const links: string[] = [];
  if (page > 1) links.push(`<${at(page - 1)}>; rel="prev"`);
  if (page < pages) links.push(`<${at(page + 1)}>; rel="next"`);
  if (page < pages || flavor === 'gitlab') links.push(`<${at(pages)}>; rel="last"`);
  if (page > 1 || flavor === 'gitlab') links.push(`<${at(1)}>; rel="first"`);
  const headers: Record<string, string> = {};
  if (links.length) headers.link = links.join(', ');
  if (flavor === 'gitlab') {
    Object.assign(headers, {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-total': String(items.length),
      'x-total-pages': String(pages),
      'x-next-page': page < pages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
    });
  }
  return json(200, wrap(slice), headers);
}

// The validated form of a page context. The worker parses every context it receives from a
// content script with this schema; the content script itself never imports zod. zod/mini,
// because the worker's whole bundle has a 64 KB budget.

import * as z from 'zod/mini';
import type { PageContextData } from './types';

const refinedKinds = (value: { kind: string; number?: number; sha?: string }) =>
  (value.kind === 'issue' || value.kind === 'pull' ? value.number !== undefined : true) &&
  (value.kind === 'commit' ? value.sha !== undefined : true);

/**
 * An http(s) address as detection builds it: an origin and any root path, no trailing slash.
 * Checked here rather than with z.url, whose schema the worker would bundle for this one field;
 * stricter than z.url only in refusing what it would have trimmed (spaces at the ends, tabs and
 * line breaks), which detection never produces.
 */
function isBaseUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || value.endsWith('/') || /^\s|\s$|[\t\n\r]/.test(value)) {
    return false;
  }
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const PageContextSchema = z
  .strictObject({
    provider: z.enum(['github', 'gitlab', 'bitbucket']),
    host: z.string().check(z.regex(/^[a-z0-9.-]+(?::\d+)?$|^\[[0-9a-f:.]+\](?::\d+)?$/i)),
    baseUrl: z.string().check(z.refine(isBaseUrl, 'an http(s) address without a trailing slash')),
    repository: text(500).check(
      z.regex(/^[^/\s]+(?:\/[^/\s]+)+$/, 'owner/name, or a deeper GitLab path'),
    ),
    kind: z.enum(['repo', 'tree', 'blob', 'commit', 'issue', 'pull']),
    selfHosted: z.boolean(),
    branch: z.optional(text(1000)),
    number: z.optional(z.number().check(z.int(), z.positive())),
    title: z.optional(text(1000)),
    path: z.optional(text(4096)),
    sha: z.optional(z.string().check(z.regex(/^[0-9a-f]{7,64}$/))),
  })
  .check(z.refine(refinedKinds, 'issues and pull requests need a number, commits a sha'));

export type PageContext = z.infer<typeof PageContextSchema>;

// Compile-time check that the schema and the hand-written interface describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const pageContextMatchesInterface: Same<PageContext, PageContextData> = true;

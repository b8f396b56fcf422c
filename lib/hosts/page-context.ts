// The validated form of a page context. The worker parses every context it receives from a
// content script with this schema; the content script itself never imports zod.

import { z } from 'zod';
import type { PageContextData } from './types';

const refinedKinds = (value: { kind: string; number?: number; sha?: string }) =>
  (value.kind === 'issue' || value.kind === 'pull' ? value.number !== undefined : true) &&
  (value.kind === 'commit' ? value.sha !== undefined : true);

export const PageContextSchema = z
  .strictObject({
    provider: z.enum(['github', 'gitlab', 'bitbucket']),
    host: z.string().regex(/^[a-z0-9.-]+(?::\d+)?$|^\[[0-9a-f:.]+\](?::\d+)?$/i),
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .refine((value) => !value.endsWith('/'), 'baseUrl has no trailing slash'),
    repository: z.string().regex(/^[^/\s]+(?:\/[^/\s]+)+$/, 'owner/name, or a deeper GitLab path'),
    kind: z.enum(['repo', 'tree', 'blob', 'commit', 'issue', 'pull']),
    selfHosted: z.boolean(),
    branch: z.string().min(1).optional(),
    number: z.number().int().positive().optional(),
    title: z.string().min(1).optional(),
    path: z.string().min(1).optional(),
    sha: z
      .string()
      .regex(/^[0-9a-f]{7,64}$/)
      .optional(),
  })
  .refine(refinedKinds, 'issues and pull requests need a number, commits a sha');

export type PageContext = z.infer<typeof PageContextSchema>;

// Compile-time check that the schema and the hand-written interface describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const pageContextMatchesInterface: Same<PageContext, PageContextData> = true;

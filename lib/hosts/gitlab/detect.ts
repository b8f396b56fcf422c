// GitLab page detection with the document: the address (./url.ts), refined by what the page
// says about itself on its body (`data-page`, `data-project-full-path`, `data-find-file`), an
// issue's or merge request's title and a merge request's source branch.

import { withDocument } from '../document';
import { safeDecode } from '../shared';
import { gitlabDomFields } from './anchors';
import { detectGitLabUrl, type GitLabHints } from './url';

export const detectGitLab = withDocument(detectGitLabUrl, gitlabDomFields, (doc): GitLabHints => {
  const body = doc.body;
  return {
    page: body?.getAttribute('data-page'),
    projectPath: body?.getAttribute('data-project-full-path'),
    ref: () => refFromFindFile(body),
  };
});

/**
 * The ref from `body[data-find-file]` = "…/-/find_file/{ref}" (GitLab 11 and 12: without `/-/`),
 * unambiguous even with slashes.
 */
function refFromFindFile(body: HTMLElement | null | undefined): string | undefined {
  const found = /\/find_file\/(.+)$/.exec(body?.getAttribute('data-find-file') ?? '');
  return found ? safeDecode(found[1] as string) : undefined;
}

import { startListChips } from '@/lib/content/list-chips';
import { gitlabLists, gitlabRootOf } from '@/lib/hosts/gitlab/lists';
import { detectGitLabUrl } from '@/lib/hosts/gitlab/url';
import '@/lib/content/list-chips.css';

// Chips on GitLab's issue and merge request lists. Not in the manifest: the worker loads it into a
// tab only when the page button's script finds a list there (lib/background/list-chips.ts).
export default defineContentScript({
  registration: 'runtime',
  matches: ['https://gitlab.com/*'],
  main() {
    startListChips({
      provider: 'gitlab',
      lists: gitlabLists,
      // A row's address names its item by the URL rules alone; under a relative URL root the page
      // tells the root from a group.
      detect: (address) =>
        detectGitLabUrl(address, {
          provider: 'gitlab',
          basePath: gitlabRootOf(document, location.pathname),
        }),
    });
  },
});

import { startListChips } from '@/lib/content/list-chips';
import { gitlabAdapter } from '@/lib/hosts/gitlab';
import { gitlabLists, gitlabRootOf } from '@/lib/hosts/gitlab/lists';
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
      // Under a relative URL root, a row's address alone cannot tell the root from a group.
      detect: (address) =>
        gitlabAdapter.detect(address, {
          provider: 'gitlab',
          identityOnly: true,
          basePath: gitlabRootOf(document, location.pathname),
        }),
    });
  },
});

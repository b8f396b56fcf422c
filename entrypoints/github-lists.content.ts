import { startListChips } from '@/lib/content/list-chips';
import { githubLists } from '@/lib/hosts/github/lists';
import { detectGitHubUrl } from '@/lib/hosts/github/url';
import '@/lib/content/list-chips.css';

// Chips on GitHub's issue and pull request lists. Not in the manifest: the worker loads it into a
// tab only when the page button's script finds a list there (lib/background/list-chips.ts).
export default defineContentScript({
  registration: 'runtime',
  matches: ['https://github.com/*'],
  main() {
    startListChips({
      provider: 'github',
      lists: githubLists,
      // A row's address names its item by the URL rules alone: no page-reading adapter.
      detect: (address) => detectGitHubUrl(address, { provider: 'github' }),
    });
  },
});

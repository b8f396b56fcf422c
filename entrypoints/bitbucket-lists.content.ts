import { startListChips } from '@/lib/content/list-chips';
import { bitbucketLists } from '@/lib/hosts/bitbucket/lists';
import { detectBitbucketUrl } from '@/lib/hosts/bitbucket/url';
import '@/lib/content/list-chips.css';

// Chips on Bitbucket's issue and pull request lists. Not in the manifest: the worker loads it into a
// tab only when the page button's script finds a list there (lib/background/list-chips.ts).
export default defineContentScript({
  registration: 'runtime',
  matches: ['https://bitbucket.org/*'],
  main() {
    startListChips({
      provider: 'bitbucket',
      lists: bitbucketLists,
      // A row's address names its item by the URL rules alone: no page-reading adapter.
      detect: (address) => detectBitbucketUrl(address, { provider: 'bitbucket' }),
    });
  },
});

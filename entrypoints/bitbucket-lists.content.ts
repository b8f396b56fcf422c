import { startListChips } from '@/lib/content/list-chips';
import { bitbucketAdapter } from '@/lib/hosts/bitbucket';
import { bitbucketLists } from '@/lib/hosts/bitbucket/lists';
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
      detect: (address) =>
        bitbucketAdapter.detect(address, { provider: 'bitbucket', identityOnly: true }),
    });
  },
});

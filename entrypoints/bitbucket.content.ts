import { startContentScript } from '@/lib/content/main';
import { bitbucketAdapter } from '@/lib/hosts/bitbucket';
import { isBitbucketListPage } from '@/lib/hosts/bitbucket/lists';
import { createHostDetection } from '@/lib/hosts/runtime';
// The button's look, injected by the browser with this script (no script time spent parsing it).
import '@/lib/content/button.css';
import '@/lib/hosts/bitbucket/button.css';

// One content script per host software, so each page carries only its own adapter (the
// content-script budget is 8 KB gzipped). Self-hosted bitbucket origins the person adds get this
// same file through dynamic registration (lib/background/host-registration.ts).
export default defineContentScript({
  matches: ['https://bitbucket.org/*'],
  // Start before the page is parsed: the mount observer places the button as soon as the
  // parser adds its anchor, instead of after the whole document.
  runAt: 'document_start',
  main(ctx) {
    startContentScript(
      ctx,
      'bitbucket',
      createHostDetection([bitbucketAdapter]),
      isBitbucketListPage,
    );
  },
});

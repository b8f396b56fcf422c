import { startContentScript } from '@/lib/content/main';
import { bitbucketAdapter } from '@/lib/hosts/bitbucket';
import { createHostDetection } from '@/lib/hosts/runtime';

// One content script per host software, so each page carries only its own adapter (the
// content-script budget is 8 KB gzipped). Self-hosted bitbucket origins the person adds get this
// same file through dynamic registration (lib/background/host-registration.ts).
export default defineContentScript({
  matches: ['https://bitbucket.org/*'],
  runAt: 'document_end',
  main(ctx) {
    startContentScript(ctx, 'bitbucket', createHostDetection([bitbucketAdapter]));
  },
});

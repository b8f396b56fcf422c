import { startContentScript } from '@/lib/content/main';
import { githubAdapter } from '@/lib/hosts/github';
import { createHostDetection } from '@/lib/hosts/runtime';

// One content script per host software, so each page carries only its own adapter (the
// content-script budget is 8 KB gzipped). Self-hosted github origins the person adds get this
// same file through dynamic registration (lib/background/host-registration.ts).
export default defineContentScript({
  matches: ['https://github.com/*'],
  runAt: 'document_end',
  main(ctx) {
    startContentScript(ctx, 'github', createHostDetection([githubAdapter]));
  },
});

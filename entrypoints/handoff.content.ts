import { startContentScript } from '@/lib/content/main';

export default defineContentScript({
  matches: ['https://github.com/*', 'https://gitlab.com/*', 'https://bitbucket.org/*'],
  runAt: 'document_end',
  main(ctx) {
    startContentScript(ctx);
  },
});

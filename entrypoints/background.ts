import { startBackground } from '@/lib/background/main';

export default defineBackground({
  type: 'module',
  main() {
    startBackground();
  },
});

import { startBackground } from '@/lib/background/main';

// A classic (not module) worker: WXT then builds it on its own, so its bundle gets the lean
// settings in wxt.config.ts instead of sharing chunks with the extension pages.
export default defineBackground(() => {
  startBackground();
});

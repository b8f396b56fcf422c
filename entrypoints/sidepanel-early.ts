import { startOpeningReads } from '@/components/sidepanel/model/opening-reads';

// Run by sidepanel.html before its modules: a classic script of a few kilobytes that begins the
// reads the first render waits for while the browser still loads and evaluates the panel's code
// (components/sidepanel/model/opening-reads.ts). Built on its own, with the browser's own
// extension namespace (wxt.config.ts), so it shares no chunk with the page.
export default defineUnlistedScript(() => {
  startOpeningReads(location.search);
});

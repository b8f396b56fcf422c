// The code host's own issue and pull request lists. A tab showing one gets the list code (only
// then: most code-host pages are no list), and its questions about rows are checked here before
// the index answers them (./conversations.ts): only a list page of a host the person uses may
// ask, and only about items on that same host. No server is asked; only words reach the page.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { hostLists } from '@/lib/hosts/list-pages';
import type { PageContextData, Provider } from '@/lib/hosts/types';
import type { Settings } from '@/lib/settings/schema';
import { defaultCodeHosts, isCodeHostContentScript } from './senders';

/** The code host a tab shows a list of, from the tab's own address; null: no list page. */
export function listPageOf(
  sender: Runtime.MessageSender,
  settings: Pick<Settings, 'selfHostedHosts'>,
): { provider: Provider; origin: string } | null {
  if (!isCodeHostContentScript(sender, settings)) return null;
  let address: URL;
  try {
    address = new URL(sender.tab?.url || sender.url || '');
  } catch {
    return null;
  }
  const host =
    defaultCodeHosts.find((known) => known.origin === address.origin) ??
    settings.selfHostedHosts.find((known) => known.origin === address.origin);
  if (!host) return null;
  return hostLists[host.provider].isListPage(address)
    ? { provider: host.provider, origin: address.origin }
    : null;
}

/**
 * The rows a list page may ask about: issues and pull requests on the page's own host only, so a
 * list cannot learn what the person hands to agents elsewhere.
 */
export function itemsOnHost(
  items: readonly PageContextData[],
  page: { provider: Provider; origin: string },
): PageContextData[] {
  const selfHosted = !defaultCodeHosts.some((known) => known.origin === page.origin);
  return items.filter((item) => {
    if (item.provider !== page.provider || item.selfHosted !== selfHosted) return false;
    if (item.kind !== 'issue' && item.kind !== 'pull') return false;
    try {
      return new URL(item.baseUrl).origin === page.origin;
    } catch {
      return false;
    }
  });
}

/** Loads the list code and its look into the tab's top frame. */
export async function loadListCode(tabId: number, provider: Provider): Promise<void> {
  const target = { tabId, frameIds: [0] };
  await browser.scripting.insertCSS({ target, files: [`/content-scripts/${provider}-lists.css`] });
  await browser.scripting.executeScript({
    target,
    files: [`/content-scripts/${provider}-lists.js`],
  });
}

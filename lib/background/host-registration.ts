import { browser } from 'wxt/browser';
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { originPattern } from '@/lib/settings/addresses';
import type { SelfHostedHost } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/settings/store';

const ID_PREFIX = 'handoff-host:';
/** A content script and the stylesheet the browser injects with it (the page button's look). */
export interface ContentScriptFiles {
  js: ScriptPublicPath[];
  css: string[];
}

/** Each host software has its own content script, carrying only that host's adapter. */
export function registrationFiles(host: Pick<SelfHostedHost, 'provider'>): ContentScriptFiles {
  return {
    js: [`/content-scripts/${host.provider}.js`],
    css: [`/content-scripts/${host.provider}.css`],
  };
}

function registrationId(host: SelfHostedHost): string {
  return `${ID_PREFIX}${host.provider}:${host.origin}`;
}

/** Exact-origin match pattern: unlike host permissions, content scripts must not run on other ports. */
function matchesFor(host: SelfHostedHost): string[] {
  return [`${host.origin}/*`];
}

async function isGranted(host: SelfHostedHost): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(host.origin)] });
}

/**
 * Makes the registered content scripts equal to (self-hosted hosts the person added) ×
 * (origins still granted). Chrome drops dynamic registrations when the extension updates or
 * is re-enabled, so this runs at every worker start and on every permission change; it reads
 * state afresh each time instead of trusting what an earlier run did.
 */
async function reconcileOnce(): Promise<void> {
  const { selfHostedHosts } = await loadSettings();
  const wanted = new Map<string, SelfHostedHost>();
  for (const host of selfHostedHosts) {
    if (await isGranted(host)) wanted.set(registrationId(host), host);
  }
  const registered = await browser.scripting.getRegisteredContentScripts();
  const ours = registered.filter((script) => script.id.startsWith(ID_PREFIX));
  const stale = ours.filter((script) => !wanted.has(script.id)).map((script) => script.id);
  if (stale.length) await browser.scripting.unregisterContentScripts({ ids: stale });
  const present = new Set(ours.map((script) => script.id));
  const missing = [...wanted].filter(([id]) => !present.has(id));
  if (missing.length) {
    await browser.scripting.registerContentScripts(
      missing.map(([id, host]) => ({
        id,
        matches: matchesFor(host),
        ...registrationFiles(host),
        runAt: 'document_start' as const,
        persistAcrossSessions: true,
      })),
    );
  }
}

let running: Promise<void> | null = null;
let again = false;

/** Serialised and coalesced: concurrent triggers collapse into at most one more run. */
export function reconcileHostRegistrations(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await reconcileOnce();
      } while (again);
    } catch (error) {
      console.warn('[handoff] could not reconcile self-hosted content scripts', error);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Puts the content script into tabs that were open before it could run there. */
export async function injectIntoOpenTabs(
  origins: readonly string[],
  files: (origin: string) => ContentScriptFiles,
): Promise<void> {
  for (const origin of origins) {
    const tabs = await browser.tabs.query({ url: `${origin}/*` }).catch(() => []);
    const { js, css } = files(origin);
    for (const tab of tabs) {
      if (tab.id === undefined) continue;
      const target = { tabId: tab.id };
      // The look first, so the button never shows unstyled. Tabs showing error pages or the web
      // store refuse both; nothing to do there.
      await browser.scripting.insertCSS({ target, files: css }).catch(() => {});
      await browser.scripting.executeScript({ target, files: js }).catch(() => {});
    }
  }
}

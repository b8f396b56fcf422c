import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { Settings } from '@/lib/settings/schema';

/** Code hosts served without the person adding them. */
export const defaultCodeHosts = [
  { origin: 'https://github.com', provider: 'github' },
  { origin: 'https://gitlab.com', provider: 'gitlab' },
  { origin: 'https://bitbucket.org', provider: 'bitbucket' },
] as const;
export const defaultCodeHostOrigins: readonly string[] = defaultCodeHosts.map((h) => h.origin);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * One of our own pages (options, side panel, also when opened as a tab). Compared by the
 * extension's base URL, which URL.origin does not report alike for every extension scheme.
 */
export function isExtensionPageSender(sender: Runtime.MessageSender): boolean {
  const base = browser.runtime.getURL('/');
  return (
    sender.id === browser.runtime.id &&
    typeof sender.url === 'string' &&
    sender.url.startsWith(base)
  );
}

/**
 * Our content script in a top-level code-host page: the only other sender we answer, and only
 * for the narrow requests in lib/messaging/content-messages-schema.ts.
 */
export function isCodeHostContentScript(
  sender: Runtime.MessageSender,
  settings: Pick<Settings, 'selfHostedHosts'>,
): boolean {
  if (sender.id !== browser.runtime.id || !sender.tab?.id) return false;
  if (sender.frameId !== undefined && sender.frameId !== 0) return false;
  const origin = originOf(sender.url);
  if (!origin) return false;
  return (
    defaultCodeHostOrigins.includes(origin) ||
    settings.selfHostedHosts.some((host) => host.origin === origin)
  );
}

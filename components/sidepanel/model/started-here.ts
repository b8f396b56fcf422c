// Which conversations this browser's Handoff started, so the details can say "started from
// Handoff": the servers record no such thing (a V0 conversation created over REST reads as
// started from the web app). The newest few hundred ids are kept in storage.local.
import { browser } from 'wxt/browser';

const KEY = 'handoff:started-here';
const KEEP = 500;

/** Dashes and case differ between interfaces and routes: ids are compared in one form. */
const normal = (id: string) => id.replaceAll('-', '').toLowerCase();

async function read(): Promise<string[]> {
  try {
    const stored = (await browser.storage.local.get(KEY))[KEY];
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export async function markStartedHere(conversationId: string): Promise<void> {
  const ids = (await read()).filter((id) => id !== normal(conversationId));
  ids.push(normal(conversationId));
  await browser.storage.local.set({ [KEY]: ids.slice(-KEEP) }).catch(() => {});
}

export async function wasStartedHere(conversationId: string): Promise<boolean> {
  return (await read()).includes(normal(conversationId));
}

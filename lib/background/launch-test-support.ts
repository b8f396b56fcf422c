// What the worker's launch tests share: a GitHub issue page, the tab it is in, a side panel
// that records being opened, and the launches waiting for a panel.
import { afterEach, beforeEach, vi } from 'vitest';
import { browser } from 'wxt/browser';
import type { PageContextData } from '@/lib/hosts/types';
import { saveSettings } from '@/lib/settings/store';
import { freshProfile } from '@/lib/settings/test-support';

export const issue: PageContextData = {
  provider: 'github',
  host: 'github.com',
  baseUrl: 'https://github.com',
  repository: 'octo/widgets',
  kind: 'issue',
  selfHosted: false,
  number: 7,
  title: 'Parser crashes on null',
};

export const tab = {
  id: 12,
  windowId: 3,
  index: 0,
  highlighted: true,
  active: true,
  pinned: false,
  incognito: false,
};

export function fromGitHub(overrides: Record<string, unknown> = {}) {
  return {
    id: browser.runtime.id,
    tab,
    frameId: 0,
    url: 'https://github.com/octo/widgets/issues/7',
    ...overrides,
  };
}

export async function pendingLaunches(): Promise<Record<string, unknown>> {
  return ((await browser.storage.session.get('handoff:pending-launches'))[
    'handoff:pending-launches'
  ] ?? {}) as Record<string, unknown>;
}

/** A fresh browser with a server configured and a side panel whose open() is recorded. */
export function withFakeSidePanel() {
  const open = vi.fn(async (_options: { windowId: number }) => {});
  beforeEach(async () => {
    freshProfile();
    open.mockClear();
    (globalThis as { chrome?: unknown }).chrome = { sidePanel: { open } };
    await saveSettings({ serverUrl: 'http://127.0.0.1:3000' });
  });
  afterEach(() => {
    delete (globalThis as { chrome?: unknown }).chrome;
  });
  return open;
}

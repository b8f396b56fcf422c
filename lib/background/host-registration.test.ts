import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { saveSettings } from '@/lib/settings/store';
import { reconcileHostRegistrations } from './host-registration';

// Self-hosted hosts get their content script through the promise-returning `browser.scripting`.
// Firefox's MV2 `chrome.scripting` takes callbacks only and returns undefined, so code written
// against `chrome.*` never registered a host there.

type Registered = { id: string; matches?: string[]; js?: string[]; css?: string[] };

describe('registering self-hosted hosts', () => {
  let registered: Registered[];
  beforeEach(() => {
    fakeBrowser.reset();
    registered = [];
    const scripting = {
      getRegisteredContentScripts: vi.fn(async () => registered),
      registerContentScripts: vi.fn(async (scripts: Registered[]) => {
        registered.push(...scripts);
      }),
      unregisterContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => {
        registered = registered.filter((script) => !ids.includes(script.id));
      }),
    };
    (browser as unknown as { scripting: unknown }).scripting = scripting;
    // What Firefox's MV2 offers under `chrome`: callbacks only, nothing returned.
    (globalThis as { chrome?: unknown }).chrome = {
      scripting: {
        getRegisteredContentScripts: () => undefined,
        registerContentScripts: () => undefined,
        unregisterContentScripts: () => undefined,
      },
    };
    vi.spyOn(browser.permissions, 'contains').mockImplementation((async () => true) as never);
  });
  afterEach(() => {
    delete (globalThis as { chrome?: unknown }).chrome;
    vi.restoreAllMocks();
  });

  it('registers a granted host and unregisters it once removed', async () => {
    await saveSettings({
      selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
    });
    await reconcileHostRegistrations();
    expect(registered.map((script) => script.matches)).toEqual([['https://git.example.com/*']]);
    // The GitLab script, with the stylesheet that gives its button its look.
    expect(registered[0]).toMatchObject({
      js: ['/content-scripts/gitlab.js'],
      css: ['/content-scripts/gitlab.css'],
    });

    await saveSettings({ selfHostedHosts: [] });
    await reconcileHostRegistrations();
    expect(registered).toEqual([]);
  });
});

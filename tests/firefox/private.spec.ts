import { describe, expect, it } from 'vitest';
import { fixtureNamed, fixturePagesByUrl } from '../shared/host-fixtures';
import { useFirefox } from './setup';
import { pause } from './ui';

// Private windows: Handoff never runs there (manifest `incognito: "not_allowed"`), even when the
// person allows add-ons in private windows. Its button, menus and shortcut stay out of them, so
// nothing a private window shows reaches the conversations and cache Handoff keeps on disk.

const pages = fixturePagesByUrl();
const served = (url: string) => pages.get(url) ?? null;

describe('private windows', () => {
  // Installed the way "Run in Private Windows" would allow it: Handoff still declines.
  const firefox = useFirefox({ install: { privateBrowsing: true } });

  it('get no button, while an ordinary window beside them does', async () => {
    const fixture = fixtureNamed('issue-react');
    const allowed = await firefox().privileged(
      (id) =>
        (
          WebExtensionPolicy as unknown as {
            getByID(id: string): { privateBrowsingAllowed: boolean } | null;
          }
        ).getByID(id)?.privateBrowsingAllowed ?? null,
      firefox().addonId,
    );
    expect(allowed).toBe(false);

    const ordinary = await firefox().openCodeHostPage(fixture.url, served);
    await ordinary.waitForSelector('[data-handoff-root]', { timeout: 10_000 });

    const before = new Set(await firefox().contextIds());
    const opened = await firefox().privileged(() => {
      const { PrivateBrowsingUtils } = ChromeUtils.importESModule(
        'resource://gre/modules/PrivateBrowsingUtils.sys.mjs',
      ) as { PrivateBrowsingUtils: { isWindowPrivate(window: unknown): boolean } };
      const made = (
        window as unknown as { OpenBrowserWindow(options: object): unknown }
      ).OpenBrowserWindow({ private: true });
      return PrivateBrowsingUtils.isWindowPrivate(made);
    }, null);
    expect(opened).toBe(true);
    const inPrivate = await firefox().waitForNewPage(before);
    // The window's tab opens on about:blank and then loads its start page: a navigation begun
    // in between is aborted by that load (NS_BINDING_ABORTED), so the test waits for it.
    await expect
      .poll(
        () =>
          inPrivate
            .evaluate(() => `${location.href} ${document.readyState}`)
            .catch(() => 'not ready'),
        { timeout: 15_000 },
      )
      .toBe('about:privatebrowsing complete');
    await firefox().serve(inPrivate, served);
    await inPrivate.goto(fixture.url);
    // The same page the ordinary window shows with its button within a second or so.
    await pause(3000);
    expect(await inPrivate.$('[data-handoff-root]')).toBeNull();
    expect(await inPrivate.evaluate(() => document.title)).toContain('Widgets flicker on resize');
  });
});

declare const WebExtensionPolicy: unknown;
declare const ChromeUtils: { importESModule(url: string): unknown };

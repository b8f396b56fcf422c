import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { buildMenus, toolbarMenuContext } from './menus';

describe('the toolbar button menu', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the context name each manifest version knows', () => {
    // Firefox's MV2 rejects `action` outright, so the whole entry was never created there.
    expect(toolbarMenuContext(2)).toBe('browser_action');
    expect(toolbarMenuContext(3)).toBe('action');
  });

  it.each([
    [2, 'browser_action'],
    [3, 'action'],
  ])('is created for the MV%i build with the %s context', async (version, context) => {
    vi.spyOn(browser.runtime, 'getManifest').mockReturnValue({
      manifest_version: version as 2 | 3,
      name: 'Handoff',
      version: '0.1.0',
    });
    const create = vi.spyOn(browser.contextMenus, 'create').mockReturnValue('id');
    vi.spyOn(browser.contextMenus, 'removeAll').mockResolvedValue();
    await buildMenus({
      selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
    });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'handoff-start-here', contexts: [context] }),
    );
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        contexts: ['selection'],
        documentUrlPatterns: [
          'https://github.com/*',
          'https://gitlab.com/*',
          'https://bitbucket.org/*',
          'https://git.example.com/*',
        ],
      }),
    );
  });
});

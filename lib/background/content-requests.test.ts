import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { saveSettings } from '@/lib/settings/store';
import { handleContentRequest } from './content-requests';
import { fromGitHub, issue, pendingLaunches, withFakeSidePanel } from './launch-test-support';
import { isExtensionPageSender } from './senders';

describe('requests from content scripts', () => {
  const open = withFakeSidePanel();

  it('opens the panel at once and hands it the page context', async () => {
    const reply = handleContentRequest(
      { type: 'handoff/start-from-page', context: issue, immediate: false },
      fromGitHub() as never,
    );
    // The panel opened synchronously, inside the click's gesture, before any await.
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    expect(await reply).toEqual({ ok: true });
    expect(await pendingLaunches()).toEqual({
      3: { kind: 'new-conversation', context: issue, autoStart: false },
    });
  });

  it('starts at once on Alt-click, or on a plain click when one-click is chosen', async () => {
    await handleContentRequest(
      { type: 'handoff/start-from-page', context: issue, immediate: true },
      fromGitHub() as never,
    );
    expect(((await pendingLaunches())[3] as { autoStart: boolean }).autoStart).toBe(true);
    await saveSettings({ clickBehaviour: 'start' });
    await handleContentRequest(
      { type: 'handoff/start-from-page', context: issue, immediate: false },
      fromGitHub() as never,
    );
    expect(((await pendingLaunches())[3] as { autoStart: boolean }).autoStart).toBe(true);
  });

  it('shows the setup page when no server is configured', async () => {
    await saveSettings({ serverUrl: null });
    await handleContentRequest(
      { type: 'handoff/start-from-page', context: issue, immediate: false },
      fromGitHub() as never,
    );
    expect(await pendingLaunches()).toEqual({ 3: { kind: 'setup' } });
  });

  it.each([
    ['an unknown message type', { type: 'handoff/steal-key' }],
    [
      'an extra field',
      { type: 'handoff/start-from-page', context: issue, immediate: false, key: 'x' },
    ],
    [
      'a context with an extra field',
      { type: 'handoff/start-from-page', context: { ...issue, apiKey: 1 }, immediate: false },
    ],
    [
      'a malformed repository',
      {
        type: 'handoff/start-from-page',
        context: { ...issue, repository: 'no-slash' },
        immediate: false,
      },
    ],
    [
      'an issue without its number',
      {
        type: 'handoff/start-from-page',
        context: { ...issue, number: undefined },
        immediate: false,
      },
    ],
    [
      'a javascript: base URL',
      {
        type: 'handoff/start-from-page',
        context: { ...issue, baseUrl: 'javascript:alert(1)' },
        immediate: false,
      },
    ],
    [
      'a title of 10,000 characters',
      {
        type: 'handoff/start-from-page',
        context: { ...issue, title: 'x'.repeat(10_000) },
        immediate: false,
      },
    ],
    ['not an object', 'start'],
  ])('ignores %s without opening anything', (_name, message) => {
    expect(handleContentRequest(message, fromGitHub() as never)).toBeUndefined();
    expect(open).not.toHaveBeenCalled();
  });

  it('ignores another extension and senders without a tab', () => {
    const message = { type: 'handoff/start-from-page', context: issue, immediate: false };
    expect(
      handleContentRequest(message, fromGitHub({ id: 'another-extension' }) as never),
    ).toBeUndefined();
    expect(handleContentRequest(message, fromGitHub({ tab: undefined }) as never)).toBeUndefined();
  });

  it('refuses frames and pages that are not code hosts it serves', async () => {
    const message = { type: 'handoff/start-from-page', context: issue, immediate: false };
    expect(await handleContentRequest(message, fromGitHub({ frameId: 2 }) as never)).toMatchObject({
      ok: false,
    });
    expect(
      await handleContentRequest(
        message,
        fromGitHub({ url: 'https://evil.example/octo/widgets' }) as never,
      ),
    ).toMatchObject({ ok: false });
    expect(await pendingLaunches()).toEqual({});
  });

  it('serves a self-hosted origin once the person added it', async () => {
    const message = {
      type: 'handoff/start-from-page',
      context: {
        ...issue,
        host: 'git.example.com',
        baseUrl: 'https://git.example.com',
        selfHosted: true,
      },
      immediate: false,
    };
    const sender = fromGitHub({ url: 'https://git.example.com/octo/widgets/issues/7' });
    expect(await handleContentRequest(message, sender as never)).toMatchObject({ ok: false });
    await saveSettings({
      selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'github' }],
    });
    expect(await handleContentRequest(message, sender as never)).toEqual({ ok: true });
  });
});

describe('extension pages', () => {
  it('are told apart from content scripts by their origin, not by what they claim', () => {
    const page = browser.runtime.getURL('/options.html');
    expect(isExtensionPageSender({ id: browser.runtime.id, url: page })).toBe(true);
    expect(
      isExtensionPageSender({ id: browser.runtime.id, url: 'https://github.com/options.html' }),
    ).toBe(false);
    expect(
      isExtensionPageSender({
        id: browser.runtime.id,
        url: page.replace('/options', '.evil.example/options'),
      }),
    ).toBe(false);
    expect(isExtensionPageSender({ id: 'other', url: page })).toBe(false);
  });
});

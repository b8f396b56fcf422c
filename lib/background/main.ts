import { browser } from 'wxt/browser';

export function startBackground(): void {
  browser.runtime.onMessage.addListener((message: unknown) => {
    if (
      typeof message === 'object' &&
      message !== null &&
      (message as { type?: unknown }).type === 'ping'
    ) {
      return Promise.resolve({ type: 'pong' });
    }
    return undefined;
  });
}

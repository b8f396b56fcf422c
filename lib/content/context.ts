// The content script's context, in place of WXT's (wxt.config.ts aliases it for content-script
// builds). WXT's announces every start to the page with window.postMessage under a name that
// contains the extension's id, and watches navigation by dispatching window events with that id:
// any page could read which extension it is talking to. This one tells the page nothing beyond
// a nameless "a newer copy started" DOM event, which is how a copy injected after an update
// retires the old one (docs/security.md#least-privilege).
import { browser } from 'wxt/browser';

const STARTED = 'handoff:content-script-started';

export class ContentScriptContext {
  private readonly controller = new AbortController();
  private readonly id = Math.random().toString(36).slice(2);

  constructor(readonly contentScriptName: string) {
    document.dispatchEvent(new CustomEvent(STARTED, { detail: `${contentScriptName} ${this.id}` }));
    this.addEventListener(document, STARTED, (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (detail === `${contentScriptName} ${this.id}`) return;
      if (typeof detail === 'string' && detail.startsWith(`${contentScriptName} `)) {
        this.notifyInvalidated();
      }
    });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** An update or reload took the extension away from under this copy. */
  get isInvalid(): boolean {
    if (browser.runtime?.id == null) this.notifyInvalidated();
    return this.signal.aborted;
  }

  get isValid(): boolean {
    return !this.isInvalid;
  }

  onInvalidated(callback: () => void): () => void {
    this.signal.addEventListener('abort', callback);
    return () => this.signal.removeEventListener('abort', callback);
  }

  notifyInvalidated(): void {
    if (!this.signal.aborted) this.controller.abort('Content script context invalidated');
  }

  setTimeout(handler: () => void, timeout?: number): number {
    const id = window.setTimeout(() => {
      if (this.isValid) handler();
    }, timeout);
    this.onInvalidated(() => clearTimeout(id));
    return id;
  }

  setInterval(handler: () => void, timeout?: number): number {
    const id = window.setInterval(() => {
      if (this.isValid) handler();
    }, timeout);
    this.onInvalidated(() => clearInterval(id));
    return id;
  }

  /**
   * Listens until invalidated. `wxt:locationchange` is served here, from the Navigation API
   * where there is one and a one-second check of the address elsewhere, without any event the
   * page could see.
   */
  addEventListener(
    target: EventTarget,
    type: string,
    handler: (event: Event) => void,
    options?: AddEventListenerOptions,
  ): void {
    if (type === 'wxt:locationchange') {
      this.watchLocation(handler);
      return;
    }
    target.addEventListener(type, handler, { ...options, signal: this.signal });
  }

  private watchLocation(handler: (event: Event) => void): void {
    let last = location.href;
    const check = (next: string) => {
      if (next === last) return;
      last = next;
      handler(new Event('locationchange'));
    };
    const navigation = (globalThis as { navigation?: EventTarget }).navigation;
    if (navigation?.addEventListener) {
      navigation.addEventListener(
        'navigate',
        (event) => check((event as Event & { destination: { url: string } }).destination.url),
        { signal: this.signal },
      );
    } else {
      this.setInterval(() => check(location.href), 1000);
    }
  }
}

// The content script's context, in place of WXT's (wxt.config.ts aliases it for content-script
// builds). WXT's announces every start to the page with window.postMessage under a name that
// contains the extension's id, and watches navigation by dispatching window events with that id:
// any page could read which extension it is talking to. This one tells the page nothing beyond
// a nameless "a newer copy started" DOM event, which is how a copy injected after an update
// retires the old one (docs/security.md#least-privilege). It never touches the extension's
// runtime (lib/content/runtime.ts says why): a copy whose extension went away learns it when it
// next speaks to the worker, and until then only keeps its button where it is.

// Listeners and timers are undone by hand when the copy retires, not through an AbortSignal:
// handing a signal to each listener costs a page load more than the listeners themselves (about
// 0.05 ms for six in Chromium 156), and the button pays for everything it does on every page.
export class ContentScriptContext {
  private invalidated = false;
  private readonly cleanups = new Set<() => void>();

  constructor(readonly contentScriptName: string) {
    // Dispatching is synchronous and this copy listens only afterwards, so it never hears its
    // own start: a plain event is enough, with nothing in it to tell copies apart.
    const started = `handoff:content-script-started:${contentScriptName}`;
    document.dispatchEvent(new Event(started));
    this.addEventListener(document, started, () => this.notifyInvalidated());
  }

  /** A newer copy took over, or the script's owner ended it. */
  get isInvalid(): boolean {
    return this.invalidated;
  }

  get isValid(): boolean {
    return !this.invalidated;
  }

  onInvalidated(callback: () => void): () => void {
    this.cleanups.add(callback);
    return () => this.cleanups.delete(callback);
  }

  notifyInvalidated(): void {
    if (this.invalidated) return;
    this.invalidated = true;
    for (const cleanup of this.cleanups) cleanup();
    this.cleanups.clear();
  }

  setTimeout(handler: () => void, timeout?: number): number {
    const id = window.setTimeout(() => {
      forget();
      if (this.isValid) handler();
    }, timeout);
    const forget = this.onInvalidated(() => clearTimeout(id));
    return id;
  }

  setInterval(handler: () => void, timeout?: number): number {
    const id = window.setInterval(() => {
      if (this.isValid) handler();
    }, timeout);
    this.onInvalidated(() => clearInterval(id));
    return id;
  }

  /** Listens until invalidated. */
  addEventListener(
    target: EventTarget,
    type: string,
    handler: (event: Event) => void,
    options?: AddEventListenerOptions,
  ): void {
    target.addEventListener(type, handler, options);
    this.onInvalidated(() => target.removeEventListener(type, handler, options));
  }
}

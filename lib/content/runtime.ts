// The extension's runtime as a content script reaches it: looked up the first time a page needs
// it, never when the script starts. Chrome builds its runtime bindings for a page's isolated
// world on first touch, which cost ~0.2 ms of the page's main thread in Chromium 156 (about as
// much as the bench floor's whole button, bench/suites/button-timing.ts), and most code-host pages
// never need them: only an issue or pull request page asks the worker anything before a click.
// WXT's `browser` export touches the runtime as its module loads, so it is not used here.

type Runtime = typeof chrome.runtime;

interface ExtensionGlobals {
  browser?: { runtime?: Runtime };
  chrome?: { runtime?: Runtime };
}

let runtime: Runtime | undefined;

/**
 * Firefox's promise-based `browser`, else Chrome's `chrome` (whose MV3 APIs return promises too).
 * Throws where the extension is gone from under this page (an update or reload), as the
 * callers' own use of it would.
 */
export function extensionRuntime(): Runtime {
  if (runtime) return runtime;
  const globals = globalThis as ExtensionGlobals;
  const found = globals.browser?.runtime?.id ? globals.browser.runtime : globals.chrome?.runtime;
  if (!found) throw new Error('The extension is not available on this page.');
  runtime = found;
  return found;
}

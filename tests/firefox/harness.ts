// The real-Firefox harness: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi
// (docs/toolchain.md#firefox). One Firefox per test file; the add-on is installed afresh for every test,
// which gives it a new moz-extension origin and so empty storage and IndexedDB. Errors thrown by
// extension code reach only Firefox's stderr: they are collected here and fail the test.
//
// puppeteer-core is pinned exactly (24.x: 25 needs Node 22). Two of its internals are used, each
// in one place below: the raw BiDi connection and a frame's BiDi browsing context.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
// @ts-expect-error: plain ESM helper shared with the Node scripts, typed by its JSDoc.
import { findFirefox } from '../../scripts/firefox.mjs';
import { firefoxExtensionDir, readManifest } from './paths';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
  on(event: string, listener: (params: BlockedRequest) => void): void;
}

/** The part of BiDi's network.beforeRequestSent the API stand-ins read. */
interface BlockedRequest {
  isBlocked?: boolean;
  intercepts?: string[];
  request: { request: string; url: string; headers: { name: string; value: { value: string } }[] };
}

/** An answer from a stand-in API, as tests/support/code-host-apis.ts gives it. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The part of Firefox's ExtensionParent the harness reads. */
interface AddonManagerScope {
  GlobalManager: { getExtension(id: string): { backgroundState: string } | undefined };
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text?: string };
}

/** The HTML to answer for an address the test serves instead of the network, or null. */
export type Routes = (url: string) => string | null;

export interface LaunchOptions {
  /** Extra Firefox prefs for this browser. */
  prefs?: Record<string, string | number | boolean>;
  /** An unpacked build other than the product's MV2 one. */
  extensionDir?: string;
}

export interface InstallOptions {
  /** Let the add-on run in private windows, as the person's "Run in Private Windows" does. */
  privateBrowsing?: boolean;
  /** Leave the sidebar Firefox opens at install open. */
  keepSidebar?: boolean;
}

function firefoxPath(): string {
  const found = findFirefox() as { path: string } | null;
  if (!found) {
    throw new Error(
      'No Firefox found. Run `node scripts/ensure-firefox.mjs` or set FIREFOX_PATH to a Firefox binary.',
    );
  }
  return found.path;
}

/** Compares dotted versions numerically ("153.7.0" against "153.0"). */
function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const b = minimum.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** The BiDi browsing context id behind a tab (an internal of puppeteer's BiDi frame). */
function contextOf(page: Page): string {
  return (page.mainFrame() as unknown as { browsingContext: { id: string } }).browsingContext.id;
}

export class Firefox {
  /** Every line Firefox wrote to stdout and stderr, in order. */
  readonly output: string[] = [];
  /** The add-on's current moz-extension host (a new one after every install). */
  uuid = '';
  readonly addonId: string;
  readonly downloads: string;
  private readonly uuids = new Set<string>();
  /** Each replaced install's uuid, with where the browser's output stood when it was removed. */
  private readonly removedAt = new Map<string, number>();
  private errorCursor = 0;
  private installed = false;
  private chromeContext: string | null = null;

  private constructor(
    readonly browser: Browser,
    readonly version: string,
    readonly extensionDir: string,
    private readonly tempDir: string,
  ) {
    this.addonId = readManifest(extensionDir).browser_specific_settings.gecko.id;
    this.downloads = join(tempDir, 'downloads');
  }

  static async launch(options: LaunchOptions = {}): Promise<Firefox> {
    const extensionDir = options.extensionDir ?? firefoxExtensionDir;
    const manifest = readManifest(extensionDir);
    const temp = mkdtempSync(join(tmpdir(), 'handoff-firefox-'));
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: true,
      // Without it BiDi refuses to navigate to moz-extension:// pages and to reach the browser
      // window, where the toolbar button, the sidebar and the permission prompt live.
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        // Optional permissions are granted without the doorhanger unless a test turns it back on
        // to answer it (see answerPermissionPrompt).
        'extensions.webextOptionalPermissionPrompts': false,
        'browser.download.dir': join(temp, 'downloads'),
        'browser.download.folderList': 2,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        'browser.download.start_downloads_in_tmp_dir': false,
        'browser.download.alwaysOpenPanel': false,
        // Headless Firefox has no desktop notification service to hand notifications to: with
        // this it shows its own alert window, which the tests can read and click.
        'alerts.useSystemBackend': false,
        ...options.prefs,
      },
    });
    const [, version = ''] = (await browser.version()).split('/');
    const minimum = manifest.browser_specific_settings.gecko.strict_min_version;
    if (minimum && !versionAtLeast(version, minimum)) {
      await browser.close();
      throw new Error(
        `Firefox ${version} is older than the add-on's strict_min_version ${minimum}: ` +
          'install a newer firefox-esr (apt-get install -y firefox-esr) or set FIREFOX_PATH.',
      );
    }
    const firefox = new Firefox(browser, version, extensionDir, temp);
    const child = browser.process();
    if (child) {
      for (const stream of [child.stdout, child.stderr] as (Readable | null)[]) {
        if (!stream) continue;
        createInterface({ input: stream }).on('line', (line) => firefox.output.push(line));
      }
    }
    return firefox;
  }

  private get connection(): BidiConnection {
    return (this.browser as unknown as { connection: BidiConnection }).connection;
  }

  /** Sends a raw WebDriver BiDi command. */
  bidi(method: string, params: object): Promise<{ result: Record<string, unknown> }> {
    return this.connection.send(method, params);
  }

  // --- The add-on ------------------------------------------------------------------------------

  /**
   * Installs the add-on as a temporary add-on, replacing any earlier install: a new origin, so
   * empty storage.local, storage.session and IndexedDB. Resolves once its background runs.
   */
  async installFresh(options: InstallOptions = {}): Promise<void> {
    if (this.installed) {
      this.removedAt.set(this.uuid, this.output.length);
      await this.bidi('webExtension.uninstall', { extension: this.addonId });
      this.installed = false;
    }
    await this.bidi('webExtension.install', {
      extensionData: { type: 'path', path: this.extensionDir },
      ...(options.privateBrowsing ? { 'moz:allowPrivateBrowsing': true } : {}),
    });
    this.installed = true;
    this.uuid = await this.privileged(
      (id) => WebExtensionPolicy.getByID(id)?.mozExtensionHostname ?? '',
      this.addonId,
    );
    if (!this.uuid) throw new Error(`the add-on ${this.addonId} did not start`);
    this.uuids.add(this.uuid);
    await this.waitForBackground();
    if (!options.keepSidebar) {
      // Firefox opens an add-on's sidebar when it is installed (open_at_install): tests start
      // from a window without it, unless they ask, so only the panels they open exist.
      const deadline = Date.now() + 5000;
      while (!(await this.sidebar()).ours && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await this.closeSidebar();
    }
  }

  extensionUrl(path: string): string {
    return `moz-extension://${this.uuid}/${path.replace(/^\//, '')}`;
  }

  /** The background's state as Firefox's add-on manager keeps it: running, stopped, … */
  backgroundState(): Promise<string> {
    return this.privileged(async (id) => {
      const { ExtensionParent } = ChromeUtils.importESModule(
        'resource://gre/modules/ExtensionParent.sys.mjs',
      ) as { ExtensionParent: AddonManagerScope };
      return String(ExtensionParent.GlobalManager.getExtension(id)?.backgroundState ?? 'absent');
    }, this.addonId);
  }

  async waitForBackground(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await this.backgroundState()) === 'running') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the background never ran (state: ${await this.backgroundState()})`);
  }

  // --- Pages -----------------------------------------------------------------------------------

  /**
   * Navigates a tab with BiDi's own browsingContext.navigate: page.goto() waits for events
   * Firefox does not send for moz-extension:// pages and times out although the page loaded.
   */
  async navigate(page: Page, url: string): Promise<void> {
    await this.bidi('browsingContext.navigate', {
      context: contextOf(page),
      url,
      wait: 'complete',
    });
  }

  /** Reloads a tab the same way (page.reload() times out on extension pages, like goto). */
  async reload(page: Page): Promise<void> {
    await this.bidi('browsingContext.reload', { context: contextOf(page), wait: 'complete' });
  }

  /** Opens an extension page (options.html, sidepanel.html?conversation=…) in a new tab. */
  async openExtensionPage(path: string): Promise<Page> {
    const page = await this.browser.newPage();
    await this.navigate(page, this.extensionUrl(path));
    return page;
  }

  /**
   * Serves HTML for real code-host URLs in this tab, so the content scripts' match patterns
   * apply; other https addresses get a 404 instead of reaching the network.
   */
  async serve(page: Page, routes: Routes): Promise<void> {
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      const url = request.url();
      const html = routes(url);
      if (html !== null) {
        void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      } else if (url.startsWith('https://')) {
        void request.respond({ status: 404, contentType: 'text/plain', body: 'not served' });
      } else {
        void request.continue();
      }
    });
  }

  /**
   * Answers every request under `base` (a code host's API address), from any tab or window the
   * extension opens, with `answer`. The skill viewer fetches from its own page, and the panel
   * window it opens exists only after the click, so a per-tab route would come too late.
   */
  async serveApi(
    base: string,
    answer: (request: { url: string; headers: Record<string, string> }) => ApiAnswer,
  ): Promise<void> {
    const { origin, hostname, pathname } = new URL(base);
    const added = await this.bidi('network.addIntercept', {
      phases: ['beforeRequestSent'],
      urlPatterns: [{ type: 'pattern', protocol: 'https', hostname }],
    });
    const intercept = added.result.intercept as string;
    this.connection.on('network.beforeRequestSent', (event) => {
      if (!event.isBlocked || !event.intercepts?.includes(intercept)) return;
      const { url } = event.request;
      const parsed = new URL(url);
      const reply =
        parsed.origin === origin && parsed.pathname.startsWith(pathname)
          ? answer({
              url,
              headers: Object.fromEntries(
                event.request.headers.map((h) => [h.name.toLowerCase(), h.value.value]),
              ),
            })
          : { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not served' };
      void this.bidi('network.provideResponse', {
        request: event.request.request,
        statusCode: reply.status,
        headers: Object.entries(reply.headers).map(([name, value]) => ({
          name,
          value: { type: 'string', value },
        })),
        body: { type: 'string', value: reply.body },
      }).catch(() => {});
    });
  }

  /** Opens a code-host URL in a new tab with the given routes served. */
  async openCodeHostPage(url: string, routes: Routes): Promise<Page> {
    const page = await this.browser.newPage();
    await this.serve(page, routes);
    await page.goto(url);
    return page;
  }

  /**
   * Waits for a tab or window whose address matches, however it was opened. Addresses come from
   * BiDi's own tree: puppeteer keeps about:blank as the address of a tab that went to a
   * moz-extension:// page by itself.
   */
  async waitForPage(matches: (url: string) => boolean, timeoutMs = 15_000): Promise<Page> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const tree = await this.bidi('browsingContext.getTree', { maxDepth: 0 });
      const found = (tree.result.contexts as { context: string; url: string }[]).find((c) =>
        matches(c.url),
      );
      if (found) {
        for (const page of await this.browser.pages()) {
          if (contextOf(page) === found.context) return page;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no tab or window with a matching address appeared');
  }

  /** The BiDi ids of every tab and window. */
  async contextIds(): Promise<string[]> {
    const tree = await this.bidi('browsingContext.getTree', { maxDepth: 0 });
    return (tree.result.contexts as { context: string }[]).map((c) => c.context);
  }

  /** Waits for a tab that was not among `before` (ids from contextIds()). */
  async waitForNewPage(before: ReadonlySet<string>, timeoutMs = 15_000): Promise<Page> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const fresh = (await this.contextIds()).find((id) => !before.has(id));
      if (fresh) {
        for (const page of await this.browser.pages()) if (contextOf(page) === fresh) return page;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no new tab appeared');
  }

  /** The address of every tab and window, as Firefox has them. */
  async openUrls(): Promise<string[]> {
    const tree = await this.bidi('browsingContext.getTree', { maxDepth: 0 });
    return (tree.result.contexts as { url: string }[]).map((c) => c.url);
  }

  /** Closes every tab but one blank one: the next test starts with an empty window. */
  async closePagesButOne(): Promise<void> {
    const pages = await this.browser.pages();
    const [keep, ...rest] = pages;
    for (const page of rest) await page.close().catch(() => {});
    if (keep && keep.url() !== 'about:blank') await keep.goto('about:blank').catch(() => {});
  }

  // --- The browser window (privileged) ---------------------------------------------------------

  private async chromeContextId(): Promise<string> {
    if (this.chromeContext) return this.chromeContext;
    const tree = await this.bidi('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const contexts = tree.result.contexts as { context: string; url: string }[];
    const main = contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
    if (!main) throw new Error('no browser window to evaluate in');
    this.chromeContext = main.context;
    return main.context;
  }

  /**
   * Runs a function in the first browser window's privileged scope (what Firefox's own tests
   * do): the toolbar button, the sidebar, the permission doorhanger and the add-on manager are
   * only reachable there. The function is sent as source: it must not use outer variables.
   */
  async privileged<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<Awaited<R>> {
    const expression = `(async () => JSON.stringify({ value: await (${fn.toString()})(${JSON.stringify(arg)}) }))()`;
    const answer = (await this.bidi('script.evaluate', {
      expression,
      target: { context: await this.chromeContextId() },
      awaitPromise: true,
    })) as unknown as { result: EvaluateResult };
    const result = answer.result;
    if (result.type === 'exception') {
      throw new Error(`privileged code threw: ${result.exceptionDetails?.text ?? 'unknown'}`);
    }
    const json = result.result?.value;
    return (typeof json === 'string' ? JSON.parse(json).value : undefined) as Awaited<R>;
  }

  /**
   * The sidebar of the first browser window: open or not, and whose. Firefox gives every
   * sidebar_action an id ending in "-sidebar-action".
   */
  sidebar(): Promise<{ open: boolean; ours: boolean; url: string }> {
    return this.privileged((uuid) => {
      const controller = (window as unknown as BrowserWindow).SidebarController;
      const url =
        controller.browser?.contentDocument?.getElementById('webext-panels-browser')?.currentURI
          ?.spec;
      return {
        open: controller.isOpen,
        ours: controller.isOpen && String(url ?? '').startsWith(`moz-extension://${uuid}/`),
        url: String(url ?? ''),
      };
    }, this.uuid);
  }

  /** Closes the first window's sidebar, as its close button does. */
  async closeSidebar(): Promise<void> {
    await this.privileged(() => {
      (window as unknown as BrowserWindow).SidebarController.hide();
    }, null);
  }

  /**
   * Clicks the add-on's toolbar button. The button sits in Firefox's extensions panel, out of
   * reach of BiDi's input: this calls what the button's click handler calls, with the flag a real
   * click sets, which is what lets the add-on open its sidebar.
   */
  async clickToolbarButton(): Promise<void> {
    await this.privileged((id) => {
      const { ExtensionParent } = ChromeUtils.importESModule(
        'resource://gre/modules/ExtensionParent.sys.mjs',
      ) as { ExtensionParent: AddonManagerScope & PrivilegedApi };
      const { ExtensionCommon } = ChromeUtils.importESModule(
        'resource://gre/modules/ExtensionCommon.sys.mjs',
      ) as { ExtensionCommon: { withHandlingUserInput(w: unknown, f: () => void): void } };
      const extension = ExtensionParent.GlobalManager.getExtension(id);
      const action = ExtensionParent.apiManager.global.browserActionFor(extension);
      ExtensionCommon.withHandlingUserInput(window, () => action.triggerAction(window));
    }, this.addonId);
  }

  /**
   * Presses keys in the browser window as a person does: trusted key events from Firefox's own
   * text input processor (what its tests use), with focus in the address bar, so the window's
   * shortcuts (the add-on's command among them) see them. BiDi's input cannot reach the window.
   */
  async pressShortcut(key: string, modifiers: ('Alt' | 'Shift' | 'Control')[]): Promise<void> {
    await this.privileged(
      ({ key, modifiers }) => {
        const scope = window as unknown as BrowserWindow & {
          KeyboardEvent: new (type: string, init: object) => Event;
        };
        const tip = (
          Components as unknown as {
            classes: Record<string, { createInstance(i: unknown): TextInputProcessor }>;
            interfaces: { nsITextInputProcessor: unknown };
          }
        ).classes['@mozilla.org/text-input-processor;1']?.createInstance(
          (Components as unknown as { interfaces: { nsITextInputProcessor: unknown } }).interfaces
            .nsITextInputProcessor,
        );
        if (!tip) throw new Error('no text input processor');
        scope.gURLBar.focus();
        if (!tip.beginInputTransactionForTests(window)) throw new Error('no input transaction');
        const codes: Record<string, [string, number]> = {
          Alt: ['AltLeft', 18],
          Shift: ['ShiftLeft', 16],
          Control: ['ControlLeft', 17],
        };
        const events = modifiers.map((name) => {
          const [code, keyCode] = codes[name] as [string, number];
          return new scope.KeyboardEvent('', { key: name, code, keyCode });
        });
        const main = new scope.KeyboardEvent('', {
          key,
          code: `Key${key.toUpperCase()}`,
          keyCode: key.toUpperCase().charCodeAt(0),
        });
        for (const event of events) tip.keydown(event);
        tip.keydown(main);
        tip.keyup(main);
        for (const event of events.reverse()) tip.keyup(event);
      },
      { key, modifiers },
    );
  }

  /**
   * Chooses one of the add-on's entries in the page context menu that is open (opened with a
   * right-click in the page), as a click on it does, and closes the menu. Returns its label.
   */
  async chooseContextMenuEntry(labelStart: string): Promise<string> {
    return this.privileged(
      ({ widget, labelStart }) => {
        const menu = document.getElementById('contentAreaContextMenu') as unknown as MenuPopup;
        if (menu.state !== 'open') throw new Error('the page context menu is not open');
        const item = [
          ...(menu.querySelectorAll(`[id^="${widget}-menuitem-"]`) as unknown as MenuItem[]),
        ].find((entry) => !entry.hidden && entry.label.startsWith(labelStart));
        if (!item) throw new Error(`no entry starting "${labelStart}" in the context menu`);
        const { ExtensionCommon } = ChromeUtils.importESModule(
          'resource://gre/modules/ExtensionCommon.sys.mjs',
        ) as { ExtensionCommon: { withHandlingUserInput(w: unknown, f: () => void): void } };
        ExtensionCommon.withHandlingUserInput(window, () => item.doCommand());
        menu.hidePopup();
        return item.label;
      },
      { widget: this.addonId.toLowerCase().replace(/[^a-z0-9_-]/g, '_'), labelStart },
    );
  }

  /** Clicks the notification on screen whose text contains these words, as a person does. */
  async clickNotification(words: string): Promise<void> {
    await this.privileged(async (words) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const alerts = (
          Services as unknown as { wm: { getEnumerator(type: string): Iterable<Window> } }
        ).wm.getEnumerator('alert:alert');
        for (const alert of alerts) {
          if (!(alert.document.documentElement.textContent ?? '').includes(words)) continue;
          // An alert shown a moment ago may not listen for clicks yet; a handled click closes it,
          // so click again until it has gone.
          for (let click = 0; click < 20 && !alert.closed; click++) {
            (alert.document.getElementById('alertBox') as HTMLElement | null)?.click();
            for (let wait = 0; wait < 60 && !alert.closed; wait++) {
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
          }
          if (alert.closed) return;
          throw new Error(`the notification saying "${words}" did not take a click`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no notification saying "${words}" on screen`);
    }, words);
  }

  /** Sets a pref while the browser runs (e.g. turning the permission prompt back on). */
  setPref(name: string, value: boolean | number | string): Promise<void> {
    return this.privileged(
      ({ name, value }) => {
        if (typeof value === 'boolean') Services.prefs.setBoolPref(name, value);
        else if (typeof value === 'number') Services.prefs.setIntPref(name, value);
        else Services.prefs.setStringPref(name, value);
      },
      { name, value },
    );
  }

  // --- Errors of extension code ----------------------------------------------------------------

  /** Lines Firefox reported as errors of this add-on's code since the last call. */
  takeExtensionErrors(): string[] {
    const start = this.errorCursor;
    const fresh = this.output.slice(start);
    this.errorCursor = this.output.length;
    return fresh.filter((line, offset) => {
      const uuid = /JavaScript error: moz-extension:\/\/([0-9a-f-]+)\//.exec(line)?.[1];
      if (uuid === undefined || !this.uuids.has(uuid)) return false;
      // A copy being uninstalled by the browser (each test installs afresh) can fail in its last
      // moments as Firefox takes its APIs away: that is the harness's doing, not a person's.
      const removed = this.removedAt.get(uuid);
      if (removed !== undefined && start + offset >= removed) {
        console.warn(`[firefox] while the previous copy was removed: ${line}`);
        return false;
      }
      return true;
    });
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => {});
    rmSync(this.tempDir, { recursive: true, force: true });
  }
}

// Names the privileged scope provides, for the functions sent there (module-scoped declarations:
// they type those functions only).
declare const WebExtensionPolicy: {
  getByID(id: string): { mozExtensionHostname: string } | null;
};
declare const ChromeUtils: { importESModule(url: string): Record<string, unknown> };
interface TextInputProcessor {
  beginInputTransactionForTests(window: unknown): boolean;
  keydown(event: Event): void;
  keyup(event: Event): void;
}
interface MenuItem {
  label: string;
  hidden: boolean;
  doCommand(): void;
}
interface MenuPopup {
  state: string;
  hidePopup(): void;
  querySelectorAll(selector: string): unknown;
}
/** What the browser window's API manager offers privileged code. */
interface PrivilegedApi {
  apiManager: {
    global: { browserActionFor(extension: unknown): { triggerAction(window: unknown): void } };
  };
}
declare const Components: unknown;
interface BrowserWindow {
  gURLBar: { focus(): void };
  SidebarController: {
    isOpen: boolean;
    hide(): void;
    browser?: {
      contentDocument?: {
        getElementById(id: string): { currentURI?: { spec: string } } | null;
      };
    };
  };
}
declare const Services: {
  prefs: {
    setBoolPref(name: string, value: boolean): void;
    setIntPref(name: string, value: number): void;
    setStringPref(name: string, value: string): void;
  };
};

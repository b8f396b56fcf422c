// Opens a headed Chromium with the built extension, configured for the given server.
// Used by `npm start`; the profile lives in .tmp/ so settings survive between runs.
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { patchStoredSettings, readStoredSettings } from '../tests/e2e/support/trusted-settings';
// @ts-expect-error: plain ESM helper shared with the Node scripts.
import { findChromium } from './chromium.mjs';

const [serverUrl, extensionDir] = process.argv.slice(2);
if (!serverUrl || !extensionDir)
  throw new Error('usage: open-browser.ts <server url> <extension dir>');

const found = findChromium() as { path: string } | null;
if (!found) {
  console.error(
    'No Chromium found: install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

const context = await chromium.launchPersistentContext(resolve('.tmp/chromium-profile'), {
  executablePath: found.path,
  headless: false,
  viewport: null,
  args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
});
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
// Point Handoff at the local service unless the person already chose a server.
if (!(await readStoredSettings(worker)).serverUrl) await patchStoredSettings(worker, { serverUrl });
const extensionId = new URL(worker.url()).host;
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
console.log(`Handoff is open and pointed at ${serverUrl}. Close the browser window to stop.`);
await new Promise<void>((resolveClosed) => context.on('close', () => resolveClosed()));

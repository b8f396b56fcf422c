import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { fixturesDir } from './paths';

test('the background worker answers a message from an extension page', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  const reply = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }));
  expect(reply).toMatchObject({ type: 'pong' });
});

test('the side panel renders', async ({ openExtensionPage }) => {
  const page = await openExtensionPage('sidepanel.html');
  await expect(page.getByRole('heading', { name: 'Handoff' })).toBeVisible();
});

test('the options page renders', async ({ openExtensionPage }) => {
  const page = await openExtensionPage('options.html');
  await expect(page.getByRole('heading', { name: 'Handoff options' })).toBeVisible();
});

test('the content script runs on a github.com page and not on other sites', async ({
  extContext,
  routeHtml,
}) => {
  const html = readFileSync(`${fixturesDir}/hosts/github/repo-react.html`, 'utf8');
  await routeHtml('https://github.com/**', html);
  await routeHtml('https://example.net/**', html);
  const page = await extContext.newPage();
  await page.goto('https://github.com/octo-org/widgets');
  await expect(page.getByRole('button', { name: 'Start conversation' })).toHaveCount(1);
  await page.goto('https://example.net/octo-org/widgets');
  await page.waitForLoadState('load');
  // Longer than the floating fallback's grace period: nothing may appear, anchored or not.
  await page.waitForTimeout(2500);
  await expect(page.locator('[data-handoff-root]')).toHaveCount(0);
});

test('the worker restarts after a CDP stop and answers again', async ({
  openExtensionPage,
  serviceWorker,
  stopServiceWorker,
}) => {
  const page = await openExtensionPage('options.html');
  const before = await serviceWorker.evaluate(() => performance.timeOrigin);
  await stopServiceWorker();
  const reply = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }));
  expect(reply).toMatchObject({ type: 'pong' });
  const after = await serviceWorker.evaluate(() => performance.timeOrigin);
  expect(after).toBeGreaterThan(before);
});

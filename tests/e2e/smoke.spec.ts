import { expect, test } from './fixtures';

test('the background worker answers a message from an extension page', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  const reply = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }));
  expect(reply).toEqual({ type: 'pong' });
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
  const html = '<!doctype html><html><head><title>t</title></head><body>repo</body></html>';
  await routeHtml('https://github.com/**', html);
  await routeHtml('https://example.org/**', html);
  const page = await extContext.newPage();
  await page.goto('https://github.com/octo/repo');
  await expect(page.locator('html')).toHaveAttribute('data-handoff', 'ready');
  await page.goto('https://example.org/octo/repo');
  await page.waitForLoadState('load');
  await expect(page.locator('html')).not.toHaveAttribute('data-handoff', /.*/);
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
  expect(reply).toEqual({ type: 'pong' });
  const after = await serviceWorker.evaluate(() => performance.timeOrigin);
  expect(after).toBeGreaterThan(before);
});

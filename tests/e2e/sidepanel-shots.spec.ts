import { test } from './fixtures';
import { createV0Conversation, openPanel } from './support/panel-pages';

test('shots', async ({ service, connectToService, openExtensionPage }) => {
  await connectToService();
  const id = await createV0Conversation(service, {
    initial_user_msg: '[scenario:awaiting-confirmation] Rebuild',
  });
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await page.setViewportSize({ width: 320, height: 700 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: 'test-results/shot-320-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Search events' }).click();
  await page.getByRole('searchbox', { name: 'Text to find' }).fill('build');
  await page.screenshot({ path: 'test-results/shot-320-dark.png' });
  await page.setViewportSize({ width: 600, height: 800 });
  await page.getByRole('tab', { name: 'New' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'test-results/shot-600-new-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  const p2 = await openPanel(openExtensionPage, `?conversation=${service.seedIds.v0.renameFile}`);
  await p2.setViewportSize({ width: 400, height: 800 });
  await p2.getByRole('checkbox', { name: 'Show system and hidden events' }).check();
  await p2.waitForTimeout(800);
  for (const b of await p2.locator('.row-summary').all()) {
    await b.click().catch(() => {});
    if ((await p2.locator('.row-body').count()) > 3) break;
  }
  await p2.screenshot({ path: 'test-results/shot-400-expanded.png' });
});

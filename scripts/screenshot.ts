// Takes the README's screenshot: a GitHub issue page with Handoff's button, and the side panel
// beside it on a finished conversation, from the built extension and the local reference
// service. `npx tsx scripts/screenshot.ts` after `npm run build` writes docs/screenshot.png.
import { readFileSync } from 'node:fs';
import { launchWithExtensions } from '../bench/browser';
import { patchStoredSettings } from '../tests/e2e/support/trusted-settings';
import { hostFixtures } from '../tests/fixtures/hosts/index';
import { startService } from '../tests/service/index';

const HEIGHT = 760;
// legacy until the client runs on V1-only servers (issue 14)
const service = await startService({ port: 0, server: 'legacy', pace: 0.02 });
const browser = await launchWithExtensions();
try {
  await patchStoredSettings(browser.worker, { serverUrl: service.url });

  const issue = hostFixtures.find((f) => f.name === 'issue-react');
  if (!issue) throw new Error('no issue fixture');
  await browser.context.route(issue.url, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: readFileSync(issue.file, 'utf8'),
    }),
  );
  const host = await browser.context.newPage();
  await host.setViewportSize({ width: 900, height: HEIGHT });
  await host.goto(issue.url);
  await host.getByRole('button', { name: 'Start conversation' }).waitFor();
  const hostShot = await host.screenshot();

  const panel = await browser.context.newPage();
  await panel.setViewportSize({ width: 420, height: HEIGHT });
  const conversation = service.seedIds.v0.todoApp;
  await panel.goto(
    `chrome-extension://${browser.extensionId}/sidepanel.html?conversation=${conversation}`,
  );
  await panel
    .getByRole('feed', { name: 'Conversation events' })
    .locator('[data-event-id]')
    .first()
    .waitFor();
  await panel.waitForTimeout(1500);
  const panelShot = await panel.screenshot();

  const composer = await browser.context.newPage();
  await composer.setViewportSize({ width: 900 + 420 + 1, height: HEIGHT });
  const image = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
  await composer.setContent(
    `<body style="margin:0;display:flex;background:#888"><img src="${image(hostShot)}"><div style="width:1px"></div><img src="${image(panelShot)}"></body>`,
  );
  await composer.screenshot({ path: 'docs/screenshot.png' });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  await service.stop();
}

// Takes the README's pictures from the built extension against the local reference service, in
// the light and the dark scheme: the page button on a GitHub issue, the conversation list, a
// live conversation with its now line, a confirmation, and an outcome card; plus the README's
// opening picture (the issue page and the panel side by side). `npm run screenshot` builds first;
// `npx tsx scripts/screenshot.ts` after a build only takes the pictures.
//
// Each picture is one entry of `shots`: a name and a function that brings a page to the state to
// show. A new picture is one more entry.
import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtensions } from '../bench/browser';
import { patchStoredSettings, storeApiKey } from '../tests/e2e/support/trusted-settings';
import { hostFixtures } from '../tests/fixtures/hosts/index';
import { type RunningService, startService } from '../tests/service/index';
import { createV1Conversation, ensureRepository } from '../tests/shared/service-helpers';

const HEIGHT = 760;
const PANEL_WIDTH = 420;
const OUT = 'docs/screenshots';

interface ShotContext {
  context: BrowserContext;
  service: RunningService;
  extensionId: string;
  /** A new page of the given width, in the scheme being pictured. */
  page(width: number): Promise<Page>;
}

interface Shot {
  name: string;
  /** Milliseconds to let spinners and counters settle before the picture (default 800). */
  settle?: number;
  /** Brings a page to what the picture shows, and returns it. */
  take(shot: ShotContext): Promise<Page>;
}

async function panelOn(shot: ShotContext, query: string): Promise<Page> {
  const page = await shot.page(PANEL_WIDTH);
  await page.goto(`chrome-extension://${shot.extensionId}/sidepanel.html${query}`);
  await page.getByRole('tablist').waitFor();
  return page;
}

const issue = hostFixtures.find((fixture) => fixture.name === 'issue-react');
if (!issue) throw new Error('no issue fixture');

/** The issue page's button once it tells of the agent already on the issue. */
function issueButtonWithState(page: Page) {
  return page.getByRole('button', { name: /Agent working|Needs you|Done|Stopped/ }).first();
}

const shots: Shot[] = [
  {
    // The page button on a GitHub issue an agent is already working on: it says so.
    name: 'page-button',
    async take(shot) {
      const page = await shot.page(900);
      await page.goto(issue.url);
      await issueButtonWithState(page).waitFor({ timeout: 30_000 });
      return page;
    },
  },
  {
    name: 'live-conversation',
    // Taken the moment a step is under way: the next event ends it.
    settle: 0,
    async take(shot) {
      const id = await createV1Conversation(
        shot.service,
        '[scenario:long] Refactor the parser and keep the tests green',
      );
      const page = await panelOn(shot, `?conversation=${id}`);
      // A few steps in, so the timeline has something to show under the now line.
      await page.waitForFunction(
        () => document.querySelectorAll('.timeline-row').length >= 9,
        null,
        {
          timeout: 60_000,
        },
      );
      await page.locator('.now[data-now="working"] .now-code').waitFor({ timeout: 30_000 });
      return page;
    },
  },
  {
    name: 'confirmation',
    async take(shot) {
      const id = await createV1Conversation(
        shot.service,
        '[scenario:awaiting-confirmation] Rebuild the project from scratch',
      );
      const page = await panelOn(shot, `?conversation=${id}`);
      await page.getByRole('group', { name: 'Action waiting for your confirmation' }).waitFor({
        timeout: 30_000,
      });
      return page;
    },
  },
  {
    // The triage list, once a conversation waits for a confirmation: what needs the person
    // first, then what is working, then what is done.
    name: 'conversation-list',
    async take(shot) {
      const page = await panelOn(shot, '');
      await page.locator('.conversation-item').first().waitFor();
      return page;
    },
  },
  {
    name: 'outcome',
    async take(shot) {
      const page = await panelOn(shot, `?conversation=${shot.service.seedIds.v1.parserFixDone}`);
      const card = page.getByRole('region', { name: 'What the run produced' });
      await card.waitFor({ timeout: 30_000 });
      await card.getByRole('button', { name: /Finished/ }).click();
      return page;
    },
  },
];

// A current, V1-only server: what people run today.
const service = await startService({ port: 0, pace: 0.02, eventsPerSecond: 2 });
const browser = await launchWithExtensions();
mkdirSync(OUT, { recursive: true });
try {
  // An agent already on the pictured issue, before Handoff first reads the server's list, so the
  // page button can tell of it.
  ensureRepository(issue.expected.repository);
  await createV1Conversation(
    service,
    `[scenario:long] Fix issue #${issue.expected.number}: ${issue.expected.title}`,
    { repository: issue.expected.repository, provider: 'github' },
  );
  await storeApiKey(browser.worker, service.apiKey, service.url);
  await patchStoredSettings(browser.worker, { serverUrl: service.url });
  await browser.context.route(issue.url, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: readFileSync(issue.file, 'utf8'),
    }),
  );
  for (const scheme of ['light', 'dark'] as const) {
    const shotContext: ShotContext = {
      context: browser.context,
      service,
      extensionId: browser.extensionId,
      async page(width) {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width, height: HEIGHT });
        await page.emulateMedia({ colorScheme: scheme });
        return page;
      },
    };
    for (const shot of shots) {
      const page = await shot.take(shotContext);
      // Spinners and counters settle into a frame worth keeping.
      await page.waitForTimeout(shot.settle ?? 800);
      await page.screenshot({ path: `${OUT}/${shot.name}-${scheme}.png` });
      console.log(`wrote ${OUT}/${shot.name}-${scheme}.png`);
      await page.close();
    }
  }

  // The opening picture: the issue page with its button, and the panel on a finished run.
  const host = await browser.context.newPage();
  await host.setViewportSize({ width: 900, height: HEIGHT });
  await host.goto(issue.url);
  await issueButtonWithState(host).waitFor({ timeout: 30_000 });
  const hostShot = await host.screenshot();
  const panel = await browser.context.newPage();
  await panel.setViewportSize({ width: PANEL_WIDTH, height: HEIGHT });
  await panel.goto(
    `chrome-extension://${browser.extensionId}/sidepanel.html?conversation=${service.seedIds.v1.parserFixDone}`,
  );
  await panel.getByRole('region', { name: 'What the run produced' }).waitFor({ timeout: 30_000 });
  await panel.waitForTimeout(800);
  const panelShot = await panel.screenshot();
  const composer = await browser.context.newPage();
  await composer.setViewportSize({ width: 900 + PANEL_WIDTH + 1, height: HEIGHT });
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

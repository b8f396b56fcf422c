import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';
import { expect, test } from './fixtures';
import {
  addSelfHostedHost,
  buttonRoots,
  expectOneButtonAt,
  restoreBodiesOnPopstate,
  serveFixtures,
  softNavigate,
  startButton,
} from './support/host-pages';
import { evaluateInSidePanel } from './support/panel-pages';

function fixture(name: string): HostFixture {
  const found = hostFixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}

// One browser goes through every fixture page, each in a tab of its own: a browser for each
// page cost about 2.5 s of start-up and shutdown apiece (36 pages). The code hosts' own pages
// come first, while nothing is set up (as on a fresh install); then the self-hosted origins are
// added, as the options page adds them, and their pages follow. A page that fails does not hide
// the next one: every failure is listed at the end.
test('the page button on every fixture page: one button, at its anchor or floating', async ({
  extContext,
  openExtensionPage,
}) => {
  test.setTimeout(180_000);
  await serveFixtures(extContext, hostFixtures);
  const failures: string[] = [];
  const visit = async (page: HostFixture) => {
    await test.step(`${page.provider} ${page.name}: one button, ${page.anchorId ?? 'floating'}`, async () => {
      const tab = await extContext.newPage();
      try {
        await tab.goto(page.url);
        await expectOneButtonAt(tab, page.anchorId);
      } catch (error) {
        const words = String(error instanceof Error ? error.message : error);
        failures.push(`${page.provider} ${page.name}: ${words.split('\n').slice(0, 4).join(' ')}`);
      } finally {
        await tab.close();
      }
    });
  };
  for (const page of hostFixtures.filter((one) => !one.selfHosted)) await visit(page);
  const selfHosted = hostFixtures.filter((one) => one.selfHosted);
  const options = await openExtensionPage('options.html');
  for (const page of selfHosted) {
    await addSelfHostedHost(options, new URL(page.url).origin, page.provider);
  }
  await options.close();
  for (const page of selfHosted) await visit(page);
  expect(failures).toEqual([]);
});

test('a click hands the page context read at click time to the side panel', async ({
  extContext,
  serviceWorker,
}) => {
  await serveFixtures(extContext, hostFixtures);
  const issue = fixture('issue-react');
  const pull = fixture('pull-react');
  const tab = await extContext.newPage();
  await tab.goto(issue.url);
  await expectOneButtonAt(tab, issue.anchorId);
  // Navigate in place after mounting: the click must describe the new page, not the old one.
  await softNavigate(tab, pull, 'soft-nav:react-done');
  await expectOneButtonAt(tab, pull.anchorId);
  await startButton(tab).click();
  await expect
    .poll(async () => {
      const state = await serviceWorker.evaluate(async () => {
        const panels = await chrome.runtime.getContexts({
          contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType],
        });
        const stored = await chrome.storage.session.get('handoff:pending-launches');
        return {
          panels: panels.length,
          launches: Object.values(stored['handoff:pending-launches'] ?? {}),
        };
      });
      // The side panel that opened takes the launch as soon as it says hello: then it is no
      // longer stored, and the panel shows which launch it got.
      const taken = await evaluateInSidePanel(
        extContext,
        "document.querySelector('main')?.dataset.lastLaunch ?? null",
      );
      return {
        panels: state.panels,
        launches: state.launches.length ? state.launches : taken ? [{ kind: taken }] : [],
      };
    })
    .toEqual({
      panels: 1,
      launches: [{ kind: 'setup' }],
    });
});

test.describe('the button survives how hosts change pages', () => {
  const journeys: { host: string; from: string; to: string; event: string | null }[] = [
    { host: 'GitHub Turbo', from: 'repo-react', to: 'issue-classic', event: 'turbo:render' },
    { host: 'GitHub React', from: 'issue-react', to: 'pull-react', event: 'soft-nav:react-done' },
    { host: 'GitLab', from: 'project', to: 'merge-request', event: null },
    { host: 'Bitbucket Cloud', from: 'cloud-repo', to: 'cloud-pull-request', event: null },
  ];
  for (const journey of journeys) {
    test(`${journey.host}: soft navigation, back and forward, header re-render`, async ({
      extContext,
    }) => {
      const from = fixture(journey.from);
      const to = fixture(journey.to);
      await serveFixtures(extContext, hostFixtures);
      const tab = await extContext.newPage();
      await tab.goto(from.url);
      await expectOneButtonAt(tab, from.anchorId);
      await restoreBodiesOnPopstate(tab, [from, to]);

      await softNavigate(tab, to, journey.event);
      await expectOneButtonAt(tab, to.anchorId);

      await tab.goBack();
      await expect(tab).toHaveURL(from.url);
      await expectOneButtonAt(tab, from.anchorId);

      await tab.goForward();
      await expect(tab).toHaveURL(to.url);
      await expectOneButtonAt(tab, to.anchorId);

      // The host re-renders its header in place: the old button goes with it, a new one comes.
      await tab.evaluate(() => {
        const anchor = document.querySelector('[data-expected-anchor]');
        const header = anchor?.parentElement;
        // Serialising and re-parsing replaces every node, as a host re-render does.
        if (header)
          header.replaceChildren(
            ...new DOMParser().parseFromString(header.innerHTML, 'text/html').body.childNodes,
          );
      });
      await expectOneButtonAt(tab, to.anchorId);
    });
  }
});

test('an extension update leaves exactly one working button on open pages', async ({
  extContext,
  serviceWorker,
}) => {
  await serveFixtures(extContext, hostFixtures);
  const repo = fixture('repo-react');
  const tab = await extContext.newPage();
  await tab.goto(repo.url);
  await expectOneButtonAt(tab, repo.anchorId);
  // What the worker does after an update: put the (new) content script into open tabs.
  await serviceWorker.evaluate(async (url) => {
    const [found] = await chrome.tabs.query({ url });
    if (found?.id)
      await chrome.scripting.executeScript({
        target: { tabId: found.id },
        files: ['content-scripts/github.js'],
      });
  }, repo.url);
  await expect(buttonRoots(tab)).toHaveCount(1);
  await expectOneButtonAt(tab, repo.anchorId);
});

test('the button wears Handoff’s mark and lines up with the host’s own buttons on all three hosts', async ({
  extContext,
  openExtensionPage,
}) => {
  const pages = [
    'issue-react',
    'repo-classic-ghes',
    'issue-work-item',
    'merge-request',
    'cloud-pull-request',
    'dc-pull-request',
  ].map(fixture);
  await serveFixtures(extContext, hostFixtures);
  const options = await openExtensionPage('options.html');
  for (const page of pages.filter((p) => p.selfHosted)) {
    await addSelfHostedHost(options, new URL(page.url).origin, page.provider);
  }
  const tab = await extContext.newPage();
  for (const page of pages) {
    await tab.goto(page.url);
    await expectOneButtonAt(tab, page.anchorId);
    await expect(startButton(tab).locator('[data-mark]')).toBeVisible();
    // The nearest host button in the same row, found from what is on screen.
    const measure = () =>
      tab.evaluate(() => {
        const root = document.querySelector('[data-handoff-root]') as HTMLElement;
        const ours = root.shadowRoot?.querySelector('button') as HTMLElement;
        const box = ours.getBoundingClientRect();
        const centre = (b: DOMRect) => b.top + b.height / 2;
        const row = [...document.querySelectorAll('button,a.btn,a.gl-button,[role="button"]')]
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box: b }) => b.height > 0 && Math.abs(centre(b) - centre(box)) < box.height)
          .sort(
            (a, b) =>
              Math.min(Math.abs(a.box.left - box.right), Math.abs(box.left - a.box.right)) -
              Math.min(Math.abs(b.box.left - box.right), Math.abs(box.left - b.box.right)),
          );
        const host = row[0];
        if (!host) return null;
        return {
          host: (host.element.textContent ?? '').trim(),
          heightGap: Math.abs(host.box.height - box.height),
          centreGap: Math.abs(centre(host.box) - centre(box)),
          fonts: [getComputedStyle(host.element).fontSize, getComputedStyle(ours).fontSize],
        };
      });
    await expect
      .poll(
        async () => {
          const found = await measure();
          return (
            !!found &&
            found.heightGap <= 1 &&
            found.centreGap <= 2 &&
            found.fonts[0] === found.fonts[1]
          );
        },
        { message: `${page.name}: height, centre and font size as the host button beside it` },
      )
      .toBe(true);
  }
});

// Issue 29's budgets for the chips on a code host's lists, in Chromium with the production build
// against the reference service (a V1 app server), on a GitHub issue list of 50 rows modelled on
// tests/fixtures/host-lists/github/react-repo-issues.html (the same rows, numbered afresh), of
// which 10 have a conversation.
//
// 1. Script time per page load on that list: the main thread's ScriptDuration (Chromium's count
//    for the document, as bench/suites/button-timing.ts reads it) once the chips are shown and
//    things have settled, for Handoff and for the bare 30-line floor extension, loads alternating.
//    The same is read on an issue page, where only the page button runs, so the chips' own cost
//    is the list's figure over the floor less the issue page's over the floor.
// 2. From the list in the DOM to its chips: a soft navigation puts a list of 50 rows the list
//    code has not seen yet into the page (as GitHub's own navigation and paging do); from the
//    moment the rows are added to the moment the first chip is, timed by an observer in the
//    page's own world, and how many animation frames passed between. The list code asks the
//    worker once for the new rows and draws the chips when the answer comes, in the same task;
//    the time is mostly that round trip.
import type { Page } from '@playwright/test';
import { Window } from 'happy-dom';
import { patchStoredSettings } from '../../tests/e2e/support/trusted-settings';
import { hostFixtures } from '../../tests/fixtures/hosts/index';
import { startService } from '../../tests/service/index';
import { fixtureHtml } from '../../tests/shared/host-fixtures';
import { createV1Conversation, ensureRepository } from '../../tests/shared/service-helpers';
import {
  bareExtension,
  launchWithExtensions,
  median,
  percentile,
  productionBuild,
} from '../browser';
import type { Figure, Suite } from '../types';

const ROWS = 50;
const WITH_CONVERSATION = 10;
const LOADS = 30;
// With the first list, 90 conversations: all on the first page of the server's list, which the index reads first.
const SOFT_NAVIGATIONS = 8;
const SETTLE_MS = 300;
const LIST_URL = 'https://github.com/octo/widgets/issues';
const issuePage = hostFixtures.find((f) => f.name === 'issue-react');
if (!issuePage) throw new Error('the issue-react fixture is missing');

/** The fixture's list with `numbers` as its rows (each the fixture's first row, renumbered). */
function listPage(numbers: number[]): { page: string; rows: string } {
  const window = new Window();
  window.document.write(
    fixtureHtml({ file: 'tests/fixtures/host-lists/github/react-repo-issues.html' }),
  );
  const container = window.document.querySelector('[data-testid="list-view-items"]');
  const first = container?.firstElementChild;
  const link = first?.querySelector('a[data-testid="issue-pr-title-link"]');
  const number = /\/issues\/(\d+)/.exec(link?.getAttribute('href') ?? '')?.[1];
  if (!container || !first || !number) throw new Error('the list fixture has no first row');
  const template = first.outerHTML;
  const rows = numbers
    .map((n) => template.replaceAll(`/issues/${number}`, `/issues/${n}`))
    .join('');
  container.innerHTML = rows;
  const page = `<!doctype html>${window.document.documentElement.outerHTML}`;
  window.close();
  return { page, rows };
}

/** Rows `from`…`from + ROWS - 1`; the first WITH_CONVERSATION of every five have one. */
const numbersFrom = (from: number) => Array.from({ length: ROWS }, (_, i) => from + i);
const withConversation = (numbers: number[]) =>
  numbers.filter((_, i) => i % (ROWS / WITH_CONVERSATION) === 0);

/** Marks, in the page's own world, when list rows and when chips are added (source text). */
const recorder = `(() => {
  const marks = { frames: 0 };
  window.__listMarks = marks;
  const frame = () => { marks.frames++; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (marks.rows === undefined && (node.matches('a[data-testid="issue-pr-title-link"]') || node.querySelector('a[data-testid="issue-pr-title-link"]'))) {
          marks.rows = now; marks.rowsFrame = marks.frames;
        }
        if (marks.chip === undefined && node.hasAttribute('data-handoff-chip')) {
          marks.chip = now; marks.chipFrame = marks.frames;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

async function chipCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('[data-handoff-chip]').length);
}

export const listChips: Suite = {
  name: 'list chips: script time per load on a 50-row list, list → chips',
  async run(): Promise<Figure[]> {
    const service = await startService({ server: 'v1', port: 0, pace: 0.05 });
    const pages = new Map<string, string>();
    const first = numbersFrom(1000);
    pages.set(LIST_URL, listPage(first).page);
    pages.set(issuePage.url, fixtureHtml(issuePage));
    const soft: { rows: string; expected: number }[] = [];
    ensureRepository('octo/widgets');
    const started = [...withConversation(first)];
    for (let round = 0; round < SOFT_NAVIGATIONS; round++) {
      const numbers = numbersFrom(2000 + round * ROWS);
      soft.push({ rows: listPage(numbers).rows, expected: WITH_CONVERSATION });
      started.push(...withConversation(numbers));
    }
    for (const n of started) {
      await createV1Conversation(service, `Fix issue #${n}`, {
        repository: 'octo/widgets',
        provider: 'github',
      });
    }

    const serve = async (browser: Awaited<ReturnType<typeof launchWithExtensions>>) =>
      browser.context.route('https://github.com/**', (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: pages.get(route.request().url()) ?? '',
        }),
      );

    const handoff = await launchWithExtensions([productionBuild]);
    const bare = await launchWithExtensions([bareExtension]);
    try {
      await serve(handoff);
      await serve(bare);
      const options = await handoff.context.newPage();
      await options.goto(`chrome-extension://${handoff.extensionId}/options.html`);
      await patchStoredSettings(options, { serverUrl: service.url });
      // The index has read the server's list once it knows every conversation started above.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const count = await options.evaluate(async () => {
          const answer = await chrome.runtime.sendMessage({
            type: 'handoff/rpc',
            method: 'conversations.index',
            params: {},
          });
          return answer?.result?.entries?.length ?? 0;
        });
        if (count >= started.length) break;
        if (Date.now() > deadline) throw new Error(`the index has ${count} of ${started.length}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await options.close();

      // 1. Script time per load: the four kinds of load take turns, round after round, so that a
      // busy moment of a shared machine falls on all of them alike; each round gives one reading
      // of each, and the chips' cost of that round.
      const loader = async (
        browser: typeof handoff,
        url: string,
        ready: (page: Page) => Promise<boolean>,
      ) => {
        const page = await browser.context.newPage();
        const cdp = await browser.context.newCDPSession(page);
        await cdp.send('Performance.enable');
        return async (): Promise<number> => {
          await page.goto(url);
          const until = Date.now() + 15_000;
          while (!(await ready(page))) {
            if (Date.now() > until) throw new Error(`${url} never got ready`);
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const metrics = (await cdp.send('Performance.getMetrics')).metrics;
          return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
        };
      };
      const chipsShown = async (page: Page) => (await chipCount(page)) >= WITH_CONVERSATION;
      const buttonShown = (selector: string) => async (page: Page) =>
        page.evaluate((s) => !!document.querySelector(s), selector);
      const loads = {
        listHandoff: await loader(handoff, LIST_URL, chipsShown),
        listBare: await loader(bare, LIST_URL, buttonShown('[data-bare-root]')),
        issueHandoff: await loader(handoff, issuePage.url, buttonShown('[data-handoff-root]')),
        issueBare: await loader(bare, issuePage.url, buttonShown('[data-bare-root]')),
      };
      // Handoff's first loads compile its scripts afresh: not counted.
      await loads.listHandoff();
      await loads.issueHandoff();
      const listHandoff: number[] = [];
      const listBare: number[] = [];
      const issueHandoff: number[] = [];
      const issueBare: number[] = [];
      const chipsCosts: number[] = [];
      for (let load = 0; load < LOADS; load++) {
        const reading = {
          listHandoff: await loads.listHandoff(),
          listBare: await loads.listBare(),
          issueHandoff: await loads.issueHandoff(),
          issueBare: await loads.issueBare(),
        };
        listHandoff.push(reading.listHandoff);
        listBare.push(reading.listBare);
        issueHandoff.push(reading.issueHandoff);
        issueBare.push(reading.issueBare);
        chipsCosts.push(
          reading.listHandoff - reading.listBare - (reading.issueHandoff - reading.issueBare),
        );
      }

      // 2. From the list in the DOM to its chips, after a soft navigation to rows not seen yet.
      const page = await handoff.context.newPage();
      await page.goto(LIST_URL);
      const until = Date.now() + 15_000;
      while (!(await chipsShown(page))) {
        if (Date.now() > until) throw new Error('no chips on the first list');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await page.evaluate(recorder);
      const listToChips: number[] = [];
      const frames: number[] = [];
      for (const [round, next] of soft.entries()) {
        await page.evaluate(
          ({ rows, url }) => {
            const marks = (window as unknown as { __listMarks: Record<string, number> })
              .__listMarks;
            delete marks.rows;
            delete marks.chip;
            history.pushState({}, '', url);
            const container = document.querySelector('[data-testid="list-view-items"]');
            if (container) container.innerHTML = rows;
            document.dispatchEvent(new Event('soft-nav:react-done'));
          },
          { rows: next.rows, url: `${LIST_URL}?page=${round + 2}` },
        );
        const marks = await page.waitForFunction(
          () => {
            const m = (window as unknown as { __listMarks: Record<string, number> }).__listMarks;
            return m.chip !== undefined && m.rows !== undefined ? m : null;
          },
          undefined,
          { timeout: 15_000 },
        );
        const value = (await marks.jsonValue()) as Record<string, number>;
        listToChips.push((value.chip as number) - (value.rows as number));
        frames.push((value.chipFrame as number) - (value.rowsFrame as number));
        const shown = await chipCount(page);
        if (shown !== next.expected) throw new Error(`${shown} chips, ${next.expected} expected`);
      }

      const over = (a: number[], b: number[]) => median(a) - median(b);
      const chipsCost = median(chipsCosts);
      const round2 = (value: number) => Math.round(value * 100) / 100;
      return [
        {
          name: 'Script time per load on a 50-row list, Handoff / bare',
          value: round2(median(listHandoff) / median(listBare)),
          unit: '×',
          note: `${round2(median(listHandoff))} / ${round2(median(listBare))} ms, median of ${LOADS} loads each, 10 rows with a conversation, chips shown`,
        },
        {
          name: 'The chips’ own script time per load (50 rows)',
          value: round2(chipsCost),
          unit: 'ms',
          budget: 2,
          note: `median over ${LOADS} rounds of (Handoff over the floor on the list) less (Handoff over the floor on an issue page, button only); medians ${round2(over(listHandoff, listBare))} and ${round2(over(issueHandoff, issueBare))} ms; p75 ${round2(percentile(chipsCosts, 75))} ms`,
        },
        {
          name: 'List in the DOM → its chips (rows not seen before), p95',
          value: Math.round(percentile(listToChips, 95)),
          unit: 'ms',
          note: `p50 ${Math.round(percentile(listToChips, 50))} ms over ${listToChips.length} soft navigations; includes asking the worker and its answer; chips drawn in the task that takes the answer; animation frames between: median ${median(frames)}, max ${Math.max(...frames)}`,
        },
      ];
    } finally {
      await handoff.close();
      await bare.close();
      await service.stop();
    }
  },
};

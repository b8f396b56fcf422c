// Live append at 200 events a second: no long task over 50 ms in the panel while events stream
// in and the person scrolls, and how smooth that scrolling is (frame intervals).
import { startService } from '../../tests/service/index';
import type { Figure, Suite } from '../types';
import { connectPanel, createConversation, launchPanelBrowser, percentile } from './panel-browser';

const WARM_UP_MS = 3000;
const MEASURE_MS = 10_000;

const longTaskProbe = `
  (() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ at: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  })();
`;

export const panelLive: Suite = {
  name: 'side panel: live append at 200 events/s',
  async run(): Promise<Figure[]> {
    const service = await startService({
      port: 0,
      pace: 0.02,
      eventsPerSecond: 200,
      rateLimit: false,
    });
    const browser = await launchPanelBrowser();
    try {
      await connectPanel(browser, service);
      await browser.context.addInitScript(longTaskProbe);
      const id = await createConversation(service, '[scenario:long] Stream it all');
      const page = await browser.open(`sidepanel.html?conversation=${id}`);
      await page.getByRole('button', { name: 'Conversation actions' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Show system and hidden events' }).click();
      await page.waitForTimeout(WARM_UP_MS);
      const before = await page.evaluate(() =>
        Number(document.querySelector('[role="feed"]')?.getAttribute('data-row-count') ?? 0),
      );
      const start = await page.evaluate(() => performance.now());
      // Half the window following the stream, half scrolling up and down through it.
      await page.waitForTimeout(MEASURE_MS / 2);
      // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
      const frames = (await page.evaluate(`(async () => {
        const feed = document.querySelector('[role="feed"]');
        const intervals = [];
        let last = performance.now();
        const end = last + ${MEASURE_MS / 2};
        let direction = -1;
        await new Promise((resolve) => {
          function step(now) {
            intervals.push(now - last);
            last = now;
            feed.scrollTop += direction * 120;
            if (feed.scrollTop <= 0) direction = 1;
            if (feed.scrollTop + feed.clientHeight >= feed.scrollHeight) direction = -1;
            if (now < end) requestAnimationFrame(step);
            else resolve();
          }
          requestAnimationFrame(step);
        });
        return intervals;
      })()`)) as number[];
      const after = await page.evaluate(() =>
        Number(document.querySelector('[role="feed"]')?.getAttribute('data-row-count') ?? 0),
      );
      const tasks = (
        await page.evaluate(
          () => (window as unknown as { __longTasks: { at: number; ms: number }[] }).__longTasks,
        )
      ).filter((task) => task.at >= start);
      const longest = tasks.reduce((max, task) => Math.max(max, task.ms), 0);
      const rate = ((after - before) / (MEASURE_MS / 1000)).toFixed(0);
      return [
        {
          name: 'longest task while 200 events/s stream in and the person scrolls',
          value: Math.round(longest),
          unit: 'ms',
          budget: 50,
          note: `${tasks.length} long tasks (>50 ms) in ${MEASURE_MS / 1000} s; timeline grew by ~${rate} rows/s (pairs make one row)`,
        },
        {
          name: 'frame interval while scrolling during the stream (95th percentile)',
          value: Math.round(percentile(frames, 95) * 10) / 10,
          unit: 'ms',
          note: `${frames.length} frames, median ${percentile(frames, 50).toFixed(1)} ms, worst ${Math.max(...frames).toFixed(1)} ms (headless Chromium)`,
        },
      ];
    } finally {
      await browser.close();
      await service.stop();
    }
  },
};

import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores: one browser per worker, and two browsers at once is the most these machines carry.
  // CI too: with one, the Chromium journeys alone took 16 of the 20 minutes `npm test` may take.
  workers: 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One more try for a journey that fails: with 320 journeys on two loaded cores, a few have a
  // rare timing flake each (docs/toolchain.md#flaky-journeys), and one of them should not sink a
  // whole run. A journey that passes only on its retry is listed as "flaky" in the summary, and
  // one that fails twice still fails the run.
  retries: 1,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    // A trace records every action of every journey and cost about a quarter of the suite's time
    // on two cores (measured: 14 journeys, 58 s without, 80 s with), which kept `npm test` over
    // its 25 minutes. A failure still leaves its error context and a screenshot; to see a trace,
    // run the failing journey again with HANDOFF_TRACE=1.
    trace: process.env.HANDOFF_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});

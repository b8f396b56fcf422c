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
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
});

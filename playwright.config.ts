import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores: one browser per worker, and two browsers at once is the most these machines carry.
  workers: process.env.CI ? 1 : 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
});

import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // Unit tests sit beside the module they test; tests/ holds only what crosses modules (the
    // end-to-end suites run under Playwright, not here).
    include: [
      'lib/**/*.test.{ts,tsx}',
      'components/**/*.test.{ts,tsx}',
      'tests/{architecture,bundle,contract,corpus,service}/**/*.test.ts',
    ],
    // Two cores: keep the pool small so the reference-service tests' sockets stay responsive.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});

import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: [
      'lib/**/*.test.ts',
      'lib/**/*.test.tsx',
      'components/**/*.test.tsx',
      'components/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/service/**/*.test.ts',
    ],
    // Two cores: keep the pool small so the reference-service tests' sockets stay responsive.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});

import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Three kinds of test, one command (`npm test`):
// - unit: lib/ and components/ with fakeBrowser and fake-indexeddb;
// - integration: the real emulator and companion over HTTP on 127.0.0.1, ephemeral ports;
// - e2e: real Chromium / Firefox with the built extension loaded; and the budgets of that build (tests/budgets:
//   its sizes, and every benchmark run to the end in a small smoke mode), which need it too.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'components/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['fake-indexeddb/auto', './tests/unit/setup/chrome-storage.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/budgets/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

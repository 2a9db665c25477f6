import { defineConfig } from '@playwright/test';

// Debian's Chromium (Playwright cannot download browsers on the build machines). The flags keep it
// from reaching for hosts that do not answer. The renderer is the built one (npm run build first).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  // One retry, for one failure only: a worker process whose runtime crashed (SIGTRAP, SIGSEGV: a V8
  // fault no Node release fixes). The guard reporter fails the run when any other failure was retried.
  retries: 1,
  // Generous: CI may run on 2 busy cores. Tests wait on conditions, so a passing run is no slower.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // The reliability reporter collects the cases docs/RELIABILITY.md is generated from; the
  // worker-crash guard comes last, so that its verdict on retried tests is the run's status.
  reporter: [['list'], ['./build/reliability/playwright-reporter.ts'], ['./build/reliability/worker-crash-retries.ts']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1360, height: 860 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});

import { defineConfig } from '@playwright/test';

// The project's retry policy (one retry, judged by the worker-crash guard) and its reliability
// reporter on stand-in tests that fail their first attempt in one way each;
// worker-crash-retries.test.ts runs them by file name.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 1,
  // The reliability reporter writes where the test says (CRASH_RETRIES_RESULTS), never the project's file.
  reporter: [['list'], ['../../playwright-reporter.ts', { dir: process.env.CRASH_RETRIES_RESULTS }], ['../../worker-crash-retries.ts']],
});

import { defineConfig } from '@playwright/test';

// The project's retry policy (one retry, judged by the worker-crash guard) on stand-in tests that
// fail their first attempt in one way each; worker-crash-retries.test.ts runs them by file name.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 1,
  reporter: [['list'], ['../../worker-crash-retries.ts']],
});

import { test } from '@playwright/test';

// Dies on its first attempt killed from outside (SIGKILL, as an out-of-memory killer would): not a
// runtime crash, so the guard does not count its retry.
test('killed by SIGKILL once', () => {
  if (test.info().retry === 0) process.kill(process.pid, 'SIGKILL');
});

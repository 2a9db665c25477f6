import { test } from '@playwright/test';

// Dies on its first attempt as V8's fatal CHECK kills a worker: SIGTRAP.
test('killed by SIGTRAP once', () => {
  if (test.info().retry === 0) process.kill(process.pid, 'SIGTRAP');
});

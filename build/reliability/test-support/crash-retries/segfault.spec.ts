import { test } from '@playwright/test';

// Dies on its first attempt as a faulting native addon would: SIGSEGV, which the guard does not retry.
test('killed by SIGSEGV once', () => {
  if (test.info().retry === 0) process.kill(process.pid, 'SIGSEGV');
});

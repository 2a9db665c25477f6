import { test } from '@playwright/test';

// Dies on its first attempt as a crashing runtime does by SIGSEGV: retried, as a SIGTRAP is.
test('killed by SIGSEGV once', () => {
  if (test.info().retry === 0) process.kill(process.pid, 'SIGSEGV');
});

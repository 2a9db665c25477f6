import { expect, test } from '@playwright/test';

// Fails its first attempt on an assertion, passes its retry: a flaky test, which the guard refuses.
test('fails its assertion once', () => {
  expect(test.info().retry, 'the attempt').toBe(1);
});

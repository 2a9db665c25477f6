/**
 * For tests of answers that arrive out of turn: resolves after one macrotask, by which time every
 * promise callback queued so far has run (an answer released by the test, and what awaited it).
 * It waits on no clock, so it asserts that something did *not* happen without a sleep.
 */
export function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

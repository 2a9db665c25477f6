import { describe, expect, it } from 'vitest';
import { monotonicMs } from './monotonic-ms.ts';

describe('monotonicMs', () => {
  it('counts milliseconds as performance.now does, never backwards', () => {
    // Each reading of ours is bracketed by two of performance.now, so a pause anywhere (a busy
    // machine) widens the bounds instead of failing the test.
    const before = [performance.now(), monotonicMs(), performance.now()] as const;
    let last = before[1];
    // ~20 ms on both clocks: a clock in ns or s would be a million or a thousand times off.
    while (performance.now() - before[0] < 20) {
      const now = monotonicMs();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
    const after = [performance.now(), monotonicMs(), performance.now()] as const;
    const elapsed = after[1] - before[1];
    // performance.now is coarsened to a few µs: allow that much either side.
    expect(elapsed).toBeGreaterThanOrEqual(after[0] - before[2] - 0.1);
    expect(elapsed).toBeLessThanOrEqual(after[2] - before[0] + 0.1);
  });
});

import { describe, expect, it } from 'vitest';
import { monotonicMs } from './monotonic-ms.ts';

describe('monotonicMs', () => {
  it('counts milliseconds as performance.now does, never backwards', async () => {
    const clockStart = monotonicMs();
    const perfStart = performance.now();
    let last = clockStart;
    // A busy wait of ~30 ms on both clocks: a clock in ns or s would be 1e6 or 1e-3 times off.
    while (performance.now() - perfStart < 30) {
      const now = monotonicMs();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
    const elapsed = monotonicMs() - clockStart;
    const perfElapsed = performance.now() - perfStart;
    expect(Math.abs(elapsed - perfElapsed)).toBeLessThan(5);
  });
});

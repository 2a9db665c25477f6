import { describe, expect, it } from 'vitest';
import { smoothGaussian } from './rng.ts';

const PERIOD = 6_000;
const read = (timeMs: number) => smoothGaussian(7, PERIOD, timeMs, 'test');
// 20,000 reads over about 5,000 periods (1,537 ms apart: no fixed place in a period).
const times = Array.from({ length: 20_000 }, (_, i) => i * 1_537 + 250);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('smoothGaussian', () => {
  it('is a unit normal wherever it is read between its draws', () => {
    const values = times.map(read);
    expect(Math.abs(mean(values))).toBeLessThan(0.1);
    expect(Math.abs(mean(values.map((value) => value ** 2)) - 1)).toBeLessThan(0.1);
  });

  it('barely moves over a small part of its period, and forgets after two', () => {
    const near = times.map((time) => Math.abs(read(time + PERIOD / 24) - read(time)));
    const far = times.map((time) => read(time) * read(time + 2 * PERIOD));
    // A quarter second of a 6 s period: a tenth of a standard deviation or less, typically.
    expect(mean(near)).toBeLessThan(0.1);
    // Two periods apart the draws are independent: no correlation left.
    expect(Math.abs(mean(far))).toBeLessThan(0.1);
  });
});

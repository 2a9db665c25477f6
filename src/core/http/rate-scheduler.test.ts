import { describe, expect, it } from 'vitest';
import { RateScheduler } from './rate-scheduler.ts';
import { backoffDelay, parseRetryAfter } from './retry.ts';

describe('RateScheduler', () => {
  it('spaces starts of one key by at least 1000/rps ms', async () => {
    const scheduler = new RateScheduler({ safetyMargin: 0 });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => scheduler.acquire('p', 50).then(() => starts.push(performance.now()))));
    for (let index = 1; index < starts.length; index += 1) expect(starts[index]! - starts[index - 1]!).toBeGreaterThanOrEqual(19);
  });

  it('does not make one profile wait for another', async () => {
    const scheduler = new RateScheduler();
    await scheduler.acquire('a', 1);
    const started = performance.now();
    await scheduler.acquire('b', 1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('removes a cancelled item from the queue and rejects it with the reason', async () => {
    const scheduler = new RateScheduler();
    await scheduler.acquire('p', 1);
    const controller = new AbortController();
    const queued = scheduler.acquire('p', 1, controller.signal);
    expect(scheduler.queued('p')).toBe(1);
    controller.abort(new Error('stop'));
    await expect(queued).rejects.toThrow('stop');
    expect(scheduler.queued('p')).toBe(0);
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('draws backoff with full jitter under an exponential, capped ceiling', () => {
    expect(backoffDelay(1, 100, 1000, () => 0.999)).toBe(99);
    expect(backoffDelay(3, 100, 1000, () => 0.999)).toBe(399);
    expect(backoffDelay(10, 100, 1000, () => 0.999)).toBe(999);
    expect(backoffDelay(2, 100, 1000, () => 0)).toBe(0);
  });
});

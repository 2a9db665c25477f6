import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateScheduler, splitFinishesSooner, type PaceGroup } from './rate-scheduler.ts';
import { backoffDelay, parseRetryAfter } from './retry.ts';

// A fake clock drives the scheduler's timers: each start is stamped with the time it was released,
// and its request is written at once.
function scheduled(rps: number) {
  const scheduler = new RateScheduler({ now: () => Date.now() });
  const starts: { label: string; at: number }[] = [];
  const ask = (label: string, group?: PaceGroup, key = 'p') =>
    scheduler.acquire(key, rps, undefined, group).then((start) => {
      start.written();
      starts.push({ label, at: Date.now() });
    });
  return { scheduler, starts, ask };
}

describe('RateScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts up to floor(rps) at once, then one more each time the oldest start leaves its 1.025 s window', async () => {
    const { starts, ask } = scheduled(3);
    for (const label of ['a', 'b', 'c', 'd', 'e']) void ask(label);
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([{ label: 'a', at: 0 }, { label: 'b', at: 0 }, { label: 'c', at: 0 }]);
    await vi.advanceTimersByTimeAsync(1024);
    expect(starts).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.slice(3)).toEqual([{ label: 'd', at: 1025 }, { label: 'e', at: 1025 }]);
  });

  it('never lets floor(rps) + 1 starts into one window, whatever the groups and the timing of the asks', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (const rps of [1, 2, 5, 7.5, 100]) {
      const { starts, ask } = scheduled(rps);
      const limit = Math.floor(rps);
      const asked: Promise<void>[] = [];
      for (let index = 0; index < 300; index += 1) {
        const size = 1 + Math.floor(random() * 3);
        for (let member = 0; member < size; member += 1) asked.push(ask(`${index}.${member}`, size > 1 ? { id: String(index), size } : undefined));
        await vi.advanceTimersByTimeAsync(Math.floor(random() * 400));
      }
      while (starts.length < asked.length) await vi.advanceTimersByTimeAsync(10_000);
      const times = starts.map((start) => start.at);
      // Any two starts `limit` apart in order are a whole window (1025 ms) apart: no fixed
      // one-second window, even with 25 ms of arrival jitter, holds more than `limit`.
      for (let index = 0; index + limit < times.length; index += 1) expect(times[index + limit]! - times[index]!, `rps ${rps}`).toBeGreaterThanOrEqual(1025);
    }
  });

  it('never lets floor(rps) + 1 writes into one window, however long each request waits for its connection', async () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (const rps of [1, 3, 5]) {
      const scheduler = new RateScheduler({ now: () => Date.now() });
      const writes: number[] = [];
      const asked: Promise<void>[] = [];
      for (let index = 0; index < 120; index += 1) {
        const size = 1 + Math.floor(random() * 2);
        for (let member = 0; member < size; member += 1) {
          // A new socket's connection and handshake: up to 1.5 windows, a warm socket none.
          const connectMs = random() < 0.3 ? Math.floor(random() * 1_500) : 0;
          const group = size > 1 ? { id: String(index), size } : undefined;
          asked.push(scheduler.acquire('p', rps, undefined, group).then(async (start) => {
            await new Promise((resolve) => setTimeout(resolve, connectMs));
            start.written();
            writes.push(Date.now());
          }));
        }
        await vi.advanceTimersByTimeAsync(Math.floor(random() * 300));
      }
      while (writes.length < asked.length) await vi.advanceTimersByTimeAsync(10_000);
      const limit = Math.floor(rps);
      writes.sort((a, b) => a - b);
      for (let index = 0; index + limit < writes.length; index += 1) expect(writes[index + limit]! - writes[index]!, `rps ${rps}`).toBeGreaterThanOrEqual(1025);
    }
  });

  it("starts a group's members together, waiting until the window has room for all of them", async () => {
    const { starts, ask } = scheduled(5);
    for (const label of ['a', 'b', 'c', 'd']) void ask(label);
    void ask('ah', { id: 'chain 1', size: 2 });
    void ask('p2', { id: 'chain 1', size: 2 });
    void ask('after');
    await vi.advanceTimersByTimeAsync(0);
    // One slot is left and the pair needs two: it waits, and so does what was asked after it.
    expect(starts.map((start) => start.label)).toEqual(['a', 'b', 'c', 'd']);
    await vi.advanceTimersByTimeAsync(1025);
    expect(starts.slice(4)).toEqual([{ label: 'ah', at: 1025 }, { label: 'p2', at: 1025 }, { label: 'after', at: 1025 }]);
  });

  it('keeps a group together while what waits fits the next window, and splits it rather than leave slots empty when more waits', async () => {
    // Four starts at 0 and two at 500: at 1025 three slots are free, then one, until 1525.
    const run = async (singlesBehind: number) => {
      const { starts, ask } = scheduled(5);
      const t0 = Date.now();
      for (const label of ['a', 'b', 'c', 'd']) void ask(label);
      await vi.advanceTimersByTimeAsync(500);
      for (const label of ['e', 'f']) void ask(label);
      await vi.advanceTimersByTimeAsync(0);
      void ask('1ah', { id: 'chain 1', size: 2 });
      void ask('1p2', { id: 'chain 1', size: 2 });
      void ask('2ah', { id: 'chain 2', size: 2 });
      void ask('2p2', { id: 'chain 2', size: 2 });
      for (let index = 0; index < singlesBehind; index += 1) void ask(`s${index}`);
      await vi.advanceTimersByTimeAsync(3000);
      return Object.fromEntries(starts.map((start) => [start.label, start.at - t0]));
    };
    // Two pairs and nothing behind: chain 2 waits for a window with room for both its sides.
    const few = await run(0);
    expect([few['1ah'], few['1p2'], few['2ah'], few['2p2']]).toEqual([1025, 1025, 1525, 1525]);
    // Four more behind them: waiting would leave a slot empty, so chain 2 starts one side at once.
    const many = await run(4);
    expect([many['1ah'], many['1p2'], many['2ah'], many['2p2']]).toEqual([1025, 1025, 1025, 1525]);
  });

  it('keeps every pair of a small ladder together, since splitting would not start the last one sooner', async () => {
    const { starts, ask } = scheduled(5);
    for (let pair = 0; pair < 8; pair += 1) for (const side of ['ah', 'p2']) void ask(`${pair}${side}`, { id: `size ${pair}`, size: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    const at = Object.fromEntries(starts.map((start) => [start.label, start.at]));
    for (let pair = 0; pair < 8; pair += 1) expect(at[`${pair}p2`], `pair ${pair}`).toBe(at[`${pair}ah`]);
    // Two pairs a window, the last at 3,075 ms: where 16 starts one by one at 5 a window end too.
    expect(starts.map((start) => start.at)).toEqual([0, 0, 0, 0, 1025, 1025, 1025, 1025, 2050, 2050, 2050, 2050, 3075, 3075, 3075, 3075]);
  });

  it('splits a group only when that drains the queue in fewer windows', () => {
    // What waits fits one window: never.
    expect(splitFinishesSooner(5, 5, 2, 1)).toBe(false);
    // 12 left as pairs at 5 rps: 3 windows together, 3 split (11 after the one now).
    expect(splitFinishesSooner(12, 5, 2, 1)).toBe(false);
    // 200 as pairs: 50 windows together, 40 split.
    expect(splitFinishesSooner(200, 5, 2, 1)).toBe(true);
    // Triples at 7 rps fill 6 of 7 slots: 70 requests take 12 windows together, 10 split.
    expect(splitFinishesSooner(70, 7, 3, 1)).toBe(true);
  });

  it("holds a group's slots for a member that asks later, and only while their window is open", async () => {
    const { starts, ask } = scheduled(2);
    void ask('ah', { id: 'chain 1', size: 2 });
    await vi.advanceTimersByTimeAsync(500);
    void ask('single');
    await vi.advanceTimersByTimeAsync(0);
    // The pair holds both slots: a single request waits for the window, the late member does not.
    expect(starts.map((start) => start.label)).toEqual(['ah']);
    void ask('p2', { id: 'chain 1', size: 2 });
    await vi.advanceTimersByTimeAsync(0);
    // 'single' asked first but waits for a slot; the member starts at once on the one held for it.
    expect(starts).toEqual([{ label: 'ah', at: 0 }, { label: 'p2', at: 500 }]);
    await vi.advanceTimersByTimeAsync(525);
    expect(starts.map((start) => `${start.label}@${start.at}`)).toEqual(['ah@0', 'p2@500', 'single@1025']);
    // A member asking after its group's slots have left the window takes one slot, like any request.
    const late = scheduled(2);
    const t0 = Date.now();
    void late.ask('ah', { id: 'chain 2', size: 2 });
    await vi.advanceTimersByTimeAsync(2000);
    void late.ask('p2', { id: 'chain 2', size: 2 });
    void late.ask('single');
    await vi.advanceTimersByTimeAsync(0);
    expect(late.starts.map((start) => `${start.label}@${start.at - t0}`)).toEqual(['ah@0', 'p2@2000', 'single@2000']);
  });

  it('spaces starts 1/rps seconds apart below one request per second', async () => {
    const { starts, ask } = scheduled(0.5);
    for (const label of ['a', 'b', 'c']) void ask(label);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts.map((start) => start.at)).toEqual([0, 2050, 4100]);
  });

  it('does not make one profile wait for another', async () => {
    const { starts, ask } = scheduled(1);
    void ask('a', undefined, 'one');
    void ask('b', undefined, 'two');
    await vi.advanceTimersByTimeAsync(0);
    expect(starts.map((start) => start.label)).toEqual(['a', 'b']);
  });

  it('counts a start from when its request was written: a late write holds the next start back a window from the write', async () => {
    const { scheduler, starts, ask } = scheduled(2);
    const first = await scheduler.acquire('p', 2);
    const second = await scheduler.acquire('p', 2);
    void ask('third');
    void ask('fourth');
    // The first request waited 300 ms for its connection; the second went out at once.
    second.written();
    await vi.advanceTimersByTimeAsync(300);
    first.written();
    // Written again: nothing moves.
    await vi.advanceTimersByTimeAsync(100);
    first.written();
    await vi.advanceTimersByTimeAsync(10_000);
    // The third takes the second's slot a window after it; the fourth the first's, a window after
    // its write, not after its release (1025).
    expect(starts).toEqual([{ label: 'third', at: 1025 }, { label: 'fourth', at: 1325 }]);
  });

  it('holds a start\'s slot until its request is written, however long past its window that is', async () => {
    const { scheduler, starts, ask } = scheduled(1);
    const slow = await scheduler.acquire('p', 1);
    void ask('next');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(starts).toEqual([]);
    slow.written();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toEqual([{ label: 'next', at: 3025 }]);
  });

  it('removes a cancelled item from the queue and rejects it with the reason', async () => {
    const scheduler = new RateScheduler({ now: () => Date.now() });
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
    // Sent twice and joined (undici joins repeated headers): the longer wait, not a date in 2001.
    expect(parseRetryAfter('1, 1', now)).toBe(1000);
    expect(parseRetryAfter('2,5', now)).toBe(5000);
    // Neither delta-seconds nor an HTTP date: the client's own backoff, not a 0 ms wait.
    for (const value of ['2.5', '-1', '5 5']) expect(parseRetryAfter(value, now)).toBeNull();
  });

  it('draws backoff with full jitter under an exponential, capped ceiling', () => {
    expect(backoffDelay(1, 100, 1000, () => 0.999)).toBe(99);
    expect(backoffDelay(3, 100, 1000, () => 0.999)).toBe(399);
    expect(backoffDelay(10, 100, 1000, () => 0.999)).toBe(999);
    expect(backoffDelay(2, 100, 1000, () => 0)).toBe(0);
  });
});

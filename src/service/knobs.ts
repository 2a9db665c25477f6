import { ServiceFailure } from './errors.ts';
import { sequence } from './rng.ts';

/**
 * Test and demo knobs: a fixed one-second rate-limit window per key, and seeded fault injection
 * (a share of requests answered with a 500 or a dropped connection).
 */

/** Fixed one-second windows per key; over the limit a request gets 429 RATE_LIMITED with Retry-After. */
export class RateLimiter {
  readonly #rps: number;
  readonly #windows = new Map<string, { second: number; count: number }>();

  constructor(rps: number) {
    this.#rps = rps;
  }

  /** Counts a request of `key` at `nowMs`, or throws the 429 when the window is full. */
  take(key: string, nowMs: number): void {
    const second = Math.floor(nowMs / 1000);
    const window = this.#windows.get(key);
    if (!window || window.second !== second) {
      this.#windows.set(key, { second, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > this.#rps) {
      const retryAfter = String(Math.max(1, Math.ceil(((second + 1) * 1000 - nowMs) / 1000)));
      throw new ServiceFailure('RATE_LIMITED', `Rate limit of ${this.#rps} requests per second exceeded`, undefined, { 'retry-after': retryAfter });
    }
  }
}

/** What a fault does to a request. */
export type Fault = 'none' | 'drop' | 'INTERNAL_SERVER_ERROR' | 'UNCATEGORIZED';

/** Draws faults at a rate from a seeded sequence: a third each dropped, INTERNAL_SERVER_ERROR, UNCATEGORIZED. */
export function faultDrawer(rate: number, seed: number): () => Fault {
  const next = sequence(seed ^ 0x5eed);
  return () => {
    if (rate <= 0 || next() >= rate) return 'none';
    const kind = next();
    return kind < 1 / 3 ? 'drop' : kind < 2 / 3 ? 'INTERNAL_SERVER_ERROR' : 'UNCATEGORIZED';
  };
}

/** A delay in ms: the base latency plus a seeded uniform jitter. */
export function delayDrawer(latencyMs: number, jitterMs: number, seed: number): () => number {
  const next = sequence(seed ^ 0x1a7e);
  return () => Math.max(0, latencyMs + (jitterMs > 0 ? next() * jitterMs : 0));
}

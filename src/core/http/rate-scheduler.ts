import { monotonicMs } from '../monotonic-ms.ts';

/**
 * Per-profile request pacing, so that a batch never causes a 429 by itself.
 *
 * Why spaced slots rather than a token bucket with a burst: the local service (and many gateways)
 * count requests in FIXED one-second windows per key. A bucket that allows a burst of N at the end
 * of one window and N more at the start of the next sends 2N within a few ms and stays "under N per
 * second" on average while still being refused. Starting requests at least 1000/rps ms apart means
 * any one-second window, wherever its boundary falls, holds at most rps starts. A small safety
 * margin widens the spacing so that a few ms of network jitter between send and arrival (e.g. the
 * first request paying for a TLS handshake, the next reusing the socket) cannot squeeze rps + 1
 * arrivals into one window: with margin m, arrivals may jitter by up to rps x m x 1000/rps = 1000 m ms.
 */

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Lane {
  queue: Waiter[];
  lastStart: number;
  timer: ReturnType<typeof setTimeout> | null;
  intervalMs: number;
}

/** How the scheduler paces. */
export interface RateSchedulerOptions {
  /** Extra spacing as a share of 1000/rps (default 0.025: tolerates 25 ms of arrival jitter). */
  safetyMargin?: number;
  /** Monotonic clock in ms (default monotonicMs). */
  now?: () => number;
}

/** Queues request starts per key (the profile id) and releases them at most rps per second. */
export class RateScheduler {
  readonly #lanes = new Map<string, Lane>();
  readonly #margin: number;
  readonly #now: () => number;

  constructor(options: RateSchedulerOptions = {}) {
    this.#margin = options.safetyMargin ?? 0.025;
    this.#now = options.now ?? monotonicMs;
  }

  /**
   * Resolves when `key` may start a request under `rps`; rejects with the signal's reason if it
   * aborts first, and the aborted item leaves the queue so it does not hold a slot.
   */
  acquire(key: string, rps: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const lane = this.#lane(key, rps);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: () => this.#remove(key, lane, waiter) };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      lane.queue.push(waiter);
      this.#pump(key, lane);
    });
  }

  /** How many starts wait for `key` (for tests and status views). */
  queued(key: string): number {
    return this.#lanes.get(key)?.queue.length ?? 0;
  }

  #lane(key: string, rps: number): Lane {
    // Non-positive or non-finite budgets mean "unlimited": no spacing.
    const intervalMs = rps > 0 && Number.isFinite(rps) ? (1000 / rps) * (1 + this.#margin) : 0;
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { queue: [], lastStart: Number.NEGATIVE_INFINITY, timer: null, intervalMs };
      this.#lanes.set(key, lane);
    }
    lane.intervalMs = intervalMs;
    return lane;
  }

  #remove(key: string, lane: Lane, waiter: Waiter): void {
    const index = lane.queue.indexOf(waiter);
    if (index >= 0) lane.queue.splice(index, 1);
    waiter.reject(waiter.signal?.reason);
    this.#pump(key, lane);
  }

  #pump(key: string, lane: Lane): void {
    if (lane.timer !== null) return;
    while (lane.queue.length > 0) {
      const now = this.#now();
      const due = lane.lastStart + lane.intervalMs;
      if (now < due) {
        lane.timer = setTimeout(() => {
          lane.timer = null;
          this.#pump(key, lane);
        }, Math.ceil(due - now));
        return;
      }
      const waiter = lane.queue.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      // The actual release time, not `due`: a late timer must not let the next start come early.
      lane.lastStart = now;
      waiter.resolve();
    }
    // An idle lane is dropped once its spacing has passed, so the map does not grow with profiles.
    if (this.#now() - lane.lastStart >= lane.intervalMs) this.#lanes.delete(key);
  }
}

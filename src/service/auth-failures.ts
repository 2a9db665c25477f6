import { HEADER_NAMES } from '../spec/index.ts';
import { ServiceFailure } from './errors.ts';

/**
 * A per-address limit on failed authentication (missing or unknown `svc-api-key`). The per-key
 * rate limit cannot see these requests (there is no valid key to count them against), so without
 * this an address could guess keys as fast as the listener answers. Over the limit within the
 * one-second window, a failing request gets 429 RATE_LIMITED with Retry-After instead of 401.
 */
export class AuthFailureLimiter {
  readonly #perSecond: number;
  readonly #windows = new Map<string, { second: number; count: number }>();

  constructor(perSecond: number) {
    this.#perSecond = perSecond;
  }

  /** Counts one failed authentication from `address` at `nowMs`; throws the 429 once over the limit. */
  fail(address: string, nowMs: number): void {
    const second = Math.floor(nowMs / 1000);
    const window = this.#windows.get(address);
    if (!window || window.second !== second) {
      // Old windows go on the next new one, so a scan of many addresses cannot grow the map unbounded.
      if (this.#windows.size > 10_000) this.#windows.clear();
      this.#windows.set(address, { second, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > this.#perSecond) {
      const retryAfter = String(Math.max(1, Math.ceil(((second + 1) * 1000 - nowMs) / 1000)));
      throw new ServiceFailure('RATE_LIMITED', `Too many requests with a missing or unknown ${HEADER_NAMES.apiKey} from this address`, undefined, { 'retry-after': retryAfter });
    }
  }
}

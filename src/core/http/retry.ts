/**
 * Retry policy of the client: which answers are retried and how long to wait. GET is idempotent, so
 * a retry can never do a trade twice; only the statuses that say "try later" are retried.
 */

/** Statuses a GET retries (issue 4, item 3). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/**
 * The wait a `Retry-After` header asks for, in ms: delta-seconds or an HTTP date (RFC 9110 10.2.3).
 * A header sent twice (a gateway's and the service's) reaches undici joined ("1, 1"): the longer
 * wait is kept. Null when absent or unreadable, so the caller falls back to its own backoff: Date.parse
 * alone read "2.5", "-1" and "1, 1" as days in 2001, a wait of 0 ms, and the retry went at once.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+(?:\s*,\s*\d+)*$/.test(text)) return Math.max(...text.split(',').map(Number)) * 1000;
  // Each of the three HTTP-date forms starts with the day's name.
  if (!/^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/**
 * Exponential backoff with full jitter (a uniform draw in [0, base x 2^(attempt-1)], capped), so
 * clients that failed together do not retry together.
 */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

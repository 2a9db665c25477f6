import { ServiceFailure, errorBody } from './errors.ts';
import { createHandler, type HandlerConfig, type HandlerRequest, type HandlerResponse } from './handler.ts';
import type { RateLimiter } from './knobs.ts';

/**
 * Per-key rate limits shared by the workers of `serve --workers N`. Connections are spread over the
 * workers whatever key they carry, so no worker can count a key alone: one RateLimiter lives in the
 * primary process and every worker asks it over the cluster's IPC channel. The worker still runs
 * the handler's checks in their order (path, method, key, then the limit, then the rest): the
 * handler runs with a limiter that only notes that the request reached the limit step, and when it
 * did, the primary's answer decides between that result and the 429 the handler would have given.
 */

/** The primary's answer for one request: allowed, or refused with the message and Retry-After. */
export type RateDecision = { allowed: true } | { allowed: false; message: string; retryAfter: string };

/** Asks whoever holds the windows to count one request of `key` at `nowMs`. */
export type AskRateLimit = (key: string, nowMs: number) => Promise<RateDecision>;

/** Counts a request in `limiter` and turns its 429 into a decision (the primary's side). */
export function decide(limiter: RateLimiter, key: string, nowMs: number): RateDecision {
  try {
    limiter.take(key, nowMs);
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof ServiceFailure)) throw error;
    return { allowed: false, message: error.message, retryAfter: error.headers['retry-after'] ?? '1' };
  }
}

/** A handler whose rate limit is decided by `ask` (the workers' side). */
export function createSharedLimitHandler(config: Omit<HandlerConfig, 'rateLimiter'>, ask: AskRateLimit): (request: HandlerRequest) => HandlerResponse | Promise<HandlerResponse> {
  let reached: { key: string; nowMs: number } | null = null;
  const handle = createHandler({ ...config, rateLimiter: { take: (key, nowMs) => void (reached = { key, nowMs }) } });
  return (request) => {
    reached = null;
    const answer = handle(request);
    const asked = reached as { key: string; nowMs: number } | null;
    if (!asked) return answer;
    return ask(asked.key, asked.nowMs).then((decision) => {
      if (decision.allowed) return answer;
      const headers = { ...answer.headers, 'retry-after': decision.retryAfter };
      return { ...answer, status: 429, headers, body: errorBody('RATE_LIMITED', decision.message, answer.zid) };
    });
  };
}

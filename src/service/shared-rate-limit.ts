import { ServiceFailure, errorBody } from './errors.ts';
import { createHandler, type HandlerConfig, type HandlerRequest, type HandlerResponse } from './handler.ts';

/**
 * Rate limits shared by the workers of `serve --workers N`: the per-key limit and the per-address
 * limit on missing or unknown keys (auth-failures.ts). Connections are spread over the workers
 * whatever key or address they carry, so no worker can count either alone: the windows live in the
 * primary process and every worker asks it over the cluster's IPC channel. The worker still runs
 * the handler's checks in their order (path, method, key, then the limit, then the rest): the
 * handler runs with limiters that only note which step the request reached, and when it reached
 * one, the primary's answer decides between that result and the 429 the handler would have given.
 */

/** Which window a request counts in: its key's, or (a missing or unknown key) its address's. */
export type RateWindow = 'key' | 'auth-failure';

/** The primary's answer for one request: allowed, or refused with the message and Retry-After. */
export type RateDecision = { allowed: true } | { allowed: false; message: string; retryAfter: string };

/** Asks whoever holds the windows to count one request of `id` (a key or an address) at `nowMs`. */
export type AskRateLimit = (window: RateWindow, id: string, nowMs: number) => Promise<RateDecision>;

/** Counts a request with `count` (a limiter's take or fail) and turns its 429 into a decision (the primary's side). */
export function decide(count: () => void): RateDecision {
  try {
    count();
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof ServiceFailure)) throw error;
    return { allowed: false, message: error.message, retryAfter: error.headers['retry-after'] ?? '1' };
  }
}

/** A handler whose rate limits are decided by `ask` (the workers' side). */
export function createSharedLimitHandler(config: Omit<HandlerConfig, 'rateLimiter' | 'authFailures'>, ask: AskRateLimit): (request: HandlerRequest) => HandlerResponse | Promise<HandlerResponse> {
  let reached: { window: RateWindow; id: string; nowMs: number } | null = null;
  const handle = createHandler({
    ...config,
    rateLimiter: { take: (key, nowMs) => void (reached = { window: 'key', id: key, nowMs }) },
    authFailures: { fail: (address, nowMs) => void (reached = { window: 'auth-failure', id: address, nowMs }) },
  });
  return (request) => {
    reached = null;
    const answer = handle(request);
    const asked = reached as { window: RateWindow; id: string; nowMs: number } | null;
    if (!asked) return answer;
    return ask(asked.window, asked.id, asked.nowMs).then((decision) => {
      if (decision.allowed) return answer;
      const headers = { ...answer.headers, 'retry-after': decision.retryAfter };
      return { ...answer, status: 429, headers, body: errorBody('RATE_LIMITED', decision.message, answer.zid) };
    });
  };
}

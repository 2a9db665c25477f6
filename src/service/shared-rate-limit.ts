import { AuthFailureLimiter } from './auth-failures.ts';
import { ServiceFailure, errorBody } from './errors.ts';
import { createHandler, type HandlerConfig, type HandlerRequest, type HandlerResponse } from './handler.ts';
import { RateLimiter } from './knobs.ts';

/**
 * Rate limits shared by the processes of `serve --workers N`: the per-key limit and the per-address
 * limit on missing or unknown keys (auth-failures.ts). Connections are spread over the processes
 * whatever key or address they carry, so no process can count either alone: the windows live in the
 * primary process, which counts its own requests in them directly and answers every worker's ask
 * over the cluster's IPC channel. The worker still runs the handler's checks in their order (path,
 * method, key, then the limit, then the rest): the handler runs with limiters that only note which
 * step the request reached, and when it reached one, the primary's answer decides between that
 * result and the 429 the handler would have given.
 */

/** Which window a request counts in: its key's, or (a missing or unknown key) its address's. */
export type RateWindow = 'key' | 'auth-failure';

/** The primary's answer for one request: allowed, or refused with the message and Retry-After. */
export type RateDecision = { allowed: true } | { allowed: false; message: string; retryAfter: string };

/** Asks whoever holds the windows to count one request of `id` (a key or an address) at `nowMs`. */
export type AskRateLimit = (window: RateWindow, id: string, nowMs: number) => Promise<RateDecision>;

/** The windows of every process, held by the primary: its own handler counts in them, and its workers ask `decide`. */
export class SharedRateWindows {
  /** Per key. */
  readonly perKey: RateLimiter;
  /** Per address, for missing or unknown keys. */
  readonly perAddress: AuthFailureLimiter;

  constructor(rps: number) {
    this.perKey = new RateLimiter(rps);
    this.perAddress = new AuthFailureLimiter(rps);
  }

  /** Counts a worker's request of `id` in `window` at `nowMs` and turns a 429 into a decision. */
  decide(window: RateWindow, id: string, nowMs: number): RateDecision {
    try {
      if (window === 'key') this.perKey.take(id, nowMs);
      else this.perAddress.fail(id, nowMs);
      return { allowed: true };
    } catch (error) {
      if (!(error instanceof ServiceFailure)) throw error;
      return { allowed: false, message: error.message, retryAfter: error.headers['retry-after'] ?? '1' };
    }
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

import { ENDPOINTS, toFieldErrors, type EndpointId } from '../spec/index.ts';
import type { Team } from './auth.ts';
import { ServiceFailure, newZid } from './errors.ts';
import { serviceDetails } from './input-details.ts';
import type { Market } from './market/liquidity.ts';
import type { BlockedLists } from './swap/checks.ts';
import { priceSwap } from './swap/price.ts';
import type { AnySwapQuery } from './swap/resolve.ts';

/**
 * Prices a raw query of one of the four swap endpoints in process, with no server: the query goes
 * through the spec schema like an HTTP request, then the market. For benchmarks, tests of the
 * maths, and tools that want the local market without HTTPS.
 */

/** The swap endpoints. */
export type SwapEndpointId = Extract<EndpointId, 'allowance-holder.price' | 'allowance-holder.quote' | 'permit2.price' | 'permit2.quote'>;

/** Options of an in-process price. */
export interface PriceQueryOptions {
  /** Wall clock in ms (default now). */
  nowMs?: number;
  /** Price at this block instead of the clock's. */
  block?: number;
  team?: Team;
  blocked?: BlockedLists;
}

/** The outcome: the 200 body, or the error name, status and message the service would answer. */
export type PriceQueryResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; status: number; name: string; message: string; details?: { field: string; reason: string }[] };

const DEFAULT_TEAM: Team = { name: 'in-process', plan: 'custom', solanaSources: [] };

/** Prices `query` (wire form: strings) as endpoint `id` would. */
export function priceQuery(market: Market, id: SwapEndpointId, query: Record<string, string>, options: PriceQueryOptions = {}): PriceQueryResult {
  const parsed = ENDPOINTS[id].query.safeParse(query);
  if (!parsed.success) return { ok: false, status: 400, name: 'INPUT_INVALID', message: 'Invalid input', details: serviceDetails(toFieldErrors(parsed.error, query), query) };
  const [model, kind] = id.split('.') as ['allowance-holder' | 'permit2', 'price' | 'quote'];
  const ctx = { market, team: options.team ?? DEFAULT_TEAM, blocked: options.blocked ?? {}, nowMs: options.nowMs ?? Date.now(), zid: newZid(), ...(options.block !== undefined ? { block: options.block } : {}) };
  try {
    return { ok: true, body: priceSwap(ctx, model, kind === 'quote', parsed.data as AnySwapQuery) };
  } catch (error) {
    if (!(error instanceof ServiceFailure)) throw error;
    return { ok: false, status: error.status, name: error.errorName, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
}

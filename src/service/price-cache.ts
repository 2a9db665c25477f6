import { chainById } from '../domain/chains.ts';
import type { AllowanceModel } from '../spec/index.ts';
import { ServiceFailure } from './errors.ts';
import { chainParams } from './market/chain-params.ts';
import { blockAt } from './market/prices.ts';
import { withText } from './serialized-body.ts';
import type { priceSwap } from './swap/price.ts';
import type { AnySwapQuery, SwapContext } from './swap/resolve.ts';

/**
 * Per-block reuse of prices and quotes, as a real service caches per block: everything in an answer
 * depends on (chain, block, team, model, price or quote, the validated query) except the request's
 * zid, which appears in the body's `zid` and inside the transaction's calldata (the settler's
 * `execute` carries it verbatim). A hit returns the stored answer with the new zid put in both
 * places; refusals (ServiceFailure, which carry no zid) are stored and thrown again. Entries of a
 * chain are dropped when its block moves on. Answers are identical to uncached ones, zid aside
 * (price-cache.test.ts checks 10,000 random queries). A hit also carries its JSON text, the stored
 * answer's text with the zid swapped (serialized-body.ts), so the server need not serialise it.
 */

type PriceSwap = typeof priceSwap;
// `text`: the body's JSON, made on the first hit; null when the zid does not occur in it exactly
// where expected (then hits are serialised as usual).
type Stored = { body: Record<string, unknown>; zid: string; text?: string[] | null };
type Entry = Stored | { failure: ServiceFailure };

/** Entries kept per chain and block before the oldest are dropped (bounds memory under random amounts). */
const MAX_ENTRIES_PER_CHAIN = 5_000;

function keyOf(ctx: SwapContext, model: AllowanceModel, isQuote: boolean, query: AnySwapQuery): string {
  return JSON.stringify([model, isQuote, ctx.team.name, ctx.team.plan, query]);
}

// The stored body with `zid` in place of the one it was computed with; undefined when the old zid
// is not where a zid goes exactly once (never expected: then the caller computes afresh).
function withZid(entry: Stored, zid: string): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = { ...entry.body, zid };
  const transaction = entry.body.transaction as { data: string } | undefined;
  const old = entry.zid.slice(2);
  const at = transaction ? transaction.data.indexOf(old) : -1;
  if (transaction && at >= 0) {
    if (transaction.data.indexOf(old, at + 1) >= 0) return undefined;
    body.transaction = { ...transaction, data: transaction.data.slice(0, at) + zid.slice(2) + transaction.data.slice(at + old.length) };
  }
  // The text split at the old zid: once in the body's `zid`, once more in calldata that carries it.
  if (entry.text === undefined) {
    const parts = JSON.stringify(entry.body).split(old);
    entry.text = parts.length === (at >= 0 ? 3 : 2) ? parts : null;
  }
  return entry.text ? withText(body, entry.text.join(zid.slice(2))) : body;
}

/** Wraps `price` with a per-block cache; one cache per market (a handler). */
export function cachedPriceSwap(price: PriceSwap): PriceSwap {
  const chains = new Map<number, { block: number; entries: Map<string, Entry> }>();
  return (ctx, model, isQuote, query) => {
    // The block as Market.chainState finds it, without its gas and price draws (they cost a hit's time).
    const chainInfo = chainById(query.chainId);
    if (!chainInfo) return price(ctx, model, isQuote, query);
    const block = ctx.block ?? blockAt(chainParams(query.chainId, chainInfo.hasL1DataFee), ctx.nowMs);
    let chain = chains.get(query.chainId);
    if (!chain || chain.block !== block || chain.entries.size >= MAX_ENTRIES_PER_CHAIN) {
      chain = { block, entries: new Map() };
      chains.set(query.chainId, chain);
    }
    const key = keyOf(ctx, model, isQuote, query);
    const hit = chain.entries.get(key);
    if (hit && 'failure' in hit) throw hit.failure;
    const reused = hit && withZid(hit, ctx.zid);
    if (reused) return reused;
    try {
      const body = price(ctx, model, isQuote, query);
      chain.entries.set(key, { body, zid: ctx.zid });
      return body;
    } catch (error) {
      if (error instanceof ServiceFailure) chain.entries.set(key, { failure: error });
      throw error;
    }
  };
}

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
// A stored answer, and what a hit needs to put a new zid in it: the JSON text split at the zid
// (once in `zid`, once more in calldata that carries it) and the calldata around it. Made on the
// first hit; null when the zid is not where a zid goes exactly once (never expected: hits are then
// computed afresh).
type Stored = { body: Record<string, unknown>; zid: string; places?: ZidPlaces | null };
type ZidPlaces = { text: string[]; dataHead?: string; dataTail?: string };
type Entry = Stored | { failure: ServiceFailure };

/** Entries kept per chain and block before the oldest are dropped (bounds memory under random amounts). */
const MAX_ENTRIES_PER_CHAIN = 5_000;

// The JSON of a validated query, made once per query object: QueryMemo gives every repeat of a
// query the same frozen object, and this JSON was a tenth of a hit's time.
const queryJson = new WeakMap<object, string>();

function keyOf(ctx: SwapContext, model: AllowanceModel, isQuote: boolean, query: AnySwapQuery): string {
  let json = queryJson.get(query);
  if (json === undefined) {
    json = JSON.stringify(query);
    if (Object.isFrozen(query)) queryJson.set(query, json);
  }
  // A JSON array ends where it closes, so the two parts cannot run into each other.
  return JSON.stringify([model, isQuote, ctx.team.name, ctx.team.plan]) + json;
}

function zidPlacesOf(entry: Stored): ZidPlaces | null {
  const old = entry.zid.slice(2);
  const data = (entry.body.transaction as { data: string } | undefined)?.data;
  const at = data === undefined ? -1 : data.indexOf(old);
  if (data !== undefined && at >= 0 && data.indexOf(old, at + 1) >= 0) return null;
  const text = JSON.stringify(entry.body).split(old);
  if (text.length !== (at >= 0 ? 3 : 2)) return null;
  return at >= 0 ? { text, dataHead: data!.slice(0, at), dataTail: data!.slice(at + old.length) } : { text };
}

// The stored body with `zid` in place of the one it was computed with, and its JSON text; undefined
// when the old zid is not where a zid goes exactly once (then the caller computes afresh).
function withZid(entry: Stored, zid: string): Record<string, unknown> | undefined {
  if (entry.places === undefined) entry.places = zidPlacesOf(entry);
  const places = entry.places;
  if (places === null) return undefined;
  const hex = zid.slice(2);
  const body: Record<string, unknown> = { ...entry.body, zid };
  if (places.dataHead !== undefined) body.transaction = { ...(entry.body.transaction as object), data: places.dataHead + hex + places.dataTail };
  const [head, middle, tail] = places.text as [string, string, string?];
  return withText(body, tail === undefined ? head + hex + middle : head + hex + middle + hex + tail);
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

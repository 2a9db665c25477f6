import { chainById, type ChainInfo } from '../../domain/chains.ts';
import { addressHash, gaussianHash, smoothGaussian, unitHash } from '../rng.ts';
import { chainParams, type ChainParams, type SourceSpec } from './chain-params.ts';
import { GAS_PER_KIND, concentrated, constantProduct, rfq, stableswap, type PoolEdge, type Segment } from './pools.ts';
import { PriceModel, blockAt, blockTimeMs } from './prices.ts';
import { isMajor, liquidityWeight, type MarketToken } from './tokens.ts';

/**
 * The seeded market: which pools exist on each chain, how deep they are and where their prices sit
 * at a block. A pair's pools are built on demand from the reference prices of that block (pools sit
 * a few bps off the reference, as arbitrage lags) and cached for the block.
 */

/** A chain at one block: everything a price needs besides the tokens. */
export interface ChainState {
  chain: ChainInfo;
  params: ChainParams;
  block: number;
  timeMs: number;
  gasPriceWei: bigint;
  l1WeiPerByte: bigint;
}

/** The US dollar value of a pair's liquidity on Ethereum for two tokens of weight 1. */
const TOP_PAIR_USD = 600e6;
/** Pools smaller than this are not worth listing. */
const MIN_POOL_USD = 5_000;
/** How long a pool's lag behind the reference price (and a maker's spread) takes to be drawn anew. */
const ARBITRAGE_LAG_MS = 6_000;
const CL_RANGES = [
  { width: 0.003, share: 0.15 },
  { width: 0.01, share: 0.25 },
  { width: 0.03, share: 0.25 },
  { width: 0.1, share: 0.15 },
  { width: 0.3, share: 0.1 },
  { width: 0.9, share: 0.1 },
];

interface PairContext {
  state: ChainState;
  t0: MarketToken;
  t1: MarketToken;
  usd0: number;
  usd1: number;
}

/** A seeded market over every chain of the facts. */
export class Market {
  readonly seed: number;
  readonly prices: PriceModel;
  readonly #edgeCache = new Map<string, PoolEdge[]>();

  constructor(seed: number) {
    this.seed = seed;
    this.prices = new PriceModel(seed);
  }

  /** The state of a chain at a wall-clock time (or at a given block); undefined for an unknown chain. */
  chainState(chainId: number, nowMs: number, block?: number): ChainState | undefined {
    const chain = chainById(chainId);
    if (!chain) return undefined;
    const params = chainParams(chainId, chain.hasL1DataFee);
    const at = block ?? blockAt(params, nowMs);
    return {
      chain,
      params,
      block: at,
      timeMs: blockTimeMs(params, at),
      gasPriceWei: this.prices.gasPriceWei(chainId, params, at),
      l1WeiPerByte: this.prices.l1WeiPerByte(chainId, params, at),
    };
  }

  /** USD price of one whole token at the state's block. */
  usd(state: ChainState, token: MarketToken): number {
    const family = this.prices.familyOf(token.kind === 'native' ? (state.chain.wrappedNativeSymbol ?? token.symbol) : token.symbol, token.isStable);
    const key = token.kind === 'native' ? `${state.chain.chainId}:${state.chain.wrappedNative}` : `${state.chain.chainId}:${token.address.toLowerCase()}`;
    return this.prices.usdPrice(family, key, state.timeMs);
  }

  /** Source labels of a chain. */
  sourcesOf(chainId: number): string[] {
    const chain = chainById(chainId);
    return chain ? chainParams(chainId, chain.hasL1DataFee).sources.map((source) => source.label) : [];
  }

  /** The pools selling `sell` for `buy` at the state's block (empty when the pair has no liquidity). */
  edges(state: ChainState, sell: MarketToken, buy: MarketToken): PoolEdge[] {
    const key = `${state.chain.chainId}|${state.block}|${sell.address.toLowerCase()}|${buy.address.toLowerCase()}`;
    let edges = this.#edgeCache.get(key);
    if (!edges) {
      edges = this.#buildEdges(state, sell, buy);
      if (this.#edgeCache.size > 20_000) this.#edgeCache.clear();
      this.#edgeCache.set(key, edges);
    }
    return edges;
  }

  #buildEdges(state: ChainState, sell: MarketToken, buy: MarketToken): PoolEdge[] {
    const sellFirst = sell.address.toLowerCase() < buy.address.toLowerCase();
    const [t0, t1] = sellFirst ? [sell, buy] : [buy, sell];
    const pair: PairContext = { state, t0, t1, usd0: this.usd(state, t0), usd1: this.usd(state, t1) };
    const sources = this.#sourcesFor(pair);
    const out: PoolEdge[] = [];
    for (const { source, usdValue } of sources) {
      const edge = this.#edge(pair, source, usdValue, sellFirst);
      if (edge) out.push(edge);
    }
    return out;
  }

  // Which sources hold the pair and how its value splits among them.
  #sourcesFor(pair: PairContext): { source: SourceSpec; usdValue: number }[] {
    const { state, t0, t1 } = pair;
    const { chainId } = state.chain;
    const pairKey = `${chainId}|${t0.address.toLowerCase()}|${t1.address.toLowerCase()}`;
    const specs = state.params.sources;
    if (t0.isDemo || t1.isDemo) {
      const isWithWrapped = t0.kind === 'wrapped-native' || t1.kind === 'wrapped-native';
      const first = specs.find((spec) => spec.kind === 'constant-product');
      return isWithWrapped && first ? [{ source: first, usdValue: 2e6 * state.params.depth }] : [];
    }
    const isBackbone = [t0, t1].some((t) => t.kind === 'wrapped-native') && [t0, t1].some((t) => t.symbol === 'USDC');
    if (!isBackbone && unitHash(this.seed, 'pair', pairKey) > Math.min(1, 0.6 + 1.5 * state.params.depth)) return [];
    const pairUsd = TOP_PAIR_USD * state.params.depth * liquidityWeight(t0) * liquidityWeight(t1) * (0.5 + unitHash(this.seed, 'pair-usd', pairKey));
    const isStablePair = t0.isStable && t1.isStable;
    const candidates = specs.filter((spec) => {
      if (spec.kind === 'stableswap') return isStablePair;
      if (spec.kind === 'rfq') return isMajor(t0) && isMajor(t1) && state.params.depth >= 0.3;
      return unitHash(this.seed, 'source', pairKey, spec.label) < 0.8;
    });
    const weightOf = (spec: SourceSpec) => ({ 'constant-product': 1, concentrated: 2.5, stableswap: 4, rfq: 1.5 })[spec.kind] * (0.3 + unitHash(this.seed, 'share', pairKey, spec.label));
    const total = candidates.reduce((sum, spec) => sum + weightOf(spec), 0);
    return candidates.map((spec) => ({ source: spec, usdValue: (pairUsd * weightOf(spec)) / total })).filter((entry) => entry.usdValue >= MIN_POOL_USD);
  }

  #edge(pair: PairContext, spec: SourceSpec, usdValue: number, sellFirst: boolean): PoolEdge | undefined {
    const { state, t0, t1, usd0, usd1 } = pair;
    const id = `${spec.label}:${t0.address.toLowerCase()}:${t1.address.toLowerCase()}`;
    // Arbitrage lag: each pool's price sits a few bps off the reference, closed and reopened over
    // seconds (so two blocks of a fast chain a quarter second apart see nearly the same pools).
    const offset = 1 + 0.0006 * smoothGaussian(this.seed, ARBITRAGE_LAG_MS, state.timeMs, 'offset', state.chain.chainId, id);
    const price = (usd0 / usd1) * offset; // token1 per token0
    const quote = this.#curve(spec, usdValue, pair, price, sellFirst, id);
    if (!quote) return undefined;
    return {
      id,
      source: spec.label,
      kind: spec.kind,
      address: addressHash(this.seed, 'pool', state.chain.chainId, id),
      sellToken: (sellFirst ? t0 : t1).address,
      buyToken: (sellFirst ? t1 : t0).address,
      gas: GAS_PER_KIND[spec.kind],
      quote,
    };
  }

  #curve(spec: SourceSpec, usdValue: number, pair: PairContext, price: number, sellFirst: boolean, id: string): ((amountIn: number) => number) | undefined {
    const { usd0, usd1, state } = pair;
    if (spec.kind === 'constant-product') {
      const r0 = usdValue / 2 / usd0;
      const r1 = r0 * price;
      return sellFirst ? constantProduct(r0, r1, spec.feePpm) : constantProduct(r1, r0, spec.feePpm);
    }
    if (spec.kind === 'concentrated') return concentrated(clSegments(usdValue, price, usd1), Math.sqrt(price), spec.feePpm, sellFirst);
    if (spec.kind === 'stableswap') {
      const imbalance = Math.max(-0.3, Math.min(0.3, 0.08 * gaussianHash(this.seed, 'imbalance', id, Math.floor(state.block / 50))));
      const b0 = (usdValue / 2) * (1 + imbalance);
      const b1 = (usdValue / 2) * (1 - imbalance);
      const amp = state.params.depth >= 0.3 ? 1000 : 200;
      return sellFirst ? stableswap(b0, b1, amp, usd0, usd1, spec.feePpm) : stableswap(b1, b0, amp, usd1, usd0, spec.feePpm);
    }
    // A maker's spread, 0.5x to 1.5x the source's fee, requoted over seconds as the lag is.
    const spread = spec.feePpm * (1 + 0.25 * Math.max(-2, Math.min(2, smoothGaussian(this.seed, ARBITRAGE_LAG_MS, state.timeMs, 'spread', id))));
    const capUsd = 3e6 * state.params.depth;
    return sellFirst ? rfq(price, spread, capUsd / usd0) : rfq(1 / price, spread, capUsd / usd1);
  }
}

/**
 * Segments of a concentrated pool holding `usdValue` in ranges centred on `price`: each range's
 * liquidity L from its value, L = V / (usd1 * (2 sqrtP - P / sqrtPb - sqrtPa)), then summed over
 * the disjoint segments between all range bounds.
 */
export function clSegments(usdValue: number, price: number, usd1: number): Segment[] {
  const sqrtP = Math.sqrt(price);
  const ranges = CL_RANGES.map(({ width, share }) => {
    const sqrtLo = Math.sqrt(price / (1 + width));
    const sqrtHi = Math.sqrt(price * (1 + width));
    const liquidity = (usdValue * share) / (usd1 * (2 * sqrtP - price / sqrtHi - sqrtLo));
    return { sqrtLo, sqrtHi, liquidity };
  });
  const bounds = [...new Set(ranges.flatMap((range) => [range.sqrtLo, range.sqrtHi]))].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const sqrtLo = bounds[i]!;
    const sqrtHi = bounds[i + 1]!;
    const liquidity = ranges.filter((range) => range.sqrtLo <= sqrtLo && range.sqrtHi >= sqrtHi).reduce((sum, range) => sum + range.liquidity, 0);
    segments.push({ sqrtLo, sqrtHi, liquidity });
  }
  return segments;
}

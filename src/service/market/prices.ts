import { gaussianHash, smoothGaussian, unitHash } from '../rng.ts';
import { ANCHOR_MS, type ChainParams } from './chain-params.ts';

/**
 * Reference prices, gas prices and block clocks. A price is a seeded random walk over time, shared
 * by every chain (ETH costs the same on Base and on Ethereum) and read at a block's timestamp, so it
 * drifts block by block. The walk is a sum of interpolated Gaussian noise at 17 time scales (2 s to
 * 36 h), which moves like a random walk over the short run yet stays within a few percent of the
 * seeded level over days, and costs the same to read at any time: nothing is stored or replayed.
 */

/** The asset family a token's price follows, and its typical USD price and volatility. */
interface Asset {
  usd: number;
  /** Volatility per 2-second tick (log scale). */
  sigma: number;
}

const CRYPTO_SIGMA = 1.5e-4; // ~60 % a year
const ASSETS: Record<string, Asset> = {
  ETH: { usd: 3_000, sigma: CRYPTO_SIGMA },
  BTC: { usd: 95_000, sigma: CRYPTO_SIGMA * 0.8 },
  USD: { usd: 1, sigma: 2e-6 },
  BNB: { usd: 600, sigma: CRYPTO_SIGMA },
  POL: { usd: 0.25, sigma: CRYPTO_SIGMA * 1.4 },
  AVAX: { usd: 25, sigma: CRYPTO_SIGMA * 1.3 },
  MNT: { usd: 0.9, sigma: CRYPTO_SIGMA * 1.4 },
  OTHER: { usd: 1.5, sigma: CRYPTO_SIGMA * 1.5 },
};

const FAMILY_OF_SYMBOL: Record<string, string> = {
  ETH: 'ETH', WETH: 'ETH', 'WETH.e': 'ETH',
  WBTC: 'BTC', cbBTC: 'BTC', BTCB: 'BTC', 'WBTC.e': 'BTC',
  BNB: 'BNB', WBNB: 'BNB', POL: 'POL', WPOL: 'POL', WMATIC: 'POL', AVAX: 'AVAX', WAVAX: 'AVAX', MNT: 'MNT', WMNT: 'MNT',
};

const TICK_MS = 2_000;
/** How long the fast part of a chain's gas price takes to be drawn anew (about an Ethereum block). */
const GAS_FAST_MS = 12_000;
/** The same for its slow part (600 Ethereum blocks, as it was drawn before it followed time). */
const GAS_SLOW_MS = 2 * 60 * 60 * 1000;
/** The same for the L1 data price of OP-stack chains and Scroll. */
const L1_DATA_MS = 10 * 60 * 1000;
const LEVELS = 17;

function walk(seed: number, family: string, sigma: number, timeMs: number): number {
  const position = (timeMs - ANCHOR_MS) / TICK_MS;
  let sum = 0;
  for (let level = 0; level < LEVELS; level++) {
    const span = 2 ** level;
    const index = Math.floor(position / span);
    const frac = position / span - index;
    const a = gaussianHash(seed, 'walk', family, level, index);
    const b = gaussianHash(seed, 'walk', family, level, index + 1);
    sum += (a + (b - a) * frac) * Math.sqrt(span);
  }
  // Interpolation halves the variance of each level; the factor restores sigma per tick.
  return sigma * sum * 1.5;
}

/** Prices and clocks of one seeded market. */
export class PriceModel {
  readonly #seed: number;
  readonly #cache = new Map<string, number>();

  constructor(seed: number) {
    this.#seed = seed;
  }

  /** The family whose price a token symbol follows: stablecoins `USD`, unknown natives their own symbol. */
  familyOf(symbol: string, isStable: boolean): string {
    return isStable ? 'USD' : (FAMILY_OF_SYMBOL[symbol] ?? symbol);
  }

  /**
   * USD price of a token at a time. Each token of a family sits at its own small, fixed premium
   * (a few bps for stablecoins and bridged copies), so pools of look-alike tokens are not flat.
   */
  usdPrice(family: string, tokenKey: string, timeMs: number): number {
    const key = `${family}|${tokenKey}|${timeMs}`;
    const hit = this.#cache.get(key);
    if (hit !== undefined) return hit;
    const asset = ASSETS[family] ?? ASSETS.OTHER!;
    const level = asset.usd * (family in ASSETS ? 1 + 0.1 * (unitHash(this.#seed, 'level', family) - 0.5) : 0.2 + 20 * unitHash(this.#seed, 'level', family));
    const premium = 1 + (unitHash(this.#seed, 'premium', tokenKey) - 0.5) * (family === 'USD' ? 0.0008 : 0.0004);
    const price = level * premium * Math.exp(walk(this.#seed, family, asset.sigma, timeMs));
    if (this.#cache.size > 50_000) this.#cache.clear();
    this.#cache.set(key, price);
    return price;
  }

  /**
   * Gas price in wei at a block: the chain's level moved by slow noise (over hours) and by fast
   * noise (over seconds), both on the block's time, so a fast chain's next block keeps nearly the
   * same price and no block steps it (drawn per 600 blocks, Arbitrum's had jumped every 150 s).
   */
  gasPriceWei(chainId: number, params: ChainParams, block: number): bigint {
    const timeMs = blockTimeMs(params, block);
    const slow = smoothGaussian(this.#seed, GAS_SLOW_MS, timeMs, 'gas-slow', chainId);
    const fast = smoothGaussian(this.#seed, GAS_FAST_MS, timeMs, 'gas-fast', chainId);
    return BigInt(Math.max(1, Math.round(params.gasPriceWei * Math.exp(0.35 * slow + 0.12 * fast))));
  }

  /** L1 data cost in wei per calldata byte at a block (0 on chains without one), moving over minutes. */
  l1WeiPerByte(chainId: number, params: ChainParams, block: number): bigint {
    if (params.l1WeiPerByte === 0) return 0n;
    const slow = smoothGaussian(this.#seed, L1_DATA_MS, blockTimeMs(params, block), 'l1', chainId);
    return BigInt(Math.round(params.l1WeiPerByte * Math.exp(0.4 * slow)));
  }
}

/** The block a chain is at, at a wall-clock time. */
export function blockAt(params: ChainParams, nowMs: number): number {
  return params.anchorHeight + Math.floor((nowMs - ANCHOR_MS) / params.blockTimeMs);
}

/** The timestamp (ms) of a block of a chain. */
export function blockTimeMs(params: ChainParams, block: number): number {
  return ANCHOR_MS + (block - params.anchorHeight) * params.blockTimeMs;
}

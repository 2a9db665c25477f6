/**
 * Liquidity pools and their maths, in human token units (floats): each kind prices a trade its own
 * way. Pools are built from a USD value and the reference price by `liquidity.ts`; here only the
 * curves. `quote(amountIn)` returns the amount out for selling `amountIn` into the pool, after fee.
 */

/** The maths a source uses. */
export type PoolKind = 'constant-product' | 'concentrated' | 'stableswap' | 'rfq';

/** Gas a fill through each kind of pool costs, on top of the settlement overhead. */
export const GAS_PER_KIND: Record<PoolKind, number> = {
  'constant-product': 70_000,
  concentrated: 100_000,
  stableswap: 130_000,
  rfq: 85_000,
};

/** One direction of a pool: sell `sellToken`, receive `buyToken`. */
export interface PoolEdge {
  id: string;
  source: string;
  kind: PoolKind;
  address: string;
  sellToken: string;
  buyToken: string;
  gas: number;
  quote(amountIn: number): number;
}

/** Uniswap V2 style x * y = k with the fee taken from the input. */
export function constantProduct(reserveIn: number, reserveOut: number, feePpm: number): (amountIn: number) => number {
  const keep = 1 - feePpm / 1e6;
  return (amountIn) => {
    const x = amountIn * keep;
    return (reserveOut * x) / (reserveIn + x);
  };
}

/** A price segment of a concentrated-liquidity pool: liquidity L between two sqrt prices. */
export interface Segment {
  sqrtLo: number;
  sqrtHi: number;
  liquidity: number;
}

/**
 * Uniswap V3 style concentrated liquidity: disjoint segments sorted by price, the current sqrt
 * price (token1 per token0) inside one of them. Selling token0 moves the price down through the
 * segments below; selling token1 moves it up. Past the last segment nothing more fills.
 */
export function concentrated(segments: readonly Segment[], sqrtPrice: number, feePpm: number, zeroForOne: boolean): (amountIn: number) => number {
  const keep = 1 - feePpm / 1e6;
  const start = Math.max(0, segments.findIndex((segment) => sqrtPrice >= segment.sqrtLo && sqrtPrice <= segment.sqrtHi));
  return (amountIn) => {
    let remaining = amountIn * keep;
    let s = sqrtPrice;
    let out = 0;
    for (let index = start; remaining > 0 && index >= 0 && index < segments.length; index += zeroForOne ? -1 : 1) {
      const { sqrtLo, sqrtHi, liquidity: L } = segments[index]!;
      const bound = zeroForOne ? sqrtLo : sqrtHi;
      if (L > 0) {
        // Forms without differences of nearly equal numbers: a small trade in a deep pool keeps its precision.
        const maxIn = zeroForOne ? (L * (s - bound)) / (s * bound) : L * (bound - s);
        if (remaining <= maxIn) {
          if (zeroForOne) return out + (L * remaining * s * s) / (L + remaining * s);
          return out + remaining / (s * (s + remaining / L));
        }
        out += zeroForOne ? L * (s - bound) : (L * (bound - s)) / (s * bound);
        remaining -= maxIn;
      }
      s = bound;
    }
    return out;
  };
}

/** Curve's invariant D of a two-coin pool with amplification A (balances in a common unit). */
export function stableswapD(x0: number, x1: number, amp: number): number {
  const ann = amp * 2;
  const sum = x0 + x1;
  let d = sum;
  for (let i = 0; i < 255; i++) {
    const dP = (d * d * d) / (4 * x0 * x1);
    const previous = d;
    d = ((ann * sum + 2 * dP) * d) / ((ann - 1) * d + 3 * dP);
    if (Math.abs(d - previous) <= 1e-12 * d) break;
  }
  return d;
}

/** The other balance of a two-coin Curve pool when one balance is `x`, for invariant D. */
export function stableswapY(x: number, d: number, amp: number): number {
  const ann = amp * 2;
  const c = (d * d * d) / (4 * x * ann);
  const b = x + d / ann;
  let y = d;
  for (let i = 0; i < 255; i++) {
    const previous = y;
    y = (y * y + c) / (2 * y + b - d);
    if (Math.abs(y - previous) <= 1e-12 * d) break;
  }
  return y;
}

/**
 * Curve style stableswap between two coins whose balances are kept in USD (`rateIn`, `rateOut`:
 * USD per human unit), so look-alike stablecoins trade near their reference ratio; the fee is
 * taken from the output as Curve does.
 */
export function stableswap(balanceIn: number, balanceOut: number, amp: number, rateIn: number, rateOut: number, feePpm: number): (amountIn: number) => number {
  const d = stableswapD(balanceIn, balanceOut, amp);
  const keep = 1 - feePpm / 1e6;
  // The output is a difference of two balances near each other: measured from the curve's own
  // balance at the start (not balanceOut, which D's iterations reproduce only to about 1e-15 of D),
  // so nothing in buys nothing out; and below a millionth of the balance it is the input times the
  // rate over that millionth, since the difference there is mostly rounding (it was 1.5e-8 whatever
  // the input, ten million times a dust trade, and the router took it).
  const y0 = stableswapY(balanceIn, d, amp);
  const linearBelow = balanceIn * 1e-6;
  const smallRate = (y0 - stableswapY(balanceIn + linearBelow, d, amp)) / linearBelow;
  return (amountIn) => {
    const dx = amountIn * rateIn;
    const dy = dx < linearBelow ? dx * smallRate : y0 - stableswapY(balanceIn + dx, d, amp);
    return Math.max(0, (dy * keep) / rateOut);
  };
}

/** An RFQ maker: a firm price (mid less spread) up to a size cap; beyond the cap nothing more fills. */
export function rfq(midPrice: number, spreadPpm: number, capIn: number): (amountIn: number) => number {
  const rate = midPrice * (1 - spreadPpm / 1e6);
  return (amountIn) => Math.min(amountIn, capIn) * rate;
}

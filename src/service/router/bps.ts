import type { RoutedFill } from './router.ts';

/**
 * Rounds fill shares to whole basis points so that every cut through the route sums to exactly
 * 10000: the fills leaving the sell token, and the fills reaching the buy token. Paths are rounded
 * first (largest remainder), then each hop's fills to its path's total, so a two-hop path's first
 * and second hops carry the same total.
 */

function largestRemainder(values: number[], total: number): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum <= 0) return values.map(() => 0);
  const exact = values.map((value) => (value / sum) * total);
  const floors = exact.map(Math.floor);
  let missing = total - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i]! += 1;
    missing -= 1;
  }
  return floors;
}

/** Whole-bps proportion of each fill, in the order given; fills rounding to 0 get 0. */
export function roundShares(fills: readonly RoutedFill[]): number[] {
  const paths = [...new Set(fills.map((fill) => fill.pathIndex))];
  const pathShares = paths.map((p) => fills.filter((fill) => fill.pathIndex === p && fill.hopIndex === 0).reduce((sum, fill) => sum + fill.share, 0));
  const pathBps = largestRemainder(pathShares, 10_000);
  const out = fills.map(() => 0);
  paths.forEach((p, pi) => {
    const hops = [...new Set(fills.filter((fill) => fill.pathIndex === p).map((fill) => fill.hopIndex))];
    for (const h of hops) {
      const indexes = fills.map((fill, i) => ({ fill, i })).filter(({ fill }) => fill.pathIndex === p && fill.hopIndex === h);
      const rounded = largestRemainder(indexes.map(({ fill }) => fill.share), pathBps[pi]!);
      indexes.forEach(({ i }, k) => (out[i] = rounded[k]!));
    }
  });
  return out;
}

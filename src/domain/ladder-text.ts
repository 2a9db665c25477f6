import type { AllowanceModel } from './compare.ts';
import type { CrossoverResult, NetFigure } from './ladder.ts';
import { formatTokenAmount } from './number-format.ts';
import { formatBaseUnits } from './units.ts';

/** The ladder's words and figures, shared by the Sizes screen, the CLI and the CSV export. */

const NAMES: Record<AllowanceModel | 'tie', string> = { 'allowance-holder': 'Allowance Holder', permit2: 'Permit2', tie: 'tie' };

/** A model's display name. */
export function ladderModelName(model: AllowanceModel | 'tie'): string {
  return NAMES[model];
}

/**
 * A size with its symbol: a priced size whole, to 6 decimals (1.23456 USDC was "1.234 USDC", the
 * label of a figure priced at another amount); an interpolated one (a crossover) to `significant`
 * significant digits, through the app's number formatter.
 */
export function sizeText(size: number, token: { decimals: number; symbol: string }, significant?: number): string {
  const digits = Math.min(token.decimals, 6);
  const base = BigInt(Math.round(size * 10 ** digits));
  return `${significant === undefined ? formatBaseUnits(base, digits) : formatTokenAmount(base, digits, significant)} ${token.symbol}`;
}

/** One side at one size: the net per unit sold, or why there is none. */
export function netFigureText(figure: NetFigure, buy: { decimals: number; symbol: string }, sell: { symbol: string }): string {
  if (figure.kind === 'net') return `${formatTokenAmount(figure.perUnitBase, buy.decimals)} ${buy.symbol} per ${sell.symbol} net`;
  if (figure.kind === 'fee-not-priced') return `network fee not priced in ${buy.symbol} (gross ${formatTokenAmount(figure.grossPerUnitBase, buy.decimals)} ${buy.symbol} per ${sell.symbol})`;
  return figure.reason;
}

/** The crossover finding in one sentence. */
export function crossoverText(result: CrossoverResult, sell: { decimals: number; symbol: string }): string {
  if (result.kind === 'not-enough') return 'No crossover can be looked for: fewer than two sizes are priced net on both sides';
  if (result.kind === 'none-in-range') {
    const range = `${sizeText(result.from, sell)} to ${sizeText(result.to, sell)}`;
    if (result.better === 'tie') return `None in range: tied at every size priced net on both sides (${range})`;
    // A tie is not "more": a size where the nets were equal is named, never counted for the model.
    const tied = result.tied.length > 0 ? `, tied at ${result.tied.map((size) => sizeText(size, sell)).join(', ')}` : '';
    return `None in range: ${ladderModelName(result.better)} gives more net at every ${tied ? 'other ' : ''}size priced on both sides (${range})${tied}`;
  }
  return result.crossovers
    .map((item) => {
      const flip = `${ladderModelName(item.from)} → ${ladderModelName(item.to)}`;
      if (item.isExact) return `${flip} at ${sizeText(item.size, sell)} (an exact tie there)`;
      return `${flip} at ≈ ${sizeText(item.size, sell, 3)} (between ${sizeText(item.between[0], sell)} and ${sizeText(item.between[1], sell)})`;
    })
    .join('; ');
}

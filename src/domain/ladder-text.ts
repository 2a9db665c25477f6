import type { AllowanceModel } from './compare.ts';
import type { Crossover, CrossoverResult, LadderPoint, NetFigure, PricedSize } from './ladder.ts';
import { comparableFractionDigits, formatFixed, formatTokenAmount } from './number-format.ts';
import { formatBaseUnits } from './units.ts';

/** The ladder's words and figures, shared by the Sizes screen, the CLI and the CSV export. */

const NAMES: Record<AllowanceModel | 'tie', string> = { 'allowance-holder': 'Allowance Holder', permit2: 'Permit2', tie: 'tie' };

/** A model's display name. */
export function ladderModelName(model: AllowanceModel | 'tie'): string {
  return NAMES[model];
}

// A size as a plain decimal, the shortest that reads back as the same number: "1e-7" is "0.0000001".
function plainDecimal(size: number): string {
  const [mantissa = '0', exponentText] = String(size).split('e');
  if (exponentText === undefined) return mantissa;
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return point >= digits.length ? digits.padEnd(point, '0') : `${digits.slice(0, point)}.${digits.slice(point)}`;
}

// The size in the token's base units, digits past its decimals cut (only an interpolated size has them).
function baseUnitsOf(size: number, decimals: number): bigint {
  const [whole = '0', fraction = ''] = plainDecimal(size).split('.');
  return BigInt(`${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`);
}

/**
 * A size with its symbol: a priced size whole, in every decimal the token has (1.23456 USDC was
 * "1.234 USDC", and a WETH size under a millionth, cut to 6 decimals, "0 WETH": the label of a
 * figure priced at another amount); an interpolated one (a crossover) to `significant` significant
 * digits, through the app's number formatter.
 */
export function sizeText(size: number, token: { decimals: number; symbol: string }, significant?: number): string {
  return `${sizeFigure(size, token.decimals, significant)} ${token.symbol}`;
}

/**
 * A priced size with its symbol, from the base units sold: every digit, where a float keeps about
 * 16 ("1,000,000.000000000000000001 WETH" read "1,000,000 WETH", another trade's size).
 */
export function soldText(sellAmount: bigint, token: { decimals: number; symbol: string }): string {
  return `${formatBaseUnits(sellAmount, token.decimals)} ${token.symbol}`;
}

// sizeText without the symbol: whole, or to `significant` significant digits.
function sizeFigure(size: number, decimals: number, significant?: number): string {
  const base = baseUnitsOf(size, decimals);
  return significant === undefined ? formatBaseUnits(base, decimals) : formatTokenAmount(base, decimals, significant);
}

/** Significant digits a size axis label starts from: short enough that eight sizes fit under a chart. */
const AXIS_SIGNIFICANT = 4;

/**
 * The size axis's labels, one per priced size, from the base units it sold: to 4 significant
 * digits, more for a label that would read as another size's (1.00001 and 1.00002 USDC both read
 * "1", two points seemingly at one size), up to every decimal the token has.
 */
export function sizeAxisLabels(sellAmounts: readonly bigint[], decimals: number): string[] {
  const significant = sellAmounts.map(() => AXIS_SIGNIFICANT);
  const labelOf = (index: number) => formatTokenAmount(sellAmounts[index]!, decimals, significant[index]);
  const labels = sellAmounts.map((_, index) => labelOf(index));
  for (;;) {
    // A label already whole cannot read apart any further; the other of a pair can (two sizes differ whole).
    const alike = labels.flatMap((label, index) => {
      const isWhole = label === formatBaseUnits(sellAmounts[index]!, decimals);
      return !isWhole && labels.some((other, at) => other === label && sellAmounts[at] !== sellAmounts[index]) ? [index] : [];
    });
    if (alike.length === 0) return labels;
    for (const index of alike) {
      significant[index]! += 1;
      labels[index] = labelOf(index);
    }
  }
}

/**
 * The fraction digits both models' nets per unit at one size need to read apart when they differ:
 * at 6 significant digits 0.0002968348 and 0.0002968340 both read 0.000296834 beside a verdict
 * that one gives more.
 */
export function perUnitFractionDigits(point: Pick<LadderPoint, 'allowanceHolder' | 'permit2'>, buyDecimals: number): number {
  const values = [point.allowanceHolder, point.permit2].flatMap((figure) => (figure.kind === 'net' ? [figure.perUnitBase] : []));
  return comparableFractionDigits(values, buyDecimals);
}

/** One side at one size: the net per unit sold (to `fractionDigits`, see perUnitFractionDigits), or why there is none. */
export function netFigureText(figure: NetFigure, buy: { decimals: number; symbol: string }, sell: { symbol: string }, fractionDigits?: number): string {
  if (figure.kind === 'net') {
    const text = fractionDigits === undefined ? formatTokenAmount(figure.perUnitBase, buy.decimals) : formatFixed(figure.perUnitBase, buy.decimals, fractionDigits);
    return `${text} ${buy.symbol} per ${sell.symbol} net`;
  }
  if (figure.kind === 'fee-not-priced') return `network fee not priced in ${buy.symbol} (gross ${formatTokenAmount(figure.grossPerUnitBase, buy.decimals)} ${buy.symbol} per ${sell.symbol})`;
  return figure.reason;
}

/**
 * Where a crossover is, as the chart's label and the finding name it: an exact tie by the base
 * units its point sold, an interpolated one ≈ to 3 significant digits.
 */
export function crossoverSizeText(item: Crossover, sell: { decimals: number; symbol: string }): string {
  return item.isExact ? soldText(item.between[0].sellAmount, sell) : `≈ ${sizeText(item.size, sell, 3)}`;
}

/**
 * The crossover finding in one sentence. A priced size (a range's ends, a tie, the sizes a
 * crossover lies between) is named by the base units its point sold: a float keeps about 16 digits
 * (0.123456789012345678 WETH read 0.12345678901234568), and two sizes it cannot tell apart were
 * both named as the first.
 */
export function crossoverText(result: CrossoverResult, sell: { decimals: number; symbol: string }): string {
  const priced = (at: PricedSize) => soldText(at.sellAmount, sell);
  if (result.kind === 'not-enough') return 'No crossover can be looked for: fewer than two sizes are priced net on both sides';
  if (result.kind === 'none-in-range') {
    const range = `${priced(result.from)} to ${priced(result.to)}`;
    if (result.better === 'tie') return `None in range: tied at every size priced net on both sides (${range})`;
    // A tie is not "more": a size where the nets were equal is named, never counted for the model.
    const tied = result.tied.length > 0 ? `, tied at ${result.tied.map(priced).join(', ')}` : '';
    return `None in range: ${ladderModelName(result.better)} gives more net at every ${tied ? 'other ' : ''}size priced on both sides (${range})${tied}`;
  }
  return result.crossovers
    .map((item) => {
      const flip = `${ladderModelName(item.from)} → ${ladderModelName(item.to)}`;
      if (item.isExact) return `${flip} at ${crossoverSizeText(item, sell)} (an exact tie there)`;
      return `${flip} at ${crossoverSizeText(item, sell)} (between ${priced(item.between[0])} and ${priced(item.between[1])})`;
    })
    .join('; ');
}

import { formatBaseUnits } from './units.ts';

/**
 * The app's one number formatter (issue 11): every screen and every export meant for people writes
 * amounts, gas and gas prices through these functions, so the same figure reads the same everywhere.
 *
 * - Token amounts keep a fixed number of fraction digits within a column, chosen so the smallest
 *   non-zero value still shows `significant` significant digits; equal fraction digits plus
 *   tabular figures align a right-aligned column on the decimal point.
 * - Digits beyond the chosen precision are dropped so that a shown amount never overstates the
 *   real one (formatBaseUnits): a min buy or balance is cut toward zero, a negative net buy goes
 *   away from zero (the loss is never shown smaller than it is).
 * - Whole numbers (gas) get thousands separators; gas prices are shown in gwei.
 */

/** Significant digits the smallest non-zero value of a column keeps by default. */
export const DEFAULT_SIGNIFICANT_DIGITS = 6;

const GWEI_DECIMALS = 9;

function toBigInt(value: bigint | string | number): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=([0-9]{3})+(?![0-9]))/g, ',');
}

/**
 * The fraction digits a column needs so that its smallest non-zero magnitude keeps `significant`
 * significant digits, capped at the token's decimals. A column of whole amounts needs none.
 * @example columnFractionDigits([1_500_000n, 2_000n], 6) // 6: 0.002 needs 3 + 3 more digits
 */
export function columnFractionDigits(values: readonly (bigint | string)[], decimals: number, significant = DEFAULT_SIGNIFICANT_DIGITS): number {
  let smallest: bigint | null = null;
  for (const raw of values) {
    const value = toBigInt(raw);
    const magnitude = value < 0n ? -value : value;
    if (magnitude !== 0n && (smallest === null || magnitude < smallest)) smallest = magnitude;
  }
  if (smallest === null) return 0;
  const wholeDigits = smallest.toString().length - decimals;
  return Math.min(decimals, Math.max(0, significant - wholeDigits));
}

/**
 * Fraction digits for amounts of one token that are read against each other (both models' buy,
 * min buy and net buy): the column's own (columnFractionDigits), raised until amounts that differ
 * also read differently, up to the token's decimals. Two net amounts a few wei apart would
 * otherwise both read "0.31981" beside a verdict that one of them gives more.
 * @example comparableFractionDigits([319_810_852n, 319_810_563n], 9) // 7: "0.3198108" and "0.3198105"
 */
export function comparableFractionDigits(values: readonly (bigint | string)[], decimals: number, significant = DEFAULT_SIGNIFICANT_DIGITS): number {
  const distinct = [...new Set(values.map(toBigInt))];
  let digits = columnFractionDigits(distinct, decimals, significant);
  while (digits < decimals && new Set(distinct.map((value) => formatFixed(value, decimals, digits))).size < distinct.length) digits++;
  return digits;
}

/**
 * Base units as a human amount with exactly `fractionDigits` fraction digits (zero-padded, never
 * above the real amount: see formatBaseUnits) and thousands separators.
 * @example formatFixed(1_234_500_000n, 6, 2) // "1,234.50"
 */
export function formatFixed(base: bigint | string, decimals: number, fractionDigits: number): string {
  const text = formatBaseUnits(toBigInt(base), decimals, { maxFractionDigits: fractionDigits });
  if (fractionDigits === 0) return text;
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(fractionDigits, '0')}`;
}

/**
 * One token amount on its own, with enough fraction digits for `significant` significant digits.
 * @example formatTokenAmount('1000000000', 6) // "1,000"
 */
export function formatTokenAmount(base: bigint | string, decimals: number, significant = DEFAULT_SIGNIFICANT_DIGITS): string {
  const digits = columnFractionDigits([base], decimals, significant);
  // On its own an amount needs no padding: "1,000" reads better than "1,000.00".
  return formatBaseUnits(toBigInt(base), decimals, { maxFractionDigits: digits });
}

/**
 * A column of amounts of one token, every value with the same fraction digits so that the column
 * aligns on the decimal point (render with `font-variant-numeric: tabular-nums`, right-aligned).
 */
export function formatAmountColumn(values: readonly (bigint | string)[], decimals: number, significant = DEFAULT_SIGNIFICANT_DIGITS): string[] {
  const digits = columnFractionDigits(values, decimals, significant);
  return values.map((value) => formatFixed(value, decimals, digits));
}

/**
 * A whole number with thousands separators (gas units, counts).
 * @example formatInteger('195000') // "195,000"
 */
export function formatInteger(value: bigint | string | number): string {
  const number = toBigInt(typeof value === 'number' ? Math.trunc(value) : value);
  const sign = number < 0n ? '-' : '';
  return sign + groupThousands((number < 0n ? -number : number).toString());
}

/**
 * A gas price given in wei, written in gwei with up to 3 significant fraction digits below 1 gwei.
 * @example formatGwei('12345678900') // "12.345 gwei"
 */
export function formatGwei(wei: bigint | string): string {
  const value = toBigInt(wei);
  const digits = value >= 10n ** BigInt(GWEI_DECIMALS) ? 3 : columnFractionDigits([value], GWEI_DECIMALS, 3);
  return `${formatBaseUnits(value, GWEI_DECIMALS, { maxFractionDigits: digits })} gwei`;
}

/** An amount with its symbol ("1,000 USDC"); base units stay available to callers for a tooltip. */
export function formatWithSymbol(base: bigint | string, token: { decimals: number; symbol: string }, significant = DEFAULT_SIGNIFICANT_DIGITS): string {
  return `${formatTokenAmount(base, token.decimals, significant)} ${token.symbol}`;
}

/**
 * An upper bound ("at most": an exact-out answer's maxSellAmount, what its calldata may pull) with
 * its symbol, rounded up to the digits shown instead of cut, so that what is shown is never below
 * the bound: cut, 2,999.101968 USDC would read 2,999.1, less than the most the trade may spend.
 * @example formatUpperBound('2999101968', { decimals: 6, symbol: 'USDC' }) // "2,999.11 USDC"
 */
export function formatUpperBound(base: bigint | string, token: { decimals: number; symbol: string }, significant = DEFAULT_SIGNIFICANT_DIGITS): string {
  const value = toBigInt(base);
  const step = 10n ** BigInt(token.decimals - columnFractionDigits([value], token.decimals, significant));
  // Toward plus infinity for either sign: a negative bound goes toward zero (formatBaseUnits would
  // take it away from zero, below the bound).
  const roundedUp = value > 0n ? ((value + step - 1n) / step) * step : (value / step) * step;
  return formatWithSymbol(roundedUp, token, significant);
}

/**
 * A column whose rows may hold different tokens or the same token with different decimals (USDC
 * has 6 on most chains, 18 on BSC): every value gets the same fraction digits (those the
 * smallest non-zero human magnitude needs for `significant` significant digits), capped by its
 * column's fewest decimals, so the column still aligns on the decimal point. null stays null.
 * @example formatMixedColumn([{ base: 1_500_000n, decimals: 6 }, { base: 2n * 10n ** 18n, decimals: 18 }]) // ["1.500000", "2.000000"]
 */
export function formatMixedColumn(values: readonly (MixedAmount | null)[], significant = DEFAULT_SIGNIFICANT_DIGITS): (string | null)[] {
  const digits = mixedColumnDigits(values, significant);
  return values.map((value) => (value === null ? null : formatFixed(value.base, value.decimals, digits)));
}

/** An amount of a token with its decimals, as a mixed column holds it. */
export interface MixedAmount {
  base: bigint | string;
  decimals: number;
}

function mixedColumnDigits(values: readonly (MixedAmount | null)[], significant: number): number {
  const present = values.filter((value) => value !== null);
  const maxDecimals = Math.max(0, ...present.map((value) => value.decimals));
  // Scaled to one common number of decimals only to find the smallest magnitude.
  const scaled = present.map((value) => toBigInt(value.base) * 10n ** BigInt(maxDecimals - value.decimals));
  // Capped at the fewest decimals in the column: more digits than a token has would be padding only.
  return Math.min(columnFractionDigits(scaled, maxDecimals, significant), ...present.map((value) => value.decimals));
}

/**
 * Columns of one table read against each other row by row (Allowance Holder's buy beside
 * Permit2's, or their nets): one fraction-digit count for all of them, formatMixedColumn's, raised
 * until in every row the amounts that differ also read differently, as far as the row's token has
 * decimals. A row may still have more digits than its token where another row needed them: those
 * are zeros, and every column stays aligned on the decimal point.
 * @example formatComparedColumns([[{ base: 319_780_400n, decimals: 9 }], [{ base: 319_780_100n, decimals: 9 }]]) // [["0.3197804"], ["0.3197801"]]
 */
export function formatComparedColumns(columns: readonly (readonly (MixedAmount | null)[])[], significant = DEFAULT_SIGNIFICANT_DIGITS): (string | null)[][] {
  const rowCount = Math.max(0, ...columns.map((column) => column.length));
  const rowsOf = Array.from({ length: rowCount }, (_, index) => columns.map((column) => column[index]).filter((value) => value !== null && value !== undefined));
  let digits = mixedColumnDigits(columns.flat(), significant);
  for (const row of rowsOf) {
    const cap = Math.max(0, ...row.map((value) => value.decimals));
    // Amounts compared at the row's largest decimals, so the same amount in two scales is one.
    const differing = new Set(row.map((value) => toBigInt(value.base) * 10n ** BigInt(cap - value.decimals))).size;
    const shownApart = () => new Set(row.map((value) => formatFixed(value.base, value.decimals, digits))).size === differing;
    while (digits < cap && !shownApart()) digits++;
  }
  return columns.map((column) => column.map((value) => (value === null ? null : formatFixed(value.base, value.decimals, digits))));
}

/**
 * A human amount as typed ("1000", "1,000", "0.5") with the app's thousands separators and its
 * fraction digits kept as typed; text that is not a plain decimal comes back unchanged.
 * @example formatHumanAmount('1000000.25') // "1,000,000.25"
 */
export function formatHumanAmount(text: string): string {
  const plain = text.trim().replace(/,/g, '');
  const match = /^([0-9]+)(\.[0-9]+)?$/.exec(plain);
  if (!match) return text.trim();
  const whole = match[1]!.replace(/^0+(?=[0-9])/, '');
  return `${groupThousands(whole)}${match[2] ?? ''}`;
}

// Below this a difference reads as a bound: two significant digits of 1 wei on 1 ETH (1e-14 bps)
// would be a string of zeros as wide as the table, and JavaScript's own form ("-5.0e-13") is
// notation an analyst's table does not use.
const SMALLEST_BPS_SHOWN = 0.0001;

/**
 * A signed difference in basis points, as every screen, report and CLI table writes it: an ASCII
 * sign, two decimals, thousands grouped as amounts are ("+9.08", "-3.10", "+10,000.00"). A
 * difference too small for two decimals keeps two significant digits ("-0.0021", "+0.00040"), and
 * one under 0.0001 bps reads as that bound with its sign ("-<0.0001"), so a verdict never stands
 * beside a "0.00" that hides what it rests on (issue 11); only an exact zero reads "0.00".
 */
export function formatSignedBps(bps: number): string {
  const sign = bps > 0 ? '+' : bps < 0 ? '-' : '';
  const size = Math.abs(bps);
  if (bps !== 0 && size < SMALLEST_BPS_SHOWN) return `${sign}<${SMALLEST_BPS_SHOWN.toFixed(4)}`;
  // Two significant digits, written out: the leading zeros after the point, then two digits.
  if (bps !== 0 && size < 0.005) return `${sign}${size.toFixed(1 - Math.floor(Math.log10(size)))}`;
  const [whole, fraction] = size.toFixed(2).split('.') as [string, string];
  return `${sign}${groupThousands(whole)}.${fraction}`;
}

/** A count and its noun, singular for one: "1 chain", "3 chains", "1,200 requests" (every screen and the CLI). */
export function countOf(count: number, noun: string): string {
  return `${formatInteger(count)} ${noun}${count === 1 ? '' : 's'}`;
}

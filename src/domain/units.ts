/**
 * Human units <-> base units, basis-point differences and percentages, all in bigint so that an
 * 18-decimal amount never loses precision in a float.
 */

/** Why a human amount could not be read. */
export type AmountErrorCode = 'EMPTY' | 'BAD_TEXT' | 'BAD_GROUPING' | 'TOO_MANY_DECIMALS' | 'BAD_DECIMALS';

/** A human amount that cannot be turned into base units; `code` says why. */
export class AmountError extends Error {
  readonly code: AmountErrorCode;

  constructor(code: AmountErrorCode, message: string) {
    super(message);
    this.name = 'AmountError';
    this.code = code;
  }
}

const PLAIN = /^([0-9]*)(?:\.([0-9]*))?$/;
// Commas are thousands separators only: 1-3 digits, then groups of exactly three.
const GROUPED = /^[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?$/;

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new AmountError('BAD_DECIMALS', `decimals must be a whole number from 0 to 255, got ${decimals}`);
  }
}

/**
 * Reads an amount typed by a person ("1,000.5", "0.25", ".5") into base units.
 * @throws AmountError with a message that names the problem (bad text, misplaced comma, too many decimals).
 * @example parseHumanAmount('1,000.5', 6) // 1000500000n
 */
export function parseHumanAmount(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const trimmed = text.trim();
  if (trimmed === '') throw new AmountError('EMPTY', 'enter an amount');
  if (trimmed.includes(',') && !GROUPED.test(trimmed)) {
    throw new AmountError('BAD_GROUPING', `"${trimmed}": commas may only separate groups of three digits before the decimal point`);
  }
  const match = PLAIN.exec(trimmed.replaceAll(',', ''));
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new AmountError('BAD_TEXT', `"${trimmed}" is not an amount: use digits, an optional decimal point and optional thousands commas`);
  }
  if (fraction.length > decimals) {
    throw new AmountError('TOO_MANY_DECIMALS', `"${trimmed}" has ${fraction.length} decimals; this token has ${decimals}`);
  }
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Options of formatBaseUnits. */
export interface FormatOptions {
  /** Digits kept after the decimal point (a negative amount goes away from zero, see formatBaseUnits); all significant digits by default. */
  maxFractionDigits?: number;
  /** Thousands commas in the whole part; on by default. */
  grouping?: boolean;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=([0-9]{3})+(?![0-9]))/g, ',');
}

/**
 * Writes base units as a human amount. Digits beyond maxFractionDigits are dropped so that a
 * displayed amount never exceeds the real one (a min buy shown rounded up would overstate it): a
 * positive amount is cut toward zero, a negative one (a net buy whose network fee costs more than
 * the trade buys) goes away from zero, "-0.000640350" for -0.000640349568, since cutting it would
 * show a smaller loss than the real one. So a negative amount never reads as 0 or "-0": -1 wei at
 * two digits reads "-0.01", the least loss those digits can write.
 * @example formatBaseUnits(1000500000n, 6) // "1,000.5"
 * @example formatBaseUnits(-1_999_999n, 6, { maxFractionDigits: 2 }) // "-2"
 */
export function formatBaseUnits(base: bigint, decimals: number, options: FormatOptions = {}): string {
  checkDecimals(decimals);
  const negative = base < 0n;
  const magnitude = negative ? awayFromZero(-base, decimals, options.maxFractionDigits) : base;
  const scale = 10n ** BigInt(decimals);
  const whole = (magnitude / scale).toString();
  let fraction = decimals === 0 ? '' : (magnitude % scale).toString().padStart(decimals, '0');
  if (options.maxFractionDigits !== undefined) fraction = fraction.slice(0, Math.max(0, options.maxFractionDigits));
  fraction = fraction.replace(/0+$/, '');
  const wholeText = options.grouping === false ? whole : groupThousands(whole);
  const text = fraction === '' ? wholeText : `${wholeText}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** `magnitude` raised to the next multiple of the last kept fraction digit, when digits would be dropped. */
function awayFromZero(magnitude: bigint, decimals: number, maxFractionDigits: number | undefined): bigint {
  if (maxFractionDigits === undefined || maxFractionDigits >= decimals) return magnitude;
  const step = 10n ** BigInt(decimals - Math.max(0, maxFractionDigits));
  const remainder = magnitude % step;
  return remainder === 0n ? magnitude : magnitude - remainder + step;
}

/** Divides and rounds half away from zero, in bigint. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/**
 * The signed difference of `amount` relative to `reference` in basis points, rounded to 2 decimals
 * (positive when `amount` is larger); null when the reference is zero and no ratio exists. Only
 * equal amounts give 0: a difference too small for two decimals keeps its own size and sign.
 * @example bpsDifference(10_010n, 10_000n) // 10
 * @example bpsDifference(1_000_000_001n, 1_000_000_000n) // 0.00001
 */
export function bpsDifference(amount: bigint, reference: bigint): number | null {
  if (reference === 0n) return null;
  const difference = amount - reference;
  // Hundredths of a basis point, rounded once in bigint, then scaled: no float error on big amounts.
  const hundredths = divRound(difference * 1_000_000n, reference);
  // Under half a hundredth this rounds to 0, yet such a difference still decides which model gives
  // more: a 0 beside that verdict would hide what it rests on. The float ratio is exact enough for
  // the two significant digits it is shown with (formatSignedBps).
  if (hundredths === 0n && difference !== 0n) return (Number(difference) / Number(reference)) * 10_000;
  return Number(hundredths) / 100;
}

/** `part` as a percentage of `whole`, rounded to `fractionDigits`; null when `whole` is zero. */
export function percentOf(part: bigint, whole: bigint, fractionDigits = 2): number | null {
  if (whole === 0n) return null;
  const scale = 10n ** BigInt(fractionDigits);
  return Number(divRound(part * 100n * scale, whole)) / Number(scale);
}

/** The share of `amount` given in basis points, rounded down as on-chain fee maths does. */
export function applyBps(amount: bigint, bps: bigint | number): bigint {
  return (amount * BigInt(bps)) / 10_000n;
}

/** Basis points as a percentage (100 Bps = 1 %). */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

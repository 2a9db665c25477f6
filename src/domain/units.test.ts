import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AmountError, applyBps, bpsDifference, divRound, formatBaseUnits, parseHumanAmount, percentOf } from './units.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AmountError ? error.code : 'OTHER';
  }
  return undefined;
}

describe('parseHumanAmount', () => {
  it('reads grouped amounts with decimals into base units', () => {
    expect(parseHumanAmount('1,000.5', 6)).toBe(1000n * 10n ** 6n + 500000n);
    expect(parseHumanAmount(' 0.25 ', 18)).toBe(25n * 10n ** 16n);
    expect(parseHumanAmount('.5', 1)).toBe(5n);
    expect(parseHumanAmount('7.', 2)).toBe(700n);
    expect(parseHumanAmount('12,345,678', 0)).toBe(12345678n);
  });

  it('rejects more decimals than the token has, naming both counts', () => {
    expect(codeOf(() => parseHumanAmount('1.1234567', 6))).toBe('TOO_MANY_DECIMALS');
    expect(() => parseHumanAmount('1.1234567', 6)).toThrow(/7 decimals; this token has 6/);
  });

  it('rejects text that is not an amount', () => {
    for (const bad of ['abc', '1e18', '-1', '1.2.3', '.', '0x10', '1 000']) expect(codeOf(() => parseHumanAmount(bad, 6)), bad).toBe('BAD_TEXT');
    expect(codeOf(() => parseHumanAmount('   ', 6))).toBe('EMPTY');
  });

  it('rejects commas that are not thousands separators', () => {
    for (const bad of ['1,00', '1,0000', ',100', '1.000,5', '1000,000']) expect(codeOf(() => parseHumanAmount(bad, 6)), bad).toBe('BAD_GROUPING');
  });

  it('rejects impossible decimals', () => {
    expect(codeOf(() => parseHumanAmount('1', -1))).toBe('BAD_DECIMALS');
    expect(codeOf(() => parseHumanAmount('1', 1.5))).toBe('BAD_DECIMALS');
  });
});

describe('formatBaseUnits', () => {
  it('groups thousands and drops trailing zeros', () => {
    expect(formatBaseUnits(1000500000n, 6)).toBe('1,000.5');
    expect(formatBaseUnits(10n ** 24n, 18)).toBe('1,000,000');
    expect(formatBaseUnits(1234567n, 0, { grouping: false })).toBe('1234567');
  });

  it('cuts (never rounds up) beyond maxFractionDigits', () => {
    expect(formatBaseUnits(1_999_999n, 6, { maxFractionDigits: 2 })).toBe('1.99');
    expect(formatBaseUnits(1_000_001n, 6, { maxFractionDigits: 4 })).toBe('1');
  });

  it('keeps the sign of negative amounts and takes them away from zero, never to 0 or -0', () => {
    expect(formatBaseUnits(-1_500_000n, 6)).toBe('-1.5');
    // A net buy of -0.000640349568 (a network fee above what the trade buys): cut, it read
    // -0.000640349, a smaller loss than the real one.
    expect(formatBaseUnits(-640_349_568_000_000n, 18, { maxFractionDigits: 9 })).toBe('-0.00064035');
    expect(formatBaseUnits(-1_999_999n, 6, { maxFractionDigits: 2 })).toBe('-2');
    expect(formatBaseUnits(-1n, 6, { maxFractionDigits: 2 })).toBe('-0.01');
    expect(formatBaseUnits(-1_234_000n, 6, { maxFractionDigits: 3 })).toBe('-1.234');
  });

  it('never shows an amount above the real one, and is off by less than one unit of its last digit', () => {
    const shownBase = (text: string, decimals: number): bigint => {
      const negative = text.startsWith('-');
      const [whole, fraction = ''] = text.replace(/^-/, '').replaceAll(',', '').split('.');
      const magnitude = BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
      return negative ? -magnitude : magnitude;
    };
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (base, decimals, digits) => {
        const shown = shownBase(formatBaseUnits(base, decimals, { maxFractionDigits: digits }), decimals);
        const step = 10n ** BigInt(Math.max(0, decimals - digits));
        expect(shown <= base).toBe(true);
        expect(base - shown < step).toBe(true);
      }),
    );
  });

  it('round-trips with parseHumanAmount for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 30 }), fc.boolean(), (base, decimals, grouping) => {
        expect(parseHumanAmount(formatBaseUnits(base, decimals, { grouping }), decimals)).toBe(base);
      }),
    );
  });
});

describe('bpsDifference', () => {
  it('is signed: positive when the amount is larger than the reference', () => {
    expect(bpsDifference(10_010n, 10_000n)).toBe(10);
    expect(bpsDifference(9_990n, 10_000n)).toBe(-10);
    expect(bpsDifference(5n, 5n)).toBe(0);
  });

  it('keeps two decimals, rounded half away from zero', () => {
    // 1/3 of a basis point: 0.333.. -> 0.33; 2/3 -> 0.67.
    expect(bpsDifference(30_001n, 30_000n)).toBe(0.33);
    expect(bpsDifference(30_002n, 30_000n)).toBe(0.67);
    expect(bpsDifference(29_998n, 30_000n)).toBe(-0.67);
  });

  it('keeps the size and sign of a difference too small for two decimals: only equal amounts give 0', () => {
    expect(bpsDifference(1_000_000_001n, 1_000_000_000n)).toBeCloseTo(0.00001, 12);
    expect(bpsDifference(999_999_999n, 1_000_000_000n)).toBeCloseTo(-0.00001, 12);
    // One wei on a uint256-sized amount is still not zero.
    expect(bpsDifference(2n ** 255n + 1n, 2n ** 255n)).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (a, b) => {
        expect(Math.sign(bpsDifference(a, b)!)).toBe(a === b ? 0 : a > b ? 1 : -1);
      }),
    );
  });

  it('is null against a zero reference', () => {
    expect(bpsDifference(1n, 0n)).toBeNull();
  });

  it('matches the float formula on 18-decimal amounts within the rounding step', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 15n, max: 10n ** 24n }), fc.bigInt({ min: 10n ** 15n, max: 10n ** 24n }), (a, b) => {
        const expected = ((Number(a) - Number(b)) / Number(b)) * 10_000;
        expect(Math.abs(bpsDifference(a, b)! - expected)).toBeLessThanOrEqual(0.005 + Math.abs(expected) * 1e-12);
      }),
    );
  });
});

describe('percentages', () => {
  it('percentOf rounds to the requested digits and is null on a zero whole', () => {
    expect(percentOf(1n, 3n)).toBe(33.33);
    expect(percentOf(2n, 3n, 1)).toBe(66.7);
    expect(percentOf(1n, 0n)).toBeNull();
  });

  it('applyBps rounds down like on-chain fee maths', () => {
    expect(applyBps(999n, 100)).toBe(9n);
    expect(applyBps(10n ** 18n, 15n)).toBe(15n * 10n ** 14n);
  });

  it('divRound rounds half away from zero and refuses zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });
});

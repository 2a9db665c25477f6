import { describe, expect, it } from 'vitest';
import { columnFractionDigits, countOf, comparableFractionDigits, formatAmountColumn, formatFixed, formatGwei, formatComparedColumns, formatHumanAmount, formatInteger, formatMixedColumn, formatSignedBps, formatTokenAmount, formatUpperBound, formatWithSymbol } from './number-format.ts';

describe('columnFractionDigits', () => {
  it('gives the smallest non-zero value six significant digits, capped at the decimals', () => {
    expect(columnFractionDigits([1_500_000n, 2_000n], 6)).toBe(6);
    expect(columnFractionDigits(['71160000000000000000'], 18)).toBe(4);
    expect(columnFractionDigits([123_456_789_000n], 6)).toBe(0);
  });

  it('ignores zeros and needs no digits for an all-zero column', () => {
    expect(columnFractionDigits([0n, 0n], 18)).toBe(0);
    expect(columnFractionDigits([0n, 1_000_000n], 6)).toBe(5);
  });
});

describe('formatAmountColumn', () => {
  it('writes every value with the same fraction digits so the column aligns on the point', () => {
    const column = formatAmountColumn(['1000000000', '999500000', '1234567'], 6);
    expect(column).toEqual(['1,000.00000', '999.50000', '1.23456']);
    const points = column.map((text) => text.length - text.indexOf('.'));
    expect(new Set(points).size).toBe(1);
  });

  it('cuts toward zero rather than rounding up', () => {
    expect(formatAmountColumn(['1999999'], 6, 2)).toEqual(['1.9']);
    expect(formatFixed(1_999_999n, 6, 2)).toBe('1.99');
  });
});

describe('single values', () => {
  it('drops trailing zeros for an amount on its own', () => {
    expect(formatTokenAmount('1000000000', 6)).toBe('1,000');
    expect(formatTokenAmount('1000000000000000', 18)).toBe('0.001');
    expect(formatWithSymbol('1000000000', { decimals: 6, symbol: 'USDC' })).toBe('1,000 USDC');
  });

  it('rounds an upper bound up to the digits shown, so it never reads below the bound', () => {
    const usdc = { decimals: 6, symbol: 'USDC' };
    expect(formatWithSymbol('2999101968', usdc)).toBe('2,999.1 USDC');
    expect(formatUpperBound('2999101968', usdc)).toBe('2,999.11 USDC');
    // Already at the digits shown: unchanged; a carry into the whole part; zero.
    expect(formatUpperBound('2999110000', usdc)).toBe('2,999.11 USDC');
    expect(formatUpperBound('999999999', usdc)).toBe('1,000 USDC');
    expect(formatUpperBound('0', usdc)).toBe('0 USDC');
  });

  it('groups gas in thousands', () => {
    expect(formatInteger('195000')).toBe('195,000');
    expect(formatInteger(1_234_567)).toBe('1,234,567');
    expect(formatInteger(-1000n)).toBe('-1,000');
  });

  it('writes gas prices in gwei', () => {
    expect(formatGwei('12345678900')).toBe('12.345 gwei');
    expect(formatGwei('1000000000')).toBe('1 gwei');
    expect(formatGwei('10000000')).toBe('0.01 gwei');
    expect(formatGwei('12345')).toBe('0.0000123 gwei');
  });
});

describe('comparableFractionDigits', () => {
  it('keeps the column precision when it already tells the amounts apart', () => {
    expect(comparableFractionDigits([319_812_000n, 316_614_000n], 9)).toBe(columnFractionDigits([319_812_000n, 316_614_000n], 9));
  });

  it('adds digits until amounts that differ read differently, and no further than the decimals', () => {
    const nets = [319_810_852n, 319_810_563n];
    expect(columnFractionDigits(nets, 9)).toBe(6);
    expect(comparableFractionDigits(nets, 9)).toBe(7);
    expect(nets.map((net) => formatFixed(net, 9, comparableFractionDigits(nets, 9)))).toEqual(['0.3198108', '0.3198105']);
    expect(comparableFractionDigits([10n ** 18n, 10n ** 18n + 1n], 18)).toBe(18);
    // Equal amounts need nothing more.
    expect(comparableFractionDigits([319_810_852n, '319810852'], 9)).toBe(6);
  });
});

describe('formatComparedColumns', () => {
  const weth = (base: bigint) => ({ base, decimals: 18 });

  it('gives every column one precision, raised only as far as a row needs to tell its amounts apart', () => {
    const [ah, p2] = formatComparedColumns([
      [weth(319_780_400_000_000_000n), weth(353_000_000_000_000_000n), null],
      [weth(319_780_100_000_000_000n), weth(353_300_000_000_000_000n), weth(2n * 10n ** 17n)],
    ]);
    expect(ah).toEqual(['0.3197804', '0.3530000', null]);
    expect(p2).toEqual(['0.3197801', '0.3533000', '0.2000000']);
  });

  it('leaves equal amounts equal and keeps formatMixedColumn\'s precision when the rows already read apart', () => {
    const columns = [[weth(319_780_000_000_000_000n)], [weth(319_780_000_000_000_000n)]];
    expect(formatComparedColumns(columns)).toEqual([formatMixedColumn(columns[0]!), formatMixedColumn(columns[1]!)]);
    // The same amount in two scales is one amount.
    expect(formatComparedColumns([[{ base: 1_500_000n, decimals: 6 }], [{ base: 15n * 10n ** 17n, decimals: 18 }]])).toEqual([['1.50000'], ['1.50000']]);
  });
});

describe('formatSignedBps', () => {
  it('writes an ASCII sign and two decimals, and two significant digits below 0.005 so that only 0 reads 0.00', () => {
    expect(formatSignedBps(9.081)).toBe('+9.08');
    expect(formatSignedBps(-3.1)).toBe('-3.10');
    expect(formatSignedBps(0)).toBe('0.00');
    expect(formatSignedBps(-0.0021)).toBe('-0.0021');
    expect(formatSignedBps(0.0004)).toBe('+0.00040');
    expect(formatSignedBps(0.004999)).toBe('+0.0050');
    expect(formatSignedBps(-0.0001)).toBe('-0.00010');
    expect(formatSignedBps(10000)).toBe('+10,000.00');
    expect(formatSignedBps(-12345.678)).toBe('-12,345.68');
  });

  it('writes a difference under 0.0001 bps as that bound with its sign, never in exponent notation', () => {
    // 1 wei apart on ~0.36 WETH (compare.test.ts): a verdict rests on it, so it is not 0.00.
    expect(formatSignedBps(-2.8e-12)).toBe('-<0.0001');
    expect(formatSignedBps(5e-13)).toBe('+<0.0001');
    expect(formatSignedBps(0.0000999)).toBe('+<0.0001');
    for (const bps of [1e-300, -7.3e-9, 4.2e-5, -0.00012, 0.0033]) expect(formatSignedBps(bps)).not.toMatch(/e/i);
  });
});

describe('formatMixedColumn', () => {
  it('gives one token with different decimals per chain the same fraction digits, so the column aligns', () => {
    const column = formatMixedColumn([{ base: 1_500_000n, decimals: 6 }, { base: 1_234n * 10n ** 18n, decimals: 18 }, null, { base: 25_000n, decimals: 6 }]);
    // 0.025 is the smallest: 6 significant digits need 7 fraction digits, capped at USDC's 6.
    expect(column).toEqual(['1.500000', '1,234.000000', null, '0.025000']);
  });
});

describe('formatHumanAmount', () => {
  it('groups the whole part and keeps the typed fraction', () => {
    expect(formatHumanAmount('1000')).toBe('1,000');
    expect(formatHumanAmount(' 1,000000.250 ')).toBe('1,000,000.250');
    expect(formatHumanAmount('0.5')).toBe('0.5');
    expect(formatHumanAmount('007')).toBe('7');
  });

  it('leaves text that is not a plain decimal as it is', () => {
    expect(formatHumanAmount('1e6')).toBe('1e6');
  });
});

describe('countOf', () => {
  it('writes one thing in the singular, any other count in the plural, grouped', () => {
    expect([countOf(1, 'chain'), countOf(0, 'chain'), countOf(2, 'size'), countOf(1200, 'request')]).toEqual(['1 chain', '0 chains', '2 sizes', '1,200 requests']);
  });
});

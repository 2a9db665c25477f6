import { describe, expect, it } from 'vitest';
import type { CompareRowWire, ModelSideWire } from '../ipc/channels/compare.ts';
import type { LadderRowWire } from '../ipc/channels/ladder.ts';
import { blockNotes, compareRowLabel, comparisonTable, errorNotes, feeUnitNotes, isNothingAnswered, netDiffNotes } from './compare-format.ts';
import { ladderTable } from './compare-ladder.ts';
import { priceTable } from './price.ts';

const USDC = { address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 };
const WETH = { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', decimals: 18 };

/** One model's side buying `gross` and paying `fee` (both in buy-token base units). */
function side(model: ModelSideWire['model'], gross: bigint, fee: bigint, entryId: number): ModelSideWire {
  return {
    model, state: 'ok', zid: `0x${entryId.toString(16).padStart(24, '0')}`, errorName: null, errorMessage: null,
    buyAmount: gross.toString(), minBuyAmount: ((gross * 99n) / 100n).toString(), integratorFees: [], serviceFee: null,
    gas: '180000', totalNetworkFee: fee.toString(), networkFeeInBuyToken: fee.toString(), netBuyAmount: (gross - fee).toString(),
    entryId, fills: [], routeTokens: [USDC, WETH],
  };
}

function row(sell: typeof USDC, buy: typeof USDC, sellAmount: bigint, ah: ModelSideWire, p2: ModelSideWire): CompareRowWire {
  return {
    chainId: 8453, chainName: 'Base', sellToken: sell, buyToken: buy, sellAmount: sellAmount.toString(), nativeSymbol: 'ETH', nativeDecimals: 18,
    networkFeeRate: { buyPerNative: (10n ** 18n).toString(), source: 'buy-is-native' },
    allowanceHolder: ah, permit2: p2, diffBps: 0, netDiffBps: null, better: 'allowance-holder', basis: 'net',
  };
}

describe('comparisonTable', () => {
  it('reads two nets a few wei apart differently, with the gross and net bps beside them', () => {
    const gross = 319_812_800_000_000_000n;
    const close = { ...row(USDC, WETH, 1_000_000_000n, side('allowance-holder', gross, 1_947_540_000_000n, 1), side('permit2', gross, 2_236_560_000_000n, 2)), netDiffBps: -0.0090372 };
    const line = comparisonTable([close]).split('\n')[1]!;
    expect(line).toContain('0.3198108');
    expect(line).toContain('0.3198105');
    expect(line).toMatch(/ 0\.00 +-0\.01 /);
  });
});

describe('comparisonTable of a dust trade', () => {
  it('shows a negative net buy no smaller a loss than the real one', () => {
    // 0.5 USDC on Ethereum: the network fees (0.000642752... and 0.000749878... ETH) cost more than
    // the trade buys, so both nets are negative. Cut toward zero they read -0.000480062 and
    // -0.000587187, a smaller loss than -0.000480062372... and -0.000587187822... are.
    const gross = 162_690_328_363_968n;
    const dust = row(USDC, WETH, 500_000n, side('allowance-holder', gross, 642_752_700_840_000n, 1), side('permit2', gross, 749_878_150_980_000n, 2));
    const cells = comparisonTable([dust]).split('\n')[1]!.split(/\s{2,}/);
    expect([cells[9], cells[10]]).toEqual(['-0.000480063', '-0.000587188']);
  });
});

describe('comparisonTable across rows', () => {
  it('gives every row the same precision, so each column lines up on the decimal point', () => {
    const gross = 319_812_800_000_000_000n;
    const close = { ...row(USDC, WETH, 1_000_000_000n, side('allowance-holder', gross, 1_947_540_000_000n, 1), side('permit2', gross, 2_236_560_000_000n, 2)), chainId: 10 };
    const plain = { ...row(USDC, WETH, 1_000_000_000n, side('allowance-holder', 315_284_000_000_000_000n, 353_030_000_000_000n, 3), side('permit2', 315_284_000_000_000_000n, 411_868_000_000_000n, 4)), chainId: 1 };
    const [, first, second] = comparisonTable([plain, close]).split('\n').map((line) => line.split(/\s{2,}/));
    // Buy, min buy and net of both models: 7 fraction digits in both rows, which the close row needs.
    for (const cells of [first!, second!]) for (const index of [1, 2, 5, 6, 9, 10]) expect(cells[index]).toMatch(/^0\.\d{7}$/);
    expect(first![1]).toBe('0.3152840');
  });
});

describe('ladderTable', () => {
  it('reads both models\' nets per unit apart when they differ, every line to one precision', () => {
    // Nets 0.0006 USDC apart at 1 WETH, 0.006 apart at 10 WETH: at 6 significant digits both read alike.
    const rows: LadderRowWire[] = [
      { ...row(WETH, USDC, 10n ** 18n, side('allowance-holder', 3_133_100_600n, 10_000n, 1), side('permit2', 3_133_100_000n, 10_000n, 2)), amount: '1', amountIndex: 0 },
      { ...row(WETH, USDC, 10n ** 19n, side('allowance-holder', 31_331_006_000n, 10_000n, 3), side('permit2', 31_331_000_000n, 10_000n, 4)), amount: '10', amountIndex: 1 },
    ];
    const lines = ladderTable(rows).split('\n').slice(1, 3).map((line) => line.split(/\s{2,}/));
    expect(lines.map((cells) => [cells[2], cells[3]])).toEqual([['3,133.0906', '3,133.0900'], ['3,133.0996', '3,133.0990']]);
    expect(lines.map((cells) => cells[4])).toEqual(['-0.0019', '-0.0019']);
    // Neither size priced at two blocks: the verdict stands on the nets alone.
    expect(lines.map((cells) => cells[5])).toEqual(['Allowance Holder (net)', 'Allowance Holder (net)']);
  });

  it('names a size with more digits than a float holds as it was priced, not rounded up or cut', () => {
    const amount = '1234.567890123456789012';
    const rows: LadderRowWire[] = [{ ...row(WETH, USDC, 1_234_567_890_123_456_789_012n, side('allowance-holder', 3_867_000_000_000n, 10_000n, 1), side('permit2', 3_866_000_000_000n, 10_000n, 2)), amount, amountIndex: 0 }];
    const cells = ladderTable(rows).split('\n')[1]!.split(/\s{2,}/);
    // A float reads it back as 1,234.567890123457: an amount above the one the figures beside it were priced at.
    expect(cells[1]).toBe('1,234.567890123456789012 WETH');
  });

  it('names the priced sizes of a crossover finding as they were priced, not as a float reads them back', () => {
    const rows: LadderRowWire[] = [
      { ...row(WETH, USDC, 123_456_789_012_345_678n, side('allowance-holder', 414_114_725n, 10_000n, 1), side('permit2', 413_865_181n, 10_000n, 2)), amount: '0.123456789012345678', amountIndex: 0 },
      { ...row(WETH, USDC, 10n ** 18n, side('allowance-holder', 3_364_959_851n, 10_000n, 3), side('permit2', 3_364_710_307n, 10_000n, 4)), amount: '1', amountIndex: 1 },
    ];
    // A float reads the first back as 0.12345678901234568: more than was sold.
    expect(ladderTable(rows)).toContain('(0.123456789012345678 WETH to 1 WETH)');
  });

  it('says in its verdict when a size priced at two blocks, as compare does', () => {
    const at = (amount: string, sellAmount: bigint, index: number, ah: string, p2: string): LadderRowWire => {
      const base = row(WETH, USDC, sellAmount, side('allowance-holder', 3_133_100_600n * BigInt(amount), 10_000n, 2 * index), side('permit2', 3_133_100_000n * BigInt(amount), 10_000n, 2 * index + 1));
      return { ...base, allowanceHolder: { ...base.allowanceHolder, blockNumber: ah }, permit2: { ...base.permit2, blockNumber: p2 }, amount, amountIndex: index };
    };
    const rows = [at('1', 10n ** 18n, 0, '530045684', '530045685'), at('10', 10n ** 19n, 1, '530045690', '530045690')];
    const verdicts = ladderTable(rows).split('\n').slice(1, 3).map((line) => line.split(/\s{2,}/)[5]);
    expect(verdicts).toEqual(['Allowance Holder (net, 2 blocks)', 'Allowance Holder (net)']);
  });

  it('marks "2 blocks" on the size that priced at two blocks only, when another size reads as the same float', () => {
    // 1,000,000 and 1,000,000.000000000000000001 WETH: one float, two sizes; only the second priced at two blocks.
    const million = 10n ** 24n;
    const at = (amount: string, sellAmount: bigint, index: number, p2Block: string): LadderRowWire => {
      const base = row(WETH, USDC, sellAmount, side('allowance-holder', 3_133_100_600n, 10_000n, 2 * index), side('permit2', 3_133_100_000n, 10_000n, 2 * index + 1));
      return { ...base, allowanceHolder: { ...base.allowanceHolder, blockNumber: '530045690' }, permit2: { ...base.permit2, blockNumber: p2Block }, amount, amountIndex: index };
    };
    const rows = [at('1000000', million, 0, '530045690'), at('1000000.000000000000000001', million + 1n, 1, '530045691')];
    const lines = ladderTable(rows).split('\n').slice(1, 3).map((line) => line.split(/\s{2,}/));
    expect(lines.map((cells) => [cells[1], cells[5]])).toEqual([
      ['1,000,000 WETH', 'Allowance Holder (net)'],
      ['1,000,000.000000000000000001 WETH', 'Allowance Holder (net, 2 blocks)'],
    ]);
  });
});

describe('ladderTable, a size the cheaper network fee decides', () => {
  it('says the lower network fee decided it, beside two equal nets, and a tie of equal fees stays a tie', () => {
    // Equal buys; fees of 1.3e11 and 1e11 wei both cut to 0 of the buy token: equal nets, Permit2's fee the lower.
    const at = (p2Fee: bigint, amount: string, index: number): LadderRowWire => {
      const base = row(WETH, USDC, 10n ** 18n * BigInt(amount), side('allowance-holder', 3_133_100_000n, 0n, 2 * index), side('permit2', 3_133_100_000n, 0n, 2 * index + 1));
      return { ...base, allowanceHolder: { ...base.allowanceHolder, totalNetworkFee: '130000000000' }, permit2: { ...base.permit2, totalNetworkFee: p2Fee.toString() }, amount, amountIndex: index };
    };
    const verdicts = ladderTable([at(100_000_000_000n, '1', 0), at(130_000_000_000n, '10', 1)]).split('\n').slice(1, 3).map((line) => line.split(/\s{2,}/)[5]);
    expect(verdicts).toEqual(['Permit2 (lower network fee)', 'tie (net)']);
  });
});

describe('errorNotes and isNothingAnswered', () => {
  const failed = (model: ModelSideWire['model'], errorName: string, errorMessage: string): ModelSideWire => ({
    ...side(model, 0n, 0n, 0), state: 'error', errorName, errorMessage, buyAmount: null, minBuyAmount: null, gas: null, totalNetworkFee: null, networkFeeInBuyToken: null, netBuyAmount: null,
  });
  const keyless = (model: ModelSideWire['model']) => failed(model, 'KEYCHAIN_UNAVAILABLE', 'No keychain is available; set SVC_API_KEY');

  it('lists each error message once, with every side it answered, under the names the cells show', () => {
    const base = row(USDC, WETH, 1_000_000n, keyless('allowance-holder'), keyless('permit2'));
    const mainnet = { ...row(USDC, WETH, 1_000_000n, side('allowance-holder', 10n ** 15n, 10n, 1), failed('permit2', 'INPUT_INVALID', 'taker is required')), chainId: 1 };
    expect(errorNotes([base, mainnet], (item) => `chain ${item.chainId}`)).toBe(
      '\nerrors:\n' +
        '  KEYCHAIN_UNAVAILABLE: No keychain is available; set SVC_API_KEY\n    on chain 8453 AH, chain 8453 P2\n' +
        '  INPUT_INVALID: taker is required\n    on chain 1 P2\n',
    );
    expect(isNothingAnswered([base, mainnet])).toBe(false);
    expect(isNothingAnswered([base])).toBe(true);
  });

  it('adds nothing when every side was answered, and counts "no liquidity" as an answer', () => {
    const priced = row(USDC, WETH, 1_000_000n, side('allowance-holder', 10n ** 15n, 10n, 1), side('permit2', 10n ** 15n, 10n, 2));
    expect(errorNotes([priced], () => 'x')).toBe('');
    const dry = row(USDC, WETH, 1_000_000n, { ...side('allowance-holder', 0n, 0n, 1), state: 'no-liquidity' }, keyless('permit2'));
    expect(isNothingAnswered([dry])).toBe(false);
  });
});

describe('blockNotes', () => {
  it('lists the rows whose two answers priced at different blocks, with both, and nothing when they match or one is missing', () => {
    const at = (ah: string | null | undefined, p2: string | null | undefined, chainId: number) => {
      const base = row(USDC, WETH, 1_000_000_000n, side('allowance-holder', 10n ** 17n, 10n ** 12n, 1), side('permit2', 10n ** 17n, 10n ** 12n, 2));
      return { ...base, chainId, allowanceHolder: { ...base.allowanceHolder, blockNumber: ah }, permit2: { ...base.permit2, blockNumber: p2 } };
    };
    expect(blockNotes([at('530045684', '530045685', 42161), at('23234885', '23234885', 1), at('1', null, 10), at(undefined, undefined, 8453)], compareRowLabel)).toBe(
      "\npriced at different blocks (part of the row's difference may be the blocks', not the models'):\n  Arbitrum (42161): AH 530,045,684, P2 530,045,685\n",
    );
    expect(blockNotes([at('23234885', '23234885', 1)], compareRowLabel)).toBe('');
    // The verdict says so where it is given, as the app's does.
    const verdicts = comparisonTable([at('530045684', '530045685', 42161), at('23234885', '23234885', 1)]).trim().split('\n').slice(1).map((line) => line.split(/\s{2,}/).at(-1));
    expect(verdicts).toEqual(['Allowance Holder (net, 2 blocks)', 'Allowance Holder (net)']);
  });
});

describe('priceTable', () => {
  it('says the whole amount sold, the one the figures were priced at', () => {
    const one = row(USDC, WETH, 1_234_567_890_000n, side('allowance-holder', 10n ** 17n, 10n ** 12n, 1), side('permit2', 10n ** 17n, 10n ** 12n, 2));
    expect(priceTable(one, one.allowanceHolder)).toMatch(/^sell {9}1,234,567\.89 USDC$/m);
  });
});

describe('a chain without a native token (Tempo)', () => {
  // Fees not priced in the buy token: Tempo has no native asset to price them by.
  const unpriced = (item: ModelSideWire): ModelSideWire => ({ ...item, totalNetworkFee: '412500000000', networkFeeInBuyToken: null, netBuyAmount: null });
  const base = row(USDC, WETH, 1_000_000_000n, side('allowance-holder', 10n ** 17n, 0n, 1), side('permit2', 10n ** 17n, 0n, 2));
  const tempo: CompareRowWire = { ...base, chainId: 4217, chainName: 'Tempo', nativeSymbol: null, networkFeeRate: null, basis: 'gross', feeNotPriced: 'fee not priced: the chain has no native asset to price', allowanceHolder: unpriced(base.allowanceHolder), permit2: unpriced(base.permit2) };

  it('prints its network fee in wei with why no token is named, never a bare number', () => {
    expect(priceTable(tempo, tempo.allowanceHolder)).toMatch(/^network fee +412,500,000,000 wei \(no native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in\)$/m);
    expect(comparisonTable([tempo]).split('\n')[1]).toMatch(/ 412,500,000,000 wei +412,500,000,000 wei /);
    expect(feeUnitNotes([base, tempo], compareRowLabel)).toBe('\nnetwork fees in wei on Tempo (4217): no native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in\n');
    expect(feeUnitNotes([base], compareRowLabel)).toBe('');
  });

  it('prints a fee rate per whole wei with why, never "1 native", a token the chain does not have', () => {
    // No Tempo run has a rate today (nothing native to sell or buy there): a row that carries one reads as its fee does.
    const note = '(no native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in)';
    for (const [source, says] of [['sell-is-native', "this trade's own price"], ['quoted', 'an indicative price of 100,000,000,000,000,000 wei for WETH']] as const) {
      const rated = { ...tempo, networkFeeRate: { buyPerNative: (10n ** 15n).toString(), source } };
      const line = priceTable(rated, rated.allowanceHolder).split('\n').find((text) => text.startsWith('fee rate'));
      expect(line).toBe(`fee rate     1,000,000,000,000,000,000 wei = 0.001 WETH, ${says} ${note}`);
    }
  });
});

describe('netDiffNotes', () => {
  it('names the rows whose net difference reads "-" because Allowance Holder\'s net is not above zero, and only those', () => {
    // A tiny buy (336 base units) whose network fee costs more.
    const tiny = (fee: bigint) => row(WETH, WETH, 1n, side('allowance-holder', 336n, fee, 1), side('permit2', 336n, fee + 90n, 2));
    const below = tiny(640_000n);
    expect(BigInt(below.allowanceHolder.netBuyAmount!)).toBeLessThanOrEqual(0n);
    expect(netDiffNotes([below], compareRowLabel)).toBe("\nno net difference in bps: Allowance Holder's net buy is not above zero, as its network fee costs more than it buys:\n  Base (8453)\n");
    const above = { ...tiny(100n), netDiffBps: -3.6 };
    expect(netDiffNotes([above], compareRowLabel)).toBe('');
  });
});

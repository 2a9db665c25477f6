import { describe, expect, it } from 'vitest';
import type { CompareRowWire, ModelSideWire } from '../ipc/channels/compare.ts';
import { comparisonTable } from './compare-format.ts';

const USDC = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 };
const WETH = { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', decimals: 18 };
const GROSS = 319_812_800_000_000_000n;

function side(model: ModelSideWire['model'], fee: bigint, entryId: number): ModelSideWire {
  return {
    model, state: 'ok', zid: `0x${entryId.toString(16).padStart(24, '0')}`, errorName: null, errorMessage: null,
    buyAmount: GROSS.toString(), minBuyAmount: ((GROSS * 99n) / 100n).toString(), integratorFees: [], serviceFee: null,
    gas: '180000', totalNetworkFee: fee.toString(), networkFeeInBuyToken: fee.toString(), netBuyAmount: (GROSS - fee).toString(),
    entryId, fills: [], routeTokens: [USDC, WETH],
  };
}

describe('comparisonTable', () => {
  it('reads two nets a few wei apart differently, with the gross and net bps beside them', () => {
    const row: CompareRowWire = {
      chainId: 8453, chainName: 'Base', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', nativeSymbol: 'ETH', nativeDecimals: 18,
      networkFeeRate: { buyPerNative: (10n ** 18n).toString(), source: 'buy-is-native' },
      allowanceHolder: side('allowance-holder', 1_947_540_000_000n, 1), permit2: side('permit2', 2_236_560_000_000n, 2),
      diffBps: 0, netDiffBps: -0.0090372, better: 'allowance-holder', basis: 'net',
    };
    const line = comparisonTable([row]).split('\n')[1]!;
    expect(line).toContain('0.3198108');
    expect(line).toContain('0.3198105');
    expect(line).toMatch(/ 0\.00 +-0\.01 /);
  });
});

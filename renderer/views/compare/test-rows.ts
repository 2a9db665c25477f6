import type { CompareRowWire, ModelSideWire } from '../../../src/ipc/channels/compare.ts';

/** Hand-made results rows for the table's component tests. */

const USDC = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 };
const WETH = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 };

/** A side with liquidity buying `buy` WETH base units (entry id `entryId`). */
export function okSide(model: ModelSideWire['model'], buy: bigint, entryId: number): ModelSideWire {
  return {
    model, state: 'ok', zid: `0x${entryId.toString(16).padStart(24, '0')}`, errorName: null, errorMessage: null,
    buyAmount: buy.toString(), minBuyAmount: ((buy * 99n) / 100n).toString(), integratorFees: [], serviceFee: null,
    gas: '180000', totalNetworkFee: '1000000000000', networkFeeInBuyToken: '1000000000000', netBuyAmount: (buy - 1_000_000_000_000n).toString(),
    entryId, fills: [{ from: USDC.address, to: WETH.address, source: 'Uniswap_V3', proportionBps: '10000' }], routeTokens: [USDC, WETH],
  };
}

/** A side without a price. */
export function problemSide(model: ModelSideWire['model'], state: 'no-liquidity' | 'error', entryId: number, errorName: string | null = null): ModelSideWire {
  return {
    ...okSide(model, 0n, entryId), state, errorName, errorMessage: errorName ? 'refused' : null,
    buyAmount: null, minBuyAmount: null, gas: null, totalNetworkFee: null, networkFeeInBuyToken: null, netBuyAmount: null, fills: [], routeTokens: [],
  };
}

/** A row of the table. */
export function row(chainId: number, chainName: string, ah: ModelSideWire, p2: ModelSideWire, diffBps: number | null, better: CompareRowWire['better']): CompareRowWire {
  return {
    chainId, chainName, sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', nativeSymbol: 'ETH', nativeDecimals: 18,
    networkFeeRate: { buyPerNative: (10n ** 18n).toString(), source: 'buy-is-native' },
    allowanceHolder: ah, permit2: p2, diffBps, better, basis: better ? 'net' : null,
  };
}

/** Three chains: Permit2 better, a tie broken by fee (AH better), and one with no liquidity / an error. */
export function threeRows(): CompareRowWire[] {
  return [
    row(1, 'Ethereum', okSide('allowance-holder', 353_000_000_000_000_000n, 1), okSide('permit2', 353_300_000_000_000_000n, 2), 8.5, 'permit2'),
    row(8453, 'Base', okSide('allowance-holder', 354_000_000_000_000_000n, 3), okSide('permit2', 353_900_000_000_000_000n, 4), -2.82, 'allowance-holder'),
    row(42161, 'Arbitrum', problemSide('allowance-holder', 'no-liquidity', 5), problemSide('permit2', 'error', 6, 'TOKEN_NOT_SUPPORTED'), null, null),
  ];
}

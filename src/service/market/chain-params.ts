import type { PoolKind } from './pools.ts';

/**
 * Per-chain parameters of the market model: block time and a realistic height at a fixed anchor
 * time (heights near those observed in 2025-08), liquidity depth relative to Ethereum, the gas
 * price the oracle wanders around, the L1 data price on chains that pay one, and the sources.
 */

/** One liquidity source of a chain: its label and the maths it uses. */
export interface SourceSpec {
  label: string;
  kind: PoolKind;
  /** Pool fee in parts per million (RFQ: the maker's spread). */
  feePpm: number;
}

/** Market parameters of one chain. */
export interface ChainParams {
  blockTimeMs: number;
  /** Block height at ANCHOR_MS. */
  anchorHeight: number;
  /** Liquidity scale: 1 = Ethereum mainnet. */
  depth: number;
  /** Typical gas price in wei. */
  gasPriceWei: number;
  /** Typical L1 data cost in wei per byte of calldata, on chains that pay one. */
  l1WeiPerByte: number;
  sources: SourceSpec[];
}

/** The anchor of the block clocks: 2025-08-28T00:00:00Z. */
export const ANCHOR_MS = Date.UTC(2025, 7, 28);

const V2 = (label: string): SourceSpec => ({ label, kind: 'constant-product', feePpm: 3000 });
const V3 = (label: string, feePpm = 500): SourceSpec => ({ label, kind: 'concentrated', feePpm });
const CURVE = (label = 'Curve'): SourceSpec => ({ label, kind: 'stableswap', feePpm: 400 });
const RFQ: SourceSpec = { label: 'RFQ', kind: 'rfq', feePpm: 400 };

const PARAMS: Record<number, ChainParams> = {
  1: { blockTimeMs: 12_000, anchorHeight: 23_234_885, depth: 1, gasPriceWei: 2.5e9, l1WeiPerByte: 0, sources: [V2('Uniswap_V2'), V2('SushiSwap'), V3('Uniswap_V3'), V3('PancakeSwap_V3', 2500), CURVE(), RFQ] },
  10: { blockTimeMs: 2_000, anchorHeight: 140_420_000, depth: 0.1, gasPriceWei: 1.2e6, l1WeiPerByte: 1.5e9, sources: [V2('Velodrome_V2'), V3('Uniswap_V3'), CURVE()] },
  56: { blockTimeMs: 750, anchorHeight: 59_110_000, depth: 0.4, gasPriceWei: 1e8, l1WeiPerByte: 0, sources: [V2('PancakeSwap_V2'), V3('PancakeSwap_V3'), CURVE('Wombat'), RFQ] },
  137: { blockTimeMs: 2_000, anchorHeight: 75_690_000, depth: 0.12, gasPriceWei: 3.5e10, l1WeiPerByte: 0, sources: [V2('QuickSwap'), V2('Dfyn'), V3('Uniswap_V3'), CURVE()] },
  8453: { blockTimeMs: 2_000, anchorHeight: 34_790_000, depth: 0.6, gasPriceWei: 5.5e6, l1WeiPerByte: 2e9, sources: [V2('PancakeSwap_V2'), V3('Uniswap_V4'), V3('Aerodrome_V3', 1000), CURVE(), RFQ] },
  42161: { blockTimeMs: 250, anchorHeight: 372_400_000, depth: 0.5, gasPriceWei: 1e7, l1WeiPerByte: 0, sources: [V2('Camelot_V2'), V3('Uniswap_V3'), V3('Uniswap_V4', 3000), CURVE(), RFQ] },
  43114: { blockTimeMs: 2_000, anchorHeight: 67_250_000, depth: 0.08, gasPriceWei: 1.5e9, l1WeiPerByte: 0, sources: [V2('TraderJoe_V1'), V3('Uniswap_V3'), CURVE('Platypus')] },
  59144: { blockTimeMs: 2_000, anchorHeight: 22_410_000, depth: 0.04, gasPriceWei: 6e7, l1WeiPerByte: 0, sources: [V2('Lynex'), V3('PancakeSwap_V3')] },
};

const GENERIC_SOURCES = [V2('Uniswap_V2'), V3('Uniswap_V3')];

/** The market parameters of a chain; chains without their own get thin defaults from their id. */
export function chainParams(chainId: number, hasL1DataFee: boolean): ChainParams {
  const own = PARAMS[chainId];
  if (own) return own;
  return {
    blockTimeMs: 1_000,
    anchorHeight: 5_000_000 + (chainId % 997) * 9_973,
    depth: 0.02,
    gasPriceWei: 1e8,
    l1WeiPerByte: hasL1DataFee ? 1e9 : 0,
    sources: GENERIC_SOURCES,
  };
}

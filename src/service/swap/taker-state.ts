import { unitHash } from '../rng.ts';

/**
 * The deterministic wallet state the service validates against (spec, "Issues object"): balances
 * and allowances of a taker. A few demo takers have documented states for tests and demos; every
 * other address gets a state derived from a hash of the seed, the address and the token, so the
 * same taker always sees the same issues under the same seed.
 */

/** Demo takers and what the service believes about them. */
export const DEMO_TAKERS = {
  /** Holds plenty of every token and has an unlimited allowance on Allowance Holder and Permit2: no issues. */
  funded: '0xde30000000000000000000000000000000000001',
  /** Holds plenty of every token but has set no allowance: `issues.allowance` with actual "0". */
  fundedNoAllowance: '0xde30000000000000000000000000000000000002',
  /** Allowance set, but holds only 1000 base units of every token: `issues.balance` and `simulationIncomplete`. */
  lowBalance: '0xde30000000000000000000000000000000000003',
  /** A smart-contract wallet, funded and approved: a quote without `txOrigin` is 400 SWAP_VALIDATION_FAILED. */
  smartContract: '0xde30000000000000000000000000000000000004',
  /** A wallet whose trades always fail simulation: price and quote are 400 SWAP_VALIDATION_FAILED. */
  reverting: '0xde30000000000000000000000000000000000005',
} as const;

/** The largest uint256: an "unlimited" allowance. */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** A taker's balance of a token and allowance to a spender, in base units. */
export interface WalletState {
  balance: bigint;
  allowance: bigint;
  isContract: boolean;
  isReverting: boolean;
}

/** USD worth a demo "plenty" balance amounts to. */
const PLENTY_USD = 1e9;

function baseUnits(human: number, decimals: number): bigint {
  if (!(human > 0)) return 0n;
  return BigInt(Math.floor(human)) * 10n ** BigInt(decimals) + BigInt(Math.floor((human % 1) * 10 ** Math.min(decimals, 15))) * 10n ** BigInt(Math.max(0, decimals - 15));
}

/**
 * The wallet state of `taker` for a token. `usdAtAnchor` is the token's fixed reference price (not
 * the drifting one), so a derived balance does not change from block to block.
 */
export function walletState(seed: number, taker: string, token: { address: string; decimals: number }, spender: string | null, usdAtAnchor: number): WalletState {
  const who = taker.toLowerCase();
  const plenty = baseUnits(PLENTY_USD / usdAtAnchor, token.decimals);
  const demo = { balance: plenty, allowance: MAX_UINT256, isContract: false, isReverting: false };
  if (who === DEMO_TAKERS.funded) return demo;
  if (who === DEMO_TAKERS.fundedNoAllowance) return { ...demo, allowance: 0n };
  if (who === DEMO_TAKERS.lowBalance) return { ...demo, balance: 1000n };
  if (who === DEMO_TAKERS.smartContract) return { ...demo, isContract: true };
  if (who === DEMO_TAKERS.reverting) return { ...demo, isReverting: true };
  const tokenKey = token.address.toLowerCase();
  // Balances spread log-uniformly between $1 and $1M; a fifth of wallets hold none of a token.
  const u = unitHash(seed, 'balance', who, tokenKey);
  const balance = u < 0.2 ? 0n : baseUnits(10 ** (((u - 0.2) / 0.8) * 6) / usdAtAnchor, token.decimals);
  const a = unitHash(seed, 'allowance', who, tokenKey, spender ?? '');
  const allowance = a < 0.4 ? 0n : a < 0.75 ? MAX_UINT256 : (balance * BigInt(Math.floor(unitHash(seed, 'allowance-share', who, tokenKey) * 1000))) / 1000n;
  return { balance, allowance, isContract: false, isReverting: false };
}

import { permitTransferFromHash, permitTransferFromTypedData } from '../../domain/permit2-typed-data.ts';
import { unitHash } from '../rng.ts';
import type { ResolvedSwap } from './resolve.ts';

/**
 * The Permit2 signature a Permit2 trade needs: none for a native sell or a direct wrap/unwrap
 * (nothing is pulled with Permit2), otherwise (an unwrap through the settler included) a PermitTransferFrom for the settler with a nonce derived from
 * the taker, the block and the trade asked (the same request at the same block asks for the same
 * signature; another trade for the same taker in that block gets another nonce, as Permit2's
 * one-use nonces need and the service's quotes have) and a deadline five minutes after the block,
 * as the service does.
 */

/** Nonce and deadline of a permit. */
export interface PermitTerms {
  nonce: bigint;
  deadline: bigint;
}

const DEADLINE_SECONDS = 300n;

/** The permit terms of a trade, or null when no signature is needed. */
export function permitFor(seed: number, swap: ResolvedSwap, settler: string): PermitTerms | null {
  if (swap.model !== 'permit2' || swap.sell.kind === 'native' || (swap.wrapUnwrap && swap.wrapUnwrapMode === 'direct')) return null;
  const who = (swap.query.taker ?? '').toLowerCase();
  const trade = [swap.sell.address.toLowerCase(), swap.buy.address.toLowerCase(), swap.query.sellAmount ?? '', 'buyAmount' in swap.query ? (swap.query.buyAmount ?? '') : ''];
  const high = BigInt(Math.floor(unitHash(seed, 'nonce-hi', who, settler, swap.state.block, ...trade) * 2 ** 48));
  const low = BigInt(Math.floor(unitHash(seed, 'nonce-lo', who, settler, swap.state.block, ...trade) * 2 ** 52));
  return { nonce: (high << 60n) | low, deadline: BigInt(Math.floor(swap.state.timeMs / 1000)) + DEADLINE_SECONDS };
}

/** The `permit2` member of a Permit2 quote: type, EIP-712 hash and typed data, every address lower case. */
export function permit2Member(chainId: number, token: string, amount: bigint, spender: string, terms: PermitTerms): Record<string, unknown> {
  const typed = permitTransferFromTypedData({ chainId, token: token.toLowerCase(), amount, spender: spender.toLowerCase(), nonce: terms.nonce, deadline: terms.deadline });
  // EIP-712 hashes addresses as 20 bytes, so the letter case changes nothing but the JSON.
  const eip712 = { ...typed, domain: { ...typed.domain, verifyingContract: typed.domain.verifyingContract.toLowerCase() } };
  return { type: 'Permit2', hash: permitTransferFromHash(eip712), eip712 };
}

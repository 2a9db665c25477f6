import { chainLabel, swapChains } from '../chains.ts';
import { findListedToken } from '../listed-token.ts';
import { isObject } from './body-reading.ts';

/**
 * A price or quote body names no chain (its request did), and its amounts read in token units only
 * with the right chain's token list: decimals differ by chain (USDC has 6 on Ethereum, 18 on BSC),
 * and so does the native token the network fee is paid in. A body pasted without its request is
 * therefore read in base units until the support engineer names the customer's chain
 * (`explain --chain`, the paste box's chain list). Nothing is inferred: the chains whose token
 * lists have both addresses are offered first, not picked, since the customer may have been on a
 * chain whose list we do not carry. A chain's list is what the amounts are read with
 * (findListedToken): the registry's tokens and the local service's demo taxed tokens (TAXD).
 */

/** What is said of a pasted body's chain: the one named (null: none yet), the chains listing both tokens, and a sentence. */
export interface BodyChain {
  chainId: number | null;
  /** Swap chains whose token lists have both the body's sell and buy token, in the service's order. */
  listingBoth: number[];
  note: string;
}

/** The swap chains whose token lists (registry and demo tokens) have both the body's sell and buy token (any letter case). */
export function chainsListingBoth(body: unknown): number[] {
  if (!isObject(body)) return [];
  const { sellToken, buyToken } = body;
  if (typeof sellToken !== 'string' || typeof buyToken !== 'string') return [];
  return swapChains()
    .map((chain) => chain.chainId)
    .filter((chainId) => findListedToken(chainId, sellToken) !== undefined && findListedToken(chainId, buyToken) !== undefined);
}

function noteOf(chainId: number | null, listingBoth: number[]): string {
  if (chainId !== null) {
    return listingBoth.includes(chainId)
      ? `Amounts read with the token list of ${chainLabel(chainId)}, the chain named for this body.`
      : `${chainLabel(chainId)} was named for this body, but its token list does not have both tokens: an amount of a token it lacks stays in base units.`;
  }
  if (listingBoth.length === 0) return "Amounts in base units: the body names no chain, and no chain's token list has both its tokens.";
  return `Amounts in base units: the body names no chain. Both its tokens are listed on ${listingBoth.map(chainLabel).join(', ')}.`;
}

/** The chain a pasted price or quote body is read on (`chainId`, when one was named) and what to say of it. */
export function bodyChainOf(body: unknown, chainId: number | undefined): BodyChain {
  const listingBoth = chainsListingBoth(body);
  const named = chainId ?? null;
  return { chainId: named, listingBoth, note: noteOf(named, listingBoth) };
}

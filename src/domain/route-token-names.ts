import { shortAddress } from './address-text.ts';
import { findListedToken } from './listed-token.ts';
import type { RouteToken } from './route-hops.ts';

/**
 * Route tokens named so that two of them never read alike. A route token's symbol need not be
 * unique (spec, "Route object"): the real service names Arbitrum's bridged USDC.e "USDC" in its
 * routes, beside native USDC, so a route through both read "USDC → USDC" in History and explain,
 * which tells a support engineer nothing of the hop. A symbol the route gives to more than one
 * address is replaced, for each of them, by its symbol in the chain's token list when the list tells
 * them apart (USDC.e, USDC), else followed by its short address ("USDC (0xff97…5cc8)"). Symbols
 * given to one address stay as the answer wrote them.
 * @param chainId the chain of the answer's request, or null/undefined when it is not known (a body alone)
 */
export function distinctRouteTokens<T extends RouteToken>(tokens: readonly T[], chainId?: number | null): T[] {
  const addressesOf = new Map<string, Set<string>>();
  for (const token of tokens) addressesOf.set(token.symbol, (addressesOf.get(token.symbol) ?? new Set()).add(token.address.toLowerCase()));
  return tokens.map((token) => {
    const sharing = [...(addressesOf.get(token.symbol) ?? [])];
    if (sharing.length < 2) return token;
    const listed = sharing.map((address) => (chainId === null || chainId === undefined ? undefined : findListedToken(chainId, address)?.symbol));
    const isTold = listed.every((symbol) => symbol !== undefined) && new Set(listed).size === listed.length;
    const symbol = isTold ? listed[sharing.indexOf(token.address.toLowerCase())]! : `${token.symbol} (${shortAddress(token.address)})`;
    return { ...token, symbol };
  });
}

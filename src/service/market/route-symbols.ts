import facts from '../../domain/data/service-facts.json' with { type: 'json' };

/**
 * The symbol the real service shows for a token in `route.tokens`, where the facts record one that
 * differs from the token's market symbol (service-facts.json): Arbitrum's bridged USDC.e shows
 * "USDC", its USDT shows "USD₮0", Polygon's wrapped native (WPOL) shows "WMATIC". Read from the
 * annotations themselves, so a route symbol is the one the facts name, not whatever word happens
 * to come first in an annotation.
 */

// "route token symbol shows 'USDC'", "route token symbol 'USD₮0'", "route.tokens symbol 'WMATIC' (2024 example)".
const QUOTED = /route(?:\.tokens| token)? symbol(?: shows)? '([^']+)'/;
// The chains' wrappedNativeSymbol: "WMATIC in a route.tokens (2024); market name WPOL".
const LEADING = /^(\S+) in a route\.tokens\b/;

/** The route symbol an annotation names, or undefined when it names none. */
export function routeSymbolOf(annotation: string | null | undefined): string | undefined {
  if (!annotation) return undefined;
  return QUOTED.exec(annotation)?.[1] ?? LEADING.exec(annotation)?.[1];
}

function buildTable(): Map<string, string> {
  const table = new Map<string, string>();
  const put = (chainId: number | string, address: string | null, symbol: string | undefined) => {
    if (address && symbol) table.set(`${chainId}:${address.toLowerCase()}`, symbol);
  };
  for (const chain of facts.chains) put(chain.chainId, chain.wrappedNative, routeSymbolOf(chain.wrappedNativeSymbol));
  for (const [chainId, tokens] of Object.entries(facts.tokens as Record<string, { address: string; note?: string }[]>)) {
    for (const token of tokens) put(chainId, token.address, routeSymbolOf(token.note));
  }
  return table;
}

const TABLE = buildTable();

/** The symbol `route.tokens` shows for `address` on `chainId`: the facts' route symbol, else `symbol`. */
export function routeSymbol(chainId: number, address: string, symbol: string): string {
  return TABLE.get(`${chainId}:${address.toLowerCase()}`) ?? symbol;
}

/**
 * Demo tokens with fee-on-transfer taxes that only the local service trades (made-up addresses,
 * 18 decimals, paired with the wrapped native token only). They live here, not in the service, so
 * that the app's token picker can offer them next to the registry's tokens; the local service's
 * market reads the same list.
 */

/** A demo token's buy, sell and transfer tax in Bps. */
export interface DemoTokenTaxes {
  buyTaxBps: number | null;
  sellTaxBps: number | null;
  transferTaxBps: number | null;
}

/** One demo token on one chain. */
export interface DemoToken {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  taxes: DemoTokenTaxes;
}

/** The demo taxed tokens, documented for tests and demos. */
export const DEMO_TAX_TOKENS: readonly DemoToken[] = [
  { chainId: 1, address: '0x7a7a000000000000000000000000000000000001', symbol: 'TAXD', name: 'Taxed demo token', decimals: 18, taxes: { buyTaxBps: 300, sellTaxBps: 500, transferTaxBps: 100 } },
  { chainId: 1, address: '0x7a7a000000000000000000000000000000000002', symbol: 'FOTD', name: 'Fee-on-transfer demo token', decimals: 18, taxes: { buyTaxBps: 0, sellTaxBps: 0, transferTaxBps: 200 } },
  { chainId: 8453, address: '0x7a7a000000000000000000000000000000000001', symbol: 'TAXD', name: 'Taxed demo token', decimals: 18, taxes: { buyTaxBps: 300, sellTaxBps: 500, transferTaxBps: 100 } },
];

/** A demo token by chain and address (any case), or undefined. */
export function findDemoToken(chainId: number, address: string): DemoToken | undefined {
  return DEMO_TAX_TOKENS.find((token) => token.chainId === chainId && token.address.toLowerCase() === address.trim().toLowerCase());
}

/** A demo token of the chain by symbol (any case: no two demo symbols differ only in case), or undefined. */
export function findDemoTokenBySymbol(chainId: number, symbol: string): DemoToken | undefined {
  const lower = symbol.trim().toLowerCase();
  return DEMO_TAX_TOKENS.find((token) => token.chainId === chainId && token.symbol.toLowerCase() === lower);
}

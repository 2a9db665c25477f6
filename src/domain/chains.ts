import facts from './data/service-facts.json' with { type: 'json' };

/**
 * The chains the service serves (service-facts.json, "chains"), in one typed list so the local
 * service, the client and the UI name and order them the same way.
 */

/** One chain as the app knows it. */
export interface ChainInfo {
  chainId: number;
  /** The service's own name where known, else the chain's common name. */
  name: string;
  /** The chain's common name, for the UI. */
  docsName: string;
  isSwap: boolean;
  isGasless: boolean;
  /** Symbol of the native asset; null on chains without one (Tempo). */
  nativeSymbol: string | null;
  /** Address the service uses for the native asset; null on chains without one. */
  nativeTokenAddress: string | null;
  wrappedNative: string | null;
  /** Symbol of the wrapped native token, without the facts' annotations. */
  wrappedNativeSymbol: string | null;
  allowanceHolder: string;
  /** OP-stack chains and Scroll add an L1 data cost to the network fee. */
  hasL1DataFee: boolean;
}

// The facts annotate some symbols ("WMATIC in a route.tokens (2024); market name WPOL"): keep the first word.
function cleanSymbol(symbol: string | null): string | null {
  return symbol === null ? null : (symbol.split(/[\s(]/)[0] ?? symbol);
}

/** Every chain of the facts, in the facts' order. */
export const CHAINS: readonly ChainInfo[] = facts.chains.map((chain) => ({
  chainId: chain.chainId,
  name: chain.apiChainName ?? chain.docsName,
  docsName: chain.docsName,
  isSwap: chain.swap,
  isGasless: chain.gasless,
  nativeSymbol: chain.nativeSymbol,
  nativeTokenAddress: chain.nativeTokenAddress,
  wrappedNative: chain.wrappedNative,
  wrappedNativeSymbol: cleanSymbol(chain.wrappedNativeSymbol),
  allowanceHolder: chain.allowanceHolder,
  hasL1DataFee: chain.hasL1DataFee,
}));

const BY_ID = new Map(CHAINS.map((chain) => [chain.chainId, chain]));

/** The chain with this id, or undefined when the service does not serve it. */
export function chainById(chainId: number): ChainInfo | undefined {
  return BY_ID.get(chainId);
}

/** Chains listed by GET /swap/chains. */
export function swapChains(): ChainInfo[] {
  return CHAINS.filter((chain) => chain.isSwap);
}

/** Chains listed by GET /gasless/chains (Linea is not among them). */
export function gaslessChains(): ChainInfo[] {
  return CHAINS.filter((chain) => chain.isGasless);
}

/** The Permit2 contract, the same address on every chain. */
export const PERMIT2_ADDRESS = facts.contracts.permit2.address;

/**
 * The one name the UI gives a chain, on every screen: the service's own name where known, else the
 * common name ("Ethereum", "Base", "Unichain"). An id the facts do not know reads "Chain 12345".
 */
export function chainName(chainId: number): string {
  return BY_ID.get(chainId)?.name ?? `Chain ${chainId}`;
}

/**
 * A chain where the id matters too: its one name and the id, "Base (8453)". An id the facts do
 * not know is named by its id already, so it reads "Chain 12345", not "Chain 12345 (12345)".
 */
export function chainLabel(chainId: number): string {
  return BY_ID.has(chainId) ? `${chainName(chainId)} (${chainId})` : chainName(chainId);
}

/** The chain a request's query names (`chainId` in decimal digits, a safe integer), or null. */
export function chainIdOfQuery(query: Readonly<Record<string, string>>): number | null {
  const value = query.chainId;
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

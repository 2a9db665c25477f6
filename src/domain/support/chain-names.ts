import facts from '../data/service-facts.json' with { type: 'json' };
import { CHAINS } from '../chains.ts';

/**
 * Chain names as customers write them (`chainId=base`, `polygon.api.<host>`) mapped to the chain
 * ids of src/domain/chains.ts, plus the chains the service no longer serves so that a v1 host on
 * one of them is named rather than called unknown.
 */

// The v1 per-chain host prefixes and the short names people use.
const ALIASES: Record<string, number> = {
  mainnet: 1, eth: 1, ethereum: 1, op: 10, optimism: 10, bsc: 56, bnb: 56, binance: 56, matic: 137, polygon: 137, pol: 137,
  arbitrum: 42161, arb: 42161, avalanche: 43114, avax: 43114, base: 8453, linea: 59144, scroll: 534352, mantle: 5000,
  blast: 81457, mode: 34443, sepolia: 11155111, gnosis: 100, xdai: 100, fantom: 250, celo: 42220, goerli: 5, ropsten: 3,
  unichain: 130, sonic: 146, monad: 143, berachain: 80094, ink: 57073, abstract: 2741, worldchain: 480, hyperevm: 999, plasma: 9745,
};

const key = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '').replace(/\(.*\)/, '');

const BY_NAME = new Map<string, number>(Object.entries(ALIASES));
for (const chain of CHAINS) {
  BY_NAME.set(key(chain.name), chain.chainId);
  BY_NAME.set(key(chain.docsName), chain.chainId);
}
for (const chain of facts.historicalChains) BY_NAME.set(key(chain.name), chain.chainId);

/** The chain id for a name such as `base`, `Polygon` or `Arbitrum One`, or undefined. */
export function chainIdFromName(name: string): number | undefined {
  return BY_NAME.get(key(name));
}

/** The name of a chain the service served once (Goerli, Fantom, …), or undefined. */
export function historicalChainName(chainId: number): string | undefined {
  return facts.historicalChains.find((chain) => chain.chainId === chainId)?.name;
}

/** Whether the service serves the chain today (src/domain/chains.ts). */
export function isServedChain(chainId: number): boolean {
  return CHAINS.some((chain) => chain.chainId === chainId && chain.isSwap);
}

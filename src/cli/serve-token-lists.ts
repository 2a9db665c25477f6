import type { BlockedLists } from '../service/swap/checks.ts';

/**
 * serve's token block lists against the tokens the local service trades. The service answers a
 * token no chain trades with 400 TOKEN_NOT_SUPPORTED before it reads any block list (the spec does
 * not order the refusals; a token must be known before it can be authorized), so blocking such a
 * token would never apply: an integrator testing their 422 or 403 handling would meet a refusal
 * of another kind and status. Like a block-list value that is not an address, it is a usage error.
 */

const FLAGS = { buyTokens: 'block-buy-token', sellTokens: 'block-sell-token', xStocks: 'xstock' } as const;

/** The first token block-list value no chain trades, as a line naming its flag; null when every one is traded. */
export async function untradedTokenProblem(blocked: BlockedLists): Promise<string | null> {
  const lists = (Object.keys(FLAGS) as (keyof typeof FLAGS)[]).filter((list) => (blocked[list]?.length ?? 0) > 0);
  if (lists.length === 0) return null;
  // Loaded only when a token list is given: serve's start otherwise reads no token list.
  const [{ swapChains }, { marketToken }] = await Promise.all([import('../domain/chains.ts'), import('../service/market/tokens.ts')]);
  const isTraded = (address: string) => swapChains().some((chain) => marketToken(chain.chainId, address) !== undefined);
  for (const list of lists) {
    const untraded = blocked[list]!.find((address) => !isTraded(address));
    if (untraded === undefined) continue;
    return (
      `--${FLAGS[list]} ${untraded} is a token no chain of the local service trades: a request for it gets 400 TOKEN_NOT_SUPPORTED ` +
      'before any block list is read, so this block would never apply; name a listed token (USDC on Ethereum is 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48)'
    );
  }
  return null;
}

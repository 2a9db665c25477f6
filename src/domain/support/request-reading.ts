import { chainById, chainIdOfQuery } from '../chains.ts';
import { findListedToken, type ListedToken } from '../listed-token.ts';
import { formatBaseUnits } from '../units.ts';

/**
 * What a request asks, read on the chain its query names: the chain's name beside chainId, each
 * listed token's symbol beside its address, and each amount in its token's units beside the base
 * units sent. A customer's request is read from its query alone (it is not in History, and may never
 * have been answered), and `sellAmount=1000` of USDC is 0.001 USDC, which the digits alone do not
 * show. Amounts are written whole (every digit), never shortened: the point is to see exactly what
 * was asked. A value the app cannot read (a symbol, an unlisted token, another chain) gets no note.
 */

// Each token field with the v1 name a customer still on v1 sends it under (real-service-shapes.md).
const TOKEN_FIELDS = { sellToken: ['sellToken', 'sellTokenAddress'], buyToken: ['buyToken', 'buyTokenAddress'] } as const;
const AMOUNT_TOKEN = { sellAmount: 'sellToken', buyAmount: 'buyToken' } as const;

/** A note per readable parameter of a swap request ('chainId', 'sellToken', 'buyToken', 'sellAmount', 'buyAmount', and v1's 'sellTokenAddress', 'buyTokenAddress'). */
export function requestParamNotes(params: Readonly<Record<string, string>>): Record<string, string> {
  const chainId = chainIdOfQuery(params);
  if (chainId === null) return {};
  const notes: Record<string, string> = {};
  const chain = chainById(chainId);
  if (chain) notes.chainId = chain.name;
  const tokens: Partial<Record<keyof typeof TOKEN_FIELDS, ListedToken>> = {};
  for (const [role, names] of Object.entries(TOKEN_FIELDS) as [keyof typeof TOKEN_FIELDS, readonly string[]][]) {
    for (const name of names) {
      const token = params[name] === undefined ? undefined : findListedToken(chainId, params[name].trim());
      if (!token) continue;
      notes[name] = token.symbol;
      tokens[role] ??= token;
    }
  }
  for (const [field, role] of Object.entries(AMOUNT_TOKEN) as [keyof typeof AMOUNT_TOKEN, keyof typeof TOKEN_FIELDS][]) {
    const amount = params[field]?.trim();
    const token = tokens[role];
    if (token && amount !== undefined && /^\d+$/.test(amount)) notes[field] = `${formatBaseUnits(BigInt(amount), token.decimals)} ${token.symbol}`;
  }
  return notes;
}

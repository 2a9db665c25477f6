import { chainName } from '../../../src/domain/chains.ts';
import { tokenLabel } from '../../../src/domain/token-symbols.ts';
import type { HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { ENDPOINTS } from '../../../src/spec/index.ts';
import { localTime } from '../../lib/local-time.ts';

/** The facts a History entry's header shows first: what support reads before anything else. */
export interface EntryHeadline {
  status: string;
  isOk: boolean;
  chain: string;
  /** Null for a request that names no token (a chain list, a source listing), as the list shows it: no "? → ?". */
  pair: string | null;
  endpoint: string;
  /** Local time to the second, as the list shows it (the header's tooltip gives the ISO time). */
  time: string;
  /**
   * The tokens the request named by address, whole, each with its symbol on the chain (null when
   * no list knows it): the pair reads by symbol, and the list row shows the addresses only to a
   * pointer's hover, where no keyboard, screen reader or screenshot for a ticket reaches them.
   */
  addresses: TokenAddress[];
}

/** One token of the pair as its address. */
export interface TokenAddress {
  side: 'Sell' | 'Buy';
  symbol: string | null;
  address: string;
}

/** The tokens of an entry that its request named by address, sell first. */
export function tokenAddresses(entry: Pick<HistorySummary, 'chainId' | 'sellToken' | 'buyToken'>): TokenAddress[] {
  const named = [{ side: 'Sell' as const, token: entry.sellToken }, { side: 'Buy' as const, token: entry.buyToken }];
  return named.flatMap(({ side, token }) => {
    if (token === null || !/^0x[0-9a-f]{40}$/i.test(token)) return [];
    const label = tokenLabel(entry.chainId, token);
    return [{ side, symbol: label.startsWith('0x') ? null : label, address: token }];
  });
}

/** The addresses as one line for a screen reader: "sells USDC 0x8335…, buys 0x0000…". */
export function tokenAddressesText(addresses: readonly TokenAddress[]): string {
  return addresses.map(({ side, symbol, address }) => `${side === 'Sell' ? 'sells' : 'buys'} ${symbol ? `${symbol} ` : ''}${address}`).join(', ');
}

/** The header facts of an entry: status, chain, pair, endpoint and time. */
export function entryHeadline(entry: HistorySummary): EntryHeadline {
  const isOk = entry.status !== null && entry.status >= 200 && entry.status < 300;
  return {
    status: isOk ? String(entry.status) : `${entry.status ?? 'no response'} ${entry.errorName ?? ''}`.trim(),
    isOk,
    chain: entry.chainId === null ? 'no chain' : chainName(entry.chainId),
    pair: entry.sellToken === null && entry.buyToken === null ? null : `${tokenLabel(entry.chainId, entry.sellToken)} → ${tokenLabel(entry.chainId, entry.buyToken)}`,
    endpoint: ENDPOINTS[entry.endpoint]?.label ?? entry.endpoint,
    time: localTime(entry.startedAt),
    addresses: tokenAddresses(entry),
  };
}

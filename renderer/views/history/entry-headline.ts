import { shortAddress } from '../../../src/domain/address-text.ts';
import { chainName } from '../../../src/domain/chains.ts';
import { findListedToken } from '../../../src/domain/listed-token.ts';
import type { HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { ENDPOINTS } from '../../../src/spec/index.ts';
import { localTime } from '../../lib/local-time.ts';

/** The facts a History entry's header shows first: what support reads before anything else. */
export interface EntryHeadline {
  status: string;
  isOk: boolean;
  chain: string;
  pair: string;
  endpoint: string;
  /** Local time to the second, as the list shows it (the header's tooltip gives the ISO time). */
  time: string;
}

function token(chainId: number | null, value: string | null): string {
  if (value === null) return '?';
  if (!value.startsWith('0x')) return value;
  const known = chainId === null ? undefined : findListedToken(chainId, value);
  return known?.symbol ?? shortAddress(value);
}

/** The header facts of an entry: status, chain, pair, endpoint and time. */
export function entryHeadline(entry: HistorySummary): EntryHeadline {
  const isOk = entry.status !== null && entry.status >= 200 && entry.status < 300;
  return {
    status: isOk ? String(entry.status) : `${entry.status ?? 'no response'} ${entry.errorName ?? ''}`.trim(),
    isOk,
    chain: entry.chainId === null ? 'no chain' : chainName(entry.chainId),
    pair: `${token(entry.chainId, entry.sellToken)} → ${token(entry.chainId, entry.buyToken)}`,
    endpoint: ENDPOINTS[entry.endpoint]?.label ?? entry.endpoint,
    time: localTime(entry.startedAt),
  };
}

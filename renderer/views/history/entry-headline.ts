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
  };
}

import type { EndpointId } from '../../spec/endpoints.ts';
import { NO_RESPONSE_STATUS, type HistoryEntryLike } from '../har.ts';
import { readServicePath } from '../service-path.ts';
import { explainEntry } from './explain-entry.ts';

/** What a replay (or "Edit in Explorer") sends for an entry, and whether it is the entry's request corrected. */
export interface ReplayRequest {
  endpoint: EndpointId;
  params: Record<string, string>;
  /** True for a customer's v1 request: what is sent is the v2 request explain corrects it to. */
  isCorrectedV1: boolean;
}

/**
 * The request to send again for a kept or imported entry: its own, as it was sent, except a
 * customer's v1 request. v1 is sunset, and its parameters (takerAddress, slippagePercentage, no
 * chainId: the host named the chain) are refused by the v2 endpoint it is listed under, so sent as
 * it was it only met INVALID_INPUT; it is sent as the v2 request explain and the entry's findings
 * correct it to, which is what the support engineer needs to see answered.
 */
export function replayRequestOf(entry: Omit<HistoryEntryLike, 'status'> & { status: number | null; endpoint: EndpointId }): ReplayRequest {
  const path = URL.canParse(entry.url) ? new URL(entry.url).pathname : '';
  if (readServicePath(path)?.isV1 === true) {
    const corrected = explainEntry({ ...entry, status: entry.status ?? NO_RESPONSE_STATUS }).corrected;
    if (corrected) return { endpoint: corrected.endpoint, params: corrected.params, isCorrectedV1: true };
  }
  return { endpoint: entry.endpoint, params: entry.query, isCorrectedV1: false };
}

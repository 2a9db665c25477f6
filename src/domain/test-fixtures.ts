import { permit2PriceBody } from '../spec/test-fixtures.ts';
import type { HistoryEntryLike } from './har.ts';

/** Inputs shared by the domain tests. */

/** An API key value that must never appear in an export. */
export const SECRET = 'sk_live_0123456789';

/** A history entry as the store would hand it over, with the key present. */
export function sampleEntry(overrides: Partial<HistoryEntryLike> = {}): HistoryEntryLike {
  return {
    url: 'https://api.example.test/swap/permit2/price?chainId=1&sellAmount=100000000',
    method: 'GET',
    requestHeaders: { 'SVC-API-Key': SECRET, 'svc-version': 'v2', accept: 'application/json' },
    query: { chainId: '1', sellAmount: '100000000' },
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
    bodyText: JSON.stringify(permit2PriceBody()),
    startedAt: '2026-11-22T16:00:00.123Z',
    durationMs: 153.5,
    zid: '0x111111111111111111111111',
    ...overrides,
  };
}

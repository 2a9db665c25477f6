import { randomBytes } from 'node:crypto';
import type { NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';

/**
 * Realistic entries for the store's tests, the durability writer and the benchmark: a price
 * response as the client records it, with the zid in the service's format (src/spec/constants.ts
 * ZID_PATTERN; src/service/errors.ts newZid).
 */

/** A fresh zid: `0x` + 24 lowercase hex characters. */
export function sampleZid(): string {
  return `0x${randomBytes(12).toString('hex')}`;
}

/**
 * A body of about `bytes` characters shaped like a price response (route fills pad it out).
 * @param zid the zid the body carries, as the service's does.
 */
export function sampleBody(zid: string, bytes: number): unknown {
  const fills: { source: string; proportionBps: string }[] = [];
  const body = { zid, buyAmount: '2992108318', minBuyAmount: '2977147776', liquidityAvailable: true, route: { fills } };
  let size = JSON.stringify(body).length;
  for (let index = 0; size < bytes; index += 1) {
    const fill = { source: `Source_${index}`, proportionBps: String(100 + (index % 50)) };
    fills.push(fill);
    size += JSON.stringify(fill).length + 1;
  }
  return body;
}

/** A whole sent entry; `overrides` replace any field. Body about `bodyBytes` characters (default 300). */
export function sampleEntry(overrides: Partial<NewHistoryEntry> = {}, bodyBytes = 300): NewHistoryEntry {
  const zid = overrides.zid === undefined ? sampleZid() : overrides.zid;
  const body = sampleBody(zid ?? '0x', bodyBytes);
  const sellToken = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const buyToken = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
  return {
    startedAt: new Date().toISOString(),
    origin: 'sent',
    profileId: 'local',
    profileName: 'Local service',
    endpoint: 'allowance-holder.price',
    chainId: 1,
    sellToken,
    buyToken,
    status: 200,
    errorName: null,
    zid,
    durationMs: 42.5,
    replayOf: null,
    method: 'GET',
    url: `https://127.0.0.1:4443/swap/allowance-holder/price?chainId=1&sellToken=${sellToken}&buyToken=${buyToken}&sellAmount=1000000`,
    query: { chainId: '1', sellToken, buyToken, sellAmount: '1000000' },
    requestHeaders: { 'svc-api-key': '[redacted]', 'svc-version': 'v2', accept: 'application/json' },
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json', 'svc-zid': zid ?? '' },
    bodyText: JSON.stringify(body),
    body,
    schemaReport: [],
    attempts: 1,
    appError: null,
    clientError: null,
    ...overrides,
  };
}

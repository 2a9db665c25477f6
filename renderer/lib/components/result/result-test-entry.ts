// Bodies answered by the real local service (Permit2 quote USDC -> WETH on chain 1; slippageBps 20000),
// each for its own taker: its calldata pays the buy token to that taker.
export const TAKERS = { 'permit2.quote': '0xDE30000000000000000000000000000000000001', 'allowance-holder.quote': '0xDE30000000000000000000000000000000000002' };
/** A history entry holding `body` as the answer to a quote for that endpoint's taker. */
export function entry(body: unknown, status: number, appError: { code: 'REMOTE_ERROR'; message: string } | null = null, endpoint: 'permit2.quote' | 'allowance-holder.quote' = 'permit2.quote') {
  return {
    id: 7, startedAt: '2026-01-15T12:00:00.000Z', origin: 'sent' as const, profileId: 'local', profileName: 'Local service',
    endpoint, chainId: 1, sellToken: null, buyToken: null, status, errorName: null, zid: null, durationMs: 12.4, replayOf: null,
    method: 'GET' as const, url: 'https://127.0.0.1:5555/swap/permit2/quote?chainId=1', query: { taker: TAKERS[endpoint] }, requestHeaders: { 'svc-api-key': 'secret-key-1', 'svc-version': 'v2' },
    statusText: status === 200 ? 'OK' : 'Bad Request', responseHeaders: {}, bodyText: JSON.stringify(body), body, schemaReport: [], attempts: 1, appError, clientError: null,
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { startLocalService } from '../src/service/index.ts';
import { tokensOf } from '../src/domain/token-registry.ts';
import type { BenchRow } from './types.ts';

/**
 * HTTPS throughput and latency of the local service under autocannon with 32 keep-alive
 * connections, on a rotation of Allowance Holder and Permit2 price requests across chains.
 * The certificate is verified once with a pinned client first; autocannon's own client does not
 * check certificates (it hard-codes that), which only matters here against our own local server.
 */

const DURATION_S = 8;
const CONNECTIONS = 32;

function paths(): string[] {
  const out: string[] = [];
  for (const chainId of [1, 8453, 42161, 56]) {
    const tokens = tokensOf(chainId).filter((token) => token.kind !== 'native');
    for (let i = 0; i + 1 < tokens.length && i < 3; i++) {
      const sell = tokens[i]!;
      const buy = tokens[i + 1]!;
      const query = new URLSearchParams({ chainId: String(chainId), sellToken: sell.address, buyToken: buy.address, sellAmount: (10n ** BigInt(sell.decimals)).toString() });
      out.push(`/swap/allowance-holder/price?${query}`, `/swap/permit2/price?${query}`);
    }
  }
  return out;
}

/** Requests per second and p99 latency over HTTPS. */
export async function run(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
  const service = await startLocalService({ dataDir, seed: 1 });
  try {
    const headers = { 'svc-api-key': service.apiKeys[0]!, 'svc-version': 'v2' };
    const agent = new Agent({ connect: { ca: service.caCertPem } });
    const check = await request(`${service.baseUrl}${paths()[0]}`, { headers, dispatcher: agent });
    if (check.statusCode !== 200) throw new Error(`service answered ${check.statusCode}`);
    await check.body.dump();
    await agent.close();
    const result = await autocannon({
      url: service.baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers,
      requests: paths().map((path) => ({ method: 'GET' as const, path })),
      tlsOptions: { ca: service.caCertPem },
    });
    const failures = result.non2xx + result.errors + result.timeouts;
    const detail = `${result.requests.total} requests in ${DURATION_S} s, ${CONNECTIONS} connections, ${failures} non-2xx/errors`;
    return [
      { name: 'HTTPS throughput (32 connections)', value: result.requests.average, unit: 'req/s', target: 500, comparison: '>=', detail },
      { name: 'HTTPS latency p99 (32 connections)', value: result.latency.p99, unit: 'ms', target: 100, comparison: '<=' },
      { name: 'HTTPS failed responses', value: failures, unit: 'count', target: 0, comparison: '<=' },
    ];
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

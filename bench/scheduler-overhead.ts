import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TAKERS, startLocalService } from '../src/service/index.ts';
import { wethToUsdc } from '../src/service/test-fixtures.ts';
import { createHttpClient } from '../src/core/http/http-client.ts';
import { testConnection } from '../src/core/http/test-support.ts';
import { buildEntry } from '../src/core/request/build-entry.ts';
import { pathAndQueryOf, validateParams } from '../src/core/request/send-request.ts';
import { HistoryStore } from '../src/core/history/index.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';
import type { BenchRow } from './types.ts';
import { undiciTransport } from '../src/core/http/undici-transport.ts';

/**
 * The engine's own cost per request, network excluded: parameter validation, the schema report of a
 * real quote body, the history entry built from it and its insert into a real node:sqlite file
 * (WAL, synchronous=NORMAL, one transaction per entry as the app does).
 */

const ITERATIONS = 2_000;

/** Mean and p99 engine overhead per request, in ms. */
export async function schedulerOverheadRows(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-overhead-'));
  const service = await startLocalService({ dataDir });
  const client = createHttpClient({ transport: undiciTransport });
  try {
    const params = wethToUsdc({ taker: DEMO_TAKERS.funded });
    const connection = testConnection(service.baseUrl, { caPem: service.caCertPem, apiKey: service.apiKeys[0]! });
    const exchange = await client.get({ connection, pathAndQuery: pathAndQueryOf('permit2.quote', params), sendVersion: true });
    if (exchange.status !== 200) throw new Error(`bench setup: quote answered ${exchange.status}`);
    const history = HistoryStore.open(historyFileIn(dataDir));
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      validateParams('permit2.quote', params);
      history.insert(buildEntry({ profileId: connection.profileId, profileName: connection.profileName, apiKeyHeader: connection.headerNames.apiKey, endpoint: 'permit2.quote', params, replayOf: null }, exchange));
      times.push(performance.now() - started);
    }
    history.close();
    const sorted = times.slice(ITERATIONS / 10).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
    const detail = `validation + schema report + entry + SQLite insert of a ${exchange.bodyText.length}-byte Permit2 quote`;
    return [
      { name: 'Engine overhead per request, median (no network)', value: median, unit: 'ms', target: 1, comparison: '<=', detail },
      { name: 'Engine overhead per request, p99 (no network)', value: p99, unit: 'ms', target: 5, comparison: '<=' },
    ];
  } finally {
    await client.close();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

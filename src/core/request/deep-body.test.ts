import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareRequestSchema } from '../../ipc/channels/compare.ts';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { allowanceHolderPriceBody, permit2PriceBody } from '../../spec/test-fixtures.ts';
import { createRunStore } from '../compare/run-store.ts';
import { createCompareRunner } from '../compare/runner.ts';
import { HistoryStore } from '../history/history-store.ts';
import { startRawHttps, testConnection, type RawServer } from '../http/test-support.ts';
import { createRequestService, type RequestService } from './send-request.ts';
import { fixedConnections } from './test-support.ts';
import { inThreadSink } from './record.ts';
import { undiciTransport } from '../http/undici-transport.ts';
import { historyFileIn } from '../history/history-path.ts';

// A body nested 20,000 levels made the history insert throw (JSON.stringify recursion), so the
// answer was lost and a whole comparison failed (issue 17). A test-double HTTPS server answers such
// a body for chainId=10 and an ordinary one otherwise, into a real SQLite history.

const DEPTH = 20_000;
const deepBody = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

let dir: string;
let server: RawServer;
let store: HistoryStore;
let requests: RequestService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deep-body-'));
  const cert = await loadOrCreateCertificate(dir);
  server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x.test');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.searchParams.get('chainId') === '10') res.end(deepBody);
    else res.end(JSON.stringify(url.pathname.includes('permit2') ? permit2PriceBody() : allowanceHolderPriceBody()));
  });
  store = HistoryStore.open(historyFileIn(dir));
  requests = createRequestService({ connections: fixedConnections(testConnection(server.baseUrl, { profileId: 'local', caPem: cert.certPem })), history: inThreadSink(store), client: { transport: undiciTransport } });
});
afterAll(async () => {
  await requests.close();
  await server.close();
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const params = { chainId: '10', sellToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', buyToken: '0x4200000000000000000000000000000000000006', sellAmount: '1000000' };

describe('a body nested 20,000 levels deep', { timeout: 60_000 }, () => {
  it('is stored as text with a warning, and the entry reads back and crosses IPC', async () => {
    const result = await requests.send({ profileId: 'local', endpoint: 'permit2.price', params });
    expect(result.stored).toBe(true);
    expect(result.entry.body).toBeNull();
    expect(result.entry.bodyText).toBe(deepBody);
    expect(result.entry.schemaReport).toEqual([{ kind: 'invalid', path: '$', detail: expect.stringContaining('kept as text only') }]);
    const read = store.get(result.entry.id)!;
    expect(read.bodyText).toBe(deepBody);
    expect(read.body).toBeNull();
    // Electron's IPC uses the structured clone algorithm, which recurses as JSON.stringify does.
    expect(() => structuredClone(read)).not.toThrow();
  });

  it('does not fail a comparison: the other chains keep their rows', async () => {
    const runner = createCompareRunner({ requests, store: createRunStore(dir), defaultProfileId: 'local' });
    const { finished } = runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1', chains: [1, 10, 8453] }));
    const status = await finished;
    expect(status.state).toBe('done');
    expect(status.error).toBeNull();
    expect(status.rows.map((row) => row.chainId)).toEqual([1, 10, 8453]);
    for (const row of status.rows.filter((item) => item.chainId !== 10)) expect(row.permit2.entryId).toEqual(expect.any(Number));
    const deepRow = status.rows.find((row) => row.chainId === 10)!;
    expect(store.get(deepRow.permit2.entryId!)!.bodyText).toBe(deepBody);
  });
});

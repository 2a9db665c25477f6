import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { HistoryStore } from '../history/history-store.ts';
import { startRawHttps, testConnection, type RawServer } from '../http/test-support.ts';
import { undiciTransport } from '../http/undici-transport.ts';
import { inThreadSink } from './record.ts';
import { createRequestService, type RequestService } from './send-request.ts';
import { fixedConnections } from './test-support.ts';
import { historyFileIn } from '../history/history-path.ts';

// A service (or a proxy) answering 200 with the JSON literal null: valid JSON, not the endpoint's
// answer. The entry must say so, not call the body "not JSON", and its schema report must say what
// the endpoint expected instead of showing nothing.
let dir: string;
let store: HistoryStore;
let server: RawServer;
let requests: RequestService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-null-body-'));
  store = HistoryStore.open(historyFileIn(dir));
  const cert = await loadOrCreateCertificate(dir);
  server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('html') ? '<html>null</html>' : 'null\n');
  });
  const connection = testConnection(server.baseUrl, { profileId: 'local', caPem: cert.certPem });
  requests = createRequestService({ connections: fixedConnections(connection), history: inThreadSink(store), client: { transport: undiciTransport } });
});
afterAll(async () => {
  await requests.close();
  await server.close();
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a 200 whose body is the JSON literal null', () => {
  it('is kept as JSON null: a REMOTE_ERROR that says so, and a schema report naming what was expected', async () => {
    const { entry } = await requests.send({ profileId: 'local', endpoint: 'swap.chains', params: {} });
    const stored = store.get(entry.id)!;
    expect(stored.bodyText).toBe('null\n');
    expect(stored.appError?.code).toBe('REMOTE_ERROR');
    expect(stored.appError?.message).not.toMatch(/not JSON/);
    expect(stored.appError?.message).toMatch(/JSON null/);
    expect(stored.schemaReport.map((finding) => finding.path)).toContain('$');
  });

  it('still calls a body that is not JSON "not JSON"', async () => {
    const { entry } = await requests.send({ profileId: 'local', endpoint: 'swap.chains', params: { html: '1' }, sendAsIs: true });
    expect(store.get(entry.id)!.appError?.message).toMatch(/not JSON/);
  });
});

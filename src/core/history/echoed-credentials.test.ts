import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { createHistoryIoHandlers, type HistoryIoHandlers } from '../history-io/history-io-handlers.ts';
import { startRawHttps, testConnection, type RawServer } from '../http/test-support.ts';
import { undiciTransport } from '../http/undici-transport.ts';
import { inThreadSink } from '../request/record.ts';
import { createRequestService, type RequestService } from '../request/send-request.ts';
import { fixedConnections } from '../request/test-support.ts';
import { createHistoryHandlers, type HistoryHandlers } from './history-handlers.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { historyFileIn } from './history-path.ts';

// A service (or a gateway before it) that repeats the request's key in its answer: in an error
// message, a field, a header and the status line's reason phrase. The key must reach neither the
// history file nor an export.
const PROFILE_KEY = 'pr0fileKeyEch0ed4567';

let dir: string;
let store: HistoryStore;
let handlers: HistoryHandlers;
let io: HistoryIoHandlers;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'echoed-credentials-'));
  store = HistoryStore.open(historyFileIn(dir));
  handlers = createHistoryHandlers(store);
  io = createHistoryIoHandlers({ history: store, creator: { name: 'test', version: '0' } });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function exportsOf(id: number): Promise<string[]> {
  return Promise.all((['har', 'json'] as const).map(async (format) => (await io['history.export']({ ids: [id], format })).content));
}

describe('a response that echoes the key the request carried', { timeout: 60_000 }, () => {
  let server: RawServer;
  let requests: RequestService;
  let tlsDir: string;

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'echoed-credentials-tls-'));
    const cert = await loadOrCreateCertificate(tlsDir);
    server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
      const key = String(req.headers['svc-api-key']);
      res.writeHead(401, `Invalid API key ${key}`, { 'content-type': 'application/json', 'x-rejected-key': `key=${key}` });
      res.end(JSON.stringify({ name: 'UNAUTHORIZED', message: `Invalid API key "${key}" for this team`, data: { zid: '0x0123456789abcdef01234567', key } }));
    });
    const connection = testConnection(server.baseUrl, { profileId: 'partner', caPem: cert.certPem, apiKey: PROFILE_KEY });
    requests = createRequestService({ connections: fixedConnections(connection), history: inThreadSink({ insert: (entry) => store.insert(entry) }), client: { transport: undiciTransport } });
  });
  afterAll(async () => {
    await requests.close();
    await server.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  it('is stored, read and exported with the key redacted wherever it is echoed, and the rest of the body as received', async () => {
    const { entry: answered } = await requests.send({ profileId: 'partner', endpoint: 'swap.chains', params: {} });
    expect(answered.status).toBe(401);
    expect(JSON.stringify(answered)).not.toContain(PROFILE_KEY);
    // As the file keeps it, before any read redaction.
    const stored = store.get(answered.id)!;
    expect(JSON.stringify(stored)).not.toContain(PROFILE_KEY);
    expect(stored.bodyText).toBe(JSON.stringify({ name: 'UNAUTHORIZED', message: 'Invalid API key "REDACTED" for this team', data: { zid: '0x0123456789abcdef01234567', key: 'REDACTED' } }));
    expect(stored.body).toEqual(JSON.parse(stored.bodyText));
    expect(stored.responseHeaders['x-rejected-key']).toBe('key=REDACTED');
    expect(stored.statusText).toBe('Invalid API key REDACTED');
    expect(stored.errorName).toBe('UNAUTHORIZED');
    expect(stored.zid).toBe('0x0123456789abcdef01234567');
    expect(JSON.stringify(await handlers['history.get']({ id: answered.id }))).not.toContain(PROFILE_KEY);
    for (const content of await exportsOf(answered.id)) expect(content).not.toContain(PROFILE_KEY);
  });
});

describe('an entry kept before echoes were redacted', () => {
  const TOKEN = 'bEarerT0kenEch0ed99';
  const KEY = 'cust0merKeyEch0ed12';

  // Imported before imports were redacted: the request still holds its credentials, and the body,
  // a header and the error made from the body repeat them (the key JSON-escaped in one place).
  function oldEntry() {
    const body = { name: 'UNAUTHORIZED', message: `key ${KEY} is not valid`, data: { zid: '0xfeedfeedfeedfeedfeedfeed', authorization: `Bearer ${TOKEN}`, hint: 'check your plan' } };
    return sampleEntry({
      origin: 'imported',
      profileId: 'imported',
      profileName: 'Imported: customer.har',
      status: 401,
      statusText: `Invalid key ${KEY}`,
      requestHeaders: { '0x-api-key': KEY, Authorization: `Bearer ${TOKEN}`, '0x-version': 'v2' },
      responseHeaders: { 'content-type': 'application/json', 'www-authenticate': `Bearer error="invalid_token", token="${TOKEN}"` },
      bodyText: JSON.stringify(body),
      body,
      appError: { code: 'AUTH_FAILED', message: `HTTP 401: UNAUTHORIZED (key ${KEY} is not valid)`, details: { status: 401, serviceError: body } },
    });
  }

  it('reads back and exports with no echo of its credentials, the rest of the body kept', async () => {
    const stored = store.insert(oldEntry());
    const read = await handlers['history.get']({ id: stored.id });
    for (const text of [JSON.stringify(read), ...(await exportsOf(stored.id))]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(TOKEN);
    }
    expect(read.body).toEqual({ name: 'UNAUTHORIZED', message: 'key REDACTED is not valid', data: { zid: '0xfeedfeedfeedfeedfeedfeed', authorization: 'REDACTED', hint: 'check your plan' } });
    expect(JSON.parse(read.bodyText)).toEqual(read.body);
    expect(read.responseHeaders['www-authenticate']).toBe('Bearer error="invalid_token", token="REDACTED"');
  });

  it('is imported from a customer HAR with the echoes redacted', async () => {
    const exported = JSON.parse((await exportsOf(store.insert(oldEntry()).id))[0]!) as { log: { entries: { request: { headers: { name: string; value: string }[] }; response: { statusText: string; content: { text: string } } }[] } };
    // The customer's file as they sent it: credentials and the body echoing them in the clear.
    const harEntry = exported.log.entries[0]!;
    harEntry.request.headers = [{ name: '0x-api-key', value: KEY }, { name: 'Authorization', value: `Bearer ${TOKEN}` }];
    harEntry.response.content.text = oldEntry().bodyText;
    harEntry.response.statusText = oldEntry().statusText;
    const { importedIds } = await io['history.import']({ fileName: 'customer.har', content: JSON.stringify(exported) });
    const imported = store.get(importedIds[0]!)!;
    expect(JSON.stringify(imported)).not.toContain(KEY);
    expect(JSON.stringify(imported)).not.toContain(TOKEN);
    expect((imported.body as { data: { hint: string } }).data.hint).toBe('check your plan');
  });
});

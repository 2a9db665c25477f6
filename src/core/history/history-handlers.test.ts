import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSupportReportHtml } from '../../domain/support/report.ts';
import { historyChannels } from '../../ipc/channels/history.ts';
import { isAppError } from '../../ipc/result.ts';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { allowanceHolderPriceBody } from '../../spec/test-fixtures.ts';
import { createHistoryIoHandlers } from '../history-io/history-io-handlers.ts';
import { startRawHttps, testConnection, type RawServer } from '../http/test-support.ts';
import { undiciTransport } from '../http/undici-transport.ts';
import { createRequestService, type RequestService } from '../request/send-request.ts';
import { fixedConnections, MemoryHistory } from '../request/test-support.ts';
import { createHistoryHandlers, type HistoryHandlers } from './history-handlers.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { historyFileIn } from './history-path.ts';

let dir: string;
let store: HistoryStore;
let handlers: HistoryHandlers;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-handlers-'));
  store = HistoryStore.open(historyFileIn(dir));
  handlers = createHistoryHandlers(store);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('history handlers', () => {
  it('answers search, get and count with values their output schemas accept', async () => {
    const stored = store.insert(sampleEntry());
    const page = await handlers['history.search'](historyChannels['history.search'].input.parse({ text: stored.zid }));
    expect(historyChannels['history.search'].output.parse(page).rows.map((row) => row.id)).toEqual([stored.id]);
    // The sample's stored key placeholder reads back as every redacted credential does.
    expect(historyChannels['history.get'].output.parse(await handlers['history.get']({ id: stored.id }))).toEqual({ ...stored, requestHeaders: { ...stored.requestHeaders, 'svc-api-key': 'REDACTED' } });
    expect(await handlers['history.count']()).toEqual({ count: 1 });
  });

  it('answers NOT_FOUND for an id that is not kept', async () => {
    const error = await handlers['history.get']({ id: 999 }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe('NOT_FOUND');
  });

  it('answers which of the ids asked about are still kept once retention removed some, in the order asked', async () => {
    const ids = store.insertMany([sampleEntry(), sampleEntry(), sampleEntry(), sampleEntry()]);
    const asked = historyChannels['history.kept'].input.parse({ ids: [ids[3]!, ids[0]!, 999, ids[2]!] });
    expect(await handlers['history.kept'](asked)).toEqual({ keptIds: [ids[3], ids[0], ids[2]] });
    await handlers['history.setRetention']({ maxEntries: 2, maxAgeDays: null });
    expect(historyChannels['history.kept'].output.parse(await handlers['history.kept'](asked))).toEqual({ keptIds: [ids[3], ids[2]] });
  });

  it('saves retention, says how many entries it removed, and reads it back', async () => {
    store.insertMany([sampleEntry(), sampleEntry(), sampleEntry()]);
    const retention = { maxEntries: 1, maxAgeDays: 90 };
    expect(await handlers['history.setRetention'](retention)).toEqual({ retention, removed: 2 });
    expect(await handlers['history.getRetention']()).toEqual(retention);
  });

  it('refuses a page larger than 1,000 and an unknown filter at the boundary', () => {
    expect(historyChannels['history.search'].input.safeParse({ limit: 1_001 }).success).toBe(false);
    expect(historyChannels['history.search'].input.safeParse({ zid: '0x1' }).success).toBe(false);
    expect(historyChannels['history.search'].input.parse({}).limit).toBe(200);
  });

  it('passes the store notices on', async () => {
    expect(await handlers['history.notices']()).toEqual({ notices: [] });
  });
});

// An entry imported before imports were redacted, as it still sits in an old database.
const SECRETS = { query: 'qUeRyK3yS3cret', key: 'hEaDeRK3yS3cret', auth: 'aUtHT0k3nS3cret', svc: 'sVcK3yS3cret', cookie: 'c00k1eS3cret', setCookie: 's3tC00k1eS3cret' };
const SELL = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const BUY = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

function oldImport() {
  const params = { chainId: '1', sellToken: SELL, buyToken: BUY, sellAmount: '1000000' };
  return sampleEntry({
    origin: 'imported',
    profileId: 'imported',
    profileName: 'Imported: customer.har',
    url: `https://api.0x.org/swap/allowance-holder/price?${new URLSearchParams({ ...params, '0x-api-key': SECRETS.query }).toString()}`,
    query: { ...params, '0x-api-key': SECRETS.query },
    requestHeaders: { '0x-api-key': SECRETS.key, Authorization: `Bearer ${SECRETS.auth}`, 'svc-api-key': SECRETS.svc, Cookie: `session=${SECRETS.cookie}`, '0x-version': 'v2' },
    responseHeaders: { 'content-type': 'application/json', 'Set-Cookie': `session=${SECRETS.setCookie}; Path=/; HttpOnly` },
  });
}

function expectNoSecret(text: string): void {
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

describe('an entry imported with credentials, before imports were redacted', { timeout: 60_000 }, () => {
  let server: RawServer;
  let received: { url: string; headers: Record<string, string | string[] | undefined> }[];
  let requests: RequestService;
  let tlsDir: string;

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'history-handlers-tls-'));
    const cert = await loadOrCreateCertificate(tlsDir);
    server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(allowanceHolderPriceBody()));
    });
    const connection = testConnection(server.baseUrl, { profileId: 'local', caPem: cert.certPem, apiKey: 'profile-key' });
    requests = createRequestService({ connections: fixedConnections(connection), history: new MemoryHistory(), client: { transport: undiciTransport } });
  });
  afterAll(async () => {
    await requests.close();
    await server.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    received = [];
  });

  it('reads back through history.get with no credential, and keeps the rest', async () => {
    const stored = store.insert(oldImport());
    const entry = await handlers['history.get']({ id: stored.id });
    expectNoSecret(JSON.stringify(entry));
    expect(entry.url).toContain('0x-api-key=REDACTED');
    expect(entry.requestHeaders).toEqual({ '0x-api-key': 'REDACTED', Authorization: 'REDACTED', 'svc-api-key': 'REDACTED', Cookie: 'REDACTED', '0x-version': 'v2' });
    expect(entry.responseHeaders).toEqual({ 'content-type': 'application/json', 'Set-Cookie': 'REDACTED' });
    expect(entry.query).toEqual({ chainId: '1', sellToken: SELL, buyToken: BUY, sellAmount: '1000000' });
  });

  it('carries no credential in the search page or a zid lookup', async () => {
    const stored = store.insert(oldImport());
    expectNoSecret(JSON.stringify(await handlers['history.search'](historyChannels['history.search'].input.parse({}))));
    expectNoSecret(JSON.stringify(store.findByZid(stored.zid!)));
  });

  it('replays with the profile key only: no other credential and no REDACTED reach the service', async () => {
    const stored = store.insert(oldImport());
    const entry = await handlers['history.get']({ id: stored.id });
    // What the detail view's Replay sends (renderer/lib/state/history-entry.svelte.ts).
    const result = await requests.send({ profileId: 'local', endpoint: entry.endpoint, params: entry.query, replayOf: entry.id });
    expect(result.entry.status).toBe(200);
    expect(received).toHaveLength(1);
    const [request] = received;
    expectNoSecret(JSON.stringify(request));
    expect(JSON.stringify(request)).not.toContain('REDACTED');
    expect(request!.headers['svc-api-key']).toBe('profile-key');
    expect(Object.keys(request!.headers).filter((name) => /cookie|authorization|0x-api-key/i.test(name))).toEqual([]);
    expect(new URL(request!.url, server.baseUrl).searchParams.has('0x-api-key')).toBe(false);
  });

  it('leaves no credential in the HAR, the JSON export or the support report', async () => {
    const stored = store.insert(oldImport());
    const io = createHistoryIoHandlers({ history: store, creator: { name: 'test', version: '0' } });
    for (const format of ['har', 'json'] as const) expectNoSecret((await io['history.export']({ ids: [stored.id], format })).content);
    const entry = await handlers['history.get']({ id: stored.id });
    expectNoSecret(buildSupportReportHtml({ entries: [{ ...entry, status: entry.status ?? 0 }], generatedAt: new Date().toISOString(), appVersion: '0' }));
  });
});

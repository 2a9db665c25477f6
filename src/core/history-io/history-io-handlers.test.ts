import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HarSchema } from '../../domain/har-schema.ts';
import { HistorySearchInputSchema } from '../../ipc/channels/history.ts';
import { buildHistoryJson } from '../../domain/history-file.ts';
import { allowanceHolderPriceBody } from '../../spec/test-fixtures.ts';
import { HistoryStore } from '../history/history-store.ts';
import { sampleEntry } from '../history/sample-entries.ts';
import { explainEntry } from '../../domain/support/explain-entry.ts';
import { createHistoryIoHandlers, toLike, type HistoryIoHandlers } from './history-io-handlers.ts';
import { historyFileIn } from '../history/history-path.ts';

// A customer's key: every header below carries it, so any trace of it in an output is a leak.
const CUSTOMER_SECRET = 'cust0merS3cretValue9876';
const CREDENTIAL_HEADERS = ['Authorization', '0X-API-KEY', 'x-api-key', 'Cookie', 'proxy-authorization', 'SVC-API-KEY'];

function harEntry(url: string, requestHeaders: { name: string; value: string }[], responseHeaders: { name: string; value: string }[]) {
  const query = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: '2026-11-20T09:30:00.000Z',
    time: 10,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: requestHeaders, queryString: query, cookies: [], headersSize: -1, bodySize: 0 },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: responseHeaders, cookies: [], content: { size: 2, mimeType: 'application/json', text: '{}' }, redirectURL: '', headersSize: -1, bodySize: -1 },
    cache: {},
    timings: { send: 0, wait: 10, receive: 0 },
  };
}

// One entry per credential header (sent, and echoed by the response), and one with the key in the URL's query.
function customerHar() {
  const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1';
  const value = (name: string) => (/auth/i.test(name) ? `Bearer ${CUSTOMER_SECRET}` : name === 'Cookie' ? `session=${CUSTOMER_SECRET}; theme=dark` : CUSTOMER_SECRET);
  const entries = CREDENTIAL_HEADERS.map((name) =>
    harEntry(url, [{ name, value: value(name) }, { name: 'svc-version', value: 'v2' }, { name: 'User-Agent', value: 'customer-app/1.0' }], [{ name: 'Content-Type', value: 'application/json' }, { name, value: value(name) }]),
  );
  entries.push(harEntry(`${url}&apiKey=${CUSTOMER_SECRET}`, [{ name: 'svc-version', value: 'v2' }], []));
  return { log: { version: '1.2', creator: { name: 'customer', version: '1' }, entries } };
}

let dir: string;
let store: HistoryStore;
let handlers: HistoryIoHandlers;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-io-'));
  store = HistoryStore.open(historyFileIn(dir));
  handlers = createHistoryIoHandlers({ history: store, creator: { name: 'Swap Explorer', version: '0.0.0-test' } });
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('history.export and history.import', () => {
  it('exports a valid redacted HAR that imports back as read-only entries with the same zids', async () => {
    const sent = [store.insert(sampleEntry()), store.insert(sampleEntry({ status: 400, errorName: 'INPUT_INVALID' }))];
    const exported = await handlers['history.export']({ ids: sent.map((e) => e.id), format: 'har' });
    expect(exported.fileName).toMatch(/\.har$/);
    expect(HarSchema.safeParse(JSON.parse(exported.content)).success).toBe(true);
    expect(exported.content).not.toMatch(/svc-api-key":\s*"(?!\[redacted\])/);

    const { importedIds } = await handlers['history.import']({ fileName: exported.fileName, content: exported.content });
    expect(importedIds).toHaveLength(2);
    const back = importedIds.map((id) => store.get(id)!);
    expect(back.map((e) => e.origin)).toEqual(['imported', 'imported']);
    expect(back.map((e) => e.zid).sort()).toEqual(sent.map((e) => e.zid).sort());
  });

  it('round-trips the JSON export', async () => {
    const sent = store.insert(sampleEntry());
    const exported = await handlers['history.export']({ ids: [sent.id], format: 'json' });
    const { importedIds, kind } = await handlers['history.import']({ fileName: 'x.json', content: exported.content });
    expect(kind).toBe('json');
    expect(store.get(importedIds[0]!)!.bodyText).toBe(sent.bodyText);
  });

  it('imports back, in both formats, an entry that got no response (exported with status 0), with why', async () => {
    const failedAt = (startedAt: string) => store.insert(sampleEntry({ startedAt, status: null, statusText: '', zid: null, responseHeaders: {}, bodyText: '', body: null, appError: { code: 'TIMEOUT', message: 'No answer within 10 s' } }));
    let failed = failedAt('2026-01-15T12:00:00.000Z');
    for (const format of ['har', 'json'] as const) {
      // One entry per format: the same one imported again would be skipped as already imported.
      if (format === 'json') failed = failedAt('2026-01-15T12:01:00.000Z');
      const exported = await handlers['history.export']({ ids: [failed.id], format });
      const { importedIds } = await handlers['history.import']({ fileName: exported.fileName, content: exported.content });
      // With why it got none: without it the colleague importing the file read "no response" and nothing more.
      // Named as the entry sent was (its error code), so that History's error-name filter finds both.
      expect(store.get(importedIds[0]!)).toMatchObject({ origin: 'imported', status: null, errorName: 'TIMEOUT', url: failed.url, query: failed.query, appError: { code: 'TIMEOUT', message: 'No answer within 10 s' } });
      expect(store.search(HistorySearchInputSchema.parse({ errorName: 'TIMEOUT', origin: 'imported' })).rows.map((row) => row.id)).toContain(importedIds[0]);
    }
    // A code this version does not know (a later version's file) is kept in the message, not refused.
    const { content } = await handlers['history.export']({ ids: [failed.id], format: 'json' });
    const later = content.replace('"TIMEOUT"', '"QUOTA_EXCEEDED"');
    const { importedIds } = await handlers['history.import']({ fileName: 'later.json', content: later });
    expect(store.get(importedIds[0]!)!.appError).toEqual({ code: 'INTERNAL', message: 'QUOTA_EXCEEDED: No answer within 10 s' });
  });

  it("keeps the browser's own error of a request its HAR shows unanswered, explains it, and exports it again", async () => {
    const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1';
    const entry = harEntry(url, [{ name: 'svc-version', value: 'v2' }], []);
    const failed = { ...entry, response: { ...entry.response, status: 0, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, _error: 'net::ERR_CERT_AUTHORITY_INVALID' } };
    const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [failed] } };
    const { importedIds } = await handlers['history.import']({ fileName: 'customer.har', content: JSON.stringify(har) });
    const stored = store.get(importedIds[0]!)!;
    expect(stored).toMatchObject({ status: null, clientError: 'net::ERR_CERT_AUTHORITY_INVALID', appError: null });
    expect(explainEntry(toLike(stored)).unreadAnswer!.cause).toContain('net::ERR_CERT_AUTHORITY_INVALID');
    const exportedHar = JSON.parse((await handlers['history.export']({ ids: importedIds, format: 'har' })).content);
    expect(exportedHar.log.entries[0].response._error).toBe('net::ERR_CERT_AUTHORITY_INVALID');
    const exportedJson = JSON.parse((await handlers['history.export']({ ids: importedIds, format: 'json' })).content);
    expect(exportedJson.entries[0].clientError).toBe('net::ERR_CERT_AUTHORITY_INVALID');
  });

  it('rejects a foreign file with the failing field path and imports nothing', async () => {
    const before = store.count();
    const bad = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{ url: 'nope' }] });
    await expect(handlers['history.import']({ fileName: 'bad.json', content: bad })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problems: expect.arrayContaining([expect.objectContaining({ path: '$.entries[0].url' })]) },
    });
    await expect(handlers['history.import']({ fileName: 'x.json', content: '{"hello":1}' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(store.count()).toBe(before);
  });

  it('names the entry of a JSON export whose URL was edited off the service\'s paths, and imports none of its entries', async () => {
    const sent = store.insertMany([0, 1, 2].map((i) => sampleEntry({ zid: `0x${String(i).repeat(24)}` })));
    const { content } = await handlers['history.export']({ ids: sent, format: 'json' });
    const file = JSON.parse(content) as { entries: { url: string }[] };
    file.entries[1]!.url = file.entries[1]!.url.replace('/price?', '/prce?');
    const before = store.count();
    const refusal = handlers['history.import']({ fileName: 'edited.json', content: JSON.stringify(file) });
    await expect(refusal).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^edited\.json: Not a valid Swap Explorer history export: \$\.entries\[1\]\.url is not a path of the service \(\/swap\/allowance-holder\/prce\).*Nothing was imported\.$/),
      details: { problems: [{ path: '$.entries[1].url', reason: expect.stringContaining('/swap/allowance-holder/prce') }] },
    });
    expect(store.count()).toBe(before);
  });

  it('refuses a HAR that holds no entry, saying how to get one that does, rather than report 0 entries imported', async () => {
    const before = store.count();
    const empty = JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries: [] } });
    await expect(handlers['history.import']({ fileName: 'customer.har', content: empty })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: "customer.har holds no entry: nothing was imported. A browser records requests only while its developer tools are open: ask the customer to open them (the Network tab) before making the request again, then save the HAR.",
      details: { problems: [{ path: '$.log.entries', reason: 'holds no entry' }] },
    });
    const emptyExport = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [] });
    await expect(handlers['history.import']({ fileName: 'mine.json', content: emptyExport })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'mine.json holds no entry: nothing was imported.', details: { problems: [{ path: '$.entries', reason: 'holds no entry' }] } });
    expect(store.count()).toBe(before);
  });

  it("says how many of the user's entries the entries limit removed to make room for an import, and refuses a file larger than the limit", async () => {
    store.setRetention({ maxEntries: 150, maxAgeDays: null });
    const mine = store.insertMany(Array.from({ length: 100 }, () => sampleEntry()));
    const file = (count: number) => buildHistoryJson(Array.from({ length: count }, (_, id) => toLike({ ...sampleEntry(), id: id + 1 })));
    await expect(handlers['history.import']({ fileName: 'huge.json', content: file(151) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'huge.json holds 151 entries, more than the newest 150 History keeps (Settings, History): its first 1 entry would be removed as soon as imported. Nothing was imported: raise or switch off the entries limit in Settings, or import a file of fewer entries.',
    });
    expect(store.count()).toBe(100);
    const answer = await handlers['history.import']({ fileName: 'customer.json', content: file(120) });
    expect(answer).toMatchObject({ removedByRetention: 70 });
    expect(answer.importedIds.every((id) => store.get(id) !== null)).toBe(true);
    expect(mine.filter((id) => store.get(id) !== null)).toHaveLength(30);
  });

  it("checks an imported body against the spec's schema, as a body sent here is", async () => {
    // A customer's price that lacks fees.serviceFee, and their INPUT_INVALID answer with no message:
    // an empty report would have History say "The body matches the spec's schema".
    const entry = (status: number, body: unknown) => ({
      url: 'https://api.example.test/swap/permit2/price?chainId=1&sellAmount=1',
      method: 'GET',
      requestHeaders: { 'svc-version': 'v2' },
      query: { chainId: '1', sellAmount: '1' },
      status,
      statusText: status === 200 ? 'OK' : 'Bad Request',
      responseHeaders: { 'content-type': 'application/json' },
      bodyText: JSON.stringify(body),
      startedAt: '2026-11-20T09:30:00.000Z',
      durationMs: 10,
      zid: null,
    });
    const content = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry(200, { liquidityAvailable: true, fees: { integratorFee: null } }), entry(400, { name: 'INPUT_INVALID', data: { zid: '0x0' } })] });
    const { importedIds } = await handlers['history.import']({ fileName: 'customer.json', content });
    const [price, error] = importedIds.map((id) => store.get(id)!.schemaReport.map((finding) => finding.path));
    expect(price).toEqual(expect.arrayContaining(['$.fees.serviceFee', '$.buyAmount', '$.route']));
    expect(error).toEqual(expect.arrayContaining(['$.message']));
  });

  it("names what is missing or wrong in an imported Allowance Holder answer without mode, not only mode", async () => {
    // A customer's Allowance Holder price from a server that drops `mode`, and with it `buyAmount`.
    const { mode: _mode, buyAmount: _buyAmount, ...body } = allowanceHolderPriceBody();
    const entry = {
      url: 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1',
      method: 'GET',
      requestHeaders: { 'svc-version': 'v2' },
      query: { chainId: '1', sellAmount: '1' },
      status: 200,
      statusText: 'OK',
      responseHeaders: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({ ...body, gas: true }),
      startedAt: '2026-11-20T09:30:00.000Z',
      durationMs: 10,
      zid: null,
    };
    const content = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry] });
    const { importedIds } = await handlers['history.import']({ fileName: 'customer.json', content });
    expect(store.get(importedIds[0]!)!.schemaReport).toEqual([
      { kind: 'missing', path: '$.mode', detail: 'expected "exact-in" or "exact-out"' },
      { kind: 'missing', path: '$.buyAmount', detail: 'expected string' },
      { kind: 'wrong-type', path: '$.gas', detail: 'expected string, number or null, got boolean' },
    ]);
  });

  it('imports an entry whose body nests 20,000 levels as text, with a warning, alongside the others', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const exported = await handlers['history.export']({ ids: [store.insert(sampleEntry()).id, store.insert(sampleEntry()).id], format: 'json' });
    const file = JSON.parse(exported.content) as { entries: { bodyText: string }[] };
    file.entries[1]!.bodyText = deep;
    const { importedIds } = await handlers['history.import']({ fileName: 'deep.json', content: JSON.stringify(file) });
    expect(importedIds).toHaveLength(2);
    const entry = store.get(importedIds[1]!)!;
    expect(entry.bodyText).toBe(deep);
    expect(entry.body).toBeNull();
    expect(entry.schemaReport[0]!.detail).toContain('kept as text only');
    expect(() => structuredClone(entry)).not.toThrow();
  });

  it('refuses a hostile HAR of 1.6 million empty entries with its reason, importing nothing', async () => {
    const before = store.count();
    const content = `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(1_599_999)}{}]}}`;
    await expect(handlers['history.import']({ fileName: 'hostile.har', content })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('more than 100,000 entries'),
      details: { problems: [{ path: '$.log.entries', reason: expect.any(String) }] },
    });
    expect(store.count()).toBe(before);
  });

  it('imports a customer HAR with every credential redacted, in any letter case, and keeps the other headers', async () => {
    const content = JSON.stringify(customerHar());
    expect(content).toContain(CUSTOMER_SECRET);
    const { importedIds } = await handlers['history.import']({ fileName: 'customer.har', content });
    expect(importedIds).toHaveLength(CREDENTIAL_HEADERS.length + 1);
    const stored = importedIds.map((id) => store.get(id)!);
    const summaries = store.search({ limit: 50 }).rows;
    const reExported = await Promise.all((['har', 'json'] as const).map((format) => handlers['history.export']({ ids: importedIds, format })));
    for (const output of [JSON.stringify(stored), JSON.stringify(summaries), ...reExported.map((file) => file.content)]) expect(output).not.toContain(CUSTOMER_SECRET);
    for (const [index, name] of CREDENTIAL_HEADERS.entries()) {
      expect(stored[index]!.requestHeaders).toEqual({ [name]: 'REDACTED', 'svc-version': 'v2', 'User-Agent': 'customer-app/1.0' });
      expect(stored[index]!.responseHeaders).toEqual({ 'Content-Type': 'application/json', [name]: 'REDACTED' });
    }
    const inQuery = stored[CREDENTIAL_HEADERS.length]!;
    expect(inQuery.query).toEqual({ chainId: '1', sellAmount: '1', apiKey: 'REDACTED' });
    expect(new URL(inQuery.url).searchParams.get('apiKey')).toBe('REDACTED');
    expect(new URL(inQuery.url).searchParams.get('sellAmount')).toBe('1');
  });

  it('skips the entries an earlier import stored, under any file name, naming them, rather than list each request twice', async () => {
    const har = customerHar();
    const first = await handlers['history.import']({ fileName: 'customer.har', content: JSON.stringify(har) });
    expect(first).toMatchObject({ alreadyImported: 0, alreadyImportedIds: [] });
    const count = store.count();
    const again = await handlers['history.import']({ fileName: 'customer (1).har', content: JSON.stringify(har) });
    expect(again).toMatchObject({ importedIds: [], alreadyImported: har.log.entries.length, alreadyImportedIds: first.importedIds });
    expect(store.count()).toBe(count);
    // A second file from the customer: its one new request is imported, the one seen before is not.
    const later = { ...har.log.entries[0]!, startedDateTime: '2026-11-20T09:31:00.000Z' };
    const second = await handlers['history.import']({ fileName: 'customer-2.har', content: JSON.stringify({ log: { ...har.log, entries: [har.log.entries[1]!, later] } }) });
    expect(second).toMatchObject({ alreadyImported: 1, alreadyImportedIds: [first.importedIds[1]] });
    expect(second.importedIds).toHaveLength(1);
    expect(store.get(second.importedIds[0]!)!.startedAt).toBe('2026-11-20T09:31:00.000Z');
    // The user's own entries exported and imported back are copies marked Imported, as before.
    const mine = store.insert(sampleEntry());
    const exported = await handlers['history.export']({ ids: [mine.id], format: 'har' });
    expect((await handlers['history.import']({ fileName: exported.fileName, content: exported.content })).importedIds).toHaveLength(1);
  });

  it('imports a request again when only the browser error differs: each error is its own evidence', async () => {
    const entry = harEntry('https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1', [{ name: 'svc-version', value: 'v2' }], []);
    const failedWith = (error: string) => ({ ...entry, response: { ...entry.response, status: 0, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, _error: error } });
    const harOf = (error: string) => JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [failedWith(error)] } });
    const cert = await handlers['history.import']({ fileName: 'cert.har', content: harOf('net::ERR_CERT_AUTHORITY_INVALID') });
    const dns = await handlers['history.import']({ fileName: 'dns.har', content: harOf('net::ERR_NAME_NOT_RESOLVED') });
    expect(dns).toMatchObject({ alreadyImported: 0 });
    expect(store.get(dns.importedIds[0]!)!.clientError).toBe('net::ERR_NAME_NOT_RESOLVED');
    // The same error again is still the same evidence, skipped as before.
    const again = await handlers['history.import']({ fileName: 'cert (1).har', content: harOf('net::ERR_CERT_AUTHORITY_INVALID') });
    expect(again).toMatchObject({ importedIds: [], alreadyImportedIds: cert.importedIds });
  });

  it("imports a browser HAR's request to the service, setting aside its CORS preflight and the page's own requests", async () => {
    const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1';
    const preflight = { ...harEntry(url, [{ name: 'Access-Control-Request-Headers', value: 'svc-api-key,svc-version' }], []), request: { ...harEntry(url, [], []).request, method: 'OPTIONS' } };
    const page = harEntry('https://dapp.example/', [], [{ name: 'Content-Type', value: 'text/html' }]);
    const price = harEntry(url, [{ name: 'svc-version', value: 'v2' }], [{ name: 'Content-Type', value: 'application/json' }]);
    const content = JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [page, preflight, price] } });
    const before = store.count();
    const { importedIds, setAside, setAsideExamples } = await handlers['history.import']({ fileName: 'chrome.har', content });
    expect(setAside).toBe(2);
    // Where each is in the file and why, for the user to read once the import is done.
    expect(setAsideExamples).toEqual([
      { path: '$.log.entries[0]', reason: 'GET https://dapp.example/ is not a path of the service' },
      { path: '$.log.entries[1]', reason: expect.stringMatching(/^OPTIONS https:\/\/api\.example\.test\/swap\/allowance-holder\/price is not a GET request/) },
    ]);
    expect(importedIds).toHaveLength(1);
    expect(store.count()).toBe(before + 1);
    expect(store.get(importedIds[0]!)).toMatchObject({ origin: 'imported', endpoint: 'allowance-holder.price', url, requestHeaders: { 'svc-version': 'v2' } });
  });

  it('imports the v1 requests explain reads, filed under the v2 endpoint explain corrects them to, as the customer sent them', async () => {
    const polygonUsdc = '0x2791bca1f2de4661ed88a30c99a7a9449aa84174';
    const polygonWeth = '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619';
    const price = harEntry(`https://polygon.api.example.test/swap/v1/price?sellToken=${polygonUsdc}&buyTokenAddress=${polygonWeth}&sellAmount=1000000&slippagePercentage=0.01`, [{ name: 'svc-api-key', value: CUSTOMER_SECRET }], []);
    const quote = harEntry('https://api.example.test/swap/v1/quote/?sellToken=USDC&buyToken=WETH&sellAmount=1000000', [], []);
    const content = JSON.stringify({ log: { version: '1.2', creator: { name: 'customer', version: '1' }, entries: [price, quote] } });
    const { importedIds, setAside } = await handlers['history.import']({ fileName: 'v1.har', content });
    expect(setAside).toBe(0);
    const [storedPrice, storedQuote] = importedIds.map((id) => store.get(id)!);
    // The chain is the one the v1 host named and the buy token the v1 name's; URL and query stay as sent.
    expect(storedPrice).toMatchObject({ endpoint: 'allowance-holder.price', chainId: 137, sellToken: polygonUsdc, buyToken: polygonWeth, url: price.request.url, query: { buyTokenAddress: polygonWeth, slippagePercentage: '0.01' } });
    // The main host served Ethereum in v1, as explain's CHAIN_MISSING says.
    expect(storedQuote).toMatchObject({ endpoint: 'allowance-holder.quote', chainId: 1, query: { sellToken: 'USDC', buyToken: 'WETH' } });
    for (const stored of [storedPrice!, storedQuote!]) {
      const explained = explainEntry(toLike(stored));
      expect(explained.findings.map((finding) => finding.code)).toContain('V1_PATH');
      const { endpoint, params } = explained.corrected!;
      expect({ endpoint: stored.endpoint, chainId: stored.chainId, sellToken: stored.sellToken, buyToken: stored.buyToken }).toEqual({ endpoint, chainId: Number(params.chainId), sellToken: params.sellToken, buyToken: params.buyToken });
    }
    expect(JSON.stringify(storedPrice)).not.toContain(CUSTOMER_SECRET);
  });

  it('imports the JSON export of a customer with its credentials redacted', async () => {
    const entry = { url: `https://api.example.test/swap/permit2/price?chainId=1&api_key=${CUSTOMER_SECRET}`, method: 'GET', requestHeaders: { AUTHORIZATION: `Basic ${CUSTOMER_SECRET}`, 'svc-version': 'v2' }, query: { chainId: '1', api_key: CUSTOMER_SECRET }, status: 200, statusText: 'OK', responseHeaders: { 'set-cookie': `sid=${CUSTOMER_SECRET}` }, bodyText: '{}', startedAt: '2026-11-20T09:30:00.000Z', durationMs: 10, zid: null };
    const { importedIds } = await handlers['history.import']({ fileName: 'customer.json', content: JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry] }) });
    const stored = store.get(importedIds[0]!)!;
    expect(JSON.stringify(stored)).not.toContain(CUSTOMER_SECRET);
    expect(stored.requestHeaders).toEqual({ AUTHORIZATION: 'REDACTED', 'svc-version': 'v2' });
  });

  it('exports no credential that an older stored entry still holds, in HAR or JSON', async () => {
    const held = store.insert(sampleEntry({
      url: `https://api.example.test/swap/allowance-holder/price?chainId=1&x-api-key=${CUSTOMER_SECRET}`,
      query: { chainId: '1', 'x-api-key': CUSTOMER_SECRET },
      requestHeaders: { Authorization: `Bearer ${CUSTOMER_SECRET}`, cookie: `session=${CUSTOMER_SECRET}`, 'svc-version': 'v2' },
      responseHeaders: { 'content-type': 'application/json', 'Set-Cookie': `session=${CUSTOMER_SECRET}; HttpOnly` },
    }));
    for (const format of ['har', 'json'] as const) {
      const { content } = await handlers['history.export']({ ids: [held.id], format });
      expect(content).not.toContain(CUSTOMER_SECRET);
      expect(content).toContain('svc-version');
    }
  });

  it('answers NOT_FOUND naming the ids when every exported id is gone', async () => {
    await expect(handlers['history.export']({ ids: [999], format: 'json' })).rejects.toMatchObject({ code: 'NOT_FOUND', details: { removedIds: [999] } });
  });

  it('exports the entries retention kept and names the ids it removed since they were chosen', async () => {
    const ids = store.insertMany([0, 1, 2].map((i) => sampleEntry({ zid: `0x${String(i).repeat(24)}` })));
    store.setRetention({ maxEntries: 1, maxAgeDays: null });
    const exported = await handlers['history.export']({ ids, format: 'json' });
    expect(exported.count).toBe(1);
    expect(exported.removedIds).toEqual(ids.slice(0, 2));
    expect((JSON.parse(exported.content) as { entries: { zid: string }[] }).entries.map((entry) => entry.zid)).toEqual([`0x${'2'.repeat(24)}`]);
  });
});

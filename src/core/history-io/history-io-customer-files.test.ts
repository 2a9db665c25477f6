import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleEntry } from '../history/sample-entries.ts';
import { explainEntry } from '../../domain/support/explain-entry.ts';
import { toLike } from './history-io-handlers.ts';
import { CREDENTIAL_HEADERS, CUSTOMER_SECRET, customerHar, harEntry, openHistoryIo, type HistoryIo } from './history-io-test-support.ts';

/** Importing what a customer sends: their credentials redacted, entries stored once, a browser's and v1's requests read. */

let io: HistoryIo;
beforeEach(() => (io = openHistoryIo()));
afterEach(() => io.close());

describe('history.import of a customer\'s files', () => {
  it('imports a customer HAR with every credential redacted, in any letter case, and keeps the other headers', async () => {
    const content = JSON.stringify(customerHar());
    expect(content).toContain(CUSTOMER_SECRET);
    const { importedIds } = await io.handlers['history.import']({ fileName: 'customer.har', content });
    expect(importedIds).toHaveLength(CREDENTIAL_HEADERS.length + 1);
    const stored = importedIds.map((id) => io.store.get(id)!);
    const summaries = io.store.search({ limit: 50 }).rows;
    const reExported = await Promise.all((['har', 'json'] as const).map((format) => io.handlers['history.export']({ ids: importedIds, format })));
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
    const first = await io.handlers['history.import']({ fileName: 'customer.har', content: JSON.stringify(har) });
    expect(first).toMatchObject({ alreadyImported: 0, alreadyImportedIds: [] });
    const count = io.store.count();
    const again = await io.handlers['history.import']({ fileName: 'customer (1).har', content: JSON.stringify(har) });
    expect(again).toMatchObject({ importedIds: [], alreadyImported: har.log.entries.length, alreadyImportedIds: first.importedIds });
    expect(io.store.count()).toBe(count);
    // A second file from the customer: its one new request is imported, the one seen before is not.
    const later = { ...har.log.entries[0]!, startedDateTime: '2026-11-20T09:31:00.000Z' };
    const second = await io.handlers['history.import']({ fileName: 'customer-2.har', content: JSON.stringify({ log: { ...har.log, entries: [har.log.entries[1]!, later] } }) });
    expect(second).toMatchObject({ alreadyImported: 1, alreadyImportedIds: [first.importedIds[1]] });
    expect(second.importedIds).toHaveLength(1);
    expect(io.store.get(second.importedIds[0]!)!.startedAt).toBe('2026-11-20T09:31:00.000Z');
    // The user's own entries exported and imported back are copies marked Imported, as before.
    const mine = io.store.insert(sampleEntry());
    const exported = await io.handlers['history.export']({ ids: [mine.id], format: 'har' });
    expect((await io.handlers['history.import']({ fileName: exported.fileName, content: exported.content })).importedIds).toHaveLength(1);
  });

  it('imports a request again when only the browser error differs: each error is its own evidence', async () => {
    const entry = harEntry('https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1', [{ name: 'svc-version', value: 'v2' }], []);
    const failedWith = (error: string) => ({ ...entry, response: { ...entry.response, status: 0, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, _error: error } });
    const harOf = (error: string) => JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [failedWith(error)] } });
    const cert = await io.handlers['history.import']({ fileName: 'cert.har', content: harOf('net::ERR_CERT_AUTHORITY_INVALID') });
    const dns = await io.handlers['history.import']({ fileName: 'dns.har', content: harOf('net::ERR_NAME_NOT_RESOLVED') });
    expect(dns).toMatchObject({ alreadyImported: 0 });
    expect(io.store.get(dns.importedIds[0]!)!.clientError).toBe('net::ERR_NAME_NOT_RESOLVED');
    // The same error again is still the same evidence, skipped as before.
    const again = await io.handlers['history.import']({ fileName: 'cert (1).har', content: harOf('net::ERR_CERT_AUTHORITY_INVALID') });
    expect(again).toMatchObject({ importedIds: [], alreadyImportedIds: cert.importedIds });
  });

  it("imports a browser HAR's request to the service, setting aside its CORS preflight and the page's own requests", async () => {
    const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1';
    const preflight = { ...harEntry(url, [{ name: 'Access-Control-Request-Headers', value: 'svc-api-key,svc-version' }], []), request: { ...harEntry(url, [], []).request, method: 'OPTIONS' } };
    const page = harEntry('https://dapp.example/', [], [{ name: 'Content-Type', value: 'text/html' }]);
    const price = harEntry(url, [{ name: 'svc-version', value: 'v2' }], [{ name: 'Content-Type', value: 'application/json' }]);
    const content = JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [page, preflight, price] } });
    const before = io.store.count();
    const { importedIds, setAside, setAsideExamples } = await io.handlers['history.import']({ fileName: 'chrome.har', content });
    expect(setAside).toBe(2);
    // Where each is in the file and why, for the user to read once the import is done.
    expect(setAsideExamples).toEqual([
      { path: '$.log.entries[0]', reason: 'GET https://dapp.example/ is not a path of the service' },
      { path: '$.log.entries[1]', reason: expect.stringMatching(/^OPTIONS https:\/\/api\.example\.test\/swap\/allowance-holder\/price is not a GET request/) },
    ]);
    expect(importedIds).toHaveLength(1);
    expect(io.store.count()).toBe(before + 1);
    expect(io.store.get(importedIds[0]!)).toMatchObject({ origin: 'imported', endpoint: 'allowance-holder.price', url, requestHeaders: { 'svc-version': 'v2' } });
  });

  it('imports the v1 requests explain reads, filed under the v2 endpoint explain corrects them to, as the customer sent them', async () => {
    const polygonUsdc = '0x2791bca1f2de4661ed88a30c99a7a9449aa84174';
    const polygonWeth = '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619';
    const price = harEntry(`https://polygon.api.example.test/swap/v1/price?sellToken=${polygonUsdc}&buyTokenAddress=${polygonWeth}&sellAmount=1000000&slippagePercentage=0.01`, [{ name: 'svc-api-key', value: CUSTOMER_SECRET }], []);
    const quote = harEntry('https://api.example.test/swap/v1/quote/?sellToken=USDC&buyToken=WETH&sellAmount=1000000', [], []);
    const content = JSON.stringify({ log: { version: '1.2', creator: { name: 'customer', version: '1' }, entries: [price, quote] } });
    const { importedIds, setAside } = await io.handlers['history.import']({ fileName: 'v1.har', content });
    expect(setAside).toBe(0);
    const [storedPrice, storedQuote] = importedIds.map((id) => io.store.get(id)!);
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
    const { importedIds } = await io.handlers['history.import']({ fileName: 'customer.json', content: JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry] }) });
    const stored = io.store.get(importedIds[0]!)!;
    expect(JSON.stringify(stored)).not.toContain(CUSTOMER_SECRET);
    expect(stored.requestHeaders).toEqual({ AUTHORIZATION: 'REDACTED', 'svc-version': 'v2' });
  });

  it('exports no credential that an older stored entry still holds, in HAR or JSON', async () => {
    const held = io.store.insert(sampleEntry({
      url: `https://api.example.test/swap/allowance-holder/price?chainId=1&x-api-key=${CUSTOMER_SECRET}`,
      query: { chainId: '1', 'x-api-key': CUSTOMER_SECRET },
      requestHeaders: { Authorization: `Bearer ${CUSTOMER_SECRET}`, cookie: `session=${CUSTOMER_SECRET}`, 'svc-version': 'v2' },
      responseHeaders: { 'content-type': 'application/json', 'Set-Cookie': `session=${CUSTOMER_SECRET}; HttpOnly` },
    }));
    for (const format of ['har', 'json'] as const) {
      const { content } = await io.handlers['history.export']({ ids: [held.id], format });
      expect(content).not.toContain(CUSTOMER_SECRET);
      expect(content).toContain('svc-version');
    }
  });
});

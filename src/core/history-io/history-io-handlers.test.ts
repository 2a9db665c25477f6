import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HarSchema } from '../../domain/har-schema.ts';
import { HistorySearchInputSchema } from '../../ipc/channels/history.ts';
import { buildHistoryJson } from '../../domain/history-file.ts';
import { allowanceHolderPriceBody } from '../../spec/test-fixtures.ts';
import { sampleEntry } from '../history/sample-entries.ts';
import { explainEntry } from '../../domain/support/explain-entry.ts';
import { toLike } from './history-io-handlers.ts';
import { harEntry, openHistoryIo, type HistoryIo } from './history-io-test-support.ts';

let io: HistoryIo;
beforeEach(() => (io = openHistoryIo()));
afterEach(() => io.close());

describe('history.export and history.import', () => {
  it('exports a valid redacted HAR that imports back as read-only entries with the same zids', async () => {
    const sent = [io.store.insert(sampleEntry()), io.store.insert(sampleEntry({ status: 400, errorName: 'INPUT_INVALID' }))];
    const exported = await io.handlers['history.export']({ ids: sent.map((e) => e.id), format: 'har' });
    expect(exported.fileName).toMatch(/\.har$/);
    expect(HarSchema.safeParse(JSON.parse(exported.content)).success).toBe(true);
    expect(exported.content).not.toMatch(/svc-api-key":\s*"(?!\[redacted\])/);

    const { importedIds } = await io.handlers['history.import']({ fileName: exported.fileName, content: exported.content });
    expect(importedIds).toHaveLength(2);
    const back = importedIds.map((id) => io.store.get(id)!);
    expect(back.map((e) => e.origin)).toEqual(['imported', 'imported']);
    expect(back.map((e) => e.zid).sort()).toEqual(sent.map((e) => e.zid).sort());
  });

  it('round-trips the JSON export', async () => {
    const sent = io.store.insert(sampleEntry());
    const exported = await io.handlers['history.export']({ ids: [sent.id], format: 'json' });
    const { importedIds, kind } = await io.handlers['history.import']({ fileName: 'x.json', content: exported.content });
    expect(kind).toBe('json');
    expect(io.store.get(importedIds[0]!)!.bodyText).toBe(sent.bodyText);
  });

  it('imports back, in both formats, an entry that got no response (exported with status 0), with why', async () => {
    const failedAt = (startedAt: string) => io.store.insert(sampleEntry({ startedAt, status: null, statusText: '', zid: null, responseHeaders: {}, bodyText: '', body: null, appError: { code: 'TIMEOUT', message: 'No answer within 10 s' } }));
    let failed = failedAt('2026-01-15T12:00:00.000Z');
    for (const format of ['har', 'json'] as const) {
      // One entry per format: the same one imported again would be skipped as already imported.
      if (format === 'json') failed = failedAt('2026-01-15T12:01:00.000Z');
      const exported = await io.handlers['history.export']({ ids: [failed.id], format });
      const { importedIds } = await io.handlers['history.import']({ fileName: exported.fileName, content: exported.content });
      // With why it got none: without it the colleague importing the file read "no response" and nothing more.
      // Named as the entry sent was (its error code), so that History's error-name filter finds both.
      expect(io.store.get(importedIds[0]!)).toMatchObject({ origin: 'imported', status: null, errorName: 'TIMEOUT', url: failed.url, query: failed.query, appError: { code: 'TIMEOUT', message: 'No answer within 10 s' } });
      expect(io.store.search(HistorySearchInputSchema.parse({ errorName: 'TIMEOUT', origin: 'imported' })).rows.map((row) => row.id)).toContain(importedIds[0]);
    }
    // A code this version does not know (a later version's file) is kept in the message, not refused.
    const { content } = await io.handlers['history.export']({ ids: [failed.id], format: 'json' });
    const later = content.replace('"TIMEOUT"', '"QUOTA_EXCEEDED"');
    const { importedIds } = await io.handlers['history.import']({ fileName: 'later.json', content: later });
    expect(io.store.get(importedIds[0]!)!.appError).toEqual({ code: 'INTERNAL', message: 'QUOTA_EXCEEDED: No answer within 10 s' });
  });

  it("keeps the browser's own error of a request its HAR shows unanswered, explains it, and exports it again", async () => {
    const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1';
    const entry = harEntry(url, [{ name: 'svc-version', value: 'v2' }], []);
    const failed = { ...entry, response: { ...entry.response, status: 0, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, _error: 'net::ERR_CERT_AUTHORITY_INVALID' } };
    const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [failed] } };
    const { importedIds } = await io.handlers['history.import']({ fileName: 'customer.har', content: JSON.stringify(har) });
    const stored = io.store.get(importedIds[0]!)!;
    expect(stored).toMatchObject({ status: null, clientError: 'net::ERR_CERT_AUTHORITY_INVALID', appError: null });
    expect(explainEntry(toLike(stored)).unreadAnswer!.cause).toContain('net::ERR_CERT_AUTHORITY_INVALID');
    const exportedHar = JSON.parse((await io.handlers['history.export']({ ids: importedIds, format: 'har' })).content);
    expect(exportedHar.log.entries[0].response._error).toBe('net::ERR_CERT_AUTHORITY_INVALID');
    const exportedJson = JSON.parse((await io.handlers['history.export']({ ids: importedIds, format: 'json' })).content);
    expect(exportedJson.entries[0].clientError).toBe('net::ERR_CERT_AUTHORITY_INVALID');
  });

  it('rejects a foreign file with the failing field path and imports nothing', async () => {
    const before = io.store.count();
    const bad = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{ url: 'nope' }] });
    await expect(io.handlers['history.import']({ fileName: 'bad.json', content: bad })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problems: expect.arrayContaining([expect.objectContaining({ path: '$.entries[0].url' })]) },
    });
    await expect(io.handlers['history.import']({ fileName: 'x.json', content: '{"hello":1}' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(io.store.count()).toBe(before);
  });

  it('names the entry of a JSON export whose URL was edited off the service\'s paths, and imports none of its entries', async () => {
    const sent = io.store.insertMany([0, 1, 2].map((i) => sampleEntry({ zid: `0x${String(i).repeat(24)}` })));
    const { content } = await io.handlers['history.export']({ ids: sent, format: 'json' });
    const file = JSON.parse(content) as { entries: { url: string }[] };
    file.entries[1]!.url = file.entries[1]!.url.replace('/price?', '/prce?');
    const before = io.store.count();
    const refusal = io.handlers['history.import']({ fileName: 'edited.json', content: JSON.stringify(file) });
    await expect(refusal).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^edited\.json: Not a valid Swap Explorer history export: \$\.entries\[1\]\.url is not a path of the service \(\/swap\/allowance-holder\/prce\).*Nothing was imported\.$/),
      details: { problems: [{ path: '$.entries[1].url', reason: expect.stringContaining('/swap/allowance-holder/prce') }] },
    });
    expect(io.store.count()).toBe(before);
  });

  it('refuses a HAR that holds no entry, saying how to get one that does, rather than report 0 entries imported', async () => {
    const before = io.store.count();
    const empty = JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries: [] } });
    await expect(io.handlers['history.import']({ fileName: 'customer.har', content: empty })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: "customer.har holds no entry: nothing was imported. A browser records requests only while its developer tools are open: ask the customer to open them (the Network tab) before making the request again, then save the HAR.",
      details: { problems: [{ path: '$.log.entries', reason: 'holds no entry' }] },
    });
    const emptyExport = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [] });
    await expect(io.handlers['history.import']({ fileName: 'mine.json', content: emptyExport })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'mine.json holds no entry: nothing was imported.', details: { problems: [{ path: '$.entries', reason: 'holds no entry' }] } });
    expect(io.store.count()).toBe(before);
  });

  it("says how many of the user's entries the entries limit removed to make room for an import, and refuses a file larger than the limit", async () => {
    io.store.setRetention({ maxEntries: 150, maxAgeDays: null });
    const mine = io.store.insertMany(Array.from({ length: 100 }, () => sampleEntry()));
    const file = (count: number) => buildHistoryJson(Array.from({ length: count }, (_, id) => toLike({ ...sampleEntry(), id: id + 1 })));
    await expect(io.handlers['history.import']({ fileName: 'huge.json', content: file(151) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'huge.json holds 151 entries, more than the newest 150 History keeps (Settings, History): its first 1 entry would be removed as soon as imported. Nothing was imported: raise or switch off the entries limit in Settings, or import a file of fewer entries.',
    });
    expect(io.store.count()).toBe(100);
    const answer = await io.handlers['history.import']({ fileName: 'customer.json', content: file(120) });
    expect(answer).toMatchObject({ removedByRetention: 70 });
    expect(answer.importedIds.every((id) => io.store.get(id) !== null)).toBe(true);
    expect(mine.filter((id) => io.store.get(id) !== null)).toHaveLength(30);
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
    const { importedIds } = await io.handlers['history.import']({ fileName: 'customer.json', content });
    const [price, error] = importedIds.map((id) => io.store.get(id)!.schemaReport.map((finding) => finding.path));
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
    const { importedIds } = await io.handlers['history.import']({ fileName: 'customer.json', content });
    expect(io.store.get(importedIds[0]!)!.schemaReport).toEqual([
      { kind: 'missing', path: '$.mode', detail: 'expected "exact-in" or "exact-out"' },
      { kind: 'missing', path: '$.buyAmount', detail: 'expected string' },
      { kind: 'wrong-type', path: '$.gas', detail: 'expected string, number or null, got boolean' },
    ]);
  });

  it('imports an entry whose body nests 20,000 levels as text, with a warning, alongside the others', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const exported = await io.handlers['history.export']({ ids: [io.store.insert(sampleEntry()).id, io.store.insert(sampleEntry()).id], format: 'json' });
    const file = JSON.parse(exported.content) as { entries: { bodyText: string }[] };
    file.entries[1]!.bodyText = deep;
    const { importedIds } = await io.handlers['history.import']({ fileName: 'deep.json', content: JSON.stringify(file) });
    expect(importedIds).toHaveLength(2);
    const entry = io.store.get(importedIds[1]!)!;
    expect(entry.bodyText).toBe(deep);
    expect(entry.body).toBeNull();
    expect(entry.schemaReport[0]!.detail).toContain('kept as text only');
    expect(() => structuredClone(entry)).not.toThrow();
  });

  it('refuses a hostile HAR of 1.6 million empty entries with its reason, importing nothing', async () => {
    const before = io.store.count();
    const content = `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(1_599_999)}{}]}}`;
    await expect(io.handlers['history.import']({ fileName: 'hostile.har', content })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('more than 100,000 entries'),
      details: { problems: [{ path: '$.log.entries', reason: expect.any(String) }] },
    });
    expect(io.store.count()).toBe(before);
  });


  it('answers NOT_FOUND naming the ids when every exported id is gone', async () => {
    await expect(io.handlers['history.export']({ ids: [999], format: 'json' })).rejects.toMatchObject({ code: 'NOT_FOUND', details: { removedIds: [999] } });
  });

  it('exports the entries retention kept and names the ids it removed since they were chosen', async () => {
    const ids = io.store.insertMany([0, 1, 2].map((i) => sampleEntry({ zid: `0x${String(i).repeat(24)}` })));
    io.store.setRetention({ maxEntries: 1, maxAgeDays: null });
    const exported = await io.handlers['history.export']({ ids, format: 'json' });
    expect(exported.count).toBe(1);
    expect(exported.removedIds).toEqual(ids.slice(0, 2));
    expect((JSON.parse(exported.content) as { entries: { zid: string }[] }).entries.map((entry) => entry.zid)).toEqual([`0x${'2'.repeat(24)}`]);
  });
});

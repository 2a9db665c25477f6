import { describe, expect, it } from 'vitest';
import { HarSchema } from './har-schema.ts';
import { buildHar, fromHarEntry, HistoryEntryLikeSchema, MAX_CLIENT_ERROR_CHARS, type HistoryEntryLike } from './har.ts';
import { REDACTED } from './redact.ts';
import { SECRET, sampleEntry } from './test-fixtures.ts';

const body = sampleEntry().bodyText;

// The members HAR 1.2 marks required, checked by walking the output, independently of our schema.
const REQUIRED = {
  log: ['version', 'creator', 'entries'],
  entry: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
  request: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
  response: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'],
  content: ['size', 'mimeType'],
  timings: ['send', 'wait', 'receive'],
};

describe('buildHar', () => {
  const har = buildHar([sampleEntry(), sampleEntry({ status: 400, statusText: 'Bad Request', zid: null })], { name: 'Swap Explorer', version: '0.1.0' });
  const json = JSON.parse(JSON.stringify(har));

  it('validates against the HAR 1.2 schema and has every member HAR 1.2 requires', () => {
    expect(HarSchema.safeParse(json).success).toBe(true);
    expect(json.log.version).toBe('1.2');
    for (const key of REQUIRED.log) expect(json.log).toHaveProperty(key);
    for (const entry of json.log.entries) {
      for (const key of REQUIRED.entry) expect(entry).toHaveProperty(key);
      for (const key of REQUIRED.request) expect(entry.request).toHaveProperty(key);
      for (const key of REQUIRED.response) expect(entry.response).toHaveProperty(key);
      for (const key of REQUIRED.content) expect(entry.response.content).toHaveProperty(key);
      for (const key of REQUIRED.timings) expect(typeof entry.timings[key]).toBe('number');
      expect(new Date(entry.startedDateTime).toISOString()).toBe(entry.startedDateTime);
    }
  });

  it('redacts the api-key header whatever its case, and nowhere leaves the key', () => {
    const headers = json.log.entries[0].request.headers as { name: string; value: string }[];
    expect(headers.find((h) => h.name === 'SVC-API-Key')!.value).toBe(REDACTED);
    expect(headers.find((h) => h.name === 'svc-version')!.value).toBe('v2');
    expect(JSON.stringify(json)).not.toContain(SECRET);
  });

  it('redacts a renamed key header and a key pasted into the query', () => {
    const entry = sampleEntry({ url: `https://x.test/swap/chains?x-key=${SECRET}`, query: { 'x-key': SECRET }, requestHeaders: { 'X-Key': SECRET } });
    const text = JSON.stringify(buildHar([entry], { name: 'a', version: '1' }, { apiKeyHeader: 'x-key' }));
    expect(text).not.toContain(SECRET);
    expect(text).toContain(REDACTED);
  });

  it('carries status, body, timing, content size in bytes and the zid', () => {
    const [first, second] = json.log.entries;
    expect(first.response.content.text).toBe(body);
    expect(first.response.content.size).toBe(new TextEncoder().encode(body).length);
    expect(first.response.content.mimeType).toBe('application/json; charset=utf-8');
    expect(first.time).toBe(153.5);
    expect(first.timings.send + first.timings.wait + first.timings.receive).toBe(first.time);
    expect(first._zid).toBe('0x111111111111111111111111');
    expect(second.response.status).toBe(400);
    expect(second._zid).toBeNull();
  });

  it('counts multi-byte characters in content.size', () => {
    const [entry] = buildHar([sampleEntry({ bodyText: '"é€"' })], { name: 'a', version: '1' }).log.entries;
    expect(entry!.response.content.size).toBe(1 + 2 + 3 + 1);
  });
});

describe('fromHarEntry', () => {
  it('reads a zid from the body when _zid is absent, and decodes base64 content', () => {
    const [entry] = buildHar([sampleEntry()], { name: 'a', version: '1' }).log.entries;
    const plain = { ...entry!, _zid: undefined };
    expect((fromHarEntry(plain) as HistoryEntryLike).zid).toBe('0x111111111111111111111111');
    const bytes = new TextEncoder().encode('{"data":{"zid":"0x2"},"t":"€"}');
    const base64 = { ...plain, response: { ...plain.response, content: { size: bytes.length, mimeType: 'application/json', text: btoa(String.fromCharCode(...bytes)), encoding: 'base64' } } };
    const read = fromHarEntry(base64) as HistoryEntryLike;
    expect(read.bodyText).toBe('{"data":{"zid":"0x2"},"t":"€"}');
    expect(read.zid).toBe('0x2');
  });

  it("reads the zid from the svc-zid response header, any case, when the body names none: a browser's HAR saved without content, an answer whose body has no zid", () => {
    const [entry] = buildHar([sampleEntry()], { name: 'a', version: '1' }).log.entries;
    const zid = '0x3fa2b1c4d5e6f708192a3b4c';
    const headers = [{ name: 'Content-Type', value: 'application/json' }, { name: 'SVC-Zid', value: zid }];
    const noContent = { ...entry!, _zid: undefined, response: { ...entry!.response, headers, content: { size: 1843, mimeType: 'application/json' } } };
    expect((fromHarEntry(noContent) as HistoryEntryLike).zid).toBe(zid);
    const sources = { ...noContent, response: { ...noContent.response, content: { size: 20, mimeType: 'application/json', text: '{"sources":["RFQ"]}' } } };
    expect((fromHarEntry(sources) as HistoryEntryLike).zid).toBe(zid);
    // The body's zid is the answer's own, as when a request is sent.
    const both = { ...noContent, response: { ...noContent.response, content: { size: 10, mimeType: 'application/json', text: '{"zid":"0x2"}' } } };
    expect((fromHarEntry(both) as HistoryEntryLike).zid).toBe('0x2');
  });
});

describe('fromHarEntry: the query', () => {
  it('reads the query from the URL when the HAR lists no queryString, as some tools write it', () => {
    const [entry] = buildHar([sampleEntry()], { name: 'a', version: '1' }).log.entries;
    const url = 'https://api.example.com/swap/permit2/price?chainId=8453&sellToken=USDC&buyToken=WETH&sellAmount=5';
    const read = fromHarEntry({ ...entry!, request: { ...entry!.request, url, queryString: [] } }) as HistoryEntryLike;
    expect(read.query).toEqual({ chainId: '8453', sellToken: 'USDC', buyToken: 'WETH', sellAmount: '5' });
    // A listed queryString is the HAR's own reading of the URL, and kept as it is.
    const listed = fromHarEntry({ ...entry!, request: { ...entry!.request, url, queryString: [{ name: 'chainId', value: '10' }] } }) as HistoryEntryLike;
    expect(listed.query).toEqual({ chainId: '10' });
  });
});

describe('HAR names of Object.prototype members', () => {
  it('keeps a header or query parameter named __proto__ as an own key on import', () => {
    const [entry] = buildHar([sampleEntry({ requestHeaders: JSON.parse('{"__proto__":"h"}') as Record<string, string>, query: JSON.parse('{"__proto__":"1"}') as Record<string, string> })], { name: 'a', version: '1' }).log.entries;
    expect(entry!.request.headers).toContainEqual({ name: '__proto__', value: 'h' });
    const read = fromHarEntry(entry!) as HistoryEntryLike;
    expect(Object.entries(read.requestHeaders)).toEqual([['__proto__', 'h']]);
    expect(Object.entries(read.query)).toEqual([['__proto__', '1']]);
    // The import checks each entry with HistoryEntryLikeSchema: that keeps it too.
    expect(Object.entries(HistoryEntryLikeSchema.parse(read).requestHeaders)).toEqual([['__proto__', 'h']]);
  });
});

describe("fromHarEntry: the browser's own error", () => {
  const [exported] = buildHar([sampleEntry({ status: 0, statusText: '', responseHeaders: {}, bodyText: '', zid: null })], { name: 'a', version: '1' }).log.entries;
  const withError = (error: unknown) => ({ ...exported!, response: { ...exported!.response, _error: error } });

  it("keeps Chrome's response._error of a request that got no answer, and writes it back on export", () => {
    const read = HistoryEntryLikeSchema.parse(fromHarEntry(withError('net::ERR_CERT_AUTHORITY_INVALID')));
    expect(read.clientError).toBe('net::ERR_CERT_AUTHORITY_INVALID');
    const [again] = buildHar([read], { name: 'a', version: '1' }).log.entries;
    expect((again!.response as { _error?: unknown })._error).toBe('net::ERR_CERT_AUTHORITY_INVALID');
  });

  it('keeps no error where Chrome wrote null, an empty text or no text, and cuts a long one to its cap', () => {
    for (const none of [null, '', '  ', 42, { code: 'x' }]) expect(HistoryEntryLikeSchema.parse(fromHarEntry(withError(none))).clientError ?? null).toBeNull();
    const long = HistoryEntryLikeSchema.parse(fromHarEntry(withError(`net::ERR_${'X'.repeat(10_000)}`))).clientError!;
    expect(long.length).toBe(MAX_CLIENT_ERROR_CHARS);
    expect(long.startsWith('net::ERR_XXX')).toBe(true);
  });
});

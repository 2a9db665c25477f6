import { describe, expect, it } from 'vitest';
import { buildHar } from './har.ts';
import { buildHistoryJson, HISTORY_JSON_FORMAT, MAX_IMPORT_ENTRIES, MAX_IMPORT_PROBLEMS, parseHistoryFile } from './history-file.ts';
import { REDACTED } from './redact.ts';
import { SECRET, sampleEntry } from './test-fixtures.ts';

const creator = { name: 'Swap Explorer', version: '0.1.0' };
const entries = [sampleEntry(), sampleEntry({ status: 422, statusText: 'Unprocessable Entity', bodyText: '{"name":"BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE"}', zid: null })];
// What an export should give back: the same entries with the key replaced.
const redacted = entries.map((entry) => ({ ...entry, requestHeaders: { ...entry.requestHeaders, 'SVC-API-Key': REDACTED } }));

function harText(mutate: (har: { log: { entries: Record<string, Record<string, unknown>>[] } & Record<string, unknown> }) => void = () => {}): string {
  const har = JSON.parse(JSON.stringify(buildHar(entries, creator)));
  mutate(har);
  return JSON.stringify(har);
}

describe('parseHistoryFile', () => {
  it('round-trips a HAR export: same entries, key redacted', () => {
    expect(parseHistoryFile(harText())).toEqual({ ok: true, kind: 'har', entries: redacted, setAside: { count: 0, examples: [] } });
  });

  it('round-trips the JSON export, key redacted', () => {
    const text = buildHistoryJson(entries);
    expect(text).not.toContain(SECRET);
    expect(parseHistoryFile(text)).toEqual({ ok: true, kind: 'json', entries: redacted, setAside: { count: 0, examples: [] } });
  });

  it('redacts a key found in an imported file that still carries one', () => {
    const text = JSON.stringify({ format: HISTORY_JSON_FORMAT, version: 1, entries });
    const result = parseHistoryFile(text);
    expect(result.ok && result.entries[0]!.requestHeaders['SVC-API-Key']).toBe(REDACTED);
  });

  it('rejects a HAR missing a required member, naming the field, and imports nothing', () => {
    const result = parseHistoryFile(harText((har) => delete har.log.entries[1]!.response!.statusText));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]!.path).toBe('$.log.entries[1].response.statusText');
    expect(result.message).toContain('$.log.entries[1].response.statusText');
    expect(result.message).toContain('Nothing was imported');
    expect(result).not.toHaveProperty('entries');
  });

  it("sets aside a browser HAR's preflight, page and JSON-RPC entries, and imports the requests to the service", () => {
    const text = harText((har) => {
      const [price, error] = har.log.entries;
      const clone = (entry: unknown) => JSON.parse(JSON.stringify(entry)) as (typeof har.log.entries)[number];
      const preflight = clone(price);
      preflight.request!.method = 'OPTIONS';
      const page = clone(price);
      page.request!.url = 'https://dapp.example/swap?apiKey=in-the-page-query';
      const rpc = clone(price);
      rpc.request!.method = 'POST';
      rpc.request!.url = 'https://rpc.example/v1/mainnet';
      har.log.entries = [page, preflight, price!, rpc, error!];
    });
    const result = parseHistoryFile(text);
    expect(result).toMatchObject({ ok: true, kind: 'har', entries: redacted });
    if (!result.ok) return;
    expect(result.setAside.count).toBe(3);
    expect(result.setAside.examples.map((example) => example.path)).toEqual(['$.log.entries[0]', '$.log.entries[1]', '$.log.entries[3]']);
    expect(result.setAside.examples[0]!.reason).toBe('GET https://dapp.example/swap is not a path of the service');
    expect(result.setAside.examples[1]!.reason).toMatch(/^OPTIONS https:\/\/\S+\/swap\/permit2\/price is not a GET request: .*CORS preflight/);
    expect(result.setAside.examples[2]!.reason).toMatch(/^POST https:\/\/rpc\.example\/v1\/mainnet is not a GET request/);
    expect(JSON.stringify(result)).not.toContain('in-the-page-query');
  });

  it('imports nothing from a HAR that holds no request to the service, and says why', () => {
    const result = parseHistoryFile(harText((har) => har.log.entries.forEach((entry) => (entry.request!.method = 'POST'))));
    expect(result).toMatchObject({ ok: false, problems: [{ path: '$.log.entries[0]', reason: expect.stringContaining('not a GET request') }, { path: '$.log.entries[1]' }] });
    expect(!result.ok && result.message).toMatch(/^This HAR holds no request to the service: 2 entries set aside \(\$\.log\.entries\[0\]: POST .*\)\. Nothing was imported\.$/);
  });

  it("takes a browser's blocked request (status 0, no content) as an entry with no response", () => {
    const result = parseHistoryFile(
      harText((har) => {
        har.log.entries[0]!.response = { ...har.log.entries[0]!.response, status: 0, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, _error: 'net::ERR_FAILED' };
      }),
    );
    expect(result).toMatchObject({ ok: true, entries: [{ status: 0, bodyText: '', zid: entries[0]!.zid }, { status: 422 }] });
  });

  it('rejects a status that is neither 0 (no response) nor an HTTP status, saying which are', () => {
    const result = parseHistoryFile(harText((har) => (har.log.entries[0]!.response!.status = 42 as never)));
    expect(result).toMatchObject({ ok: false, problems: [{ path: '$.log.entries[0].response.status', reason: 'must be an HTTP status from 100 to 599, or 0 for no response' }] });
  });

  it('rejects a bad date with its path and reason', () => {
    const result = parseHistoryFile(harText((har) => (har.log.entries[0]!.startedDateTime = 'yesterday' as never)));
    expect(result).toMatchObject({ ok: false, problems: [{ path: '$.log.entries[0].startedDateTime', reason: expect.stringContaining('ISO 8601') }] });
  });

  it('rejects text that is not JSON, JSON that is neither format, and a bad export entry', () => {
    expect(parseHistoryFile('<html>')).toMatchObject({ ok: false, message: expect.stringContaining('not JSON') });
    expect(parseHistoryFile('[1,2]')).toMatchObject({ ok: false, message: expect.stringContaining('top level is not an object') });
    expect(parseHistoryFile('{"rows":[]}')).toMatchObject({ ok: false, message: expect.stringContaining('neither a HAR file') });
    const bad = JSON.stringify({ format: HISTORY_JSON_FORMAT, version: 1, entries: [{ ...entries[0], status: 'ok' }] });
    expect(parseHistoryFile(bad)).toMatchObject({ ok: false, problems: [{ path: '$.entries[0].status' }] });
  });

  it('refuses what JSON.parse refuses between the entries (a missing, doubled or trailing comma), as explain does, and reads white space', () => {
    const [a, b] = entries.map((entry) => JSON.stringify(entry));
    const [harA, harB] = buildHar(entries, creator).log.entries.map((entry) => JSON.stringify(entry));
    const exportWith = (inside: string) => `{"format":"${HISTORY_JSON_FORMAT}","version":1,"entries":[${inside}]}`;
    const harWith = (inside: string) => `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${inside}]}}`;
    for (const text of [exportWith(`${a} ${b}`), exportWith(`${a}:${b}`), exportWith(`${a},,${b}`), exportWith(`${a},${b},`), exportWith(`,${a}`), harWith(`${harA}\n${harB}`)]) {
      expect(() => JSON.parse(text)).toThrow();
      expect(parseHistoryFile(text)).toMatchObject({ ok: false, message: expect.stringContaining("not JSON (expected ',' or ']' after an entry") });
    }
    // What JSON allows there still reads: white space around the commas and brackets, and no entry at all.
    expect(parseHistoryFile(exportWith(`\n  ${a} ,\r\n\t${b}\n`))).toMatchObject({ ok: true, entries: [{}, {}] });
    expect(parseHistoryFile(harWith(` ${harA} , ${harB} `))).toMatchObject({ ok: true, entries: [{}, {}] });
    expect(parseHistoryFile(exportWith(' \n '))).toMatchObject({ ok: true, entries: [] });
  });

  it('says an empty file is empty, not that it is not JSON', () => {
    for (const text of ['', '\n', '\uFEFF  \r\n']) expect(parseHistoryFile(text)).toEqual({ ok: false, message: 'The file is empty. Nothing was imported.', problems: [{ path: '$', reason: 'The file is empty' }] });
  });

  it('rejects content declared base64 that is not', () => {
    const result = parseHistoryFile(
      harText((har) => {
        const response = har.log.entries[0]!.response as { content: Record<string, unknown> };
        response.content = { ...response.content, text: '***', encoding: 'base64' };
      }),
    );
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('base64') });
  });
});

describe('parseHistoryFile: hostile and huge files', () => {
  const emptyEntries = (count: number) => `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(count - 1)}{}]}}`;

  it('refuses 1.6 million empty entries by count, before parsing them', () => {
    const result = parseHistoryFile(emptyEntries(1_600_000));
    expect(result).toEqual({ ok: false, message: expect.stringContaining('more than 100,000 entries'), problems: [{ path: '$.log.entries', reason: expect.stringContaining('split it') }] });
  });

  it('takes exactly the entry cap and refuses one more', () => {
    expect(parseHistoryFile(emptyEntries(MAX_IMPORT_ENTRIES + 1))).toMatchObject({ ok: false, problems: [{ path: '$.log.entries' }] });
    const atCap = parseHistoryFile(emptyEntries(MAX_IMPORT_ENTRIES));
    expect(atCap.ok).toBe(false);
    if (!atCap.ok) expect(atCap.problems[0]!.path).toBe('$.log.entries[0].startedDateTime');
  });

  it('stops at the first 20 problems of a file of bad entries, and says so', () => {
    const result = parseHistoryFile(emptyEntries(50_000));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(MAX_IMPORT_PROBLEMS);
    expect(result.problems.every((problem) => /^\$\.log\.entries\[[0-3]\]\./.test(problem.path))).toBe(true);
    expect(result.message).toContain(`checking stopped at the first ${MAX_IMPORT_PROBLEMS} problems`);
  });

  it('reports problems from several entries of an export, in file order', () => {
    const bad = JSON.stringify({ format: HISTORY_JSON_FORMAT, version: 1, entries: [entries[0], { ...entries[0], status: 'ok' }, { ...entries[0], durationMs: -1 }] });
    const result = parseHistoryFile(bad);
    expect(result).toMatchObject({ ok: false, problems: [{ path: '$.entries[1].status' }, { path: '$.entries[2].durationMs' }] });
  });

  it('refuses an entry of millions of objects, naming it, before parsing it', () => {
    const text = `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[{},{"_x":[${'[],'.repeat(2_100_000)}[]]}]}}`;
    expect(parseHistoryFile(text)).toMatchObject({ ok: false, message: expect.stringContaining('Entry 1 holds more than 50,000 JSON objects'), problems: [{ path: '$.log.entries[1]' }] });
  });

  it('names an entry that is not valid JSON', () => {
    const text = harText().replace('"startedDateTime"', '"startedDateTime" "oops"');
    expect(parseHistoryFile(text)).toMatchObject({ ok: false, problems: [{ path: '$.log.entries[0]', reason: 'is not valid JSON' }] });
  });
});

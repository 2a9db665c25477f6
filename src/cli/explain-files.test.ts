import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT, inProcess as cli } from './test-support.ts';
import { buildHar } from '../domain/har.ts';

// `explain <file>` for files a customer may send broken, written to a temp dir: each says what is
// wrong with that file, once, in explain's own words.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-explain-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function explainFile(name: string, text: string) {
  const file = join(dir, name);
  await writeFile(file, text);
  return { file, ...(await cli(['explain', file])) };
}

describe('explain: a file it cannot read says why', () => {
  it('a HAR cut short is named as not valid JSON', async () => {
    const { file, code, stdout } = await explainFile('truncated.har', '{"log":{"version":"1.2","entries":[{"request":');
    expect(code).toBe(1);
    expect(stdout).toBe(`${file} is not valid JSON: Unexpected end of JSON input. A body or file cut short, or edited by hand, reads so: ask the customer for it again, whole.\n`);
  });

  it('a body broken in the middle is named as not valid JSON, with where', async () => {
    const { file, code, stdout } = await explainFile('broken.json', '{\n  "name": "INPUT_INVALID"\n  "message": "x"\n}');
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`^${file.replace(/[.\\]/g, '\\$&')} is not valid JSON: .* at position 30 \\(line 3 column 3\\)\\. `));
  });

  it('a HAR that is JSON but not a HAR file: each problem once, and nothing "imported"', async () => {
    const { file, code, stdout } = await explainFile('weird.har', '{"log":{"version":"1.2","entries":[]}}');
    expect(code).toBe(1);
    expect(stdout).toBe(`${file} is not a HAR file explain can read, so no entry was explained (1 problem):\n  $.log.creator Invalid input: expected object, received undefined\n`);
  });

  it('a history export that is not one names the export, not a HAR', async () => {
    const { file, stdout } = await explainFile('export.json', '{"format":"swap-explorer.history","version":2,"entries":[]}');
    expect(stdout).toBe(`${file} is not a Swap Explorer history export explain can read, so no entry was explained (1 problem):\n  $.version must be 1: the only version this app writes\n`);
  });

  it('a HAR saved with a UTF-8 byte order mark (Fiddler, PowerShell) is read as the HAR it is', async () => {
    const entry = { url: 'https://api.example/swap/permit2/price?chainId=1', method: 'GET' as const, requestHeaders: {}, query: { chainId: '1' }, status: 400, statusText: 'Bad Request', responseHeaders: {}, bodyText: '{"name":"INPUT_INVALID","message":"x","data":{"zid":"0x000000000000000000000001","details":[]}}', startedAt: '2026-11-20T09:30:00.000Z', durationMs: 1, zid: '0x000000000000000000000001' };
    const { stdout } = await explainFile('fiddler.har', `\uFEFF${JSON.stringify(buildHar([entry], { name: 'Fiddler', version: '5' }))}`);
    expect(stdout.split('\n').slice(0, 3)).toEqual(['A HAR file of 1 entry', '', 'Entry 1: HTTP 400, sent 2026-11-20T09:30:00.000Z, zid 0x000000000000000000000001']);
    // The same HAR piped in (`Get-Content fiddler.har | swap-explorer explain -` keeps the mark).
    const piped = spawnSync(process.execPath, [BIN, 'explain', '-'], { cwd: ROOT, input: `\uFEFF${JSON.stringify(buildHar([entry], { name: 'Fiddler', version: '5' }))}`, encoding: 'utf8', timeout: 60_000 });
    expect(piped.stdout.split('\n').slice(0, 3)).toEqual(stdout.split('\n').slice(0, 3));
  });
});

describe('explain: a raw response the customer saved (curl -i)', () => {
  it('explains its body, then says the zid is not in the history and what to ask for', async () => {
    const zid = '0x5433d314f7d433995692eaef';
    const text = ['HTTP/2 429 ', 'content-type: application/json; charset=utf-8', `svc-zid: ${zid}`, 'retry-after: 1', '', `{"name":"RATE_LIMITED","message":"Rate limit of 2 requests per second exceeded","data":{"zid":"${zid}"}}`, ''].join('\r\n');
    await writeFile(join(dir, 'response.txt'), text);
    const { code, stdout } = await cli(['explain', join(dir, 'response.txt'), '--data-dir', dir]);
    expect(code).toBe(1);
    expect(stdout).toContain('Recognised: a JSON error body');
    expect(stdout).toContain(`Answer: error RATE_LIMITED (zid ${zid})`);
    expect(stdout).toContain('  message: Rate limit of 2 requests per second exceeded');
    expect(stdout).toContain(`zid ${zid} is not in the history at ${dir}.`);
  });
});

describe("explain: a browser's HAR", () => {
  it('explains the request to the service and lists the preflight and the page it set aside', async () => {
    const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellToken=0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48&buyToken=0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2&sellAmount=1000000';
    const entry = (method: string, at: string, text: string) => ({
      startedDateTime: '2026-12-04T10:11:12.345Z',
      time: 12.5,
      request: { method, url: at, httpVersion: 'http/2.0', headers: [{ name: 'svc-version', value: 'v2' }], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
      response: { status: method === 'OPTIONS' ? 204 : 400, statusText: '', httpVersion: 'http/2.0', headers: [], cookies: [], content: { size: text.length, mimeType: 'application/json', text }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { blocked: 1, dns: -1, ssl: -1, connect: -1, send: 0.1, wait: 11, receive: 0.4 },
    });
    const error = JSON.stringify({ name: 'TOKEN_NOT_SUPPORTED', message: 'Token not supported', data: { zid: '0x0a0b0c0d0e0f101112131415' } });
    const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [entry('GET', 'https://dapp.example/', '<html></html>'), entry('OPTIONS', url, ''), entry('GET', url, error)] } };
    const { code, stdout } = await explainFile('chrome.har', JSON.stringify(har));
    expect(code).toBe(1);
    expect(stdout).toContain(
      [
        'A HAR file of 1 entry, and 2 entries set aside as not requests to the service:',
        '  $.log.entries[0] GET https://dapp.example/ is not a path of the service',
        "  $.log.entries[1] OPTIONS https://api.example.test/swap/allowance-holder/price is not a GET request: every endpoint of the service is GET (a browser's CORS preflight is OPTIONS)",
      ].join('\n'),
    );
    expect(stdout).toContain('Answer: error TOKEN_NOT_SUPPORTED (zid 0x0a0b0c0d0e0f101112131415)');
  });

  it("says what is known of answers it cannot read: a CDN's 502 page, a body not saved, a request the browser blocked", async () => {
    const url = 'https://api.example.test/swap/permit2/price?chainId=1&sellToken=0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48&buyToken=0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2&sellAmount=1000000';
    const entry = (status: number, content: { size: number; mimeType: string; text?: string }) => ({
      startedDateTime: '2026-12-04T10:11:12.345Z',
      time: 12.5,
      request: { method: 'GET', url, httpVersion: 'http/2.0', headers: [{ name: 'svc-version', value: 'v2' }], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
      response: { status, statusText: '', httpVersion: 'http/2.0', headers: [], cookies: [], content, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 12.5, receive: 0 },
    });
    const page = '<html><title>502 Bad Gateway</title><body>cloudflare</body></html>';
    const har = { log: { version: '1.2', creator: { name: 'Firefox', version: '133.0' }, entries: [entry(502, { size: page.length, mimeType: 'text/html', text: page }), entry(200, { size: 1800, mimeType: 'application/json' }), entry(0, { size: 0, mimeType: 'x-unknown' })] } };
    const { stdout } = await explainFile('firefox.har', JSON.stringify(har));
    const answers = stdout.split('\n').filter((line) => /^(Answer| {2}cause):/.test(line));
    expect(answers).toEqual([
      'Answer: HTTP 502',
      expect.stringMatching(/^ {2}cause: This HTTP 502 answer is not the service's: .* proxy, gateway or CDN/),
      'Answer: HTTP 200',
      expect.stringMatching(/^ {2}cause: The record holds no body for this HTTP 200 answer \(a HAR saved without content/),
      'Answer: NO RESPONSE',
      expect.stringMatching(/^ {2}cause: No response was recorded: .*CORS/),
    ]);
  });
});

describe('explain: a HAR of v1 requests', () => {
  it('names each answer as a v1 answer, the price with its amounts and the error with its code and fields', async () => {
    const entry = (path: string, status: number, body: object) => ({
      startedDateTime: '2026-12-04T10:11:12.345Z',
      time: 12.5,
      request: { method: 'GET', url: `https://polygon.api.example.com${path}?sellToken=0x2791bca1f2de4661ed88a30c99a7a9449aa84174&buyToken=0x7ceb23fd6bc0add59e62ac25578270cff1b9f619&sellAmount=1000000`, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
      response: { status, statusText: '', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: 0, mimeType: 'application/json', text: JSON.stringify(body) }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 12.5, receive: 0 },
    });
    const price = { price: '0.00028', guaranteedPrice: '0.000277', sellTokenAddress: '0x2791bca1f2de4661ed88a30c99a7a9449aa84174', buyTokenAddress: '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619', sellAmount: '1000000', buyAmount: '280000000000000', sources: [] };
    const error = { code: 100, reason: 'Validation Failed', validationErrors: [{ field: 'sellAmount', code: 1004, reason: 'INSUFFICIENT_ASSET_LIQUIDITY' }] };
    const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [entry('/swap/v1/price', 200, price), entry('/swap/v1/price', 400, error)] } };
    const { stdout, code } = await explainFile('v1.har', JSON.stringify(har));
    expect(code).toBe(1);
    expect(stdout).not.toContain('A source list');
    expect(stdout).toContain('A v1 price answer: sells 1000000 of 0x2791bca1f2de4661ed88a30c99a7a9449aa84174 for 280000000000000 of 0x7ceb23fd6bc0add59e62ac25578270cff1b9f619');
    expect(stdout).toContain('A v1 error answer: code 100, Validation Failed; sellAmount: INSUFFICIENT_ASSET_LIQUIDITY (code 1004)');
  });
});

describe('explain --zid: one request out of a HAR of several', () => {
  const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellToken=0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48&buyToken=0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2&sellAmount=1000000';
  const zids = ['0x1111aaaa0000000000000001', '0x2222bbbb0000000000000002', '0x3333cccc0000000000000003'];
  const entry = (zid: string, index: number) => ({
    url,
    method: 'GET' as const,
    requestHeaders: { 'svc-version': 'v2' },
    query: Object.fromEntries(new URL(url).searchParams),
    status: 400,
    statusText: 'Bad Request',
    responseHeaders: {},
    bodyText: JSON.stringify({ name: index === 1 ? 'TOKEN_NOT_SUPPORTED' : 'INPUT_INVALID', message: 'x', data: { zid, details: [] } }),
    startedAt: `2026-12-04T10:1${index}:00.000Z`,
    durationMs: 1,
    zid,
  });
  const har = () => JSON.stringify(buildHar(zids.map(entry), { name: 'customer', version: '1' }));

  it('explains only the entry of that zid (whole, upper case, without 0x, or a prefix), numbered by its place in the file', async () => {
    const file = join(dir, 'three.har');
    await writeFile(file, har());
    for (const zid of [zids[1]!, zids[1]!.toUpperCase().replace('0X', '0x'), zids[1]!.slice(2), '0x2222bb']) {
      const { code, stdout } = await cli(['explain', file, '--zid', zid]);
      expect(code, zid).toBe(1);
      expect(stdout.split('\n')[0], zid).toMatch(new RegExp(`^${file.replace(/[.\\]/g, '\\$&')} \\(3 entries\\): 1 entry with zid 0x2222bb`));
      expect(stdout).toContain(`Entry 2 of 3: HTTP 400, sent 2026-12-04T10:11:00.000Z, zid ${zids[1]}`);
      expect(stdout).toContain('TOKEN_NOT_SUPPORTED');
      expect(stdout).not.toContain(zids[0]);
      expect(stdout).not.toContain(zids[2]);
    }
    const json = JSON.parse((await cli(['explain', file, '--zid', zids[2]!, '--format', 'json'])).stdout) as { entries: { zid: string }[]; picked: { entryNumbers: number[] } };
    expect(json.entries.map((explained) => explained.zid)).toEqual([zids[2]]);
    expect(json.picked.entryNumbers).toEqual([3]);
  });

  it('says a zid the file does not hold, with the zids it does, and exits 1; --zid on a lone request is a usage error', async () => {
    const file = join(dir, 'three-more.har');
    await writeFile(file, har());
    const missing = await cli(['explain', file, '--zid', '0x9999dddd0000000000000009']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe(`No entry of ${file} (3 entries) has a zid 0x9999dddd0000000000000009; the zids it holds: ${zids.join(', ')}.\n`);
    const notAZid = await cli(['explain', file, '--zid', 'USDC']);
    expect(notAZid.code).toBe(2);
    expect(notAZid.stderr).toContain('"USDC" is not a zid or a zid prefix');
    const request = await cli(['explain', url, '--zid', zids[0]!]);
    expect(request.code).toBe(2);
    expect(request.stderr).toContain('--zid picks a request out of a HAR or history export; this input is one request');
  });
});

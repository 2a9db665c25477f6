import { afterEach, describe, expect, it, vi } from 'vitest';
import { recognizePaste } from './recognize.ts';
import type { Recognized } from './types.ts';

const KEY = 'sk_live_9f8e7d6c5b4a3210';
const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function request(recognized: Recognized) {
  if (recognized.kind !== 'request') throw new Error(`expected a request, got ${recognized.kind}`);
  return recognized;
}

describe('recognizePaste: what a paste is', () => {
  it('recognises a whole zid and a prefix of at least 6 hex digits, lower-cased', () => {
    expect(recognizePaste('0x3FA2b1c4d5e6f708192a3b4c')).toMatchObject({ kind: 'zid', zid: '0x3fa2b1c4d5e6f708192a3b4c', isPrefix: false });
    expect(recognizePaste('  zid: 0x3fa2b1  ')).toMatchObject({ kind: 'zid', zid: '0x3fa2b1', isPrefix: true });
    expect(recognizePaste('0x3fa2b').kind).toBe('unknown');
  });

  it('says what is wrong with hex that is almost a zid, rather than list every input it reads', () => {
    const reasonOf = (text: string) => {
      const found = recognizePaste(text);
      return found.kind === 'unknown' ? found.reason : `read as ${found.kind}`;
    };
    expect(reasonOf('3FA2B1C4')).toBe('This looks like the start of a zid without its 0x: a zid prefix is read with it (0x3fa2b1c4); only a whole zid, 24 hex digits, is read without it.');
    expect(reasonOf('0x3fa2b1c4d5e6f708192a3b4c0')).toBe("This is 0x and 25 hex digits: more than a zid's 24, fewer than an address's 40. Check that it was copied whole and alone (a zid is 0x + 24 hex digits).");
    // Decimal digits are an amount as likely as anything: no zid is suggested.
    expect(reasonOf('12345678')).toMatch(/^Expected a zid/);
  });

  it.each([
    ['a prefix as this app prints one (explain, the lists)', '0x3fa2b1…', '0x3fa2b1', true],
    ['a prefix cut with three dots', '0x3fa2b1c4...', '0x3fa2b1c4', true],
    ['a zid in brackets', '(0x3fa2b1c4d5e6f708192a3b4c)', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['a zid in angle brackets', '<0x3fa2b1c4d5e6f708192a3b4c>', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['a zid in typographic quotes (a word processor, a mail)', '\u201c0x3fa2b1c4d5e6f708192a3b4c\u201d', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['a zid with a zero-width space copied from a chat', '\u200b0x3fa2b1c4d5e6f708192a3b4c\u200b', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['the zid line of a JSON body', '"zid": "0x3fa2b1c4d5e6f708192a3b4c",', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['the svc-zid response header', 'svc-zid: 0x3FA2B1C4D5E6F708192A3B4C', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['a zid a mail client wrapped onto two lines', '0x3fa2b1c4d5e6f708\r\n192a3b4c', '0x3fa2b1c4d5e6f708192a3b4c', false],
    ['a zid written in groups of four', 'zid: 0x3fa2 b1c4 d5e6 f708 192a 3b4c', '0x3fa2b1c4d5e6f708192a3b4c', false],
  ])('recognises %s', (_, text, zid, isPrefix) => {
    expect(recognizePaste(text)).toMatchObject({ kind: 'zid', zid, isPrefix });
  });

  it("finds the one whole zid in a screenshot's or chat's text, and names the zids when there are several", () => {
    const zid = '0x9a3f0c1d2e3b4a5c6d7e8f90';
    for (const text of [`Error: TOKEN_NOT_SUPPORTED (zid ${zid.toUpperCase().replace('0X', '0x')})`, `Swap failed\nRequest id: ${zid}\nPlease contact support`, `INPUT_INVALID sellAmount: must be a positive integer zid ${zid}; again zid ${zid}`]) {
      expect(recognizePaste(text), text).toMatchObject({ kind: 'zid', zid, isPrefix: false, isInText: true });
    }
    const other = '0x0123456789abcdef01234567';
    const two = recognizePaste(`first ${zid}, then ${other}`);
    expect(two).toMatchObject({ kind: 'unknown' });
    expect(two.kind === 'unknown' && two.reason).toContain(`2 zids (${zid}, ${other})`);
    // 24 hex digits inside a longer run (an address, a hash) are no zid.
    expect(recognizePaste(`sent to ${TAKER} in block 0x${'ab'.repeat(32)}`).kind).toBe('unknown');
  });

  it("reads the start of a zid in text when the text labels it a zid, as this app prints one ('zid 0x3fa2b1c4…')", () => {
    expect(recognizePaste('Swap failed: TOKEN_NOT_SUPPORTED (zid 0x3fa2b1c4…)')).toMatchObject({ kind: 'zid', zid: '0x3fa2b1c4', isPrefix: true, isInText: true });
    expect(recognizePaste('Request failed, svc-zid: 0x3FA2B1C4D5 - please check')).toMatchObject({ kind: 'zid', zid: '0x3fa2b1c4d5', isPrefix: true, isInText: true });
    // Unlabelled short hex in a sentence could be anything; a whole zid in the text comes first.
    expect(recognizePaste('Swap failed at 0x3fa2b1c4, please help').kind).toBe('unknown');
    expect(recognizePaste('zid 0x3fa2b1… or rather zid 0x9a3f0c1d2e3b4a5c6d7e8f90')).toMatchObject({ kind: 'zid', zid: '0x9a3f0c1d2e3b4a5c6d7e8f90', isPrefix: false });
  });

  it('reads a whole zid without its 0x as History\'s search box does, bare, labelled or in a sentence, never inside longer hex', () => {
    const zid = '0x9a3f0c1d2e3b4a5c6d7e8f90';
    const bare = zid.slice(2);
    expect(recognizePaste(bare.toUpperCase())).toMatchObject({ kind: 'zid', zid, isPrefix: false });
    expect(recognizePaste(`svc-zid: ${bare}`)).toMatchObject({ kind: 'zid', zid, isPrefix: false });
    expect(recognizePaste(`"${bare}"`)).toMatchObject({ kind: 'zid', zid, isPrefix: false });
    expect(recognizePaste(`Swap failed. Request ID: ${bare} (please help)`)).toMatchObject({ kind: 'zid', zid, isInText: true });
    // A bare prefix is any short hex: only 0x marks one.
    expect(recognizePaste(bare.slice(0, 10)).kind).toBe('unknown');
    // 24 hex digits inside an address, a hash or calldata without 0x, or inside a word, are no zid.
    expect(recognizePaste(TAKER.slice(2)).kind).toBe('unknown');
    expect(recognizePaste(`block ${'ab'.repeat(32)} to ${TAKER.slice(2)}`).kind).toBe('unknown');
    expect(recognizePaste(`data 0x${'0'.repeat(40)}${bare}`).kind).toBe('unknown');
    expect(recognizePaste(`id x${bare}`).kind).toBe('unknown');
    // A 24-digit decimal in a sentence is an amount in base units, not a zid.
    expect(recognizePaste('sold 100000000000000000000000 wei, nothing more').kind).toBe('unknown');
  });

  it("reads a link to a request (a log tool's, a dashboard's ?zid=…) as its zid, not as a request to the service", () => {
    const zid = '0x9a3f0c1d2e3b4a5c6d7e8f90';
    expect(recognizePaste(`https://logs.example.com/requests?zid=${zid}`)).toMatchObject({ kind: 'zid', zid, isPrefix: false, isInText: true });
    expect(recognizePaste(`https://api.example.com/swap/permit2/price?zid=${zid.toUpperCase().replace('0X', '0x')}`)).toMatchObject({ kind: 'zid', zid });
    expect(recognizePaste('dashboard.example.com/search?env=prod&zid=0x9a3f0c1d')).toMatchObject({ kind: 'zid', zid: '0x9a3f0c1d', isPrefix: true });
    // A request to the service without a zid in its query is still a request.
    expect(recognizePaste('https://api.example.com/swap/permit2/price?chainId=1').kind).toBe('request');
  });

  it('tells an address from a zid, even in brackets or cut with an ellipsis', () => {
    expect(recognizePaste(`(${TAKER})`).kind).toBe('unknown');
    expect(recognizePaste(`${TAKER.slice(0, 30)}…`).kind).toBe('unknown');
    expect(recognizePaste('0x3fa2b…').kind).toBe('unknown');
  });

  it('tells an address from a zid', () => {
    const recognized = recognizePaste(TAKER);
    expect(recognized.kind).toBe('unknown');
    expect(recognized.kind === 'unknown' && recognized.reason).toMatch(/address/);
  });

  it('explains an error body and pulls its zid from data.zid', () => {
    const body = JSON.stringify({ name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid: '0x0badc0ffee0badc0ffee0bad', details: [{ field: 'takerAddress', reason: 'is a v1 parameter; in v2 use taker' }] } });
    const recognized = recognizePaste(body);
    expect(recognized.kind).toBe('body');
    if (recognized.kind !== 'body') return;
    expect(recognized.explanation).toMatchObject({ kind: 'error', zid: '0x0badc0ffee0badc0ffee0bad', name: 'INPUT_INVALID', details: [{ field: 'takerAddress' }] });
    expect(recognized.explanation.cause).toMatch(/query parameters/);
  });

  it("explains a raw response pasted whole (curl -i, a proxy's log) by its body, not only by the zid in it", () => {
    // A customer's curl -i of a 429, CRLF and HTTP/2 as curl prints them: the zid in its header and
    // body led only to History, which holds no customer's request, while the body says it all.
    const zid = '0x5433d314f7d433995692eaef';
    const limited = recognizePaste(['HTTP/2 429 ', 'content-type: application/json; charset=utf-8', `svc-zid: ${zid}`, 'retry-after: 1', '', `{"name":"RATE_LIMITED","message":"Rate limit of 2 requests per second exceeded","data":{"zid":"${zid}"}}`, ''].join('\r\n'));
    expect(limited).toMatchObject({ kind: 'body', explanation: { kind: 'error', name: 'RATE_LIMITED', zid, message: 'Rate limit of 2 requests per second exceeded' } });
    // Behind a proxy curl prints its CONNECT answer first; the body is the service's, pretty-printed.
    const price = recognizePaste(`HTTP/1.1 200 Connection established\n\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n${JSON.stringify({ liquidityAvailable: false, zid }, null, 2)}\n`);
    expect(price).toMatchObject({ kind: 'body', explanation: { kind: 'price', zid } });
    // curl -v, 2>&1: its notes, the request it sent (key redacted) and the answer, '< ' before each line.
    const verbose = [
      '*   Trying 203.0.113.7:443...',
      '} [5 bytes data]',
      '> GET /swap/allowance-holder/price?chainId=1&sellToken=USDC&buyToken=WETH&sellAmount=1000 HTTP/1.1',
      '> Host: api.example.com',
      `> svc-api-key: ${KEY}`,
      '> svc-version: v2',
      '> ',
      '{ [265 bytes data]',
      '< HTTP/1.1 400 Bad Request',
      '< content-type: application/json; charset=utf-8',
      `< svc-zid: ${zid}`,
      '< ',
      '{ [394 bytes data]',
      `{"name":"INPUT_INVALID","message":"Invalid input: buyToken, sellToken","data":{"zid":"${zid}","details":[{"field":"buyToken","reason":"is a symbol"}]}}* Connection #0 to host api.example.com left intact`,
    ].join('\r\n');
    const traced = recognizePaste(verbose);
    expect(traced).toMatchObject({ kind: 'body', explanation: { kind: 'error', name: 'INPUT_INVALID', zid, details: [{ field: 'buyToken', reason: 'is a symbol' }] } });
    expect(JSON.stringify(traced)).not.toContain(KEY);
    // Cut short, it says so as a body cut short does; a body that is not JSON (a proxy's page) is read as before.
    expect(recognizePaste('HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"liquidityAvailable": true, "zid": "0x54')).toMatchObject({ kind: 'unknown', invalidJson: expect.any(String) });
    expect(recognizePaste(`HTTP/1.1 502 Bad Gateway\nContent-Type: text/html\n\n<html>Bad gateway, request ${zid}</html>`)).toMatchObject({ kind: 'zid', zid, isInText: true });
  });

  it('summarises a price body with its zid', () => {
    const recognized = recognizePaste(JSON.stringify({ liquidityAvailable: false, zid: '0x111111111111111111111111' }));
    expect(recognized).toMatchObject({ kind: 'body', explanation: { kind: 'price', zid: '0x111111111111111111111111' } });
  });

  it('recognises a HAR and a Swap Explorer export by shape', () => {
    expect(recognizePaste('{"log":{"version":"1.2","entries":[]}}')).toMatchObject({ kind: 'history-file', format: 'har' });
    expect(recognizePaste('{"format":"swap-explorer.history","version":1,"entries":[]}')).toMatchObject({ kind: 'history-file', format: 'swap-explorer-json' });
  });

  it("reads a body as Python's print() writes it, not as JSON cut short", () => {
    // print(response.json()): single quotes, None, and repr's double quotes around a message with an apostrophe.
    const error = recognizePaste(`{'name': 'TAKER_NOT_AUTHORIZED_FOR_TRADE', 'message': "taker 0x2222222222222222222222222222222222222222 isn't authorized for trade", 'data': {'zid': '0x5c4ee75c0000000000000042'}}`);
    expect(error).toMatchObject({ kind: 'body', explanation: { kind: 'error', name: 'TAKER_NOT_AUTHORIZED_FOR_TRADE', zid: '0x5c4ee75c0000000000000042', message: "taker 0x2222222222222222222222222222222222222222 isn't authorized for trade" } });
    // pprint.pprint: a line a member, True/False/None, a long string in quoted pieces Python joins.
    const printed = [
      "{'allowanceTarget': None,",
      " 'buyAmount': '224274590',",
      " 'issues': {'allowance': None, 'balance': None, 'invalidSourcesPassed': [], 'simulationIncomplete': False},",
      " 'liquidityAvailable': True,",
      " 'sellAmount': '1000000000000000000000',",
      " 'note': 'caf\\xe9 '",
      "         'au lait\\n',",
      " 'zid': '0xa090601e6679105cf9fe5e94'}",
    ].join('\n');
    const price = recognizePaste(printed);
    expect(price).toMatchObject({ kind: 'body', explanation: { kind: 'price', zid: '0xa090601e6679105cf9fe5e94' } });
    expect(price.kind === 'body' && price.body).toMatchObject({ allowanceTarget: null, liquidityAvailable: true, issues: { simulationIncomplete: false }, sellAmount: '1000000000000000000000', note: 'caf\u00e9 au lait\n' });
    // Cut short it is still what it was: not valid JSON, said so.
    expect(recognizePaste(printed.slice(0, 60)).kind).toBe('unknown');
    expect(recognizePaste("{'liquidityAvailable': true, 'zid': undefined}").kind).toBe('unknown');
  });

  it('says JSON that does not parse is not valid JSON, with the parser\'s reason', () => {
    const recognized = recognizePaste('{"liquidityAvailable": true, "buyAmount": "12');
    expect(recognized).toMatchObject({ kind: 'unknown', invalidJson: expect.stringMatching(/^Unterminated string in JSON at position 45\b/) });
    expect(recognized.kind === 'unknown' && recognized.reason).toMatch(/^It starts like JSON but is not valid JSON: Unterminated string in JSON at position 45\b.*\. A body or file cut short/);
  });

  it('says what it accepts for text it cannot read', () => {
    const recognized = recognizePaste('hello, my swap failed');
    expect(recognized.kind).toBe('unknown');
    expect(recognized.kind === 'unknown' && recognized.reason).toMatch(/curl/);
    // The paste box and `explain` each say "not recognised" in their own words before the reason.
    expect(recognized.kind === 'unknown' && recognized.reason).toMatch(/^Expected a zid/);
    expect(recognized.kind === 'unknown' && recognized.reason).not.toMatch(/not recognised|paste/i);
  });
});

describe('recognizePaste: hostile and huge pastes get the import\'s caps before any parse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a HAR of 1.6 million empty entries pasted as text without parsing it, saying why', () => {
    const hostile = `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(1_600_000)}{}]}}`;
    const parse = vi.spyOn(JSON, 'parse');
    const recognized = recognizePaste(hostile);
    expect(parse).not.toHaveBeenCalled();
    expect(recognized).toMatchObject({ kind: 'unknown', reason: 'The text was not read: The file has more than 100,000 entries, the most one import takes; split it into smaller files. Nothing was parsed.' });
  });

  it('refuses one entry holding more containers than a request and its answer need', () => {
    const entry = `{"deep":[${'[],'.repeat(60_000)}[]]}`;
    const recognized = recognizePaste(`{"log":{"version":"1.2","entries":[{},${entry}]}}`);
    expect(recognized.kind === 'unknown' && recognized.reason).toMatch(/^The text was not read: Entry 1 holds more than 50,000 JSON objects and arrays/);
  });

  it('refuses a paste larger than the import takes before reading it at all', () => {
    const huge = `{"a":"${'x'.repeat(50 * 1024 * 1024)}"}`;
    const recognized = recognizePaste(huge);
    expect(recognized).toMatchObject({ kind: 'unknown', redactedText: '' });
    expect(recognized.kind === 'unknown' && recognized.reason).toMatch(/^The text was not read: at 50\.0 MB it is larger than 50 MB/);
  });

  it('still reads a large body with many objects, which has no entries (only the whole-text cap applies)', () => {
    const fills = Array.from({ length: 30_000 }, (_, index) => ({ source: `S${index}`, proportionBps: '1' }));
    const recognized = recognizePaste(JSON.stringify({ buyAmount: '1', route: { fills } }));
    expect(recognized.kind).toBe('body');
  });
});

describe('recognizePaste: a v1 curl with a key', () => {
  const paste = [
    `curl --location --request GET 'https://base.api.0x.org/swap/v1/quote?sellToken=ETH&buyToken=USDC&sellAmount=100000000000000000&takerAddress=${TAKER}&slippagePercentage=0.01&skipValidation=true' \\`,
    `  --header '0x-api-key: ${KEY}'`,
  ].join('\n');
  const recognized = request(recognizePaste(paste));

  it('never carries the key, in the request or the text', () => {
    expect(JSON.stringify(recognized)).not.toContain(KEY);
    expect(recognized.request.hadApiKey).toBe(true);
    expect(recognized.request.headers['0x-api-key']).toBe('REDACTED');
  });

  it('finds the v1 path, the per-chain host, the v1 names, the unit change, the symbols and the headers', () => {
    const codes = recognized.findings.map((finding) => finding.code);
    expect(codes).toEqual(expect.arrayContaining(['V1_PATH', 'PER_CHAIN_HOST', 'V1_PARAM', 'UNIT_CHANGE', 'SYMBOL_NOT_ADDRESS', 'KEY_HEADER_NAME', 'VERSION_HEADER']));
    expect(recognized.findings.find((finding) => finding.code === 'UNIT_CHANGE')?.fix).toMatch(/slippageBps=100/);
  });

  it('corrects it to a valid v2 request on Base with the native-asset address', () => {
    const corrected = recognized.corrected!;
    expect(corrected.endpoint).toBe('allowance-holder.quote');
    expect(corrected.params).toEqual({
      chainId: '8453',
      sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      buyToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      sellAmount: '100000000000000000',
      taker: TAKER,
      slippageBps: '100',
    });
    expect(corrected.headers).toEqual({ 'svc-api-key': '<API_KEY>', 'svc-version': 'v2' });
    expect(corrected.url).toMatch(/^https:\/\/\{base_url\}\/swap\/allowance-holder\/quote\?chainId=8453&/);
    expect(corrected.remaining).toEqual([]);
  });
});

describe('recognizePaste: a correct v2 request', () => {
  it('has no findings', () => {
    const paste = `curl -H "svc-api-key: ${KEY}" -H "svc-version: v2" "https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000"`;
    const recognized = request(recognizePaste(paste));
    expect(recognized.findings).toEqual([]);
    expect(recognized.corrected?.url).toBe('https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000');
  });
});

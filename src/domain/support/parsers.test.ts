import { describe, expect, it } from 'vitest';
import { curlSnippet } from '../snippets.ts';
import { parseCurl } from './parse-curl.ts';
import { recognizePaste } from './recognize.ts';
import { parseHttpRequest } from './parse-http.ts';
import { parseAxios, parseFetch } from './parse-snippet.ts';
import { parseUrlParts } from './parse-url.ts';
import { shellWords } from './shell-words.ts';

const KEY = 'Zx9_live_abcdefABCDEF0123';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const PATH = '/swap/allowance-holder/price';
const QUERY = { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '100000000' };
const URL_TEXT = `https://api.example.com${PATH}?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`;

describe('shellWords', () => {
  it('handles single, double and ANSI-C quotes, escapes and continuations', () => {
    expect(shellWords(`curl 'a b' "c \\"d\\" \\$e" $'f\\tg\\'h' i\\ j \\\n  k`)).toEqual(['curl', 'a b', 'c "d" $e', "f\tg'h", 'i j', 'k']);
  });

  it('reads Chrome\'s "Copy as cURL (cmd)" with ^ escapes and ^ continuations', () => {
    expect(shellWords('curl ^"https://x.test/a?b=1^&c=2^" ^\n  -H ^"accept: */*^"')).toEqual(['curl', 'https://x.test/a?b=1&c=2', '-H', 'accept: */*']);
  });

  it('reads PowerShell backtick continuations', () => {
    expect(shellWords('curl.exe `\n  -H "a: b" `\n  https://x.test/')).toEqual(['curl.exe', '-H', 'a: b', 'https://x.test/']);
  });
});

describe('parseCurl', () => {
  const expected = { source: 'curl', method: 'GET', scheme: 'https', host: 'api.example.com', path: PATH, query: QUERY };

  it.each([
    ['single-quoted -H', `curl -H 'svc-api-key: ${KEY}' -H 'svc-version: v2' '${URL_TEXT}'`],
    ['double-quoted --header, URL first', `curl "${URL_TEXT}" --header "svc-api-key: ${KEY}" --header "svc-version: v2"`],
    ['attached -H and --header=', `curl -H'svc-api-key: ${KEY}' --header='svc-version: v2' '${URL_TEXT}'`],
    ['$\'…\' quoting', `curl $'${URL_TEXT}' -H $'svc-api-key: ${KEY}' -H $'svc-version: v2'`],
    ['backslash continuations', `curl --silent \\\n  --request GET \\\n  --url '${URL_TEXT}' \\\n  --header 'svc-api-key: ${KEY}' \\\n  --header 'svc-version: v2'`],
    ['Windows cmd', `curl ^"${URL_TEXT.replaceAll('&', '^&')}^" ^\n  -H ^"svc-api-key: ${KEY}^" ^\n  -H ^"svc-version: v2^"`],
    ['-G with --data-urlencode', `curl -G https://api.example.com${PATH} --data-urlencode chainId=1 --data-urlencode sellToken=${USDC} -d buyToken=${WETH} --data-urlencode "sellAmount=100000000" -H "svc-api-key: ${KEY}" -H "svc-version: v2"`],
    ['options with values skipped', `curl -s -S -m 10 -A 'my agent/1.0' -o out.json -w '%{http_code}' -H 'svc-api-key: ${KEY}' -H 'svc-version: v2' '${URL_TEXT}' --compressed`],
    // A customer behind an authenticating proxy: each proxy option's value is skipped, not read as the URL.
    ['a proxy with its own options', `curl -x proxy.corp:3128 -U 'alice:REDACTED' --proxy-user alice:REDACTED --noproxy localhost --proxy-header 'Proxy-Authorization: Basic REDACTED' --proxy-cacert corp.pem --preproxy socks5://gw:1080 -H 'svc-api-key: ${KEY}' -H 'svc-version: v2' '${URL_TEXT}'`],
  ])('reads %s', (_name, text) => {
    const parsed = parseCurl(text);
    expect(parsed).toMatchObject(expected);
    expect(parsed!.headers).toEqual({ 'svc-api-key': 'REDACTED', 'svc-version': 'v2' });
    expect(parsed!.hadApiKey).toBe(true);
    expect(JSON.stringify(parsed)).not.toContain(KEY);
  });

  it("reads the app's own Copy as curl: its comment line, --capath, and the key as --url-query", () => {
    const copied = curlSnippet({ url: `${URL_TEXT}&svc-api-key=REDACTED&client_secret=REDACTED`, headers: { 'svc-api-key': 'REDACTED', 'svc-version': 'v2' }, apiKeyHeader: 'svc-api-key', caPath: '/ca.pem', trustSystemCertificates: true });
    expect(copied).toMatch(/^# .*\n.*--capath .*--url-query /s);
    const parsed = parseCurl(copied);
    expect(parsed).toMatchObject({ ...expected, query: { ...QUERY, client_secret: 'REDACTED', 'svc-api-key': '$SVC_API_KEY' } });
    expect(recognizePaste(copied)).toMatchObject({ kind: 'request', request: { method: 'GET', path: PATH } });
  });

  it('takes data without -G as a POST, as curl would send it', () => {
    expect(parseCurl(`curl https://api.example.com${PATH} -d chainId=1`)?.method).toBe('POST');
  });

  it('lists each value of a parameter given twice, in the URL and its -G data, a key\'s value redacted', () => {
    const parsed = parseCurl("curl -G 'https://api.example.com/swap/permit2/price?chainId=1&api_key=k1' -d chainId=10 --data-urlencode 'api_key=k2' -d taker=0x1")!;
    expect(parsed.repeated).toEqual({ chainId: ['1', '10'], api_key: ['REDACTED', 'REDACTED'] });
    expect(parsed.query.chainId).toBe('1,10');
    expect(parseCurl("curl 'https://api.example.com/swap/permit2/price?chainId=1'")!.repeated).toBeUndefined();
  });

  it('refuses text that is not a curl command or has no URL', () => {
    expect(parseCurl('wget https://x.test/')).toBeNull();
    expect(parseCurl('curl -H "a: b"')).toBeNull();
  });
});

describe('parseFetch and parseAxios', () => {
  it('reads fetch with a template URL, URLSearchParams and a headers object', () => {
    const text = `const params = new URLSearchParams({
  chainId: "1",
  sellToken: "${USDC}", // USDC
  buyToken: "${WETH}",
  sellAmount: (100n * 10n ** 6n).toString(),
});
const res = await fetch(\`https://api.example.com${PATH}?\${params.toString()}\`, {
  headers: { "svc-api-key": "${KEY}", "svc-version": "v2" },
});`;
    const parsed = parseFetch(text)!;
    expect(parsed).toMatchObject({ source: 'fetch', method: 'GET', host: 'api.example.com', path: PATH });
    expect(parsed.query).toMatchObject({ chainId: '1', sellToken: USDC, buyToken: WETH });
    expect(parsed.query.sellAmount).toMatch(/^\{/);
    expect(parsed.headers['svc-api-key']).toBe('REDACTED');
  });

  it.each([
    ['GET', 'null'],
    ['POST', `"{\\"chainId\\":1}"`],
  ])("reads Chrome's \"Copy as fetch\" (%s), whose member names are quoted", (method, body) => {
    const text = `fetch("https://api.example.com${PATH}?sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000", {
  "headers": {
    "accept": "*/*",
    "svc-api-key": "${KEY}",
    "svc-version": "v2"
  },
  "referrer": "https://dapp.example/",
  "body": ${body},
  "method": "${method}",
  "mode": "cors",
  "credentials": "omit"
});`;
    const parsed = parseFetch(text)!;
    expect(parsed).toMatchObject({ method, headers: { accept: '*/*', 'svc-api-key': 'REDACTED', 'svc-version': 'v2' }, hadApiKey: true });
  });

  it('reads an axios config written as JSON, member names quoted', () => {
    const parsed = parseAxios(`axios({ "method": "get", "url": "https://api.example.com${PATH}", "params": { "chainId": 1, "sellAmount": "100000000" }, "headers": { "svc-version": "v2" } })`)!;
    expect(parsed).toMatchObject({ method: 'GET', path: PATH, query: { chainId: '1', sellAmount: '100000000' }, headers: { 'svc-version': 'v2' } });
  });

  it('reads fetch with a URL constant, searchParams.set and a Headers object with set', () => {
    const text = `const url = new URL('https://api.example.com${PATH}');
url.searchParams.set('chainId', '1');
url.searchParams.append('sellAmount', amount);
const headers = new Headers({ 'svc-version': 'v2' });
headers.set('svc-api-key', process.env.SVC_API_KEY);
fetch(url, { method: 'GET', headers });`;
    const parsed = parseFetch(text)!;
    expect(parsed.query).toEqual({ chainId: '1', sellAmount: '{amount}' });
    expect(parsed.headers).toEqual({ 'svc-version': 'v2', 'svc-api-key': '{process.env.SVC_API_KEY}' });
    expect(parsed.hadApiKey).toBe(false);
  });

  it('reads axios.get(url, { params, headers })', () => {
    const text = `const { data } = await axios.get('https://api.example.com${PATH}', {
  params: { chainId: 1, sellToken: '${USDC}', buyToken: '${WETH}', sellAmount: '100000000' },
  headers: { 'svc-api-key': '${KEY}', 'svc-version': 'v2' },
});`;
    const parsed = parseAxios(text)!;
    expect(parsed).toMatchObject({ source: 'axios', method: 'GET', query: QUERY, headers: { 'svc-api-key': 'REDACTED', 'svc-version': 'v2' } });
  });

  it('reads axios({ method, url, params }) with params defined elsewhere', () => {
    const text = `const params = { chainId: '1', sellToken: '${USDC}', buyToken: '${WETH}', sellAmount: '100000000' };
const response = await axios({ method: 'get', url: 'https://api.example.com${PATH}', params, headers: { 'svc-version': 'v2' } });`;
    expect(parseAxios(text)).toMatchObject({ method: 'GET', query: QUERY, headers: { 'svc-version': 'v2' } });
  });
});

describe('parseHttpRequest and parseUrlParts', () => {
  it('reads a raw HTTP/1.1 request with its Host header', () => {
    const text = `GET ${PATH}?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000 HTTP/1.1\r\nHost: api.example.com\r\nsvc-api-key: ${KEY}\r\nSVC-Version: v2\r\n\r\n`;
    const parsed = parseHttpRequest(text)!;
    expect(parsed).toMatchObject({ source: 'http', method: 'GET', scheme: null, host: 'api.example.com', path: PATH, query: QUERY });
    expect(parsed.headers['svc-version']).toBe('v2');
    expect(parsed.headers['svc-api-key']).toBe('REDACTED');
  });

  it('splits absolute URLs, URLs without a scheme and bare paths, decoding the query', () => {
    expect(parseUrlParts('http://API.example.com:8443/a?x=1%2C2&y=a+b')).toEqual({ scheme: 'http', host: 'api.example.com:8443', path: '/a', query: { x: '1,2', y: 'a b' }, repeated: {} });
    expect(parseUrlParts('api.example.com/swap/v1/quote?a=1')).toEqual({ scheme: null, host: 'api.example.com', path: '/swap/v1/quote', query: { a: '1' }, repeated: {} });
    expect(parseUrlParts('/swap/v1/price?a=1&a=2')).toEqual({ scheme: null, host: null, path: '/swap/v1/price', query: { a: '1,2' }, repeated: { a: ['1', '2'] } });
    expect(parseUrlParts('not a url')).toBeNull();
  });
});

describe('names of Object.prototype members', () => {
  // Plain assignment of "__proto__" sets a prototype (or, for a string, nothing): the pair would
  // vanish, and the linter could not say it is not a parameter of the endpoint.
  const odd = `chainId=1&__proto__=1&constructor=2`;
  it.each([
    ['curl', () => parseCurl(`curl -H '__proto__: h' 'https://api.example.com${PATH}?${odd}'`)],
    ['HTTP', () => parseHttpRequest(`GET ${PATH}?${odd} HTTP/1.1\r\nHost: api.example.com\r\n__proto__: h\r\n\r\n`)],
    ['fetch', () => parseFetch(`fetch('https://api.example.com${PATH}?${odd}', { headers: { __proto__: 'h' } })`)],
    ['axios', () => parseAxios(`axios.get('https://api.example.com${PATH}', { params: { chainId: '1', __proto__: '1', constructor: '2' }, headers: { '__proto__': 'h' } })`)],
  ])('keeps them as own query parameters and headers from %s', (_, parse) => {
    const parsed = parse()!;
    expect(Object.entries(parsed.query)).toEqual([['chainId', '1'], ['__proto__', '1'], ['constructor', '2']]);
    expect(Object.entries(parsed.headers)).toContainEqual(['__proto__', 'h']);
    expect(Object.getPrototypeOf(parsed.query)).toBe(Object.prototype);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recognizePaste } from './recognize.ts';
import { hasSecret, redactPaste } from './redact-paste.ts';
import { isSecretName } from '../redact.ts';
import { MIN_ECHOED_SECRET_LENGTH } from '../redact-echo.ts';

const KEY = 'a1B2c3D4e5F6g7H8i9J0kLmN';

// Every place a customer's paste carries the key, written as customers write it.
const FORMS: ((key: string) => string)[] = [
  (key) => `curl -H 'svc-api-key: ${key}' 'https://api.example.com/swap/permit2/price?chainId=1'`,
  (key) => `curl -H "0x-api-key: ${key}" https://api.0x.org/swap/v1/price`,
  (key) => `curl --header=x-api-key:${key} https://x.test/`,
  (key) => `curl -H $'svc-api-key: ${key}' https://x.test/`,
  (key) => `curl ^"https://x.test/^" -H ^"svc-api-key: ${key}^"`,
  (key) => `https://api.example.com/swap/permit2/price?chainId=1&apikey=${key}&sellAmount=1`,
  (key) => `https://api.example.com/swap/permit2/price?svc-api-key=${key}`,
  (key) => `curl -G https://x.test/ --data-urlencode 'api_key=${key}'`,
  (key) => `fetch(url, { headers: { '0x-api-key': '${key}', '0x-version': 'v2' } })`,
  (key) => `fetch(url, { headers: { "svc-api-key": "${key}" } })`,
  (key) => `const headers = { apiKey: \`${key}\` }`,
  (key) => `headers.set('svc-api-key', '${key}')`,
  (key) => `axios.get(url, { headers: { 'x-api-key': "${key}" } })`,
  (key) => `GET /swap/v1/quote HTTP/1.1\nHost: api.0x.org\n0x-api-key: ${key}\n\n`,
  (key) => `GET /swap/v1/quote HTTP/1.1\r\nAuthorization: Bearer ${key}\r\n\r\n`,
  (key) => `curl -H "Authorization: Bearer ${key}" https://x.test/`,
  (key) => `curl -u user:${key} https://x.test/`,
  // A proxy's password: curl's --proxy-user / -U, and a proxy URL curl takes without a scheme.
  (key) => `curl --proxy-user alice:${key} --proxy http://proxy.corp:3128 -H 'svc-api-key: $KEY' https://x.test/`,
  (key) => `curl -U 'alice:${key}' -x proxy.corp:3128 https://x.test/`,
  (key) => `curl --proxy-user=alice:${key} https://x.test/`,
  (key) => `curl -x alice:${key}@proxy.corp:3128 https://x.test/`,
  (key) => `curl --proxy "alice:${key}@proxy.corp:3128" https://x.test/`,
  // A password by name: axios's proxy or basic auth, a script's environment.
  (key) => `axios.get(url, { proxy: { protocol: 'http', host: 'proxy.corp', port: 3128, auth: { username: 'alice', password: '${key}' } } })`,
  (key) => `PROXY_PASSWORD=${key} node swap.js`,
  (key) => `requests.get(url, auth=HTTPBasicAuth("alice", password="${key}"))`,
  // A password by position: PowerShell and Python credentials, Node's auth: 'user:password'.
  (key) => `$pw = ConvertTo-SecureString '${key}' -AsPlainText -Force`,
  (key) => `Invoke-RestMethod -Uri $uri -Proxy http://proxy:3128 -ProxyCredential (New-Object PSCredential('alice', (ConvertTo-SecureString "${key}" -AsPlainText -Force)))`,
  (key) => `$cred = New-Object System.Net.NetworkCredential($user, '${key}')`,
  (key) => `requests.get(url, proxies=proxies, auth=HTTPProxyAuth('alice', '${key}'))`,
  (key) => `requests.get(url, auth=('alice', '${key}'))`,
  (key) => `const agent = new HttpsProxyAgent({ host: 'proxy', port: 3128, auth: 'alice:${key}' })`,
  // A key as the user name with an empty password, by position, as basic auth takes it.
  (key) => `requests.get(url, auth=HTTPBasicAuth('${key}', ''))`,
  (key) => `requests.get(url, auth=("${key}", ""))`,
  (key) => `https.get(url, { auth: '${key}:' })`,
  (key) => `https://user:${key}@x.test/swap/chains`,
  // A key as a URL's user name, with no password or an empty one, as many services take it.
  (key) => `https://${key}@x.test/swap/chains`,
  (key) => `curl 'https://${key}:@x.test/swap/chains'`,
  (key) => `curl -x ${key}@proxy.corp:3128 https://x.test/`,
  (key) => `SVC_API_KEY=${key} curl https://x.test/`,
  (key) => `export ZEROX_API_KEY="${key}"`,
  (key) => `const KEY = "${key}";\nfetch(url, { headers: { 'svc-version': 'v2' } })`,
  (key) => `const config = { svcApiKey: '${key}', chainId: 1 }`,
  (key) => `CLIENT_SECRET=${key} node swap.js`,
  (key) => `requests.get(url, headers={"svc-api-key": os.environ.get("SVC_API_KEY", "${key}"), "svc-version": "v2"})`,
  (key) => JSON.stringify({ log: { entries: [{ request: { headers: [{ name: 'svc-api-key', value: key }] } }] } }, null, 2),
  (key) => JSON.stringify({ log: { entries: [{ request: { headers: [{ value: key, name: '0x-api-key' }] } }] } }),
  (key) => JSON.stringify({ format: 'swap-explorer.history', entries: [{ requestHeaders: { 'SVC-API-KEY': key } }] }),
  // The key set by subscript: Python and PowerShell header dicts, axios defaults, a computed JS member.
  (key) => `headers["svc-api-key"] = "${key}"\nrequests.get(url, headers=headers)`,
  (key) => `$headers['svc-api-key'] = '${key}'\nInvoke-RestMethod -Uri $uri -Headers $headers`,
  (key) => `axios.defaults.headers.common['0x-api-key'] = '${key}';`,
  (key) => `axios.get(url, { headers: { ['svc-api-key']: '${key}' } })`,
  // The key in a variable whose name says nothing, or as an environment variable's default.
  (key) => `const k = '${key}';\nfetch(url, { headers: { 'svc-api-key': k, 'svc-version': 'v2' } })`,
  (key) => `$secret = "${key}"\nInvoke-RestMethod -Uri $uri -Headers @{ "svc-api-key" = $secret }`,
  (key) => `export ZX=${key}\ncurl -H "svc-api-key: $ZX" https://x.test/`,
  (key) => `$env:ZX = "${key}"\nInvoke-RestMethod -Uri $uri -Headers @{ "svc-api-key" = $env:ZX }`,
  (key) => `fetch(url, { headers: { 'svc-api-key': process.env.SVC_API_KEY || '${key}' } })`,
  (key) => `axios.get(url, { headers: { 'svc-api-key': import.meta.env.VITE_KEY ?? "${key}" } })`,
  (key) => `headers = {"svc-api-key": os.getenv("SVC_API_KEY", "${key}"), "svc-version": "v2"}`,
  (key) => `key = os.environ.get("ZEROX_API_KEY", '${key}')`,
];

const SESSION = 'sEsS10nV4lu3xYz';
const OTHER = 'oTh3rC00k1eQw';
const PRICE_URL = 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&buyToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&sellAmount=1000';

// Every paste form the box recognizes, carrying session cookies as customers paste them.
const COOKIE_FORMS: { kind: string; text: (session: string, other: string) => string }[] = [
  { kind: 'request', text: (a, b) => `curl '${PRICE_URL}' -H 'svc-version: v2' -H 'Cookie: session=${a}; other=${b}'` },
  { kind: 'request', text: (a, b) => `curl "${PRICE_URL}" -H "cookie: session=${a}; other=${b}"` },
  { kind: 'request', text: (a, b) => `curl '${PRICE_URL}' \\\n  -b 'session=${a}; other=${b}'` },
  { kind: 'request', text: (a, b) => `curl '${PRICE_URL}' --cookie "session=${a}; other=${b}"` },
  { kind: 'request', text: (a, b) => `curl '${PRICE_URL}' --cookie=session=${a} -b'other=${b}'` },
  { kind: 'request', text: (a, b) => `curl ^"${PRICE_URL}^" -H ^"Cookie: session=${a}; other=${b}^"` },
  { kind: 'request', text: (a, b) => `GET /swap/permit2/price?chainId=1 HTTP/1.1\r\nHost: api.example.com\r\nCookie: session=${a}; other=${b}\r\n\r\n` },
  { kind: 'request', text: (a, b) => `fetch('${PRICE_URL}', { headers: { 'svc-version': 'v2', Cookie: 'session=${a}; other=${b}' } })` },
  { kind: 'request', text: (a, b) => `fetch('${PRICE_URL}', {\n  headers: {\n    "Cookie": "session=${a}; other=${b}",\n  },\n})` },
  { kind: 'request', text: (a, b) => `const headers = new Headers();\nheaders.set('Cookie', \`session=${a}; other=${b}\`);\nfetch('${PRICE_URL}', { headers })` },
  { kind: 'request', text: (a, b) => `axios.get('${PRICE_URL}', { headers: { cookie: "session=${a}; other=${b}" } })` },
  {
    kind: 'history-file',
    text: (a, b) =>
      JSON.stringify(
        {
          log: {
            entries: [
              {
                request: { url: PRICE_URL, headers: [{ name: 'Cookie', value: `session=${a}; other=${b}` }], cookies: [{ name: 'session', value: a }, { value: b, name: 'other', path: '/' }] },
                response: { headers: [{ name: 'Set-Cookie', value: `session=${a}; Path=/; HttpOnly` }], cookies: [{ name: 'other', value: b, httpOnly: true }] },
              },
            ],
          },
        },
        null,
        2,
      ),
  },
  { kind: 'history-file', text: (a, b) => JSON.stringify({ format: 'swap-explorer.history', entries: [{ requestHeaders: { cookie: `session=${a}` }, responseHeaders: { 'set-cookie': `other=${b}; Secure` } }] }) },
  // A raw response is no request; its body explains the answer (rawResponseBody).
  { kind: 'body', text: (a, b) => `HTTP/1.1 200 OK\nContent-Type: application/json\nSet-Cookie: session=${a}; Path=/; HttpOnly\nset-cookie: other=${b}\n\n{"zid":"0x111111111111111111111111"}` },
];

describe('redactPaste on cookies', () => {
  it.each(COOKIE_FORMS.map((form, index) => [index, form.kind, form.text(SESSION, OTHER)] as const))('leaves no cookie value in form %i, recognized as %s', (_index, kind, text) => {
    const found = recognizePaste(text);
    expect(found.kind).toBe(kind);
    for (const value of [SESSION, OTHER]) {
      expect(redactPaste(text)).not.toContain(value);
      expect(JSON.stringify(found)).not.toContain(value);
    }
    expect(hasSecret(text)).toBe(true);
  });

  it('keeps the rest of a request so it parses and lints as without the cookie', () => {
    for (const form of COOKIE_FORMS.filter(({ kind }) => kind === 'request')) {
      const found = recognizePaste(form.text(SESSION, OTHER));
      const without = recognizePaste(form.text('', ''));
      if (found.kind !== 'request' || without.kind !== 'request') throw new Error(`not a request: ${form.text(SESSION, OTHER)}`);
      expect(found.request.path).toBe(without.request.path);
      expect(found.request.query).toEqual(without.request.query);
      expect(found.request.hadApiKey).toBe(false);
      expect(found.findings.map(({ code }) => code)).toEqual(without.findings.map(({ code }) => code));
    }
  });

  it('keeps a cookie file name and a cookie variable, which are no cookie values', () => {
    for (const text of [`curl -b cookies.txt ${PRICE_URL}`, `curl --cookie "$COOKIES" ${PRICE_URL}`, `curl -H 'Cookie: $COOKIE' ${PRICE_URL}`, `curl -c jar.txt ${PRICE_URL}`]) expect(redactPaste(text)).toBe(text);
  });
});

describe('redactPaste', () => {
  it.each(FORMS.map((form, index) => [index, form(KEY)]))('removes the key from form %i', (_index, text) => {
    const redacted = redactPaste(text);
    expect(redacted).not.toContain(KEY);
    expect(redacted).toContain('REDACTED');
    expect(hasSecret(text)).toBe(true);
  });

  it('keeps the code around a key a variable named key reads from the environment', () => {
    expect(redactPaste(`key = os.environ.get("ZEROX_API_KEY", '${KEY}')`)).toBe(`key = os.environ.get("ZEROX_API_KEY", 'REDACTED')`);
  });

  it('keeps placeholders and variable references, which are not keys', () => {
    for (const text of [
      `curl -H 'svc-api-key: <API_KEY>' https://x.test/`,
      `curl -H "svc-api-key: $SVC_API_KEY" https://x.test/`,
      `curl -H "svc-api-key: \${SVC_API_KEY}" https://x.test/`,
      `fetch(url, { headers: { '0x-api-key': process.env.ZEROX_API_KEY } })`,
      `curl -H 'svc-api-key: {{apiKey}}' https://x.test/`,
      `curl -H "Authorization: Bearer $TOKEN" https://x.test/`,
    ]) expect(redactPaste(text)).toBe(text);
  });

  it('reads a long paste of hyphenated words in one pass (a URL scheme is a few letters, not the whole run)', () => {
    // 400 KB of "a-a-a-…": with an unbounded scheme pattern each word scanned to the end of the run
    // for "://", 70 s here, the paste box frozen. In one pass it takes tens of ms; the bound is a
    // hundred times that, so a slow machine passes and the quadratic scan cannot (a synchronous
    // call is never cut short by the test's time-out, so the time is asserted).
    const text = `${'a-'.repeat(200_000)} https://user:${KEY}@x.test/`;
    const started = process.hrtime.bigint();
    expect(redactPaste(text)).toBe(`${'a-'.repeat(200_000)} https://REDACTED:REDACTED@x.test/`);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(5_000);
  });

  it('leaves text without a key byte for byte', () => {
    const text = `curl -H 'svc-version: v2' 'https://x.test/swap/chains?chainId=1&keyword=x'\n0x111111111111111111111111`;
    expect(redactPaste(text)).toBe(text);
  });

  it('never leaves a generated key in any form, nor in what recognizePaste returns', () => {
    const key = fc.stringMatching(/^[A-Za-z0-9_-]{12,64}$/).filter((value) => !'REDACTED'.includes(value) && !/^[-_]/.test(value));
    fc.assert(
      fc.property(key, fc.integer({ min: 0, max: FORMS.length - 1 }), (generated, index) => {
        const text = FORMS[index]!(generated);
        expect(redactPaste(text)).not.toContain(generated);
        expect(JSON.stringify(recognizePaste(text))).not.toContain(generated);
      }),
      { numRuns: 400 },
    );
  });

  it('knows the names that carry a secret', () => {
    for (const name of ['svc-api-key', '0x-api-key', 'X-API-KEY', 'apikey', 'api_key', 'apiKey', 'SVC_API_KEY', 'svcApiKey', 'zeroXApiKey', 'KEY', 'key', 'client_secret', 'apiSecret', 'Authorization', 'access_token', 'password', 'proxyPassword', 'PROXY_PASSWORD', 'passwd']) expect(isSecretName(name)).toBe(true);
    for (const name of ['svc-version', 'keyword', 'keys', 'chainId', 'taker', 'monkey', 'token', 'sellToken', 'secretary', 'apiKeyHeader']) expect(isSecretName(name)).toBe(false);
  });
});

describe('redactPaste: a key written again in free text', () => {
  it('redacts every other occurrence of a key found in a credential position: a comment, an echo, a second command, a HAR comment', () => {
    const pastes = [
      `# my key is ${KEY}\ncurl -H 'svc-api-key: ${KEY}' 'https://api.example.com/swap/permit2/price?chainId=1'`,
      `export K=x\necho "${KEY}"\ncurl -H 'svc-api-key: ${KEY}' https://api.example.com/swap/permit2/price`,
      `curl -H 'Authorization: Bearer ${KEY}' https://api.example.com/a\ncurl https://api.example.com/b --data ${KEY}`,
      `curl 'https://api.example.com/swap/permit2/price?chainId=1&apiKey=${KEY}'\n// the key ${encodeURIComponent(KEY)} from the dashboard`,
      JSON.stringify({ log: { comment: `sent with ${KEY}`, entries: [{ request: { headers: [{ name: 'svc-api-key', value: KEY }] } }] } }),
    ];
    for (const paste of pastes) {
      const redacted = redactPaste(paste);
      expect(redacted, paste).not.toContain(KEY);
      expect(recognizePaste(paste).redactedText, paste).not.toContain(KEY);
    }
    expect(redactPaste(`# key ${KEY}\ncurl -H 'svc-api-key: ${KEY}' https://a.example`)).toBe("# key REDACTED\ncurl -H 'svc-api-key: REDACTED' https://a.example");
  });

  it(`leaves a value shorter than ${MIN_ECHOED_SECRET_LENGTH} characters where it is not in a credential position: a short one is no key, and is a common word`, () => {
    const paste = "curl -H 'key: dark' -H 'theme: dark' https://api.example.com/swap/permit2/price # dark mode";
    expect(redactPaste(paste)).toBe("curl -H 'key: REDACTED' -H 'theme: dark' https://api.example.com/swap/permit2/price # dark mode");
  });
});

describe("redactPaste: a URL's user name", () => {
  it('redacts the user name of a URL always, with or without a password, and wherever else the paste repeats it', () => {
    expect(redactPaste(`curl https://${KEY}@api.example.com/swap/chains # key ${KEY}`)).toBe('curl https://REDACTED@api.example.com/swap/chains # key REDACTED');
    expect(redactPaste(`https://${KEY}:@api.example.com/swap/chains`)).toBe('https://REDACTED:@api.example.com/swap/chains');
    expect(redactPaste(`https://alice:${KEY}@api.example.com/`)).toBe('https://REDACTED:REDACTED@api.example.com/');
    expect(redactPaste(`curl -x ${KEY}@proxy.corp:3128 https://x.test/\necho ${KEY}`)).toBe('curl -x REDACTED@proxy.corp:3128 https://x.test/\necho REDACTED');
  });

  it('keeps a placeholder user name, and an @ after the host, which is no user name', () => {
    for (const text of ['curl https://$API_KEY@api.example.com/swap/chains', 'https://x.test/swap/chains?note=a@b.example', 'http://proxy.corp:3128/a@b']) expect(redactPaste(text)).toBe(text);
  });

  it("redacts a literal user name given by position or in Node's auth as well, and keeps a variable", () => {
    expect(redactPaste(`requests.get(url, auth=HTTPBasicAuth('${KEY}', ''))`)).toBe("requests.get(url, auth=HTTPBasicAuth('REDACTED', ''))");
    expect(redactPaste(`https.get(url, { auth: '${KEY}:' })`)).toBe("https.get(url, { auth: 'REDACTED:' })");
    expect(redactPaste(`https.get(url, { auth: 'alice:${KEY}' })`)).toBe("https.get(url, { auth: 'REDACTED:REDACTED' })");
    expect(redactPaste(`$cred = New-Object System.Net.NetworkCredential($user, '${KEY}')`)).toBe("$cred = New-Object System.Net.NetworkCredential($user, 'REDACTED')");
    expect(redactPaste(`requests.get(url, auth=(user, '${KEY}'))`)).toBe("requests.get(url, auth=(user, 'REDACTED'))");
  });
});

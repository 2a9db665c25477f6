import { describe, expect, it } from 'vitest';
import { recognizePaste } from './recognize.ts';
import { parsePowerShell, parsePython } from './parse-script.ts';

// Customers who are not JavaScript developers send their Python or PowerShell call; each form
// below was "Not recognised", a dead end, before these parsers.

const KEY = 'Zx9_live_abcdefABCDEF0123';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const BASE = 'https://api.example.com';
const PATH = '/swap/allowance-holder/price';
const QUERY = { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '100000000' };
const expected = { method: 'GET', scheme: 'https', host: 'api.example.com', path: PATH, query: QUERY, headers: { 'svc-api-key': 'REDACTED', 'svc-version': 'v2' }, hadApiKey: true };

describe('parsePython', () => {
  it.each([
    ['inline dicts', `import requests\nr = requests.get("${BASE}${PATH}", params={"chainId": 1, "sellToken": "${USDC}", "buyToken": "${WETH}", "sellAmount": "100000000"}, headers={"svc-api-key": "${KEY}", "svc-version": "v2"})`],
    [
      'variables and an f-string URL',
      `BASE = "${BASE}"\nurl = f"{BASE}${PATH}"\nparams = {\n    'chainId': 1,\n    'sellToken': '${USDC}',\n    'buyToken': '${WETH}',\n    'sellAmount': 100_000_000,\n}\nheaders = {'svc-api-key': '${KEY}', 'svc-version': 'v2'}\nresponse = requests.get(url, params=params, headers=headers, timeout=10)\nprint(response.json())`,
    ],
    ['requests.request with the query in the URL', `resp = requests.request("GET", "${BASE}${PATH}?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000", headers={"svc-api-key": "${KEY}", "svc-version": "v2"})`],
    ['httpx', `async with httpx.AsyncClient() as c:\n    r = await httpx.get("${BASE}${PATH}", params=dict(), headers={"svc-api-key": "${KEY}", "svc-version": "v2"})\n# params: chainId=1\n`.replace('params=dict()', `params={"chainId": "1", "sellToken": "${USDC}", "buyToken": "${WETH}", "sellAmount": "100000000"}`)],
  ])('reads %s', (_, text) => {
    const parsed = recognizePaste(text);
    expect(parsed).toMatchObject({ kind: 'request', request: { source: 'python', ...expected } });
    expect(JSON.stringify(parsed)).not.toContain(KEY);
  });

  it('reads a POST with a json= dict as the parameters meant, METHOD_NOT_GET its one finding', () => {
    const parsed = recognizePaste(`r = requests.post("${BASE}${PATH}", json={"chainId": 1, "sellToken": "${USDC}", "buyToken": "${WETH}", "sellAmount": "100000000"}, headers={"svc-api-key": "${KEY}", "svc-version": "v2"})`);
    expect(parsed).toMatchObject({ kind: 'request', request: { source: 'python', ...expected, method: 'POST' }, findings: [{ code: 'METHOD_NOT_GET' }], corrected: { params: QUERY } });
  });

  it('answers null for a script without a requests call', () => {
    expect(parsePython(`print("${BASE}${PATH}")`)).toBeNull();
  });
});

describe('parsePowerShell', () => {
  it.each([
    ['-Uri and an inline -Headers hashtable', `Invoke-RestMethod -Uri "${BASE}${PATH}?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000" -Headers @{ "svc-api-key" = "${KEY}"; "svc-version" = "v2" } -Method Get`],
    [
      'variables, backtick continuations and a GET -Body',
      `$headers = @{\n  "svc-api-key" = "${KEY}"\n  "svc-version" = "v2"\n}\n$body = @{ chainId = 1; sellToken = "${USDC}"; buyToken = "${WETH}"; sellAmount = "100000000" }\n$uri = "${BASE}${PATH}"\nInvoke-WebRequest -Uri $uri \`\n  -Method GET \`\n  -Headers $headers \`\n  -Body $body`,
    ],
    ['headers added one by one, the URI positional', `$h = @{}\n$h.Add("svc-api-key", "${KEY}")\n$h["svc-version"] = "v2"\nirm "${BASE}${PATH}?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000" -Headers $h`],
  ])('reads %s', (_, text) => {
    const parsed = recognizePaste(text);
    expect(parsed).toMatchObject({ kind: 'request', request: { source: 'powershell', ...expected } });
    expect(JSON.stringify(parsed)).not.toContain(KEY);
  });

  it('answers null without Invoke-RestMethod or Invoke-WebRequest', () => {
    expect(parsePowerShell(`Write-Host "${BASE}${PATH}"`)).toBeNull();
  });
});

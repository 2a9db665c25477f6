import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../spec/index.ts';
import { recognizePaste } from './recognize.ts';
import { isProblem } from './lint-request.ts';
import type { LintFinding } from './types.ts';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HEADERS = `-H 'svc-api-key: k3y_abcdefghijkl' -H 'svc-version: v2'`;
const V2 = `chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`;

function lint(text: string) {
  const recognized = recognizePaste(text);
  if (recognized.kind !== 'request') throw new Error(`expected a request, got ${recognized.kind}`);
  return recognized;
}

function curl(path: string, query: string, headers = HEADERS, base = 'https://api.example.com'): string {
  return `curl ${headers} '${base}${path}?${query}'`;
}

function only(findings: LintFinding[], code: string): LintFinding[] {
  return findings.filter((finding) => finding.code === code);
}

describe('lint: transport, path and host', () => {
  it('PLAIN_HTTP: plain http is corrected to https', () => {
    const { findings, corrected } = lint(curl('/swap/permit2/price', V2, HEADERS, 'http://api.example.com'));
    expect(only(findings, 'PLAIN_HTTP')).toHaveLength(1);
    expect(corrected!.url).toMatch(/^https:\/\/api\.example\.com\//);
  });

  it('METHOD_NOT_GET: a POST with the parameters as form data', () => {
    const { findings, corrected } = lint(`curl -X POST ${HEADERS} https://api.example.com/swap/permit2/price -d '${V2}'`);
    expect(only(findings, 'METHOD_NOT_GET')[0]!.fix).toMatch(/GET/);
    expect(corrected!.params.sellAmount).toBe('100000000');
  });

  it.each([
    ['-d with a JSON object', `curl -X POST ${HEADERS} -H 'Content-Type: application/json' https://api.example.com/swap/allowance-holder/price -d '{"chainId": 1, "sellToken": "${USDC}", "buyToken": "${WETH}", "sellAmount": "100000000", "excludedSources": ["Uniswap_V2", "Curve"]}'`],
    ["curl's --json", `curl ${HEADERS} --json '{"chainId":1,"sellToken":"${USDC}","buyToken":"${WETH}","sellAmount":"100000000","excludedSources":["Uniswap_V2","Curve"]}' https://api.example.com/swap/allowance-holder/price`],
    ['axios.post(url, data)', `await axios.post('https://api.example.com/swap/allowance-holder/price', {\n  chainId: 1,\n  sellToken: '${USDC}',\n  buyToken: '${WETH}',\n  sellAmount: '100000000',\n  excludedSources: 'Uniswap_V2,Curve',\n}, { headers: { 'svc-api-key': 'k3y_abcdefghijkl', 'svc-version': 'v2' } })`],
    ['fetch with a JSON.stringify body', `const payload = { chainId: 1, sellToken: '${USDC}', buyToken: '${WETH}', sellAmount: '100000000', excludedSources: 'Uniswap_V2,Curve' };\nfetch('https://api.example.com/swap/allowance-holder/price', { method: 'POST', headers: { 'svc-api-key': 'k3y_abcdefghijkl', 'svc-version': 'v2' }, body: JSON.stringify(payload) })`],
  ])('METHOD_NOT_GET: a POST of the parameters as JSON (%s) is corrected to a GET with them in the query', (_, text) => {
    const { request, findings, corrected } = lint(text);
    expect(request.method).toBe('POST');
    expect(findings.map((finding) => finding.code)).toEqual(['METHOD_NOT_GET']);
    expect(corrected!.params).toEqual({ chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '100000000', excludedSources: 'Uniswap_V2,Curve' });
  });

  it.each([
    ['inside the URL', `curl ${HEADERS} 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=${USDC}&buyTok`],
    ['inside a header', `curl 'https://api.example.com/swap/permit2/price?${V2}' -H "svc-api-key: k3y_abcdefghijkl" -H "svc-vers`],
  ])('CUT_SHORT: a paste that ends %s says it was cut short, before the findings the cut may cause', (_, text) => {
    const { findings, corrected } = lint(text);
    expect(findings[0]).toMatchObject({ code: 'CUT_SHORT', severity: 'warning', fix: expect.stringContaining('whole command') });
    expect(corrected!.remaining.map((finding) => finding.code)).toContain('CUT_SHORT');
  });

  it('CUT_SHORT: not for a whole command, nor one whose quotes close', () => {
    expect(only(lint(curl('/swap/permit2/price', V2)).findings, 'CUT_SHORT')).toEqual([]);
    expect(only(lint(`curl "https://api.example.com/swap/permit2/price?${V2}" -H 'svc-api-key: it'"'"'s' -H "svc-version: v2"`).findings, 'CUT_SHORT')).toEqual([]);
  });

  it('V1_PATH and CHAIN_MISSING: v1 on the main host meant Ethereum', () => {
    const { findings, corrected } = lint(curl('/swap/v1/price', `sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`, HEADERS, 'https://api.0x.org'));
    expect(only(findings, 'V1_PATH')[0]!.fix).toMatch(/\/swap\/allowance-holder\/price/);
    expect(only(findings, 'CHAIN_MISSING')[0]!.severity).toBe('warning');
    expect(corrected).toMatchObject({ endpoint: 'allowance-holder.price', params: { chainId: '1' } });
  });

  it('PER_CHAIN_HOST: the chain comes from the host and the base stays symbolic', () => {
    const { findings, corrected } = lint(curl('/swap/v1/quote', `sellToken=${USDC}&buyToken=${WETH}&sellAmount=1&takerAddress=${TAKER}`, HEADERS, 'https://polygon.api.0x.org'));
    expect(only(findings, 'PER_CHAIN_HOST')[0]!.fix).toMatch(/chainId=137/);
    expect(corrected!.params.chainId).toBe('137');
    expect(corrected!.url.startsWith('https://{base_url}/swap/allowance-holder/quote?chainId=137')).toBe(true);
  });

  it('PER_CHAIN_HOST: a chain the service no longer serves is named', () => {
    const { findings } = lint(curl('/swap/v1/price', V2, HEADERS, 'https://fantom.api.0x.org'));
    expect(only(findings, 'PER_CHAIN_HOST')[0]!.message).toMatch(/not served/);
  });

  it('UNKNOWN_PATH: a path with something before the service\'s own is corrected to the endpoint it ends with', () => {
    const proxied = lint(curl('/api/swap/permit2/price', V2));
    expect(only(proxied.findings, 'UNKNOWN_PATH')[0]!.fix).toMatch(/^use \/swap\/permit2\/price/);
    expect(proxied.corrected?.endpoint).toBe('permit2.price');
  });

  it('UNKNOWN_PATH: a guess for .../price, none for other paths', () => {
    const guessed = lint(curl('/swap/v3/price', V2));
    expect(only(guessed.findings, 'UNKNOWN_PATH')).toHaveLength(1);
    expect(guessed.corrected?.endpoint).toBe('allowance-holder.price');
    const lost = lint(curl('/orderbook/v1/orders', 'a=1'));
    expect(only(lost.findings, 'UNKNOWN_PATH')).toHaveLength(1);
    expect(lost.corrected).toBeNull();
  });
});

describe('lint: headers', () => {
  it('MISSING_KEY_HEADER: an error for a curl, an info note for a bare URL (which cannot show headers)', () => {
    expect(only(lint(curl('/swap/permit2/price', V2, `-H 'svc-version: v2'`)).findings, 'MISSING_KEY_HEADER')[0]!.severity).toBe('error');
    expect(only(lint(`https://api.example.com/swap/permit2/price?${V2}`).findings, 'MISSING_KEY_HEADER')[0]!.severity).toBe('info');
  });

  it('a correct v2 URL has only info notes (its headers), none that counts as a problem', () => {
    const { findings } = lint(`https://api.example.com/swap/permit2/price?${V2}`);
    expect(findings.map((finding) => `${finding.code}/${finding.severity}`).sort()).toEqual(['MISSING_KEY_HEADER/info', 'VERSION_HEADER/info']);
    expect(findings.filter(isProblem)).toEqual([]);
  });

  it('KEY_HEADER_NAME: the key under another name', () => {
    const { findings, corrected } = lint(curl('/swap/permit2/price', V2, `-H 'x-api-key: abcdefghijklmnop' -H 'svc-version: v2'`));
    expect(only(findings, 'KEY_HEADER_NAME')[0]!.field).toBe('x-api-key');
    expect(corrected!.headers['svc-api-key']).toBe('<API_KEY>');
  });

  it('KEY_IN_QUERY: the key in the URL is moved to the header and out of the params', () => {
    const { findings, corrected, request } = lint(`https://api.example.com/swap/permit2/price?${V2}&apikey=abcdefghijklmnop`);
    expect(request.query.apikey).toBe('REDACTED');
    expect(only(findings, 'KEY_IN_QUERY')).toHaveLength(1);
    expect(only(findings, 'MISSING_KEY_HEADER')).toHaveLength(0);
    expect(corrected!.params).not.toHaveProperty('apikey');
  });

  it('VERSION_HEADER: missing, v1, or under another name', () => {
    expect(only(lint(curl('/swap/permit2/price', V2, `-H 'svc-api-key: abcdefghijkl'`)).findings, 'VERSION_HEADER')[0]!.fix).toBe('send the header svc-version: v2');
    expect(only(lint(curl('/swap/permit2/price', V2, `-H 'svc-api-key: abcdefghijkl' -H 'svc-version: v1'`)).findings, 'VERSION_HEADER')[0]!.message).toMatch(/sunset/);
    expect(only(lint(curl('/swap/permit2/price', V2, `-H 'svc-api-key: abcdefghijkl' -H '0x-version: v2'`)).findings, 'VERSION_HEADER')[0]!.field).toBe('0x-version');
  });

  it('QUERY_IGNORED: a chain list answers whatever query it gets, so its parameters are notes and the correction drops them', () => {
    for (const path of ['/swap/chains', '/gasless/chains']) {
      const { findings, corrected } = lint(curl(path, '_=1700000000&chainId=999999&chainId=999999'));
      expect(findings.map((finding) => `${finding.code}/${finding.severity}/${finding.field}`), path).toEqual(['QUERY_IGNORED/info/_', 'QUERY_IGNORED/info/chainId']);
      expect(findings.filter(isProblem), path).toEqual([]);
      expect(corrected!.params, path).toEqual({});
      expect(corrected!.url, path).toBe(`https://api.example.com${path}`);
    }
    // A key put in the query is still the key-in-URL problem there.
    expect(only(lint(curl('/swap/chains', 'apikey=abcdefghijklmnop')).findings, 'KEY_IN_QUERY')).toHaveLength(1);
    // Everywhere else an unknown parameter stays the spec schema's error.
    expect(only(lint(curl('/swap/permit2/price', `${V2}&_=1`)).findings, 'INPUT_INVALID').map((finding) => finding.field)).toEqual(['_']);
  });

  it('asks no version of the endpoint that takes only the key', () => {
    expect(lint(curl('/solana/enabled-sources', '', `-H 'svc-api-key: abcdefghijkl'`)).findings).toEqual([]);
  });
});

describe('lint: parameters', () => {
  it('V1_PARAM: renamed names get their v2 name, removed ones are dropped', () => {
    const { findings, corrected } = lint(curl('/swap/allowance-holder/quote', `chainId=1&sellTokenAddress=${USDC}&buyTokenAddress=${WETH}&sellAmount=5&takerAddress=${TAKER}&skipValidation=true&intentOnFilling=true&affiliateAddress=${TAKER}&enableSlippageProtection=false`));
    const v1 = only(findings, 'V1_PARAM');
    expect(v1.map((finding) => finding.field).sort()).toEqual(['affiliateAddress', 'buyTokenAddress', 'enableSlippageProtection', 'intentOnFilling', 'sellTokenAddress', 'skipValidation', 'takerAddress']);
    expect(v1.find((finding) => finding.field === 'skipValidation')!.severity).toBe('warning');
    expect(corrected!.params).toEqual({ chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '5', taker: TAKER });
    expect(corrected!.remaining).toEqual([]);
  });

  it('UNIT_CHANGE: slippagePercentage 0.01 is slippageBps 100; buyTokenPercentageFee 0.015 is swapFeeBps 150 in the buy token', () => {
    const { findings, corrected } = lint(curl('/swap/allowance-holder/price', `${V2}&slippagePercentage=0.01&buyTokenPercentageFee=0.015&feeRecipient=${TAKER}`));
    expect(only(findings, 'UNIT_CHANGE').map((finding) => finding.fix)).toEqual([expect.stringMatching(/slippageBps=100\b/), expect.stringMatching(/swapFeeBps=150\b/)]);
    expect(corrected!.params).toMatchObject({ slippageBps: '100', swapFeeBps: '150', swapFeeRecipient: TAKER, swapFeeToken: WETH });
    expect(corrected!.remaining).toEqual([]);
  });

  it('UNIT_CHANGE: a value that is not a plain fraction stays to be fixed by hand', () => {
    const { corrected } = lint(curl('/swap/allowance-holder/price', `${V2}&slippagePercentage=1%25`));
    expect(corrected!.remaining.map((finding) => finding.code)).toEqual(['UNIT_CHANGE']);
  });

  it('CHAIN_NAME: a name gets its number; an unknown name stays', () => {
    const known = lint(curl('/swap/permit2/price', `chainId=arbitrum&sellToken=USDC&buyToken=WETH&sellAmount=1000000`));
    expect(only(known.findings, 'CHAIN_NAME')[0]!.fix).toBe('use chainId=42161');
    expect(known.corrected!.params).toMatchObject({ chainId: '42161', sellToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' });
    const unknown = lint(curl('/swap/permit2/price', `chainId=narnia&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1`));
    expect(unknown.corrected!.remaining.map((finding) => finding.code)).toContain('CHAIN_NAME');
  });

  it('SYMBOL_NOT_ADDRESS: ETH is the native-asset address; an unknown symbol stays', () => {
    const { findings, corrected } = lint(curl('/swap/allowance-holder/price', `chainId=1&sellToken=ETH&buyToken=PEPE&sellAmount=1000000000000000000`));
    expect(only(findings, 'SYMBOL_NOT_ADDRESS')[0]!.fix).toMatch(/0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE/);
    expect(corrected!.params.sellToken).toBe('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE');
    expect(corrected!.remaining).toEqual([expect.objectContaining({ code: 'SYMBOL_NOT_ADDRESS', field: 'buyToken' })]);
  });

  it('AMOUNT_BOTH_OR_NEITHER: both keeps sellAmount; neither is left to the user', () => {
    const both = lint(curl('/swap/allowance-holder/price', `${V2}&buyAmount=5`));
    expect(only(both.findings, 'AMOUNT_BOTH_OR_NEITHER')).toHaveLength(1);
    expect(both.corrected!.params).not.toHaveProperty('buyAmount');
    const neither = lint(curl('/swap/allowance-holder/price', `chainId=1&sellToken=${USDC}&buyToken=${WETH}`));
    expect(neither.corrected!.remaining.map((finding) => finding.code)).toEqual(['AMOUNT_BOTH_OR_NEITHER']);
  });

  it('PARAM_NOT_ACCEPTED: buyAmount on Permit2 moves to Allowance Holder; slippagePpm becomes slippageBps; wrapUnwrapMode is dropped', () => {
    const exactOut = lint(curl('/swap/permit2/price', `chainId=1&sellToken=${USDC}&buyToken=${WETH}&buyAmount=1000&slippagePpm=5000&wrapUnwrapMode=direct`));
    expect(only(exactOut.findings, 'PARAM_NOT_ACCEPTED').map((finding) => finding.field)).toEqual(['buyAmount']);
    expect(exactOut.corrected!.endpoint).toBe('allowance-holder.price');
    const permit2 = lint(curl('/swap/permit2/quote', `${V2}&taker=${TAKER}&slippagePpm=5000&wrapUnwrapMode=direct`));
    expect(only(permit2.findings, 'PARAM_NOT_ACCEPTED').map((finding) => finding.field)).toEqual(['slippagePpm', 'wrapUnwrapMode']);
    expect(permit2.corrected!.params).toMatchObject({ slippageBps: '50' });
    expect(permit2.corrected!.params).not.toHaveProperty('wrapUnwrapMode');
  });

  it('PARAM_NOT_ACCEPTED: a slippagePpm that is no whole Bps on Permit2 says the corrected request falls back to the default 100 Bps', () => {
    const { findings, corrected } = lint(curl('/swap/permit2/price', `${V2}&slippagePpm=30`));
    expect(corrected!.params).not.toHaveProperty('slippagePpm');
    expect(corrected!.params).not.toHaveProperty('slippageBps');
    expect(only(findings, 'PARAM_NOT_ACCEPTED').map((finding) => finding.fix)).toEqual([
      "use slippageBps: 30 ppm is 0.3 Bps, which whole Bps cannot say; the corrected request leaves slippage out, so the service's default of 100 Bps applies: add slippageBps=0 or 1 to keep it close",
    ]);
  });

  it('PARAM_NOT_ACCEPTED: slippagePpm beside slippageBps on Permit2 is removed, and the fix names the slippageBps kept', () => {
    const { findings, corrected } = lint(curl('/swap/permit2/price', `${V2}&slippageBps=30&slippagePpm=5000`));
    expect(corrected!.params).toMatchObject({ slippageBps: '30' });
    expect(corrected!.params).not.toHaveProperty('slippagePpm');
    expect(only(findings, 'PARAM_NOT_ACCEPTED').map((finding) => finding.fix)).toEqual(['remove slippagePpm (slippageBps=30 is kept)']);
  });

  it('INPUT_INVALID: the spec schema\'s own reasons for what is still wrong', () => {
    const { findings, corrected } = lint(curl('/swap/allowance-holder/quote', `${V2}&slippageBps=20000&colour=blue`));
    const invalid = only(findings, 'INPUT_INVALID');
    expect(invalid.map((finding) => finding.field).sort()).toEqual(['colour', 'slippageBps', 'taker']);
    expect(corrected!.remaining).toEqual(invalid);
  });

  it('INPUT_INVALID: each fix reads as a sentence, a list item\'s with "its"', () => {
    const fees = `&swapFeeRecipient=${TAKER}&swapFeeBps=10&swapFeeToken=${TAKER}&slippageBps=20000`;
    const fixes = only(lint(curl('/swap/allowance-holder/price', `${V2}${fees}`)).findings, 'INPUT_INVALID').map((finding) => finding.fix);
    expect(fixes).toContain('correct swapFeeToken: its item 1 must equal buyToken or sellToken');
    expect(fixes).toContain('correct slippageBps: it must be between 0 and 10000');
    expect(fixes.join('\n')).not.toMatch(/\bit item\b/);
  });

  it('INPUT_INVALID: a parameter named __proto__ is reported and kept in the corrected URL, not dropped', () => {
    const { findings, corrected } = lint(curl('/swap/allowance-holder/price', `${V2}&__proto__=1`));
    expect(only(findings, 'INPUT_INVALID').map((finding) => finding.field)).toEqual(['__proto__']);
    expect(Object.hasOwn(corrected!.params, '__proto__')).toBe(true);
    expect(new URL(corrected!.url).searchParams.get('__proto__')).toBe('1');
  });

  it('every corrected request without remaining findings passes the endpoint schema', () => {
    const texts = [
      curl('/swap/v1/quote', `sellToken=ETH&buyToken=USDC&sellAmount=1&takerAddress=${TAKER}&slippagePercentage=0.005`, `-H '0x-api-key: abcdefghijklmn'`, 'https://base.api.0x.org'),
      `https://api.0x.org/swap/v1/price?sellToken=DAI&buyToken=WETH&sellAmount=1000&buyTokenPercentageFee=0.01&feeRecipient=${TAKER}`,
    ];
    for (const text of texts) {
      const { corrected } = lint(text);
      expect(corrected!.remaining).toEqual([]);
      expect(ENDPOINTS[corrected!.endpoint].query.safeParse(corrected!.params).success).toBe(true);
    }
  });
});

describe('lint: amounts not in base units', () => {
  it('AMOUNT_NOT_BASE_UNITS: a decimal amount is read in its token\'s units on the request\'s chain, and the corrected request carries its base units', () => {
    // The schema's reason alone ('must be a whole number of base units') left the engineer to work them out.
    const eth = lint(`https://api.example.com/swap/allowance-holder/quote?chainId=1&sellToken=ETH&buyToken=USDC&sellAmount=1.5&taker=${TAKER}`);
    expect(only(eth.findings, 'AMOUNT_NOT_BASE_UNITS')).toEqual([expect.objectContaining({ field: 'sellAmount', fix: 'use sellAmount=1500000000000000000 (1.5 ETH)' })]);
    expect(only(eth.findings, 'INPUT_INVALID')).toEqual([]);
    expect(eth.corrected!.params.sellAmount).toBe('1500000000000000000');
    expect(eth.corrected!.remaining).toEqual([]);
    // USDC has 18 decimals on BSC: the chain's own token list, not Ethereum's 6.
    const bsc = lint(curl('/swap/allowance-holder/price', 'chainId=56&sellToken=0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d&buyToken=0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c&buyAmount=0.25'));
    expect(only(bsc.findings, 'AMOUNT_NOT_BASE_UNITS')[0]!.fix).toBe('use buyAmount=250000000000000000 (0.25 WBNB)');
    expect(only(lint(curl('/swap/permit2/price', `chainId=56&sellToken=0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d&buyToken=0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c&sellAmount=2.5`)).findings, 'AMOUNT_NOT_BASE_UNITS')[0]!.fix).toBe('use sellAmount=2500000000000000000 (2.5 USDC)');
  });

  it('AMOUNT_NOT_BASE_UNITS: a decimal amount of a token the app does not list, or with more decimals than its token has, is left to fix by hand, saying why', () => {
    const unknown = lint(curl('/swap/permit2/price', `chainId=1&sellToken=0x1111111111111111111111111111111111111111&buyToken=${WETH}&sellAmount=1.5`));
    expect(unknown.corrected!.remaining).toEqual([expect.objectContaining({ code: 'AMOUNT_NOT_BASE_UNITS', field: 'sellAmount', message: expect.stringContaining('does not have 0x1111111111111111111111111111111111111111') })]);
    const tooFine = lint(curl('/swap/permit2/price', `chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1.1234567`));
    expect(tooFine.corrected!.remaining).toEqual([expect.objectContaining({ code: 'AMOUNT_NOT_BASE_UNITS', message: expect.stringContaining('has 7 decimals; this token has 6'), fix: 'give sellAmount in base units of USDC (6 decimals)' })]);
  });

  it("AMOUNT_NOT_BASE_UNITS: an exponent (JavaScript's String(1000 * 10 ** 18)) is written out in plain digits, its + read as a URL reads it", () => {
    for (const written of ['1e+21', '1e%2B21', '1E21']) {
      const { findings, corrected } = lint(curl('/swap/permit2/price', `chainId=1&sellToken=${WETH}&buyToken=${USDC}&sellAmount=${written}`));
      expect(only(findings, 'AMOUNT_NOT_BASE_UNITS'), written).toEqual([expect.objectContaining({ message: expect.stringMatching(/^sellAmount=1e\+?21 is written with an exponent/i), fix: 'use sellAmount=1000000000000000000000 (1,000 WETH)' })]);
      expect(corrected!.params.sellAmount).toBe('1000000000000000000000');
      expect(corrected!.remaining).toEqual([]);
    }
  });
});

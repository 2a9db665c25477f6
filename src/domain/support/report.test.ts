import { describe, expect, it } from 'vitest';
import { diffJson } from '../json-diff.ts';
import { sampleEntry } from '../test-fixtures.ts';
import { permit2PriceBody } from '../../spec/test-fixtures.ts';
import { Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { checkTypedDataHash } from '../permit2-explainer.ts';
import type { Eip712 } from '../../spec/index.ts';
import { recognizePaste } from './recognize.ts';
import { buildSupportReportHtml, reportApiKeyHeader } from './report.ts';
import type { Recognized } from './types.ts';

const CANARY = 'CANARYk3y0123456789abcdef';

// The canary in every input the report reads, in every key position a customer or a service could use.
function hostileInput() {
  const original = sampleEntry({
    url: `https://api.example.test/swap/permit2/price?chainId=1&sellAmount=100000000&apikey=${CANARY}&svc-api-key=${CANARY}`,
    requestHeaders: { 'svc-api-key': CANARY, 'X-Api-Key': CANARY, Authorization: `Bearer ${CANARY}`, 'my-profile-key': CANARY, 'svc-version': 'v2' },
    query: { chainId: '1', apikey: CANARY, sellAmount: '100000000' },
    responseHeaders: { 'content-type': 'application/json', 'x-echo-api-key': CANARY },
    bodyText: JSON.stringify({ name: 'INPUT_INVALID', message: `<script>alert(1)</script> bad svc-api-key: ${CANARY}`, data: { zid: '0x111111111111111111111111', details: [{ field: `<img src=x onerror=alert(1)>`, reason: `api_key=${CANARY}` }] } }),
  });
  const replay = sampleEntry({ requestHeaders: { 'svc-api-key': CANARY }, zid: '0x222222222222222222222222' });
  const recognized = recognizePaste(`curl -H '0x-api-key: ${CANARY}' -H "Authorization: Bearer ${CANARY}" 'http://base.api.0x.org/swap/v1/quote?sellToken=ETH&buyToken=USDC&sellAmount=1&takerAddress=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&apikey=${CANARY}'`);
  // A hand-made result carrying the canary, as a careless caller might build one.
  const careless: Recognized = { kind: 'unknown', reason: `svc-api-key: ${CANARY}`, redactedText: `curl -H 'svc-api-key: ${CANARY}'` };
  const diff = diffJson({ headers: { 'svc-api-key': 'a' }, buyAmount: '1' }, { headers: { 'svc-api-key': CANARY }, buyAmount: '2', note: `"svc-api-key": "${CANARY}"` });
  return { original, replay, recognized, careless, diff };
}

const USDC_ADDRESS = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('buildSupportReportHtml', () => {
  const input = hostileInput();
  const reports = [
    buildSupportReportHtml({ entries: [input.original, input.replay], recognized: input.recognized, diff: input.diff, diffSides: { before: '#1', after: '#2', isReplay: true }, generatedAt: '2026-11-23T18:00:00Z', appVersion: '0.1.0', apiKeyHeader: 'my-profile-key' }),
    buildSupportReportHtml({ entries: [input.original], recognized: input.careless, generatedAt: '2026-11-23T18:00:00Z', appVersion: '0.1.0', apiKeyHeader: 'my-profile-key' }),
  ];

  it('never contains the key, whichever input carried it', () => {
    for (const html of reports) {
      expect(html).not.toContain(CANARY);
      expect(html).toContain('REDACTED');
    }
  });

  // Every tag of the file: text is escaped, so any '<' left starts a tag the report wrote.
  const tags = (html: string) => html.match(/<[^>]*>/g) ?? [];

  it('runs nothing: no script element, no event handler, no javascript: URL, a CSP that forbids scripts', () => {
    for (const html of reports) {
      expect(html).not.toMatch(/<script/i);
      for (const tag of tags(html)) expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'`);
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    }
  });

  it('loads nothing from outside: no src, href, url() or @import pointing anywhere', () => {
    for (const html of reports) {
      for (const tag of tags(html)) expect(tag).not.toMatch(/\s(?:src|href|action|srcset|poster|data|xlink:href)\s*=/i);
      expect(html).not.toMatch(/url\(|@import/i);
      expect(html).not.toMatch(/<(?:link|img|iframe|object|embed|base|form|meta http-equiv="refresh")/i);
    }
  });

  it('holds the request as sent, the response, the explanation, the findings, the corrected request and the diff', () => {
    const html = reports[0]!;
    expect(html).toContain('Request 1: 200 OK');
    expect(html).toContain('Explanation: INPUT_INVALID');
    expect(html.indexOf('Explanation: INPUT_INVALID')).toBeLessThan(html.indexOf('<h3>Response body</h3>'));
    // The service's own message, under the name, escaped and with the key it echoed redacted.
    expect(html).toContain('<p><strong>Message.</strong> &#60;script&#62;alert(1)&#60;/script&#62; bad svc-api-key: REDACTED</p>');
    // Severity and code are kept whole; the message and fix break where they must.
    expect(html).toMatch(/<td class="whole">error<\/td><td class="whole">V1_PATH<\/td>/);
    expect(html).toContain('PLAIN_HTTP');
    expect(html).toContain('Corrected v2 request');
    // The corrected request shows where the key goes: the placeholder is no secret.
    expect(html).toContain('<th scope="row">svc-api-key</th><td>&#60;API_KEY&#62;</td>');
    expect(html).toContain('GET https://{base_url}/swap/allowance-holder/quote?<wbr>chainId=8453');
    expect(html).toContain('Differences (original #1 → replay #2)');
    expect(html).toMatch(/<td class="path">\$\.buyAmount<\/td><td class="whole">changed<\/td><td>1<\/td><td>2<\/td><td class="whole">\+10,000.00 bps/);
  });

  it("lays out what a quote answered, its calldata's checks and steps included", () => {
    const answered = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', taker: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }, { nowMs: FIXED_NOW });
    if (!answered.ok) throw new Error(answered.message);
    const body = answered.body as { zid: string };
    // Answered at the quote's own time: its 5-minute deadline reads against it.
    const entry = sampleEntry({ url: 'https://api.example.test/swap/permit2/quote?chainId=1', query: { chainId: '1' }, bodyText: JSON.stringify(body), zid: body.zid, startedAt: new Date(FIXED_NOW).toISOString(), durationMs: 0 });
    const html = buildSupportReportHtml({ entries: [entry], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<caption>What the answer says</caption>');
    // What the taker signs, as History's EIP-712 table reads it.
    expect(html).toMatch(/<td>permit2 hash<\/td><td><span class="hex long" tabindex="0">0x[0-9a-f]{64}<\/span>, the hash of the typed data \(recomputed\)<\/td>/);
    expect(html).toMatch(/<td>signs deadline<\/td><td>\d+ = 2026-01-15T12:05:00Z \(5 min after the answer\)<\/td>/);
    expect(html).toContain(`<td>calldata zid</td><td><span class="hex">${body.zid}</span>, the same as the body&#39;s zid</td>`);
    expect(html).toMatch(/<td>action 1<\/td><td>pull 1,000 USDC \(1000000000 base units\) from the taker to <span class="hex">0x[0-9a-f]{40}<\/span>/);
    // What the answer says comes before the evidence: the headers and the body as received.
    const section = html.slice(html.indexOf('<h2>Request 1'));
    expect(section.indexOf('What the answer says')).toBeLessThan(section.indexOf('Request headers (as sent'));
    expect(section.indexOf('Request headers (as sent')).toBeLessThan(section.indexOf('<h3>Response body</h3>'));
  });

  it("sets a quote's permit against its request's chain and its calldata's permit, naming both values where they differ", () => {
    const answered = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', taker: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }, { nowMs: FIXED_NOW });
    if (!answered.ok) throw new Error(answered.message);
    const body = answered.body as { zid: string; permit2: { hash: string; eip712: Eip712 } };
    const report = (answer: object) => {
      const entry = sampleEntry({ url: 'https://api.example.test/swap/permit2/quote?chainId=1', query: { chainId: '1' }, bodyText: JSON.stringify(answer), zid: body.zid, startedAt: new Date(FIXED_NOW).toISOString(), durationMs: 0 });
      return buildSupportReportHtml({ entries: [entry], generatedAt: 'now', appVersion: '0.1.0' });
    };
    const plain = report(body);
    expect(plain).toContain('<td>permit2 chain</td><td>Signed for the request&#39;s chainId, Ethereum (1) (domain.chainId 1)</td>');
    expect(plain).toContain('<td>permit2 in calldata</td><td>The calldata&#39;s permit (transaction.data) is the one signed: its token, amount, nonce and deadline are the message&#39;s</td>');
    // Signed for Base and a later deadline, hashed again: the hash matches, the chain and the calldata do not.
    const deadline = String(body.permit2.eip712.message.deadline);
    const eip712 = { ...body.permit2.eip712, domain: { ...body.permit2.eip712.domain, chainId: 8453 }, message: { ...body.permit2.eip712.message, deadline: String(BigInt(deadline) + 600n) } };
    const moved = report({ ...body, permit2: { ...body.permit2, eip712, hash: checkTypedDataHash(eip712, null).computed } });
    expect(moved).toContain('<td>permit2 chain</td><td>Signed for chain Base (8453), NOT the request&#39;s chainId Ethereum (1) (domain.chainId): the signature would be good on that chain, not for this trade</td>');
    expect(moved).toContain(`<td>permit2 in calldata</td><td>The calldata&#39;s permit (transaction.data) is NOT the one signed: message.deadline ${BigInt(deadline) + 600n}, NOT the calldata&#39;s ${deadline}. Permit2 would reject the signature and the swap would revert</td>`);
  });

  it('lists an integrator fee sent in both integratorFee and integratorFees once', () => {
    const answered = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', swapFeeRecipient: '0x1111111111111111111111111111111111111111', swapFeeBps: '25' }, { nowMs: FIXED_NOW });
    if (!answered.ok) throw new Error(answered.message);
    const body = answered.body as { zid: string; fees: { integratorFee: unknown; integratorFees: unknown[] } };
    expect(body.fees.integratorFees).toEqual([body.fees.integratorFee]);
    const entry = sampleEntry({ url: 'https://api.example.test/swap/allowance-holder/price?chainId=1', query: { chainId: '1' }, bodyText: JSON.stringify(body), zid: body.zid });
    const html = buildSupportReportHtml({ entries: [entry], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html.match(/<td>integrator fee<\/td><td>2\.5 USDC \(2500000 base units\), volume<\/td>/g)).toHaveLength(1);
  });

  it("says what no reported issue means from the entry's own request, as explain does", () => {
    const taker = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const bodyText = JSON.stringify({ ...permit2PriceBody(), issues: { allowance: null, balance: null, simulationIncomplete: false, invalidSourcesPassed: [] } });
    const withTaker = sampleEntry({ url: `https://api.example.test/swap/permit2/price?chainId=1&sellAmount=100000000&taker=${taker}`, query: { chainId: '1', sellAmount: '100000000', taker }, bodyText });
    expect(buildSupportReportHtml({ entries: [withTaker], generatedAt: 'now', appVersion: '0.1.0' })).toContain(`<td>issues</td><td>none reported for taker <span class="hex">${taker}</span></td>`);
    const html = buildSupportReportHtml({ entries: [sampleEntry({ bodyText })], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<td>issues</td><td>not checked: the service checks allowance and balance only for a taker, and this request sent none</td>');
  });

  it("reads an entry's query on its chain, where a refused request has no answer to say what it asked", () => {
    // The customer's 1000 base units of USDC, refused for its symbol buy token: a thousandth of a USDC.
    const refused = sampleEntry({
      url: `https://api.example.test/swap/allowance-holder/price?chainId=1&sellToken=${USDC_ADDRESS}&buyToken=WETH&sellAmount=1000`,
      query: { chainId: '1', sellToken: USDC_ADDRESS, buyToken: 'WETH', sellAmount: '1000' },
      status: 400,
      statusText: 'Bad Request',
      bodyText: JSON.stringify({ name: 'INPUT_INVALID', message: 'Invalid input: buyToken', data: { zid: '0x111111111111111111111111', details: [{ field: 'buyToken', reason: 'is a symbol' }] } }),
    });
    const html = buildSupportReportHtml({ entries: [refused], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<tr><th scope="row">sellAmount</th><td>1000 <span class="muted">(0.001 USDC)</span></td></tr>');
    expect(html).toContain('<tr><th scope="row">chainId</th><td>1 <span class="muted">(Ethereum)</span></td></tr>');
    expect(html).toContain('<tr><th scope="row">buyToken</th><td>WETH</td></tr>');
  });

  it("explains an answer it cannot read from its status, as explain does: a gateway's page, no response", () => {
    const gateway = sampleEntry({ status: 502, statusText: 'Bad Gateway', bodyText: '<html><h1>502 Bad Gateway</h1>cloudflare</html>', zid: null });
    const blocked = sampleEntry({ status: 0, statusText: '', bodyText: '', zid: null });
    const html = buildSupportReportHtml({ entries: [gateway, blocked], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<h2>Request 1: 502 Bad Gateway');
    expect(html).toContain('<h3>Explanation: HTTP 502</h3>');
    expect(html).toContain("This HTTP 502 answer is not the service&#39;s");
    expect(html).toContain('<h2>Request 2: no response');
    expect(html).toContain('<h3>Explanation: NO RESPONSE</h3>');
    expect(html).not.toContain('Request 2: 0');
  });

  it('says why the app got no answer, as History shows it, and keeps any key out of it', () => {
    const timedOut = sampleEntry({ status: 0, statusText: '', bodyText: '', zid: null, requestHeaders: { 'svc-api-key': CANARY }, appError: { code: 'TLS', message: `The TLS connection was refused: self-signed certificate (key ${CANARY})` } });
    const html = buildSupportReportHtml({ entries: [timedOut], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<p><strong>App error.</strong> TLS: The TLS connection was refused: self-signed certificate (key REDACTED)</p>');
    expect(html).not.toContain(CANARY);
  });

  it('writes each side of a diffed amount in its own body\'s token', () => {
    const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
    const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const diff = diffJson({ sellToken: USDC, sellAmount: '1000000000' }, { sellToken: DAI, sellAmount: '1000000000000000000000' }, { chainId: 1 });
    const html = buildSupportReportHtml({ entries: [sampleEntry()], diff, generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<td>1000000000 (1,000 USDC)</td><td>1000000000000000000000 (1,000 DAI)</td><td class="whole"></td>');
  });

  it('writes a diffed network fee whose chain is not known in wei, saying why no token is named, not by 18 decimals with no unit', () => {
    const diff = diffJson({ totalNetworkFee: '412500000000' }, { totalNetworkFee: '825000000000' });
    const html = buildSupportReportHtml({ entries: [sampleEntry()], diff, generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<td>412500000000 (412,500,000,000 wei; chain not known, so no token can be named)</td><td>825000000000 (825,000,000,000 wei; chain not known, so no token can be named)</td>');
  });

  it('names two entries compared with each other as the diff view does, not as original and replay', () => {
    const diff = diffJson({ buyAmount: '1' }, { buyAmount: '2' });
    const heading = (diffSides?: { before: string; after: string; isReplay: boolean }) => /<h2>(Differences[^<]*)<\/h2>/.exec(buildSupportReportHtml({ entries: [sampleEntry(), sampleEntry()], diff, ...(diffSides ? { diffSides } : {}), generatedAt: 'now', appVersion: '0.1.0' }))?.[1];
    expect(heading({ before: '#3 (imported)', after: '#7', isReplay: false })).toBe('Differences (#3 (imported) → #7)');
    expect(heading({ before: '#3 (imported)', after: '#7', isReplay: true })).toBe('Differences (original #3 (imported) → replay #7)');
    expect(heading({ before: "Customer's response", after: '#9', isReplay: false })).toBe('Differences (Customer&#39;s response → #9)');
    expect(heading()).toBe('Differences (before → after)');
  });

  it('keeps every hex run whole: an address on its line, calldata on a line of its own that scrolls', () => {
    const data = `0x1fff991f${'0'.repeat(24)}${'ab'.repeat(20)}${'0'.repeat(64)}`;
    const diff = diffJson({ transaction: { to: USDC_ADDRESS, data } }, { transaction: { to: USDC_ADDRESS.toLowerCase(), data: `${data}00` } });
    const html = buildSupportReportHtml({ entries: [sampleEntry()], diff, generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain(`<td class="path">$.transaction.<wbr>data</td><td class="whole">changed</td><td><span class="hex long" tabindex="0">${data}</span></td>`);
    expect(html).toContain(`<td><span class="hex">${USDC_ADDRESS}</span></td>`);
  });

  it('calls a difference of letter case only what it is', () => {
    const diff = diffJson({ buyToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }, { buyToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' });
    const html = buildSupportReportHtml({ entries: [sampleEntry()], diff, generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toMatch(/<td class="path">\$\.buyToken<\/td><td class="whole">letter case only<\/td>/);
  });

  it('keeps a body too deep to pretty-print as it came', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const html = buildSupportReportHtml({ entries: [sampleEntry({ bodyText: deep })], generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('[[[[');
  });
});

describe('whose request the report lints', () => {
  const entry = sampleEntry({ url: 'https://api.example.test/swap/v1/price?sellToken=WETH&buyToken=USDC&sellAmount=1' });
  const recognized = recognizePaste(entry.url);

  it('calls a paste what the customer sent', () => {
    const html = buildSupportReportHtml({ entries: [entry], recognized, generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<h2>What the customer sent (request)</h2>');
  });

  it('calls an entry\'s own request what it is, not what the customer sent', () => {
    const html = buildSupportReportHtml({ entries: [entry], recognized, recognizedFrom: 'entry', generatedAt: 'now', appVersion: '0.1.0' });
    expect(html).toContain('<h2>Request 1 as sent, checked against the spec (request)</h2>');
    expect(html).not.toContain('What the customer sent');
  });
});

describe('reportApiKeyHeader', () => {
  const profiles = [
    { id: 'local', headerNames: { apiKey: 'svc-api-key' } },
    { id: 'partner', headerNames: { apiKey: 'x-partner-token' } },
  ];

  it('is the entry\'s profile\'s renamed key header, which the report then redacts', () => {
    const header = reportApiKeyHeader([{ profileId: 'imported' }, { profileId: 'partner' }], profiles);
    expect(header).toBe('x-partner-token');
    const entry = sampleEntry({ requestHeaders: { 'x-partner-token': CANARY, 'svc-version': 'v2' } });
    expect(buildSupportReportHtml({ entries: [entry], generatedAt: 'now', appVersion: '0.1.0', ...(header ? { apiKeyHeader: header } : {}) })).not.toContain(CANARY);
  });

  it('is nothing extra when the key header is a usual key name or the profile is unknown', () => {
    expect(reportApiKeyHeader([{ profileId: 'local' }, { profileId: 'gone' }], profiles)).toBeUndefined();
  });
});

describe('the report of an answer whose numbers JSON.parse does not hold as written', () => {
  it('shows the response body with the service\'s figures, laid out, not rounded', () => {
    const bodyText = '{"zid":"0x111111111111111111111111","fee":12345678901234567890123,"ratio":1.10}';
    const html = buildSupportReportHtml({ entries: [sampleEntry({ bodyText })], generatedAt: '2026-11-23T18:00:00Z', appVersion: '0.1.0' });
    const body = html.slice(html.indexOf('<h3>Response body</h3>'));
    expect(body).toContain('12345678901234567890123');
    expect(body).toContain('1.10');
    expect(body).not.toContain('e+22');
  });
});

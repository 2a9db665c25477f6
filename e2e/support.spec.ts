import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import type { Engine } from '../src/core/engine.ts';
import { chainLabel } from '../src/domain/chains.ts';
import { Market, priceQuery } from '../src/service/index.ts';
import { expect, test } from './app-session.ts';
import { filesUnder, scanPlace, textItem, type ScanItem } from './canary-scan.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshot } from './screenshot.ts';

// Issue 17: whatever the customer sends, pasted into the one box (Ctrl/Cmd+K on every screen),
// becomes an explained request, a corrected v2 request and a replay with its diff.

const SEND = { timeout: 30_000 };
const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

/** A customer's v1 curl, with their key in a v1 key header. */
function v1Curl(key: string): string {
  return [
    `curl --location --request GET 'https://base.api.0x.org/swap/v1/quote?sellToken=ETH&buyToken=USDC&sellAmount=100000000000000000&takerAddress=${TAKER}&slippagePercentage=0.01&skipValidation=true' \\`,
    `  --header '0x-api-key: ${key}'`,
  ].join('\n');
}

/** Sends one price from the Explorer and answers its zid. */
async function sendPrice(page: Page, amount: string): Promise<string> {
  const explorer = new ExplorerPage(page);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Explorer', exact: true }).click();
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount });
  await explorer.send();
  return (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
}

/**
 * A customer's history file holding one price the app really got, under a zid this app never saw
 * and with a smaller buyAmount: what a customer on another machine would have been answered.
 */
async function customerFileFrom(engine: Engine, zid: string): Promise<{ text: string; zid: string; startedAt: string }> {
  const sent = (await engine.history.get((await engine.history.findByZid(zid))[0]!.id))!;
  const theirZid = `0x${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const body = { ...(sent.body as Record<string, unknown>), zid: theirZid, buyAmount: String((BigInt((sent.body as { buyAmount: string }).buyAmount) * 99n) / 100n) };
  const entry = { url: sent.url, method: 'GET', requestHeaders: { 'svc-version': 'v2' }, query: sent.query, status: 200, statusText: 'OK', responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify(body), startedAt: '2026-11-20T09:30:00.000Z', durationMs: 120, zid: theirZid };
  return { text: JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry] }), zid: theirZid, startedAt: entry.startedAt };
}

/** Collects every download the page starts. */
function downloads(page: Page): Download[] {
  const seen: Download[] = [];
  page.on('download', (download) => seen.push(download));
  return seen;
}

// The screenshots the README keeps (npm run screenshots writes these into docs/screenshots); every
// other size and theme goes to test-results/screenshots, to be looked at, not kept.
const KEPT: Record<string, string> = {
  'support-paste-request-1280-light': 'support-paste-request',
  'support-paste-unknown-zid-1280-dark': 'support-paste-unknown-zid-dark',
  'support-paste-error-1920-light': 'support-paste-error',
  'support-paste-price-on-chain-1280-light': 'support-paste-price-on-chain',
  'support-report-1280-light': 'support-report',
  'support-corrected-request-1280-light': 'support-corrected-request',
};

async function screenshot(page: Page, name: string): Promise<void> {
  const kept = process.env.UPDATE_SCREENSHOTS === '1' ? KEPT[name] : undefined;
  await saveScreenshot(page, { path: kept ? `docs/screenshots/${kept}.png` : `test-results/screenshots/${name}.png` });
}

async function seriousAxe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a zid in History opens from the paste box on another screen, with Enter', async ({ page, openSession }) => {
  const { app } = await openSession(page);
  const zid = await sendPrice(page, '1');
  await app.show('Compare');
  const paste = new PasteBox(page);
  await paste.open();
  expect(await seriousAxe(page), 'axe: empty paste box').toEqual([]);
  await paste.paste(zid);
  await expect(paste.recognised).toContainText('a zid');
  await expect(paste.dialog.getByRole('list', { name: 'Matching entries' })).toContainText(zid);
  await paste.box.press('Enter');
  const history = new HistoryPage(page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
  await expect(history.search).toHaveValue(zid);
  await expect(paste.dialog).toBeHidden();
});

test('a zid not in History says so, imports the customer file, and a replay opens the diff of theirs and ours at once', async ({ page, openSession }, testInfo) => {
  const { app, engine } = await openSession(page);
  const ours = await sendPrice(page, '1');
  const customer = await customerFileFrom(engine, ours);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(customer.zid);
  await expect(paste.recognised).toContainText('a zid');
  const missing = paste.dialog.getByRole('alert', { name: 'Not in History' });
  await expect(missing).toContainText(`${customer.zid} is not in your History: this app has no record of it`);
  // Where it was sent from is a likelihood, not a fact: the retention setting may have removed it.
  await expect(missing).toContainText('Most likely');
  await expect(paste.dialog.getByRole('button', { name: 'Paste their request' })).toBeVisible();
  expect(await seriousAxe(page), 'axe: zid not in History').toEqual([]);
  await paste.dialog.getByLabel("Import the customer's HAR/JSON file").setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(customer.text) });

  const history = new HistoryPage(page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(customer.zid, SEND);
  await expect(history.detail.getByLabel('Entry summary')).toContainText('Ethereum');
  await expect(history.detail.getByLabel('Entry summary')).toContainText('WETH → USDC');
  await history.detail.getByLabel('Replay with').selectOption({ label: 'Local service' });
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  const body = history.diff.getByRole('table', { name: 'Body differences' });
  await expect(body.getByRole('row', { name: /^\$\.buyAmount changed/ })).toContainText(/\+[\d,]+\.\d\d bps/, SEND);
  await expect(body.getByRole('row', { name: /^\$\.buyAmount changed/ })).toContainText('USDC');
  await expect(history.diff.getByRole('heading', { level: 2 })).toContainText('(imported) →');
  // Both sides' times read as the list reads them (local, to the second), the ISO instant on hover.
  const sentAt = history.diff.locator('time').first();
  await expect(sentAt).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(sentAt).toHaveAttribute('datetime', customer.startedAt);
  // The list shows the replay, not only the customer's zid.
  await expect(history.search).toHaveValue('');
  await expect(history.list).toContainText(customer.zid);
  await expect(history.list.getByRole('listitem')).toHaveCount(3);

  const seen = downloads(page);
  await history.diff.getByRole('button', { name: 'Export report' }).click();
  await expect.poll(() => seen.length, SEND).toBe(2);
  const names = seen.map((download) => download.suggestedFilename()).sort();
  expect(names).toEqual([`support-report-${customer.zid}-and-1-more.har`, `support-report-${customer.zid}-and-1-more.html`]);
  const html = await readFile(await seen.find((download) => download.suggestedFilename().endsWith('.html'))!.path(), 'utf8');
  expect(html).not.toMatch(/<script/i);
  expect(html).toContain(customer.zid);
  const har = JSON.parse(await readFile(await seen.find((download) => download.suggestedFilename().endsWith('.har'))!.path(), 'utf8')) as { log: { entries: unknown[] } };
  expect(har.log.entries).toHaveLength(2);
  await app.screenshot('support-replay-diff');
  const report = await page.context().newPage();
  await report.setContent(html);
  await saveScreenshot(report, { path: testInfo.outputPath('support-report.png'), fullPage: true });
  await report.close();
});

test('a v1 curl with a key: findings with fixes, the corrected v2 request, Open in Explorer and Send with my profile; the key appears nowhere', async ({ page, openSession, userDataDir, engineOutput }, testInfo) => {
  const session = await openSession(page);
  const canary = `canary-${randomUUID()}`;
  const paste = new PasteBox(page);
  await paste.open();
  // The customer's zid is unknown here: "Paste their request" empties the box for their curl.
  await paste.paste('0x5eed00000000000000000001');
  await paste.dialog.getByRole('button', { name: 'Paste their request' }).click();
  await expect(paste.box).toHaveValue('');
  await expect(paste.box).toBeFocused();
  await expect(paste.dialog.getByRole('alert')).toContainText("Paste the customer's request");
  await paste.paste(v1Curl(canary));
  await expect(paste.recognised).toContainText('a request (curl command)');
  await expect(paste.dialog.getByText('key redacted')).toBeVisible();
  await expect(paste.dialog.getByRole('table', { name: 'Pasted headers' })).toContainText('REDACTED');
  for (const code of ['V1_PATH', 'PER_CHAIN_HOST', 'V1_PARAM', 'UNIT_CHANGE', 'SYMBOL_NOT_ADDRESS', 'VERSION_HEADER']) await expect(paste.finding(code)).toBeVisible();
  await expect(paste.finding('UNIT_CHANGE')).toContainText('slippageBps=100');
  await expect(paste.correctedParam('chainId')).toHaveText('8453');
  await expect(paste.correctedParam('slippageBps')).toHaveText('100');
  await expect(paste.correctedParam('taker')).toHaveText(TAKER);
  await expect(paste.corrected.getByLabel('Corrected URL')).toContainText('/swap/allowance-holder/quote?chainId=8453');
  expect(await seriousAxe(page), 'axe: request result').toEqual([]);
  const dom: ScanItem[] = [textItem('paste result', await page.content())];

  await paste.dialog.getByRole('button', { name: 'Open in Explorer' }).click();
  const explorer = new ExplorerPage(page);
  await expect(explorer.form.getByLabel('Endpoint')).toHaveValue('allowance-holder.quote');
  await expect(explorer.form.getByLabel('Taker')).toHaveValue(TAKER);
  await expect(explorer.form.getByRole('combobox', { name: 'Chain', exact: true })).toHaveValue('8453');

  await paste.open();
  await expect(paste.box).toHaveValue(/REDACTED/);
  await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
  const history = new HistoryPage(page);
  await expect(history.detail).toContainText('allowance-holder.quote', SEND);
  await expect(history.detail.getByLabel('Entry summary')).toContainText('Base');
  const fields = await page.locator('input, textarea, select').evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
  dom.push(textItem('history after send', await page.content()), textItem('field values', JSON.stringify(fields)));

  const seen = downloads(page);
  await history.detail.getByRole('button', { name: 'Export report' }).click();
  await expect.poll(() => seen.length, SEND).toBe(2);
  const exports = await Promise.all(seen.map(async (download) => ({ label: download.suggestedFilename(), bytes: await readFile(await download.path()) })));
  // The report explains what the customer pasted (redacted), not only the corrected request we sent.
  const report = exports.find((item) => item.label.endsWith('.html'))!.bytes.toString('utf8');
  expect(report).toContain('V1_PATH');
  expect(report).toContain('REDACTED');
  await session.close();
  const results = [
    scanPlace('DOM', dom, canary),
    scanPlace('history and the user-data dir', await filesUnder(userDataDir), canary),
    scanPlace('exports', exports, canary),
    scanPlace('logs', [textItem('console', session.console.join('\n')), textItem('engine output', engineOutput.join('')), textItem('handler bugs', session.log.bugs.join('\n'))], canary),
  ];
  testInfo.annotations.push({ type: 'canary', description: results.map((result) => `${result.place}: ${result.occurrences} in ${result.items} items`).join('; ') });
  for (const result of results) expect(result.hits, `the pasted key in ${result.place}`).toEqual([]);
  expect(results[1]!.items, 'the database was among the files scanned').toBeGreaterThan(0);
});

// The other ways a customer's key arrives: in the URL's query, as a fetch() header, as a raw HTTP
// header under a v1 name. Each is recognised, linted and corrected, then sent and exported, and its
// own canary is looked for everywhere the curl test looks.
const KEY_CARRIERS = [
  {
    name: 'a URL with the key in its query',
    text: (key: string) => `https://api.0x.org/swap/v1/price?sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000&apiKey=${key}`,
    source: 'URL',
    findings: ['V1_PATH', 'CHAIN_MISSING', 'KEY_IN_QUERY'],
    endpoint: 'allowance-holder.price',
    url: `https://api.0x.org/swap/allowance-holder/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`,
  },
  {
    name: 'a fetch snippet with a key header',
    text: (key: string) => `const res = await fetch("https://api.0x.org/swap/allowance-holder/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000", { headers: { "svc-api-key": "${key}", "svc-version": "v2" } });`,
    source: 'fetch() snippet',
    findings: [],
    endpoint: 'allowance-holder.price',
    url: `https://api.0x.org/swap/allowance-holder/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`,
  },
  {
    name: 'a raw HTTP request with a v1 key header',
    text: (key: string) => `GET /swap/permit2/price?chainId=1&sellToken=USDC&buyToken=WETH&sellAmount=100000000 HTTP/1.1\nHost: api.0x.org\n0x-api-key: ${key}\n0x-version: v2\n`,
    source: 'raw HTTP request',
    findings: ['KEY_HEADER_NAME', 'VERSION_HEADER', 'SYMBOL_NOT_ADDRESS'],
    endpoint: 'permit2.price',
    url: `https://api.0x.org/swap/permit2/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`,
  },
];

test('a key in a URL query, a fetch header or a raw HTTP request: linted, corrected, sent and exported; the key appears nowhere', async ({ page, openSession, userDataDir, engineOutput }, testInfo) => {
  const session = await openSession(page);
  const paste = new PasteBox(page);
  const history = new HistoryPage(page);
  const seen = downloads(page);
  const canaries = KEY_CARRIERS.map(() => `canary-${randomUUID()}`);
  const dom: ScanItem[] = [];
  for (const [index, carrier] of KEY_CARRIERS.entries()) {
    await paste.open();
    await paste.paste(carrier.text(canaries[index]!));
    await expect(paste.recognised, carrier.name).toContainText(`a request (${carrier.source})`);
    await expect(paste.dialog.getByText('key redacted'), carrier.name).toBeVisible();
    for (const code of carrier.findings) await expect(paste.finding(code), `${carrier.name}: ${code}`).toBeVisible();
    await expect(paste.corrected.getByLabel('Corrected URL'), carrier.name).toHaveText(carrier.url);
    await expect(paste.correctedParam('chainId'), carrier.name).toHaveText('1');
    const fields = await page.locator('input, textarea, select').evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
    dom.push(textItem(`${carrier.name}: paste result`, await page.content()), textItem(`${carrier.name}: field values`, JSON.stringify(fields)));

    await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
    await expect(history.detail, carrier.name).toContainText(carrier.endpoint, SEND);
    dom.push(textItem(`${carrier.name}: history after send`, await page.content()));
    await history.detail.getByRole('button', { name: 'Export report' }).click();
    await expect.poll(() => seen.length, SEND).toBe(2 * (index + 1));
  }
  const exports = await Promise.all(seen.map(async (download) => ({ label: download.suggestedFilename(), bytes: await readFile(await download.path()) })));
  await session.close();
  const logs = [textItem('console', session.console.join('\n')), textItem('engine output', engineOutput.join('')), textItem('handler bugs', session.log.bugs.join('\n'))];
  const stored = await filesUnder(userDataDir);
  expect(stored.length, 'the database was among the files scanned').toBeGreaterThan(0);
  for (const [index, carrier] of KEY_CARRIERS.entries()) {
    const results = [scanPlace('DOM', dom, canaries[index]!), scanPlace('history and the user-data dir', stored, canaries[index]!), scanPlace('exports', exports, canaries[index]!), scanPlace('logs', logs, canaries[index]!)];
    testInfo.annotations.push({ type: 'canary', description: `${carrier.name}: ${results.map((result) => `${result.place}: ${result.occurrences} in ${result.items} items`).join('; ')}` });
    for (const result of results) expect(result.hits, `the key of ${carrier.name} in ${result.place}`).toEqual([]);
  }
});

test('a fetch snippet and a v1 URL are recognised and linted', async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(`const res = await fetch("https://api.example.com/swap/permit2/price?chainId=ethereum&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000&buyAmount=5", { headers: { "svc-version": "v2" } });`);
  await expect(paste.recognised).toContainText('a request (fetch() snippet)');
  await expect(paste.finding('CHAIN_NAME')).toBeVisible();
  await expect(paste.finding('MISSING_KEY_HEADER')).toBeVisible();
  await expect(paste.correctedParam('chainId')).toHaveText('1');

  await paste.paste('http://api.0x.org/swap/v1/price?sellToken=WETH&buyToken=DAI&sellAmount=1000000000000000000');
  await expect(paste.recognised).toContainText('a request (URL)');
  await expect(paste.finding('V1_PATH')).toBeVisible();
  await expect(paste.finding('PLAIN_HTTP')).toBeVisible();
  // Corrected: https, the v2 path, the chain the v1 host served, the symbols as Ethereum addresses.
  await expect(paste.corrected.getByLabel('Corrected URL')).toHaveText(`https://api.0x.org/swap/allowance-holder/price?chainId=1&sellToken=${WETH}&buyToken=${DAI}&sellAmount=1000000000000000000`);
  await expect(paste.correctedParam('chainId')).toHaveText('1');
  await expect(paste.correctedParam('sellToken')).toHaveText(WETH);
  await expect(paste.correctedParam('buyToken')).toHaveText(DAI);
});

test('an error body is explained field by field and its zid looked up', async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  const zid = '0x0badc0ffee0badc0ffee0bad';
  await paste.paste(JSON.stringify({ name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid, details: [{ field: 'takerAddress', reason: 'is a v1 parameter; in v2 use taker' }] } }, null, 2));
  await expect(paste.recognised).toContainText('an error body');
  const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
  await expect(explained.getByRole('heading', { name: 'INPUT_INVALID' })).toBeVisible();
  await expect(explained.getByRole('table', { name: 'Explanation' })).toContainText('Fix');
  await expect(explained.getByRole('table', { name: 'Field details' })).toContainText('takerAddress');
  await expect(explained.getByRole('alert', { name: 'Not in History' })).toContainText(zid);
  expect(await seriousAxe(page), 'axe: body result').toEqual([]);
});

test("a pasted quote body says what its calldata does: its minimum and zid checked against the body's, then each step", async ({ page, openSession }) => {
  await openSession(page);
  // A customer's Permit2 quote as the local service answers it (in process: the body is all that is pasted).
  const answered = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', taker: TAKER }, { nowMs: Date.now() });
  if (!answered.ok) throw new Error(answered.message);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(JSON.stringify(answered.body, null, 2));
  await expect(paste.recognised).toContainText('a quote response body');
  await paste.dialog.getByLabel("Customer's chain").selectOption({ label: chainLabel(1) });
  const facts = paste.dialog.getByRole('table', { name: 'What the answer says' });
  await expect(facts.getByRole('row', { name: /^calldata min buy / })).toContainText("equal to the body's minBuyAmount");
  await expect(facts.getByRole('row', { name: /^calldata zid / })).toContainText(`${String(answered.body.zid)}, the same as the body's zid`);
  await expect(facts.getByRole('row', { name: /^action 1 / })).toContainText(/pull 1,000 USDC \(1000000000 base units\) from the taker to 0x[0-9a-f]{40}/);
  await expect(facts.getByRole('row', { name: /^action 2 / })).toContainText(/swap [\d.]+% USDC for WETH on /);
  await facts.getByRole('row', { name: /^action 1 / }).scrollIntoViewIfNeeded();
  await screenshot(page, 'support-paste-quote-actions-1280-light');
  expect(await seriousAxe(page), 'axe: quote body with its calldata').toEqual([]);
});

test('a pasted request with the customer response: sending opens the diff of the two, amounts in human units beside base units', async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(`curl -H 'svc-version: v2' 'https://api.example.com/swap/allowance-holder/price?chainId=1&sellToken=${WETH}&buyToken=${USDC}&sellAmount=1000000000000000000'`);
  await expect(paste.recognised).toContainText('a request (curl command)');
  await paste.paste(JSON.stringify({ liquidityAvailable: true, buyAmount: '3000000000', sellAmount: '1000000000000000000', buyToken: USDC, sellToken: WETH, zid: '0x00000000000000000000c0de' }), paste.dialog.getByLabel(/^The customer's response/));
  await expect(paste.dialog.getByText('Their response is kept for the diff.')).toBeVisible();
  await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
  const history = new HistoryPage(page);
  await expect(history.diff.getByRole('heading', { level: 2 })).toContainText("Compare Customer's response →", SEND);
  const buy = history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.buyAmount changed/ });
  await expect(buy).toContainText('"3000000000"');
  await expect(buy).toContainText('3,000 USDC');
  await expect(buy).toContainText(/bps/);
  // bps only for amounts: the zid changed too, and is not an amount.
  await expect(history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.zid changed/ })).not.toContainText('bps');
  // Their checksummed addresses against the service's lower case: the same tokens, said so, not counted as changed.
  await expect(history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.buyToken letter case only/ })).toContainText(USDC);
  await expect(history.diff.getByRole('heading', { name: /^Response body/ })).toContainText('2 in letter case only');
  await screenshot(page, 'support-customer-diff');
});

test('a pasted HAR is imported as the import button does', async ({ page, openSession }) => {
  await openSession(page);
  const zid = '0x00000000000000000000a4a4';
  const har = { log: { version: '1.2', creator: { name: 'customer', version: '1' }, entries: [{ startedDateTime: '2026-11-20T09:30:00.000Z', time: 10, request: { method: 'GET', url: `https://api.example.com/swap/allowance-holder/price?chainId=1&sellToken=${WETH}&buyToken=${USDC}&sellAmount=1`, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 }, response: { status: 400, statusText: 'Bad Request', httpVersion: 'HTTP/1.1', headers: [{ name: 'content-type', value: 'application/json' }], cookies: [], content: { size: 10, mimeType: 'application/json', text: JSON.stringify({ name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid, details: [] } }) }, redirectURL: '', headersSize: -1, bodySize: -1 }, cache: {}, timings: { send: 0, wait: 10, receive: 0 } }] } };
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(JSON.stringify(har));
  await expect(paste.recognised).toContainText('a HAR file');
  await paste.dialog.getByRole('button', { name: 'Import pasted file' }).click();
  const history = new HistoryPage(page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid, SEND);
  await expect(history.detail.getByText('Imported', { exact: true })).toBeVisible();

  // The same file dropped on the box imports it too.
  await paste.open();
  await paste.box.evaluate((element, text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'customer.har', { type: 'application/json' }));
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, JSON.stringify(har));
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid, SEND);
  await expect(history.list.getByRole('listitem').filter({ hasText: 'Imported' })).toHaveCount(2);
});

test('after a replay: the list shows the new entry, Compare with original is one click, Edit in Explorer fills the form', async ({ page, openSession }) => {
  const { app } = await openSession(page);
  const zid = await sendPrice(page, '1');
  await sendPrice(page, '2');
  const history = new HistoryPage(page);
  await history.openByZid(zid);
  await expect(history.list.getByRole('listitem')).toHaveCount(1);
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.detail.getByLabel('Entry zid')).not.toHaveText(zid, SEND);
  const replayZid = (await history.detail.getByLabel('Entry zid').textContent()) ?? '';
  // No longer filtered to the old zid: the replay, the original and the other price are listed.
  await expect(history.search).toHaveValue('');
  await expect(history.list).toContainText(replayZid);
  await expect(history.list.getByRole('listitem')).toHaveCount(3);
  await history.detail.getByRole('button', { name: 'Compare with original' }).click();
  await expect(history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.zid changed/ })).toContainText(replayZid);
  await history.diff.getByRole('button', { name: 'Back to entry' }).click();
  await history.detail.getByRole('button', { name: 'Edit in Explorer' }).click();
  await expect(app.heading('Explorer')).toBeVisible();
  await expect(new ExplorerPage(page).form.getByLabel('Sell token')).toHaveValue(/0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2|WETH/i);
});

test('a pasted parameter named __proto__ is reported, carried into the Explorer, and refused by name rather than sent without it', async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(`curl -H 'svc-api-key: $SVC_API_KEY' -H 'svc-version: v2' 'https://api.0x.org/swap/allowance-holder/price?chainId=1&sellToken=${WETH}&buyToken=${USDC}&sellAmount=1000000000000000000&__proto__=1'`);
  await expect(paste.finding('INPUT_INVALID')).toContainText('__proto__ is not a parameter of this endpoint');
  await expect(paste.corrected.getByLabel('Corrected URL')).toContainText('&__proto__=1');

  await paste.dialog.getByRole('button', { name: 'Open in Explorer' }).click();
  const explorer = new ExplorerPage(page);
  const others = explorer.form.getByRole('list', { name: 'Other parameters' });
  await expect(others.getByRole('listitem')).toHaveText([/__proto__=1\s*is not a parameter of this endpoint/]);
  await screenshot(page, 'support-proto-parameter-1280-light');
  await explorer.form.getByLabel('Send even if invalid').check();
  await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
  // Electron's context bridge would drop the key on the way to the engine: refused and named instead.
  const refused = page.getByRole('region', { name: 'Request refused' });
  await expect(refused).toContainText('params.__proto__ is a name the app cannot send', SEND);
  await expect(explorer.result).toBeHidden();
  await expect(others.getByRole('listitem')).toHaveText([/__proto__=1/]);
  await screenshot(page, 'support-proto-refused-1280-light');
});

test('select all (shown) checks the filtered rows, and checked rows the filter hides are counted', async ({ page, openSession }) => {
  const { app } = await openSession(page);
  const entries = Array.from({ length: 6 }, (_, i) => ({
    url: `https://127.0.0.1:4443/swap/allowance-holder/price?chainId=${i % 2 === 0 ? '8453' : '1'}&sellToken=USDC&buyToken=WETH&sellAmount=${1000 + i}`,
    method: 'GET',
    requestHeaders: { 'svc-version': 'v2' },
    query: { chainId: i % 2 === 0 ? '8453' : '1', sellToken: 'USDC', buyToken: 'WETH', sellAmount: String(1000 + i) },
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ liquidityAvailable: false, zid: `0x${(0xfeed00 + i).toString(16).padStart(24, '0')}` }),
    startedAt: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000).toISOString(),
    durationMs: 10,
    zid: `0x${(0xfeed00 + i).toString(16).padStart(24, '0')}`,
  }));
  await app.show('History');
  await page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'swap-explorer.history', version: 1, entries })) });
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Chain').selectOption({ label: 'Base (8453)' });
  await expect(page.getByText(/ entries loaded/)).toHaveText('3 entries loaded');
  await page.getByRole('button', { name: 'Select all shown (3)' }).click();
  const checked = page.getByLabel('Checked entries');
  await expect(checked).toHaveText('3 checked');
  await filters.getByLabel('Chain').selectOption({ label: chainLabel(1) });
  await expect(checked).toHaveText('3 checked, 3 not shown by the search or filters');
  const seen = downloads(page);
  await page.getByRole('button', { name: 'Export HAR' }).click();
  await expect.poll(() => seen.length, SEND).toBe(1);
  const har = JSON.parse(await readFile(await seen[0]!.path(), 'utf8')) as { log: { entries: { request: { url: string } }[] } };
  expect(har.log.entries.map((entry) => new URL(entry.request.url).searchParams.get('chainId'))).toEqual(['8453', '8453', '8453']);
  await page.getByRole('button', { name: 'Uncheck all' }).click();
  await expect(checked).toHaveText('0 checked');
});

test('screenshots: paste results, the corrected request and the report, at 1280x800 and 1920x1080, light and dark', async ({ page, openSession }) => {
  test.setTimeout(240_000);
  const { engine } = await openSession(page);
  const ours = await sendPrice(page, '1');
  const customer = await customerFileFrom(engine, ours);
  const paste = new PasteBox(page);
  const shots = [
    { name: 'support-paste-request', text: v1Curl('sk_live_screenshot_key_0001'), ready: paste.corrected },
    { name: 'support-paste-unknown-zid', text: customer.zid, ready: paste.dialog.getByRole('alert', { name: 'Not in History' }) },
    // The customer's price body as they would paste it: what it answered, laid out under its summary.
    { name: 'support-paste-price', text: JSON.stringify(JSON.parse((JSON.parse(customer.text) as { entries: { bodyText: string }[] }).entries[0]!.bodyText), null, 2), ready: paste.dialog.getByRole('table', { name: 'What the answer says' }) },
    { name: 'support-paste-error', text: JSON.stringify({ name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid: customer.zid, details: [{ field: 'takerAddress', reason: 'is a v1 parameter; in v2 use taker' }, { field: 'slippagePercentage', reason: 'is a v1 parameter; in v2 use slippageBps' }] } }, null, 2), ready: paste.dialog.getByRole('region', { name: 'Body explanation' }) },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      for (const shot of shots) {
        if (!(await paste.dialog.isVisible())) await paste.open();
        await paste.paste(shot.text);
        await expect(shot.ready).toBeVisible();
        await screenshot(page, `${shot.name}-${size.width}-${scheme}`);
        if (shot.name === 'support-paste-price') {
          expect(await seriousAxe(page), `axe: ${shot.name} ${size.width} ${scheme}`).toEqual([]);
          // A zid of an answer that went well: the advice presumes no failure.
          await expect(paste.dialog.getByRole('alert', { name: 'Not in History' })).toContainText('what was sent and what came back');
          await expect(paste.dialog.getByRole('alert', { name: 'Not in History' })).not.toContainText('failed');
          // The body names no chain: base units until the customer's chain is named, then token units.
          const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
          await expect(explained).toContainText('Amounts in base units: the body names no chain');
          await paste.dialog.getByLabel("Customer's chain").selectOption({ label: 'Ethereum (1)' });
          await expect(explained).toContainText('Amounts read with the token list of Ethereum (1), the chain named for this body.');
          await expect(explained.getByText(/^A price: sells [\d,.]+ \S+ \(\d+ base units\) for [\d,.]+ \S+ \(\d+ base units\)\./)).toBeVisible();
          await expect(explained.getByRole('table', { name: 'What the answer says' })).toContainText(/network fee[\d.]+ ETH \(\d+ base units\)/);
          await screenshot(page, `support-paste-price-on-chain-${size.width}-${scheme}`);
          expect(await seriousAxe(page), `axe: ${shot.name} on a chain ${size.width} ${scheme}`).toEqual([]);
        }
        if (shot.name === 'support-paste-request') {
          // The corrected request sits below the findings: scrolled into view for its own screenshot.
          await paste.corrected.getByRole('heading', { name: 'Corrected v2 request' }).scrollIntoViewIfNeeded();
          await screenshot(page, `support-corrected-request-${size.width}-${scheme}`);
        }
      }
    }
  }
  await paste.dialog.getByLabel("Import the customer's HAR/JSON file").setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(customer.text) });
  const history = new HistoryPage(page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(customer.zid, SEND);
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.diff).toBeVisible(SEND);
  const seen = downloads(page);
  await history.diff.getByRole('button', { name: 'Export report' }).click();
  await expect.poll(() => seen.length, SEND).toBe(2);
  const html = await readFile(await seen.find((download) => download.suggestedFilename().endsWith('.html'))!.path(), 'utf8');
  const report = await page.context().newPage();
  await report.setContent(html);
  for (const scheme of ['light', 'dark'] as const) {
    await report.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await report.setViewportSize(size);
      await screenshot(report, `support-report-${size.width}-${scheme}`);
    }
  }
  await report.close();
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { chainLabel } from '../src/domain/chains.ts';
import { expect, test } from './app-session.ts';
import { filesUnder, scanPlace, textItem, type ScanItem } from './canary-scan.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshot } from './screenshot.ts';
import { SEND, TAKER, USDC, WETH, DAI, v1Curl, sendPrice, customerFileFrom, downloads, screenshot, seriousAxe } from './support-session.ts';

// Issue 17: whatever the customer sends, pasted into the one box (Ctrl/Cmd+K on every screen),
// becomes an explained request, a corrected v2 request and a replay with its diff.
// Here: zids, requests in every form (their keys looked for everywhere), replays and selection;
// pasted bodies and files are in support-bodies.spec.ts, the screenshots in support-screenshots.spec.ts.

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
  // The keyboard is on the diff the replay opened, not left on the page by the Replay button.
  await expect(history.diff.getByRole('heading', { level: 2 })).toBeFocused();
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

test('a pasted request lists its headers line under line beside a longer query, not spread down its height', async ({ page, openSession }) => {
  await openSession(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste('GET /swap/allowance-holder/price?chainId=1&sellToken=WETH&buyToken=USDC&sellAmount=1 HTTP/1.1\nHost: api.0x.org\nsvc-version: v2\n');
  await expect(paste.recognised).toContainText('a request (raw HTTP request)');
  // Four query lines beside two header lines: each header row as tall as a query row, the second
  // right under the first (stretched to the query's height, "svc-version" sat two lines down from
  // "host", as if a header between them had no value).
  const heights = async (name: string) => paste.dialog.getByRole('table', { name }).getByRole('row').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  const query = await heights('Pasted query');
  const headers = await heights('Pasted headers');
  expect(query).toHaveLength(4);
  expect(headers).toHaveLength(2);
  for (const height of headers) expect(Math.abs(height - query[0]!), `header row ${height} px, query row ${query[0]} px`).toBeLessThanOrEqual(1);
  await saveScreenshot(page, { path: 'test-results/screenshots/support-paste-raw-headers.png' });
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
  await new HistoryPage(page).importEntries(entries);
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

test("a pasted request reads what it asks on its chain: each token's symbol and each amount in its units, beside the values sent", async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  // The customer meant 1,000 USDC and sent 1000 base units, in a v1 curl with a symbol for the buy token.
  await paste.paste(`curl -H 'svc-api-key: k3y_abcdefghijkl' 'https://api.0x.org/swap/v1/price?chainId=1&sellTokenAddress=${USDC}&buyToken=WETH&sellAmount=1000'`);
  await expect(paste.recognised).toContainText('a request (curl command)');
  const pasted = paste.dialog.getByRole('table', { name: 'Pasted query' });
  const cells = (name: string) => pasted.getByRole('row', { name: new RegExp(`^${name} `) }).getByRole('cell');
  await expect(cells('chainId')).toHaveText(['1', 'Ethereum']);
  await expect(cells('sellTokenAddress')).toHaveText([USDC, 'USDC']);
  await expect(cells('buyToken')).toHaveText(['WETH']);
  await expect(cells('sellAmount')).toHaveText(['1000', '0.001 USDC']);
  // The corrected request names its tokens by their addresses, and so reads both.
  for (const [name, value, reading] of [['chainId', '1', 'Ethereum'], ['sellToken', USDC, 'USDC'], ['buyToken', WETH, 'WETH'], ['sellAmount', '1000', '0.001 USDC']] as const) {
    await expect(paste.correctedParam(name)).toHaveText(value);
    await expect(paste.correctedReading(name)).toHaveText(reading);
  }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await paste.correctedParam('sellAmount').scrollIntoViewIfNeeded();
      await screenshot(page, `support-request-units-${size.width}-${scheme}`);
    }
  }
  expect(await seriousAxe(page), 'axe: request read in units').toEqual([]);
});

test('a correct v2 URL reads as nothing wrong, its header notes said to be notes that do not count, as explain says', async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  // explain exits 0 on this URL ('Findings (0 problems, 2 notes that do not count)'); the box read
  // 'Findings (2)' above two notes told apart from errors by their border's colour alone.
  await paste.paste(`https://api.example.com/swap/permit2/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`);
  await expect(paste.recognised).toContainText('a request (URL)');
  await expect(paste.dialog.getByRole('heading', { name: /^Findings / })).toHaveText('Findings (0 problems, 2 notes that do not count)');
  await expect(paste.dialog.getByText('Nothing wrong: the request matches the v2 spec; the notes below are what the paste cannot show.')).toBeVisible();
  await expect(paste.finding('MISSING_KEY_HEADER')).toContainText(/^MISSING_KEY_HEADER\s*note/);
  // A problem beside them is counted as one, and the notes still as notes.
  await paste.paste(`https://api.example.com/swap/permit2/price?chainId=1&sellToken=${USDC}&buyToken=WETH&sellAmount=100000000`);
  await expect(paste.dialog.getByRole('heading', { name: /^Findings / })).toHaveText('Findings (1 problem, 2 notes that do not count)');
  await expect(paste.dialog.getByText(/^Nothing wrong/)).toHaveCount(0);
  await expect(paste.finding('SYMBOL_NOT_ADDRESS')).not.toContainText('note');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await paste.finding('MISSING_KEY_HEADER').scrollIntoViewIfNeeded();
      await screenshot(page, `support-findings-notes-${size.width}-${scheme}`);
    }
  }
  expect(await seriousAxe(page), 'axe: notes and a problem').toEqual([]);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshotSet } from './screenshot.ts';
import { USDC, WETH } from './support-session.ts';

// A customer whose zid is not in History sends the HAR their browser saved: the page's whole
// traffic, a CORS preflight before each request, and answers that are not the service's own
// errors (a CDN's 502 page, a request the browser blocked). What the file holds is imported and
// each failure explained from what is known, its status, never as an error name of the service.

const PRICE_URL = `https://api.example.com/swap/allowance-holder/price?chainId=1&sellToken=${WETH}&buyToken=${USDC}&sellAmount=1000000000000000000`;
const GATEWAY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>cloudflare</body></html>';

function browserEntry(method: string, url: string, status: number, text: string, startedDateTime: string) {
  return {
    startedDateTime,
    time: 84.2,
    request: { method, url, httpVersion: 'http/2.0', headers: [{ name: 'svc-version', value: 'v2' }], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: { status, statusText: '', httpVersion: 'http/2.0', headers: [], cookies: [], content: { size: text.length, mimeType: text.startsWith('<') ? 'text/html' : 'x-unknown', text }, redirectURL: '', headersSize: -1, bodySize: -1, _error: status === 0 ? 'net::ERR_FAILED' : null },
    cache: {},
    timings: { blocked: 0.4, dns: -1, ssl: -1, connect: -1, send: 0.1, wait: 80, receive: 3.7 },
    _resourceType: method === 'OPTIONS' ? 'preflight' : 'fetch',
  };
}

const har = {
  log: {
    version: '1.2',
    creator: { name: 'WebInspector', version: '537.36' },
    pages: [{ startedDateTime: '2026-11-20T09:29:59.000Z', id: 'page_1', title: 'https://dapp.example/', pageTimings: {} }],
    entries: [
      browserEntry('GET', 'https://dapp.example/', 200, '<html></html>', '2026-11-20T09:29:59.500Z'),
      browserEntry('OPTIONS', PRICE_URL, 204, '', '2026-11-20T09:30:00.000Z'),
      browserEntry('GET', PRICE_URL, 502, GATEWAY_PAGE, '2026-11-20T09:30:00.100Z'),
      browserEntry('GET', PRICE_URL, 0, '', '2026-11-20T09:31:00.000Z'),
    ],
  },
};

test("a browser's HAR: its preflight and page set aside and counted, a gateway's 502 page and a blocked request explained from their status", async ({ app }, testInfo) => {
  await app.show('History');
  await app.page.getByLabel('Import file').setInputFiles({ name: 'dapp.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(har)) });
  await expect(app.page.getByRole('status').filter({ hasText: 'Imported 2 entries' })).toContainText('Set aside 2 entries of the file that are not requests to the service');
  const history = new HistoryPage(app.page);
  await expect(history.list.getByRole('listitem')).toHaveCount(2);

  await history.list.getByRole('listitem').filter({ hasText: '502' }).getByRole('button').first().click();
  const gateway = history.detail.getByRole('alert', { name: 'Error' });
  await expect(gateway.getByRole('heading')).toHaveText('HTTP 502');
  await expect(gateway).toContainText("not the service's");
  await expect(gateway).toContainText('proxy, gateway or CDN');
  await expect(gateway).not.toContainText('may have added');

  await history.list.getByRole('listitem').filter({ hasNotText: '502' }).getByRole('button').first().click();
  const blocked = history.detail.getByRole('alert', { name: 'Error' });
  await expect(blocked.getByRole('heading')).toHaveText('NO RESPONSE');
  await expect(blocked).toContainText('CORS');
  // The browser's own error, as its HAR wrote it, with what it means.
  await expect(blocked).toContainText('The browser reported net::ERR_FAILED');
  await expect(blocked).not.toContainText('may have added');
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'browser-error');
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  await history.tab('Request and response');
  await expect(history.detail.getByRole('row', { name: /Browser error/ })).toContainText('net::ERR_FAILED');
});

test('an answer the HAR was saved without says so, and what to ask the customer for', async ({ app }) => {
  await app.show('History');
  const saved = { log: { ...har.log, entries: [browserEntry('GET', PRICE_URL, 200, '', '2026-11-20T09:30:00.100Z')] } };
  saved.log.entries[0]!.response.content = { size: 1843, mimeType: 'application/json' } as never;
  await app.page.getByLabel('Import file').setInputFiles({ name: 'no-content.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(saved)) });
  const history = new HistoryPage(app.page);
  await history.list.getByRole('listitem').getByRole('button').first().click();
  const unread = history.detail.getByRole('status', { name: 'Answer not read' });
  await expect(unread).toContainText('The record holds no body for this HTTP 200 answer (a HAR saved without content');
  await expect(unread).toContainText('Ask the customer for the body they got');
});

test("the paste box's import says, on History once the box has closed, how many entries it set aside and why, until dismissed", async ({ app }, testInfo) => {
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(JSON.stringify(har));
  await paste.dialog.getByRole('button', { name: 'Import pasted file' }).click();
  // The box closes to show the imported entries; what the import did stays where they are.
  await expect(paste.dialog).toBeHidden();
  const history = new HistoryPage(app.page);
  await expect(history.list.getByRole('listitem')).toHaveCount(2);
  const report = app.page.getByRole('region', { name: 'Import report' });
  await expect(report.getByRole('status')).toContainText('Imported 2 entries');
  await expect(report.getByRole('status')).toContainText('Set aside 2 entries of the file that are not requests to the service');
  const setAside = report.getByRole('list', { name: 'Entries set aside' }).getByRole('listitem');
  await expect(setAside).toHaveText([
    '$.log.entries[0] GET https://dapp.example/ is not a path of the service',
    /^\$\.log\.entries\[1\] OPTIONS https:\/\/api\.example\.com\/swap\/allowance-holder\/price is not a GET request/,
  ]);
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'import-report');
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  await report.getByRole('button', { name: 'Dismiss' }).click();
  await expect(report).toHaveCount(0);
  await expect(history.list.getByRole('listitem')).toHaveCount(2);

  // The same file again (under another name) lists nothing twice: its entries are named as already there.
  await app.page.getByLabel('Import file').setInputFiles({ name: 'dapp.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(har)) });
  await expect(report.getByRole('status')).toContainText('Imported no new entry. 2 entries of the file were already in History from an earlier import (#1, #2): skipped, not listed twice.');
  await expect(history.list.getByRole('listitem')).toHaveCount(2);
  // A later file that is refused is not reported as the last one imported.
  await app.page.getByLabel('Import file').setInputFiles({ name: 'page-only.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ log: { ...har.log, entries: [har.log.entries[0]] } })) });
  await expect(app.page.getByRole('status').filter({ hasText: 'This HAR holds no request to the service' })).toBeVisible();
  await expect(report).toHaveCount(0);
});

test('an entry whose HAR lists no queryString is read from its URL: listed on its chain and pair, and replayed as sent', async ({ app, engine }) => {
  await app.show('History');
  // The tool that wrote this HAR left queryString empty; the URL holds the query.
  const file = { log: { ...har.log, entries: [browserEntry('GET', PRICE_URL, 502, GATEWAY_PAGE, '2026-11-20T09:30:00.100Z')] } };
  await app.page.getByLabel('Import file').setInputFiles({ name: 'no-query.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const history = new HistoryPage(app.page);
  const row = history.list.getByRole('listitem');
  await expect(row).toContainText('WETH → USDC');
  await expect(row).toContainText('Ethereum (1)');
  await row.getByRole('button').first().click();
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.diff).toBeVisible({ timeout: 30_000 });
  // The imported entry is #1 in a fresh history, so its replay is #2.
  expect(await engine.history.get(2)).toMatchObject({ replayOf: 1, status: 200, chainId: 1, query: { chainId: '1', sellToken: WETH, buyToken: USDC, sellAmount: '1000000000000000000' } });
});

test("an imported request's query reads what it asks on its chain, where no answer says it", async ({ app }, testInfo) => {
  // The customer meant 1,000 USDC, sent 1000 base units and a symbol, and was refused: no answer names an amount.
  const url = 'https://api.example.com/swap/allowance-holder/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=WETH&sellAmount=1000';
  const zid = '0x1c751c62c2a424ae52cb45db';
  const refused = JSON.stringify({ name: 'INPUT_INVALID', message: 'Invalid input: buyToken', data: { zid, details: [{ field: 'buyToken', reason: '"WETH" is a symbol, not an address' }] } });
  const entry = browserEntry('GET', url, 400, refused, '2026-11-20T09:30:00.000Z');
  const file = { log: { ...har.log, entries: [{ ...entry, response: { ...entry.response, content: { size: refused.length, mimeType: 'application/json', text: refused } } }] } };
  await app.show('History');
  await app.page.getByLabel('Import file').setInputFiles({ name: 'customer.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const history = new HistoryPage(app.page);
  await history.row(zid).getByRole('button').click();
  await history.tab('Request and response');
  const query = history.detail.getByRole('table', { name: 'Query parameters' });
  const value = (name: string) => query.getByRole('row', { name: new RegExp(`^${name} `) }).getByRole('cell');
  await expect(value('chainId')).toHaveText('1 Ethereum');
  await expect(value('sellToken')).toHaveText('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 USDC');
  await expect(value('buyToken')).toHaveText('WETH');
  await expect(value('sellAmount')).toHaveText('1000 0.001 USDC');
  await query.scrollIntoViewIfNeeded();
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'history-query-units');
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
});

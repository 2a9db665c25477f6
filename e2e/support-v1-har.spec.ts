import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshotSet } from './screenshot.ts';

// A customer still on v1 sends the HAR their browser saved: per-chain host, /swap/v1/ paths, v1
// names. `swap-explorer explain` reads such a file; the app's import must take it too, and explain
// each entry as explain does: a v1 request, what it maps to in v2, and how.

const POLYGON_USDC = '0x2791bca1f2de4661ed88a30c99a7a9449aa84174';
const POLYGON_WETH = '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619';
const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const V1_URL = `https://polygon.api.example.com/swap/v1/price?sellToken=${POLYGON_USDC}&buyToken=${POLYGON_WETH}&sellAmount=1000000&takerAddress=${TAKER}&slippagePercentage=0.01`;
const V1_ERROR = { code: 100, reason: 'Validation Failed', validationErrors: [{ field: 'sellAmount', code: 1004, reason: 'INSUFFICIENT_ASSET_LIQUIDITY' }] };

/** A HAR as a browser saves it, of one v1 price the service refused (by default as v1 did). */
function v1Har(key: string, status = 400, answer: object = V1_ERROR): string {
  const body = JSON.stringify(answer);
  const entry = {
    startedDateTime: '2026-11-20T09:30:00.000Z',
    time: 120,
    request: { method: 'GET', url: V1_URL, httpVersion: 'HTTP/1.1', headers: [{ name: 'svc-api-key', value: key }], queryString: [...new URL(V1_URL).searchParams].map(([name, value]) => ({ name, value })), cookies: [], headersSize: -1, bodySize: 0 },
    response: { status, statusText: '', httpVersion: 'HTTP/1.1', headers: [{ name: 'content-type', value: 'application/json' }], cookies: [], content: { size: body.length, mimeType: 'application/json', text: body }, redirectURL: '', headersSize: -1, bodySize: -1 },
    cache: {},
    timings: { send: 0, wait: 120, receive: 0 },
  };
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries: [entry] } });
}

test('a HAR of v1 requests, which explain reads, is imported from the paste box and explained as a v1 request mapped to v2', async ({ app }, testInfo) => {
  const key = 'sk_live_v1customer0123456789';
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(v1Har(key));
  await expect(paste.recognised).toContainText('a HAR file');
  await paste.dialog.getByRole('button', { name: 'Import pasted file' }).click();

  const history = new HistoryPage(app.page);
  await expect(history.list.getByRole('listitem')).toHaveCount(1);
  // Listed on the chain its v1 host named, under the v2 endpoint it maps to.
  await expect(history.list.getByRole('listitem')).toContainText('Polygon');
  await expect(history.list.getByRole('listitem')).toContainText('allowance-holder.price');
  await history.list.getByRole('listitem').getByRole('button').first().click();
  await expect(history.detail.getByRole('note', { name: 'v1 request' })).toContainText('A v1 request. The spec is v2');
  const findings = history.detail.getByRole('list', { name: 'Request findings' });
  for (const code of ['V1_PATH', 'PER_CHAIN_HOST', 'V1_PARAM', 'UNIT_CHANGE']) await expect(findings).toContainText(code);
  const corrected = history.detail.getByLabel('Corrected URL');
  await expect(corrected).toContainText('/swap/allowance-holder/price?chainId=137');
  await expect(corrected).toContainText(`taker=${TAKER}`);
  await expect(corrected).toContainText('slippageBps=100');
  await expect(app.page.locator('body')).not.toContainText(key);
  // Its answer is the v1 service's error, not a proxy's page.
  const answer = history.detail.getByRole('alert', { name: 'Error' });
  await expect(answer).toContainText('A v1 error answer: code 100, Validation Failed; sellAmount: INSUFFICIENT_ASSET_LIQUIDITY (code 1004)');
  await expect(answer).not.toContainText('proxy, gateway or CDN');

  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'v1-har');
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
});

test("a customer's v1 request is replayed as the v2 request it is corrected to, and diffed with their answer", async ({ app, engine }) => {
  await app.show('History');
  await app.page.getByLabel('Import file').setInputFiles({ name: 'v1.har', mimeType: 'application/json', buffer: Buffer.from(v1Har('sk_live_v1replay0123456789')) });
  const history = new HistoryPage(app.page);
  await history.list.getByRole('listitem').getByRole('button').first().click();
  await expect(history.detail.getByRole('note', { name: 'v1 request' })).toBeVisible();
  // Sent as it was, a v1 request is refused by v2; the replay sends what it is corrected to, and
  // the customer's answer and ours are diffed at once.
  await history.detail.getByRole('button', { name: 'Replay as v2' }).click();
  await expect(history.diff).toBeVisible({ timeout: 30_000 });
  await expect(history.list.getByRole('listitem')).toHaveCount(2);
  // The imported entry is #1 in a fresh history, so its replay is #2.
  const replayed = await engine.history.get(2);
  expect(replayed).toMatchObject({ origin: 'sent', endpoint: 'allowance-holder.price', chainId: 137, replayOf: 1, status: 200, query: { chainId: '137', sellToken: POLYGON_USDC, buyToken: POLYGON_WETH, sellAmount: '1000000', taker: TAKER, slippageBps: '100' } });
});

test("a v1 request the v2 service answered NOT_FOUND reads as a path it does not serve, not as the app's history search", async ({ app }) => {
  await app.show('History');
  const notFound = { name: 'NOT_FOUND', message: 'v1 was sunset on 2025-04-11: /swap/v1/price is a v1 path.', data: { zid: '0xadfc053a2f386074a1e107cc' } };
  await app.page.getByLabel('Import file').setInputFiles({ name: 'v1-404.har', mimeType: 'application/json', buffer: Buffer.from(v1Har('sk_live_v1notfound0123456789', 404, notFound)) });
  const history = new HistoryPage(app.page);
  await history.list.getByRole('listitem').getByRole('button').first().click();
  const error = history.detail.getByRole('alert', { name: 'Error' });
  await expect(error.getByRole('heading')).toHaveText('NOT_FOUND');
  await expect(error).toContainText('No endpoint of the service is at this path (HTTP 404');
  await expect(error).not.toContainText('no history entry with that zid');
});

import type { Page } from '@playwright/test';
import { chainLabel } from '../src/domain/chains.ts';
import { Market, priceQuery } from '../src/service/index.ts';
import { textsOnSeveralLines } from './line-breaks.ts';
import { expect, test } from './app-session.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshotSet } from './screenshot.ts';
import { SEND, TAKER, USDC, WETH, screenshot, seriousAxe } from './support-session.ts';

// Issue 17, "Paste anything": a pasted body (an error, a quote and what its calldata does, a
// customer's response beside their request) and a pasted HAR file.

// A customer's Permit2 quote as the local service answers it (in process: the body is all that is
// pasted), pasted into the box and recognised.
async function pastePermit2Quote(page: Page): Promise<{ answered: { body: Record<string, unknown> }; paste: PasteBox }> {
  const answered = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', taker: TAKER }, { nowMs: Date.now() });
  if (!answered.ok) throw new Error(answered.message);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(JSON.stringify(answered.body, null, 2));
  await expect(paste.recognised).toContainText('a quote response body');
  return { answered, paste };
}

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
  // The service's own message, as History and explain give it.
  await expect(explained.getByRole('table', { name: 'Explanation' }).getByRole('row', { name: /^Message / })).toContainText('Validation Failed');
  await expect(explained.getByRole('table', { name: 'Field details' })).toContainText('takerAddress');
  await expect(explained.getByRole('alert', { name: 'Not in History' })).toContainText(zid);
  await expect(explained.getByRole('button', { name: 'Paste their request' })).toBeVisible();
  expect(await seriousAxe(page), 'axe: body result').toEqual([]);
});

test("a pasted quote body says what its calldata does: its minimum and zid checked against the body's, then each step", async ({ page, openSession }) => {
  await openSession(page);
  const { answered, paste } = await pastePermit2Quote(page);
  await paste.dialog.getByLabel("Customer's chain").selectOption({ label: chainLabel(1) });
  const facts = paste.dialog.getByRole('table', { name: 'What the answer says' });
  await expect(facts.getByRole('row', { name: /^calldata min buy / })).toContainText("equal to the body's minBuyAmount");
  await expect(facts.getByRole('row', { name: /^calldata zid / })).toContainText(`${String(answered.body.zid)}, the same as the body's zid`);
  await expect(facts.getByRole('row', { name: /^action 1 / })).toContainText(/pull 1,000 USDC \(1000000000 base units\) from the taker to 0x[0-9a-f]{40}/);
  await expect(facts.getByRole('row', { name: /^action 2 / })).toContainText(/swap USDC for WETH on \w+ \(pool 0x[0-9a-f]{40}\), [\d.]+% of the trade/);
  // Each label on one line at 1280 ("network" over "fee" before), whatever its value's length.
  expect(await textsOnSeveralLines(facts.locator('th')), 'labels split').toEqual([]);
  await facts.getByRole('row', { name: /^action 1 / }).scrollIntoViewIfNeeded();
  await screenshot(page, 'support-paste-quote-actions-1280-light');
  expect(await seriousAxe(page), 'axe: quote body with its calldata').toEqual([]);
});

test("a pasted Permit2 quote's domain.chainId is checked against the chain picked for it, and said to be that chain", async ({ page, openSession }) => {
  await openSession(page);
  const { paste } = await pastePermit2Quote(page);
  const facts = paste.dialog.getByRole('table', { name: 'What the answer says' });
  const chainRow = facts.getByRole('row', { name: /^permit2 chain / });
  await expect(chainRow).toContainText('Chain not checked');
  await paste.dialog.getByLabel("Customer's chain").selectOption({ label: chainLabel(1) });
  await expect(chainRow).toContainText('Signed for the chain you picked, Ethereum (1) (domain.chainId 1)');
  await paste.dialog.getByLabel("Customer's chain").selectOption({ label: chainLabel(8453) });
  await expect(chainRow).toContainText('Signed for chain Ethereum (1), NOT the chain you picked Base (8453) (domain.chainId)');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await chainRow.scrollIntoViewIfNeeded();
      await screenshot(page, `support-paste-permit2-chain-${size.width}-${scheme}`);
    }
  }
  expect(await seriousAxe(page), 'axe: Permit2 quote body on a picked chain').toEqual([]);
});

test("a pasted exact-out body gives the expected net spend beside the most it may spend", async ({ page, openSession }) => {
  await openSession(page);
  const answered = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '1', sellToken: USDC, buyToken: WETH, buyAmount: '1000000000000000000' }, { nowMs: Date.now() });
  if (!answered.ok) throw new Error(answered.message);
  expect(answered.body.mode).toBe('exact-out');
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(JSON.stringify(answered.body, null, 2));
  await paste.dialog.getByLabel("Customer's chain").selectOption({ label: chainLabel(1) });
  const facts = paste.dialog.getByRole('table', { name: 'What the answer says' });
  const netSell = String(answered.body.estimatedNetSellAmount);
  await expect(facts.getByRole('row', { name: /^estimated net sell / })).toContainText(`USDC (${netSell} base units)`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      expect(await textsOnSeveralLines(facts.locator('th')), `labels split at ${size.width}`).toEqual([]);
      await facts.getByRole('row', { name: /^estimated net sell / }).scrollIntoViewIfNeeded();
      await screenshot(page, `support-paste-exact-out-${size.width}-${scheme}`);
    }
  }
  expect(await seriousAxe(page), 'axe: exact-out body').toEqual([]);
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

  // The same file dropped on the box is read as the import button reads it: already imported, its
  // entry opened and listed once, not twice.
  await paste.open();
  await paste.box.evaluate((element, text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'customer.har', { type: 'application/json' }));
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, JSON.stringify(har));
  await expect(paste.dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Import report' }).getByRole('status')).toHaveText('Imported no new entry. 1 entry of the file was already in History from an earlier import (#1): skipped, not listed twice.');
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid, SEND);
  await expect(history.list.getByRole('listitem').filter({ hasText: 'Imported' })).toHaveCount(1);
});

test('an error body naming no zid offers to paste their request, and is kept as their response for the diff', async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  // Cut from a customer's log: the name and message, no data.zid.
  await paste.paste(JSON.stringify({ name: 'TOKEN_NOT_SUPPORTED', message: 'Token is not supported' }));
  await expect(paste.recognised).toContainText('an error body');
  const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
  await expect(explained).toContainText('This body names no zid');
  await explained.getByRole('button', { name: 'Paste their request' }).click();
  await expect(paste.box).toBeFocused();
  await expect(paste.box).toHaveValue('');
  await expect(paste.dialog.getByRole('alert')).toContainText('The body you pasted is kept as their response.');
  await paste.paste(`curl -H 'svc-version: v2' 'https://api.example.com/swap/allowance-holder/price?chainId=1&sellToken=${WETH}&buyToken=${USDC}&sellAmount=1000000000000000000'`);
  await expect(paste.recognised).toContainText('a request (curl command)');
  await expect(paste.dialog.getByLabel(/^The customer's response/)).toHaveValue(/TOKEN_NOT_SUPPORTED/);
  await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
  const history = new HistoryPage(page);
  await expect(history.diff.getByRole('heading', { level: 2 })).toContainText("Compare Customer's response →", SEND);
});

test("a transaction's calldata says what it does and finds its request by the zid it carries", async ({ page, openSession }) => {
  await openSession(page);
  // The input data of the customer's transaction, from a quote this app never sent.
  const answered = priceQuery(new Market(1), 'allowance-holder.quote', { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', taker: TAKER }, { nowMs: Date.now() });
  if (!answered.ok) throw new Error(answered.message);
  const { transaction, zid } = answered.body as { transaction: { data: string }; zid: string };
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(transaction.data);
  await expect(paste.recognised).toContainText("a transaction's calldata");
  const facts = paste.dialog.getByRole('table', { name: 'What the calldata does' });
  await expect(facts.getByRole('row', { name: /^calldata zid / })).toContainText(zid);
  await expect(facts.getByRole('row', { name: /^action 1 / })).toContainText('the Allowance Holder lets');
  await expect(paste.dialog.getByRole('alert', { name: 'Not in History' })).toContainText(zid);
  await expect(paste.dialog.getByRole('button', { name: 'Paste their request' })).toBeVisible();
  expect(await seriousAxe(page), 'axe: calldata').toEqual([]);
});

test("a pasted answer shows its schema report, as History shows a kept one's: a body that lost members on its way says which", async ({ page, openSession }, testInfo) => {
  await openSession(page);
  // A customer's Allowance Holder price as their logger kept it: buyAmount and minBuyAmount dropped.
  const answered = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000' }, { nowMs: Date.now() });
  if (!answered.ok) throw new Error(answered.message);
  const { buyAmount: _buy, minBuyAmount: _min, ...logged } = answered.body as Record<string, unknown>;
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(JSON.stringify(logged, null, 2));
  await expect(paste.recognised).toContainText('a price response body');
  const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
  await expect(explained.getByRole('heading', { name: 'Schema report' })).toBeVisible();
  // Named as the closest of the two price endpoints, since a body pasted alone names none (as explain says).
  await expect(explained).toContainText("The body differs from the spec's schema for allowance-holder.price (the closest of allowance-holder.price and permit2.price: a body pasted without its request names none) in 2 places:");
  const report = explained.getByRole('table', { name: 'Schema report' });
  await expect(report.getByRole('row', { name: /\$\.buyAmount/ })).toContainText('missing');
  await expect(report.getByRole('row', { name: /\$\.minBuyAmount/ })).toContainText('missing');
  // The whole answer matches: said, with no table.
  await paste.paste(JSON.stringify(answered.body));
  await expect(explained).toContainText("The body matches the spec's schema for allowance-holder.price (the closest");
  await expect(explained.getByRole('table', { name: 'Schema report' })).toHaveCount(0);
  // An error body against the spec's error shape.
  await paste.paste(JSON.stringify({ name: 'TOKEN_NOT_SUPPORTED', message: 'Token is not supported', data: { zid: '0x0000000000000000000000ee' } }));
  await expect(explained).toContainText("The body matches the spec's schema for an error answer (the spec's error shape, the same for every endpoint).");
  await paste.paste(JSON.stringify(logged));
  await expect(report).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  await saveScreenshotSet(page, (name) => testInfo.outputPath(name), 'paste-schema-report');
  expect(await seriousAxe(page), 'axe: pasted body with its schema report').toEqual([]);
});

test("a customer's raw response (curl -i) is explained by its body, in the box and as their response to a pasted request", async ({ page, openSession }) => {
  await openSession(page);
  const paste = new PasteBox(page);
  await paste.open();
  const zid = '0x5433d314f7d433995692eaef';
  const body = JSON.stringify({ name: 'RATE_LIMITED', message: 'Rate limit of 2 requests per second exceeded', data: { zid } });
  const raw = ['HTTP/2 429 ', 'content-type: application/json; charset=utf-8', `svc-zid: ${zid}`, 'retry-after: 1', '', body, ''].join('\r\n');
  await paste.paste(raw);
  // Read only by its zid before: 'a zid, found in the text', and nothing of the answer.
  await expect(paste.recognised).toContainText('an error body');
  const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
  await expect(explained.getByRole('heading', { name: 'RATE_LIMITED' })).toBeVisible();
  await expect(explained.getByRole('table', { name: 'Explanation' }).getByRole('row', { name: /^Message / })).toContainText('Rate limit of 2 requests per second exceeded');
  await expect(explained.getByRole('alert', { name: 'Not in History' })).toContainText(zid);
  await saveScreenshotSet(page, (name) => test.info().outputPath(name), 'support-paste-raw-response');
  expect(await seriousAxe(page), 'axe: raw response').toEqual([]);
  // As the customer's response to their request, kept for the diff rather than 'Not JSON'.
  await paste.paste(`curl -H 'svc-version: v2' 'https://api.example.com/swap/chains'`);
  await expect(paste.recognised).toContainText('a request (curl command)');
  await paste.paste(raw, paste.dialog.getByLabel(/^The customer's response/));
  await expect(paste.dialog.getByText('Their response is kept for the diff.')).toBeVisible();
});

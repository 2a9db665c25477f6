import { readFile } from 'node:fs/promises';
import type { Download, Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { overflowsRight, wordsSplitAcrossLines } from './line-breaks.ts';

// Calldata and the long hex values decoded from it are never broken mid-value at either window
// size: "…0e0d17dc79c8" / "8000…" reads as two values. They show whole on lines broken at a marked
// place (a 32-byte word a line, under its offset), or on one line cut with an ellipsis beside a
// "Copy whole" button.

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/** The hex runs (0x and 24 or more digits, or 24 or more digits alone) split over two lines in `where`. */
async function splitHex(where: Locator): Promise<string[]> {
  return (await wordsSplitAcrossLines(where)).filter((word) => /(0x)?[0-9a-fA-F]{24,}/.test(word));
}

/** Sends two Permit2 quotes from the Explorer (USDC to WETH, then to DAI) and answers the second's zid. */
async function sendTwoQuotes(explorer: ExplorerPage): Promise<string> {
  await explorer.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Explorer', exact: true }).click();
  await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: TAKER });
  await explorer.send();
  await explorer.fill({ buy: 'DAI', amount: '2000' });
  await explorer.send();
  return (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
}

test("a quote's calldata and its decoded values never break mid-hex, in the Explorer, History's entry and its diff", async ({ app, engine }) => {
  const explorer = new ExplorerPage(app.page);
  const zid = await sendTwoQuotes(explorer);
  const tables = (scope: Locator) => scope.locator('table[aria-label="Transaction"] td, table[aria-label="Calldata arguments"] td, table[aria-label="EIP-712 data"] td');
  for (const size of SIZES) {
    await app.page.setViewportSize(size);
    await expect(explorer.result.getByRole('table', { name: 'Calldata arguments' })).toBeVisible();
    expect(await splitHex(tables(explorer.result)), `Explorer at ${size.width}`).toEqual([]);
    // The raw response too: its calldata line scrolls sideways in the body, whole.
    expect(await splitHex(explorer.result.getByRole('region', { name: 'Raw JSON' })), `Explorer's raw JSON at ${size.width}`).toEqual([]);
  }

  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
  const sent = (await engine.history.get((await engine.history.findByZid(zid))[0]!.id))!;
  const data = (sent.body as { transaction: { data: string } }).transaction.data;
  // The arguments longer than a line (the settler's actions) are cut, and copied whole.
  await expect(history.detail.getByRole('button', { name: 'Copy actions' })).toBeVisible();
  for (const size of SIZES) {
    await app.page.setViewportSize(size);
    expect(await splitHex(tables(history.detail)), `History's entry at ${size.width}`).toEqual([]);
    // Kept whole, the cut calldata and its byte count still end inside the panel.
    for (const value of await history.detail.getByRole('table', { name: 'Transaction' }).locator('.data').all()) expect(await overflowsRight(value, 'article'), `${await value.textContent()} past the panel at ${size.width}`).toBe(false);
  }
  await history.detail.getByRole('button', { name: 'Expand data' }).click();
  const words = history.detail.getByRole('list', { name: 'Calldata in 32-byte words' });
  // Whole: the selector and the words, joined, are the calldata the answer carried.
  const hexes = await words.locator('.hex').allTextContents();
  expect(hexes[0]! + hexes.slice(1).join('')).toBe(data);
  for (const size of SIZES) {
    await app.page.setViewportSize(size);
    expect(await splitHex(words), `expanded calldata at ${size.width}`).toEqual([]);
    expect(await splitHex(tables(history.detail)), `History's entry, calldata expanded, at ${size.width}`).toEqual([]);
  }
  await app.expectNoSeriousAxe("an entry's calldata expanded in words");

  await history.detail.getByRole('button', { name: 'Compare with…' }).click();
  await history.list.getByRole('listitem').filter({ hasNotText: zid }).getByRole('button').click();
  const dataRow = history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.transaction\.data changed/ });
  await expect(dataRow).toBeVisible();
  for (const size of SIZES) {
    await app.page.setViewportSize(size);
    expect(await splitHex(history.diff.locator('.value')), `History's diff at ${size.width}`).toEqual([]);
    // Cut at the panel's edge, not past it.
    const region = history.diff.getByRole('region', { name: 'Body differences, scrolls sideways' });
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth), `the diff scrolls sideways at ${size.width}`).toBeLessThanOrEqual(0);
  }
  const copyWhole = dataRow.getByRole('button', { name: 'Copy the whole After value of $.transaction.data' });
  await expect(copyWhole).toBeVisible();
  // Reached by the keyboard, its focus ring shows whole: the value it sits in clips what overflows.
  await app.page.keyboard.press('Tab');
  await copyWhole.focus();
  const ringClipped = await copyWhole.evaluate((button) => {
    const style = getComputedStyle(button);
    const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const own = button.getBoundingClientRect();
    const clip = button.closest('dd')!.getBoundingClientRect();
    return ring > 0 && (own.left - ring < clip.left || own.right + ring > clip.right || own.top - ring < clip.top || own.bottom + ring > clip.bottom);
  });
  expect(ringClipped, "Copy whole's focus ring cut by its value").toBe(false);
  await app.expectNoSeriousAxe('a diff of two quotes with their calldata cut');
});

test('the support report of two quotes keeps every hex value whole, in the bodies and the differences, at 1280 and 1920', async ({ app }) => {
  const explorer = new ExplorerPage(app.page);
  const zid = await sendTwoQuotes(explorer);
  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
  await history.detail.getByRole('button', { name: 'Compare with…' }).click();
  await history.list.getByRole('listitem').filter({ hasNotText: zid }).getByRole('button').click();
  const downloads: Download[] = [];
  app.page.on('download', (download) => downloads.push(download));
  await history.diff.getByRole('button', { name: 'Export report' }).click();
  await expect.poll(() => downloads.find((download) => download.suggestedFilename().endsWith('.html'))).toBeTruthy();
  const html = await readFile((await downloads.find((download) => download.suggestedFilename().endsWith('.html'))!.path())!, 'utf8');
  const report = await app.page.context().newPage();
  await report.setContent(html);
  // Both bodies' calldata and the differences' transaction.data, hashes and addresses.
  await expect(report.locator('td').filter({ hasText: /^\$\.transaction\.data$/ })).toHaveCount(1);
  for (const size of SIZES) {
    await report.setViewportSize(size);
    expect(await splitHex(report.locator('pre, td, p')), `report at ${size.width}`).toEqual([]);
    // A path breaks after its dots, never inside a key ("$.tran" / "sactio" / "n.data").
    expect(await wordsSplitAcrossLines(report.locator('td.path')), `paths split at ${size.width}`).toEqual([]);
    // Kept whole, the values scroll in their own cell: the page is no wider than the window.
    expect(await report.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `report wider than the window at ${size.width}`).toBeLessThanOrEqual(0);
  }
  await report.close();
});

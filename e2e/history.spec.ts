import { expect, test } from './fixtures.ts';

function historyFile(count: number): { text: string; zids: string[] } {
  const zids = Array.from({ length: count }, (_, i) => `0x${(0xabc0000 + i).toString(16).padStart(24, '0')}`);
  const base = Date.parse('2026-01-01T00:00:00Z');
  const entries = zids.map((zid, i) => ({
    url: `https://127.0.0.1:4443/swap/allowance-holder/price?chainId=1&sellToken=USDC&buyToken=WETH&sellAmount=${1000 + i}`,
    method: 'GET',
    requestHeaders: { 'svc-api-key': '[redacted]', 'svc-version': 'v2' },
    query: { chainId: '1', sellToken: 'USDC', buyToken: 'WETH', sellAmount: String(1000 + i) },
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ liquidityAvailable: false, zid }),
    startedAt: new Date(base + i * 1000).toISOString(),
    durationMs: 10,
    zid,
  }));
  return { text: JSON.stringify({ format: 'swap-explorer.history', version: 1, entries }), zids };
}

test('a zid made 1,000 entries earlier opens from the search box; the imported entries are badged', async ({ app }) => {
  const { text, zids } = historyFile(1_100);
  await app.show('History');
  const page = app.page;
  await page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByRole('status')).toContainText('Imported 1100 entries');
  const search = page.getByRole('searchbox', { name: 'Search by zid or token' });
  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await search.fill(zids[0]!);
  await search.press('Enter');
  const detail = page.getByRole('article', { name: 'Entry detail' });
  await expect(detail).toContainText(zids[0]!);
  await expect(detail.getByText('Imported')).toBeVisible();
  await app.screenshot('history-search');
});

test('a malformed file is refused with its field path and nothing is imported', async ({ app }) => {
  await app.show('History');
  const bad = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{ url: 'nope' }] });
  await app.page.getByLabel('Import file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
  await expect(app.page.getByRole('status')).toContainText('$.entries[0].url');
});

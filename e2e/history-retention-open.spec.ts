import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { saveScreenshotSet } from './screenshot.ts';

// Retention may remove entries while History is open (a stricter setting, the newest 100,000
// passed, a CLI command on the same file): the list, the open entry and the checked count follow
// at once, without the user clicking a row that is gone or exporting first.

test('an open entry that retention removed is marked, and the list drops the removed rows at once', async ({ app, engine }) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const zids = Array.from({ length: 8 }, (_, i) => `0x${(0xabc000 + i).toString(16).padStart(24, '0')}`);
  await engine.history.insertMany(zids.map((zid, i) => sampleEntry({ zid, startedAt: new Date(base + i * 1000).toISOString() })));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('8 entries loaded');
  await history.row(zids[1]!).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[1]!);
  // Retention applied meanwhile: the oldest five go.
  await engine.handlers['history.setRetention']({ maxEntries: 3, maxAgeDays: null });
  await expect(history.loaded).toHaveText('3 entries loaded');
  await expect(history.row(zids[0]!)).toHaveCount(0);
  await expect(history.detail.getByRole('alert').filter({ hasText: 'No longer in History: removed by retention.' })).toBeVisible();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[1]!);
  // An entry still kept opens unmarked.
  await history.row(zids[7]!).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[7]!);
  await expect(history.detail.getByRole('alert')).toHaveCount(0);
});

test('checked entries that retention removed are unchecked and said at once, and the others still export', async ({ app, engine }, testInfo) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const zids = Array.from({ length: 8 }, (_, i) => `0x${(0xdef000 + i).toString(16).padStart(24, '0')}`);
  const ids = await engine.history.insertMany(zids.map((zid, i) => sampleEntry({ zid, startedAt: new Date(base + i * 1000).toISOString() })));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('8 entries loaded');
  for (const index of [0, 1, 7]) await history.row(zids[index]!).getByRole('checkbox').check();
  const checkedCount = app.page.getByLabel('Checked entries');
  await expect(checkedCount).toHaveText('3 checked');
  // Retention applied meanwhile: the oldest five go, two of them checked.
  await engine.handlers['history.setRetention']({ maxEntries: 3, maxAgeDays: null });
  await expect(checkedCount).toHaveText('1 checked');
  await expect(app.page.getByRole('status').filter({ hasText: `2 checked entries were removed by retention (#${ids[0]}, #${ids[1]}): no longer in History, so they are unchecked and left out of exports.` })).toBeVisible();
  await expect(history.loaded).toHaveText('3 entries loaded');
  await expect(history.row(zids[7]!).getByRole('checkbox')).toBeChecked();
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'retention-unchecked');
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  const download = app.page.waitForEvent('download');
  await app.page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8')) as { entries: { zid: string | null }[] };
  expect(exported.entries.map((entry) => entry.zid)).toEqual([zids[7]]);
  await expect(app.page.getByRole('status').filter({ hasText: 'Exported 1 entry as' })).not.toContainText('Left out');

  // Every checked entry gone: none is left to export, and the bar says which went and why.
  await engine.history.insertMany([sampleEntry({ startedAt: new Date(base + 9000).toISOString() }), sampleEntry({ startedAt: new Date(base + 9500).toISOString() })]);
  await engine.handlers['history.setRetention']({ maxEntries: 2, maxAgeDays: null });
  await expect(app.page.getByRole('status').filter({ hasText: `1 checked entry was removed by retention (#${ids[7]}): no longer in History, so it is unchecked and left out of exports.` })).toBeVisible();
  await expect(checkedCount).toHaveText('0 checked');
  await expect(app.page.getByRole('button', { name: 'Export HAR' })).toBeDisabled();
});

test('an import that the entries limit makes room for says how many of the oldest entries went', async ({ app, engine }) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const mine = Array.from({ length: 3 }, (_, i) => `0x${(0x5e0000 + i).toString(16).padStart(24, '0')}`);
  await engine.history.insertMany(mine.map((zid, i) => sampleEntry({ zid, startedAt: new Date(base + i * 1000).toISOString() })));
  await engine.handlers['history.setRetention']({ maxEntries: 4, maxAgeDays: null });
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('3 entries loaded');
  const theirs = ['0x00000000000000000000c001', '0x00000000000000000000c002'].map((zid) => ({
    url: 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1', method: 'GET', requestHeaders: { 'svc-version': 'v2' }, query: { chainId: '1', sellAmount: '1' },
    status: 200, statusText: 'OK', responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify({ liquidityAvailable: false, zid }), startedAt: '2026-11-20T09:30:00.000Z', durationMs: 12, zid,
  }));
  await history.importEntries(theirs);
  await expect(app.page.getByRole('status').filter({ hasText: 'Imported 2 entries' })).toContainText("To keep within the history's retention setting (Settings, History), the oldest entry was removed.");
  await expect(history.loaded).toHaveText('4 entries loaded');
  await expect(history.row(mine[0]!)).toHaveCount(0);
});

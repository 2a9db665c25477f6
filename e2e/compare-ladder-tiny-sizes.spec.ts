import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { LadderPage } from './pages/ladder-page.ts';
import { LADDER_CSV_COLUMNS } from '../src/domain/ladder-export.ts';

// Sizes under a millionth of a token (dust sells of DAI, whose 18 decimals the plan takes): every
// place a size is named, the size picker, its table, the chart's size axis and the export's
// crossover, said it to 6 decimals, so 0.0000001 DAI read "0 DAI" and 0.0000005 DAI read
// "0.000001 DAI", the label of another size.

test('sizes under a millionth of DAI are named as priced in the size picker, the table, the chart axis and the export', async ({ app }) => {
  const page = app.page;
  const ladder = new LadderPage(page);
  await ladder.open();
  await ladder.run('0.0000001, 0.0000005, 1000', ['Ethereum'], { sell: 'DAI', buy: 'WETH' });
  await ladder.waitForEnd();
  await expect(ladder.progress).toContainText('Done');

  const sizes = page.getByRole('group', { name: 'Table for size' });
  await expect(sizes.getByRole('radio')).toHaveCount(3);
  for (const name of ['0.0000001 DAI', '0.0000005 DAI', '1,000 DAI']) await expect(sizes.getByRole('radio', { name, exact: true })).toHaveCount(1);
  await sizes.getByRole('radio', { name: '0.0000005 DAI', exact: true }).check();
  await expect(ladder.table('0.0000005 DAI').locator('tbody tr')).toHaveCount(1);
  await expect(ladder.table('0.0000005 DAI').getByRole('rowheader')).toContainText('0.0000005 DAI → WETH');

  const chart = ladder.chart('Ethereum');
  await chart.scrollIntoViewIfNeeded();
  const axis = await chart.locator('svg text.tick[text-anchor="middle"]:not(.muted-fill)').allTextContents();
  expect(axis).toEqual(['0.0000001', '0.0000005', '1,000']);
  await app.expectNoSeriousAxe('a ladder of sizes under a millionth');
  await app.screenshotAtBothSizes('compare-ladder-tiny-sizes', () => chart.scrollIntoViewIfNeeded());

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
  const crossover = lines[1]!.split(',')[LADDER_CSV_COLUMNS.indexOf('chain_crossover')]!;
  // Priced net on both sides at every size (WETH is the wrapped native: the fee is priced 1:1).
  expect(crossover).toMatch(/0\.0000001 DAI/);
  expect(crossover).not.toMatch(/\b0 DAI|0\.000001 DAI/);
});

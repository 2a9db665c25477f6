import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';

/**
 * A row's detail spans its whole row, and the table scrolls sideways once the column chooser adds
 * min buy, network fee and net buy: the detail must still show both models' figures within the box
 * the table is shown in, wherever it is scrolled to, and never widen a table that fits.
 */

const FOUR = ['Ethereum', 'Optimism', 'Base', 'Arbitrum'];

async function box(locator: Locator): Promise<{ left: number; right: number }> {
  const found = (await locator.boundingBox())!;
  return { left: found.x, right: found.x + found.width };
}

test('with every column shown, a row detail keeps both models in view at 1280 and 1920, scrolled or not', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: FOUR });
  await compare.waitForEnd();
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  for (const checkbox of await page.locator('#column-chooser').getByRole('checkbox').all()) await checkbox.check();
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  const wrap = page.locator('.table-wrap');
  // The table is wider than its box now: that is what the detail must not follow.
  expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(200);

  const detail = await compare.openDetail('Base');
  const sides = ['Allowance Holder', 'Permit2'].map((model) => detail.getByRole('article', { name: `${model} detail` }));
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    for (const scrolled of [0, 500]) {
      await wrap.evaluate((element, left) => element.scrollTo({ left }), scrolled);
      const shown = await box(wrap);
      for (const side of [...sides, detail.getByRole('button', { name: 'Close details' }), detail.locator('p.why')]) {
        const { left, right } = await box(side);
        expect(left, `${width} px, scrolled ${scrolled}`).toBeGreaterThanOrEqual(shown.left - 1);
        expect(right, `${width} px, scrolled ${scrolled}`).toBeLessThanOrEqual(shown.right + 1);
      }
      await expect(sides[1]!.getByText('Net buy', { exact: true })).toBeInViewport();
    }
  }
  await app.expectNoSeriousAxe('a row detail with every column shown');
});

test('with the key columns only, opening a row detail does not widen the table', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1920, height: 1080 });
  const compare = new ComparePage(page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: FOUR });
  await compare.waitForEnd();
  const closed = await box(compare.table);
  await compare.openDetail('Base');
  const open = await box(compare.table);
  expect(Math.abs(open.right - closed.right)).toBeLessThanOrEqual(1);
});

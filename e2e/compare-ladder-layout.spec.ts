import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LadderPage } from './pages/ladder-page.ts';

// Compare's Sizes table at the window sizes people have: the chain and the verdict stay in view,
// and no figure is ever under them while the table is at rest (a figure cut to its first digits
// reads as another figure).

const STUCK = ['Chain', 'Net diff (bps)', 'Better (net)'];
const FIGURES = ['Allowance Holder', 'Permit2'].flatMap((model) => [`${model} buy`, `${model} network fee in buy token`, `${model} net buy, and per unit sold`]);

interface Box {
  name: string;
  left: number;
  right: number;
}

async function headerBoxes(table: Locator, names: readonly string[]): Promise<Box[]> {
  return Promise.all(
    names.map(async (name) => {
      const box = (await table.getByRole('columnheader', { name, exact: true }).boundingBox())!;
      return { name, left: box.x, right: box.x + box.width };
    }),
  );
}

/** The figure columns whose header has any part under one of the stuck columns' headers. */
async function figuresUnderStuckColumns(table: Locator): Promise<string[]> {
  const stuck = await headerBoxes(table, STUCK);
  const edge = Math.max(...stuck.map((box) => box.right));
  return (await headerBoxes(table, FIGURES)).filter((box) => box.right > stuck[0]!.left && box.left < edge - 0.5).map((box) => box.name);
}

test('at 1280 the Sizes table shows 15-digit figures whole beside the verdict, and wider figures scroll out from beside it, never under it', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const ladder = new LadderPage(page);
  await ladder.open();
  // 1 USDC buys WETH figures of 15 digits ("0.0003257311900"), in every figure column of five chains
  // with a fee-rate note each; 0.01 USDC buys figures of up to 20 ("0.0000032570822335").
  await ladder.run('0.01, 1', ['Optimism', 'Base', 'Arbitrum', 'Polygon', 'Linea'], { sell: 'USDC', buy: 'WETH' });
  await ladder.waitForEnd();
  const sizes = page.getByRole('group', { name: 'Table for size' });
  const wrap = page.getByRole('region', { name: 'Table for the selected size' });

  await sizes.getByRole('radio', { name: '1 USDC', exact: true }).check();
  const table = ladder.table('1 USDC');
  await table.scrollIntoViewIfNeeded();
  await expect(table.locator('tbody tr')).toHaveCount(5);
  expect(await table.locator('tbody td.num:not(.verdict)').first().innerText()).toMatch(/^0\.\d{13}\b/);
  const { scrollWidth, clientWidth } = await wrap.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, 'the 1 USDC table is wider than the window').toBeLessThanOrEqual(clientWidth);
  expect(await figuresUnderStuckColumns(table), 'figures under the chain or the verdict at 1 USDC').toEqual([]);
  for (const name of [...STUCK, ...FIGURES]) await expect(table.getByRole('columnheader', { name, exact: true }), name).toBeInViewport({ ratio: 1 });

  // Wider than the window: at rest nothing is under the chain or the verdict; scrolled to its end,
  // Permit2's net buy is whole, the verdict still in view beside what scrolled away under it.
  await sizes.getByRole('radio', { name: '0.01 USDC' }).check();
  const wide = ladder.table('0.01 USDC');
  await wide.scrollIntoViewIfNeeded();
  expect(await wrap.evaluate((element) => element.scrollWidth > element.clientWidth), 'the 0.01 USDC table scrolls').toBe(true);
  expect(await figuresUnderStuckColumns(wide), 'figures under the chain or the verdict at rest').toEqual([]);
  await wrap.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  for (const name of STUCK) await expect(wide.getByRole('columnheader', { name, exact: true }), name).toBeInViewport({ ratio: 1 });
  const last = wide.getByRole('columnheader', { name: 'Permit2 net buy, and per unit sold' });
  await expect(last).toBeInViewport({ ratio: 1 });
  const [better] = await headerBoxes(wide, ['Better (net)']);
  expect((await last.boundingBox())!.x, "Permit2's net buy under the verdict once scrolled to it").toBeGreaterThanOrEqual(better!.right - 0.5);
  // Back with the keyboard from Permit2's first "entry" to Allowance Holder's, which had scrolled
  // under the verdict: it comes out from under it, where the user can see what has the focus.
  await wide.getByRole('button', { name: 'Open the Permit2 request for Optimism at 0.01 USDC in history' }).focus();
  await page.keyboard.press('Shift+Tab');
  const ahEntry = wide.getByRole('button', { name: 'Open the Allowance Holder request for Optimism at 0.01 USDC in history' });
  await expect(ahEntry).toBeFocused();
  const [stuckEdge] = await headerBoxes(wide, ['Better (net)']);
  expect((await ahEntry.boundingBox())!.x, "Allowance Holder's entry under the verdict with the focus").toBeGreaterThanOrEqual(stuckEdge!.right - 0.5);
  expect(await ahEntry.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element;
  }), 'the focused entry is what shows at its place').toBe(true);
  await app.expectNoSeriousAxe('a Sizes table wider than the window, scrolled to its end');
  await app.screenshotAtBothSizes('compare-ladder-wide-figures', async () => {
    await wide.scrollIntoViewIfNeeded();
  });
});

test('eight sizes over seven decades: every size under a chart reads whole, no label over another, at 1280 and 1920', async ({ app }) => {
  const page = app.page;
  const ladder = new LadderPage(page);
  await ladder.open();
  await ladder.run('1, 10, 100, 1000, 10000, 100000, 1000000, 10000000', ['Base', 'Arbitrum'], { sell: 'USDC', buy: 'WETH' });
  await ladder.waitForEnd();
  // Each chart's size labels ("100,000" ran into "1,000,000", and that into "10,000,000"), and the
  // axis name under them.
  const overlaps = (chain: string) =>
    ladder.chart(chain).locator('svg').evaluate((svg) => {
      const plotBottom = Math.max(...[...svg.querySelectorAll('line.axis-line')].map((line) => line.getBoundingClientRect().bottom));
      const labels = [...svg.querySelectorAll('text.tick')].filter((text) => text.getBoundingClientRect().top >= plotBottom - 1);
      const boxes = labels.map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }));
      const found: string[] = [];
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          if (a.box.left < b.box.right && b.box.left < a.box.right && a.box.top < b.box.bottom && b.box.top < a.box.bottom) found.push(`${a.text} / ${b.text}`);
        }
      }
      const figure = svg.closest('figure')!.getBoundingClientRect();
      for (const { text, box } of boxes) if (box.left < figure.left - 0.5 || box.right > figure.right + 0.5 || box.bottom > svg.getBoundingClientRect().bottom + 0.5) found.push(`${text} cut`);
      return { found, count: boxes.length };
    });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    for (const chain of ['Base', 'Arbitrum']) {
      await ladder.chart(chain).scrollIntoViewIfNeeded();
      const { found, count } = await overlaps(chain);
      // Eight sizes and "USDC sold".
      expect(count, `${chain} at ${viewport.width}`).toBe(9);
      expect(found, `${chain} at ${viewport.width}`).toEqual([]);
    }
  }
  // The size whose table is shown is bold, and no wider than the room kept for it.
  await page.getByRole('group', { name: 'Table for size' }).getByRole('radio', { name: '1,000,000 USDC' }).check();
  expect((await overlaps('Base')).found).toEqual([]);
  await app.expectNoSeriousAxe('a ladder of eight sizes');
  await app.screenshotAtBothSizes('compare-ladder-eight-sizes', async () => {
    await ladder.charts.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  });
});

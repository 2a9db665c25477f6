import AxeBuilder from '@axe-core/playwright';
import { DEMO_TAKERS } from '../src/service/swap/taker-state.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { textsOnSeveralLines } from './line-breaks.ts';
import type { AppPage } from './pages/app-page.ts';

/**
 * Compare readable at 1280 x 800 (issue 11): the key columns without horizontal scrolling, the
 * chain column sticky, the column chooser remembered, the row detail in place with keyboard focus,
 * results kept across screens; axe finds no serious or critical violation in any main state; and
 * the README's screenshots at 1280 x 800 and 1920 x 1080, light and dark.
 */

const FOUR = ['Ethereum', 'Optimism', 'Base', 'Arbitrum'];
const HEAVY = { timeout: 30_000 };

async function expectAccessible(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `axe serious/critical findings (${state})`).toEqual([]);
}

async function runFour(compare: ComparePage, page: Page): Promise<void> {
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: FOUR });
  await compare.waitForEnd();
  await expect(page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison/ })).toHaveCount(1, HEAVY);
  await expect(compare.rows).toHaveCount(4);
}

test('at 1280 x 800 chain, both buys, Diff, Net diff and Better fit; the chain column stays put; the column choice is remembered; axe is clean', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  await expectAccessible(page, 'empty form');

  await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: '0x7a7a' });
  await expect(compare.form.getByRole('alert').filter({ hasText: /^Address/ })).toBeVisible();
  await expectAccessible(page, 'override with a bad address');
  await compare.form.getByRole('button', { name: /^Remove override 1/ }).click();

  // A run in progress (2 rps: 8 requests take about 4 s).
  const answer = await page.evaluate(() =>
    (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: 2 }),
  );
  expect(answer.ok).toBe(true);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: FOUR });
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page, 'run in progress');
  await compare.waitForEnd();
  await expect(page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison/ })).toHaveCount(1, HEAVY);
  await expect(compare.rows).toHaveCount(4);
  const wrap = page.locator('.table-wrap');
  const { scrollWidth, clientWidth } = await wrap.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  for (const name of ['Chain', 'Allowance Holder buy', 'Permit2 buy', 'Diff (bps)', 'Net diff (bps)', 'Better']) {
    const header = compare.table.getByRole('columnheader', { name, exact: true });
    await expect(header).toBeInViewport({ ratio: 1 });
  }
  await expectAccessible(page, 'results table');

  // More columns from the chooser: the table may now scroll, the chain column does not move.
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  for (const name of ['Allowance Holder network fee', 'Permit2 network fee', 'Allowance Holder min buy', 'Permit2 min buy']) await page.getByRole('checkbox', { name }).check();
  await expect(compare.table.getByRole('columnheader', { name: 'Permit2 network fee', exact: true })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('swap-explorer.compare.columns')))!)).toEqual(['ahMin', 'ahFee', 'p2Min', 'p2Fee']);
  await expectAccessible(page, 'column chooser open');
  const chain = compare.table.getByRole('rowheader', { name: /^Base/ });
  const before = (await chain.boundingBox())!.x;
  await wrap.evaluate((element) => element.scrollBy(400, 0));
  expect(await wrap.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // Stuck to the box's left edge (the table's own 1 px border scrolls away).
  expect(Math.abs((await chain.boundingBox())!.x - before)).toBeLessThanOrEqual(1);
  await page.getByRole('checkbox', { name: 'Permit2 network fee' }).uncheck();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('swap-explorer.compare.columns')))!)).toEqual(['ahMin', 'ahFee', 'p2Min']);
});

test('the detail opens under its row with focus, Escape returns focus to the row, and the results survive a trip to history and back', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  await runFour(compare, page);

  const detail = await compare.openDetail('Ethereum');
  await expect(detail).toBeFocused();
  await expect(detail).toBeInViewport();
  // In place: the table row just above the detail's is Ethereum's.
  await expect(detail.locator('xpath=ancestor::tr[1]/preceding-sibling::tr[1]')).toHaveAttribute('data-chain', '1');
  await expect(detail.getByText(/^Why:/)).toBeVisible();
  await expect(detail.getByRole('article', { name: 'Allowance Holder detail' }).getByText(/^Allowance and balance not checked: no taker was sent/)).toBeVisible();
  const figures = detail.getByRole('article', { name: 'Permit2 detail' });
  for (const term of ['Buy', 'Min buy', 'Fees', 'Gas', 'Network fee', 'Network fee in WETH', 'Net buy']) await expect(figures.getByRole('term').filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })).toHaveCount(1);
  await figures.getByText('Raw JSON body', { exact: true }).click();
  await expectAccessible(page, 'detail open with raw JSON');
  // Both bodies open side by side start on one line: the copy button reads "Copy formatted" on
  // one line (its name says which body), where spelt out it took two and pushed one body down.
  await detail.getByRole('article', { name: 'Allowance Holder detail' }).getByText('Raw JSON body', { exact: true }).click();
  await expect(figures.getByRole('button', { name: 'Copy formatted Permit2 raw JSON body' })).toHaveText('Copy formatted');
  const [ahTop, p2Top] = await Promise.all(['Allowance Holder', 'Permit2'].map(async (model) => (await detail.getByRole('region', { name: `${model} raw JSON body` }).boundingBox())!.y));
  expect(Math.abs(ahTop! - p2Top!)).toBeLessThanOrEqual(1);

  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(compare.table.getByRole('button', { name: 'Details for Ethereum' })).toBeFocused();

  await compare.openDetail('Ethereum');
  await page.getByRole('article', { name: 'Allowance Holder detail' }).getByRole('button', { name: 'Open in history' }).click();
  await expect(app.heading('History')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Compare' }).click();
  await expect(app.heading('Compare')).toBeVisible();
  await expect(compare.rows).toHaveCount(4);
  await expect(page.getByRole('region', { name: /^Ethereum:/ })).toBeVisible();
});

const TAXD = '0x7a7a000000000000000000000000000000000001';
const KEY_COLUMNS = ['Chain', 'Allowance Holder buy', 'Permit2 buy', 'Diff (bps)', 'Net diff (bps)', 'Better'];

// The key columns in view without scrolling the table sideways.
async function expectKeyColumnsFit(page: Page, compare: ComparePage, state: string): Promise<void> {
  await compare.table.locator('thead').scrollIntoViewIfNeeded();
  const wrap = page.locator('.table-wrap');
  const { scrollWidth, clientWidth } = await wrap.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, `table width at ${state}`).toBeLessThanOrEqual(clientWidth);
  for (const name of KEY_COLUMNS) await expect(compare.table.getByRole('columnheader', { name, exact: true }), `${name} at ${state}`).toBeInViewport({ ratio: 1 });
  const bodyWidth = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(bodyWidth.scroll, `page width at ${state}`).toBeLessThanOrEqual(bodyWidth.client);
}

test('at 1024 x 768 the key columns still fit, and at 1280 rows with override, tax and issue flags do not push them out', async ({ app }) => {
  const page = app.page;
  const compare = new ComparePage(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await runFour(compare, page);
  await expectKeyColumnsFit(page, compare, '1024 x 768');
  await expectAccessible(page, '1024 x 768 results');

  // TAXD on Ethereum: its row carries the tax flag and the override's pair, which widen the chain
  // cell; a taker without allowances adds the issues flag to every row.
  await page.setViewportSize({ width: 1280, height: 800 });
  await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: TAXD });
  await (await compare.openAdvanced()).getByLabel(/^Taker/).fill(DEMO_TAKERS.fundedNoAllowance);
  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison/ })).toHaveCount(2, HEAVY);
  await expect(compare.row('Ethereum').getByRole('rowheader')).toContainText('tax');
  await expect(compare.row('Ethereum').getByRole('rowheader')).toContainText('USDC → TAXD');
  await expect(compare.row('Ethereum').getByRole('rowheader')).toContainText('issues');
  await expectKeyColumnsFit(page, compare, '1280 x 800 with flags');
  // Reopened from past runs: the run without the override, then the one with its flags (listed by
  // the pairs its chains traded: TAXD on Ethereum, WETH on the others).
  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.row('Ethereum').getByRole('rowheader')).not.toContainText('tax');
  await compare.reopen('1,000 sold: USDC to TAXD on Ethereum, address override · USDC to WETH on ');
  await expect(compare.row('Ethereum').getByRole('rowheader')).toContainText('USDC → TAXD');
  await expectAccessible(page, 'reopened run with override and tax flags');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'reopened run with override and tax flags, dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectKeyColumnsFit(page, compare, '1024 x 768 with flags');
  await app.screenshot('compare-table-1024-flags');
});

test('at 1280 x 800 a pasted token with a 40-character symbol does not push the key columns out', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  // The symbol a user types for a pasted address (up to 40 characters) names the row's override
  // pair under the chain: on one line it widened the chain column until Better was cut off.
  const symbol = 'ALONGSYMBOLTYPEDFORAPASTEDTOKENADDRESSXX';
  expect(symbol).toHaveLength(40);
  const buy = compare.form.getByRole('combobox', { name: 'Buy', exact: true });
  await buy.fill('0x1234567890abcdef1234567890abcdef12345678');
  await compare.form.getByRole('listbox', { name: 'Buy tokens' }).getByRole('option', { name: /on Ethereum · not in the token list/ }).click();
  const details = compare.form.getByRole('group', { name: 'Buy token details' });
  await details.getByLabel('Buy decimals').fill('18');
  await details.getByLabel('Buy symbol').fill(symbol);
  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await compare.waitForEnd();
  const chain = compare.row('Ethereum').getByRole('rowheader');
  // Shortened on screen, whole on hover and to a screen reader.
  await expect(chain).toContainText(`USDC → ${symbol}: Address override`);
  await expect(chain.locator('[title^="Address override"]')).toHaveAttribute('title', new RegExp(`→ ${symbol} 0x1234567890abcdef1234567890abcdef12345678$`));
  await expectKeyColumnsFit(page, compare, '1280 x 800 with a long symbol');
  // The caption above the table naming the pair wraps; the buttons beside it keep their one line
  // ("Export" / "CSV" on two lines read as two buttons' worth of text in one).
  const buttons = compare.caption.getByRole('button');
  await expect(buttons).toHaveText([/^Columns \(/, 'Export CSV', 'Export JSON']);
  expect(await textsOnSeveralLines(buttons), 'toolbar buttons on two lines').toEqual([]);
  await compare.table.scrollIntoViewIfNeeded();
  await app.screenshot('compare-table-long-symbol-1280');
});

test('a detail opened from a row at the bottom of the window scrolls its heading fully into view', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  // Unused override rows (no address) make the form taller, so the last row can sit on the bottom edge.
  const advanced = await compare.openAdvanced();
  for (let added = 0; added < 4; added += 1) await advanced.getByRole('button', { name: 'Add override' }).click();
  await runFour(compare, page);
  const last = compare.row('Arbitrum');
  // The row sits on the window's bottom edge, so the detail under it starts below the fold.
  await last.evaluate((row) => row.scrollIntoView({ block: 'end' }));
  const rowBox = (await last.boundingBox())!;
  expect(rowBox.y + rowBox.height).toBeGreaterThan(700);
  const detail = await compare.openDetail('Arbitrum');
  await expect(detail.getByRole('heading', { level: 2 })).toBeInViewport({ ratio: 1 });
  await expect(detail).toBeFocused();
});

test('axe finds nothing serious with a side pending, then with sides cancelled', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  // 0.1 rps: Ethereum's second side stays pending for 10 s after its first answer.
  const answer = await page.evaluate(() =>
    (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: 0.1 }),
  );
  expect(answer.ok).toBe(true);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: FOUR });
  await expect(compare.row('Ethereum')).toContainText('pending', HEAVY);
  await expectAccessible(page, 'a row with a side pending');
  await compare.progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(compare.progress).toContainText('Cancelled', HEAVY);
  await expect(compare.table).toContainText('cancelled');
  await expectAccessible(page, 'a cancelled run');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'a cancelled run, dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

async function shoot(app: AppPage, compare: ComparePage, width: number): Promise<void> {
  const page = app.page;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const suffix = `${width}${scheme === 'dark' ? '-dark' : ''}`;
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await compare.table.scrollIntoViewIfNeeded();
    await app.screenshot(`compare-table-${suffix}`);
    const detail = await compare.openDetail('Base');
    await expect(detail).toBeInViewport();
    await app.screenshot(`compare-detail-${suffix}`);
    await page.keyboard.press('Escape');
    await compare.charts.scrollIntoViewIfNeeded();
    await app.screenshot(`compare-charts-${suffix}`);
    await expectAccessible(page, `${suffix} charts`);
  }
}

test('screenshots of the table, the open detail and the charts at 1280 x 800 and 1920 x 1080, light and dark', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await runFour(compare, app.page);
  await shoot(app, compare, 1280);
  await app.page.setViewportSize({ width: 1920, height: 1080 });
  await shoot(app, compare, 1920);
});

test("an address override's fields show their hints whole at 1280 and 1920", async ({ app }) => {
  const compare = new ComparePage(app.page);
  const advanced = await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: '' });
  const hinted = advanced.locator('.override input[placeholder]');
  await expect(hinted).toHaveCount(3);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    await app.page.setViewportSize(viewport);
    // "from rout" says less than "from route": each empty field's hint fits inside it.
    const clipped = await hinted.evaluateAll((inputs) =>
      (inputs as HTMLInputElement[]).flatMap((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room ? [input.placeholder] : [];
      }),
    );
    expect(clipped, `hints cut at ${viewport.width}`).toEqual([]);
  }
});

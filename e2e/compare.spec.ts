import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { COMPARISON_CSV_COLUMNS } from '../src/domain/compare-export.ts';
import { DEMO_TAKERS } from '../src/service/swap/taker-state.ts';

const FOUR = ['Ethereum', 'Optimism', 'Base', 'Arbitrum'];

// Until the lead spreads compareChannels into the contract, the screen has no API to call.

test('a comparison on 4 chains shows every row, opens a detail with both routes and exports CSV', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await expect(app.heading('Compare')).toBeVisible();
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: FOUR });
  await compare.waitForEnd();
  await expect(compare.progress).toContainText('Done: 8/8 requests on 4 chains');
  await expect(compare.rows).toHaveCount(4);
  for (const name of FOUR) await expect(compare.table.getByRole('rowheader', { name: new RegExp(`^${name}`) })).toBeVisible();
  // Every row has a verdict and both buy cells open their history entries.
  await expect(compare.table.getByRole('button', { name: /^Allowance Holder buy on .*open in history$/ })).toHaveCount(4);
  await expect(compare.table.getByRole('button', { name: /^Permit2 buy on .*open in history$/ })).toHaveCount(4);
  await expect(compare.table.getByLabel('better')).not.toHaveCount(0);
  // A verdict net of network fee stands beside a net difference of its own sign, never "0.00":
  // equal gross amounts with network fees a few wei apart once read "0.00" beside "Allowance Holder".
  let netVerdicts = 0;
  for (const row of await compare.rows.all()) {
    // "at 2 blocks" qualifies a verdict (the blocks may weigh in), never its sign.
    const verdict = (await row.locator('td.verdict').innerText()).replace(/\s+/g, ' ').replace(/ at 2 blocks$/, '');
    const netDiff = (await row.locator('td.net-diff').innerText()).trim();
    const expected = { 'Permit2': /^\+/, 'Allowance Holder': /^-/, 'Tie': /^0\.00$/ }[verdict.replace(/ net of network fee$/, '')];
    if (!verdict.endsWith('net of network fee') || !expected) continue;
    netVerdicts++;
    expect(netDiff, verdict).toMatch(expected);
  }
  expect(netVerdicts).toBeGreaterThan(0);

  // Sorting by diff marks the header.
  await compare.table.getByRole('button', { name: 'Diff (bps)', exact: true }).click();
  await expect(compare.table.getByRole('columnheader', { name: 'Diff (bps)', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await compare.table.getByRole('button', { name: 'Chain', exact: true }).click();

  const detail = await compare.openDetail('Base');
  // The blocks each model priced at: one, or two with the warning that the block may account for part of the difference.
  await expect(detail.getByLabel('Blocks priced at')).toHaveText(/^(Both answers priced at block [0-9,]+\.|The answers priced at different blocks \(Allowance Holder [0-9,]+, Permit2 [0-9,]+\): .+)$/);
  for (const model of ['Allowance Holder', 'Permit2']) {
    const side = detail.getByRole('article', { name: `${model} detail` });
    await expect(side.getByRole('group', { name: `${model} route` }).getByRole('img')).not.toHaveCount(0);
    await expect(side.getByRole('table', { name: `${model} token taxes` })).toBeVisible();
    await expect(side.getByText(/^zid 0x[0-9a-f]{24}/)).toBeVisible();
    // Base adds an L1 data cost to each model's network fee: the detail names it.
    await expect(side.getByText(/^Network fee$/).locator('xpath=following-sibling::dd[1]')).toHaveText(/^[0-9.]+ ETH= gas × gas price [0-9.]+ ETH \+ L1 data cost [0-9.]+ ETH$/);
    await side.getByText('Raw JSON body', { exact: true }).click();
    await expect(side.getByLabel(`${model} raw JSON body`, { exact: true })).toContainText('"liquidityAvailable": true');
  }
  await detail.scrollIntoViewIfNeeded();

  const download = app.page.waitForEvent('download');
  await app.page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^comparison-USDC-WETH-cmp-[0-9a-z]+\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe(COMPARISON_CSV_COLUMNS.join(','));
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Arbitrum', 'Base', 'Ethereum', 'Optimism']);
  const zidColumns = ['allowance_holder_zid', 'permit2_zid'].map((name) => COMPARISON_CSV_COLUMNS.indexOf(name));
  for (const line of lines.slice(1)) for (const column of zidColumns) expect(line.split(',')[column]).toMatch(/^0x[0-9a-f]{24}$/);
  // Human and base-unit amounts side by side, labelled with the token the requests used.
  const cell = (line: string, name: string) => line.split(',')[COMPARISON_CSV_COLUMNS.indexOf(name)]!;
  for (const line of lines.slice(1)) {
    expect(cell(line, 'buy_symbol')).toBe('WETH');
    const base = cell(line, 'permit2_buy_amount_base_units');
    expect(cell(line, 'permit2_buy_amount')).toBe(`${base.slice(0, -18) || '0'}.${base.padStart(18, '0').slice(-18)}`.replace(/\.?0+$/, ''));
    // The profile priced with: the local service's simulated market is not to be read as a deployment's prices.
    expect(cell(line, 'profile')).toBe('Local service');
  }

  await compare.charts.scrollIntoViewIfNeeded();
  await expect(compare.charts.getByRole('img', { name: /^Difference in bps per chain: Arbitrum/ })).toBeVisible();
  // The difference bars do not wear a source's colour (an orange bar once read as Uniswap_V3's).
  const fills = (name: RegExp | string) => compare.charts.getByRole('img', { name }).locator('rect').evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).fill));
  const sourceFills = await fills('Route composition per chain');
  expect(sourceFills.length).toBeGreaterThan(0);
  for (const fill of await fills(/^Difference in bps per chain/)) expect(sourceFills).not.toContain(fill);

  // The run is listed and reopens.
  await expect(app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison 1,000 USDC to WETH/ })).toHaveCount(1);
  // Its time reads as History's does: local, to the second.
  await expect(app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('listitem').first()).toContainText(/ · done · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test('with a taker, the row flags its issues and a detail reads them in the row\'s tokens, base units on hover', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const advanced = await compare.openAdvanced();
  // A demo taker that holds plenty and has set no allowance: an allowance issue on both models.
  await advanced.getByLabel(/^Taker/).fill(DEMO_TAKERS.fundedNoAllowance);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Base'] });
  await compare.waitForEnd();
  await expect(compare.progress).toContainText('Done: 2/2 requests on 1 chain.');
  // The row says so before its detail is opened.
  // On hover (the title), and without a pointer: read with the flag and as the Details button's
  // description (Chromium's own accessible-description computation).
  const issues = 'Issues the service reported for the taker: Allowance Holder: allowance needed; Permit2: allowance needed (see the detail)';
  await expect(compare.rows.first().getByTitle(issues)).toContainText('issues');
  // The two answers land at different blocks now and then on a busy machine (Base makes one every
  // 2 s), and the description then also says so: that is the row's other note, not part of this.
  const escaped = issues.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(compare.rows.first().getByRole('button', { name: 'Details for Base' })).toHaveAccessibleDescription(new RegExp(`^issues: ${escaped}(; 2 blocks: .+)?$`));
  const detail = await compare.openDetail('Base');
  for (const model of ['Allowance Holder', 'Permit2']) {
    const issues = detail.getByRole('article', { name: `${model} detail` }).getByRole('list', { name: 'Issues' });
    await expect(issues).toContainText('current allowance 0 USDC');
    await expect(issues).not.toContainText('base units');
    await expect(issues.locator('[title$=" base units"]')).not.toHaveCount(0);
  }
});

test('a run of one model says so where it is shown and compares nothing', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.form.getByRole('checkbox', { name: 'Permit2' }).uncheck();
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base'] });
  await compare.waitForEnd();
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 2 chains, Allowance Holder only');
  await expect(app.page.getByText(/^This run asked for one model \(Allowance Holder only\): nothing is compared/)).toBeVisible();
  await expect(app.page.getByText(/★ marks the better model/)).toHaveCount(0);
  // No difference chart: it would read n/a on every chain.
  await expect(compare.charts.getByRole('img', { name: /Permit2 vs Allowance Holder/ })).toHaveCount(0);
  // The route chart draws the one model asked for: no "lower bar Permit2" over an empty track.
  await expect(compare.charts.getByText('Route composition per chain by source (Allowance Holder only)')).toBeVisible();
  await expect(compare.charts.getByRole('img', { name: 'Route composition per chain' }).locator('rect.track')).toHaveCount(2);
  await expect(app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison 1,000 USDC to WETH, Allowance Holder only from / })).toBeVisible();
  await app.expectNoSeriousAxe('a one-model comparison');
});

test('a cancelled run keeps its finished rows and says so', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await useSlowProfile(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000' });
  await expect(compare.progress).toContainText(/[2-9]\/13 requests/, { timeout: 20_000 });
  // Exported while going, the file says so: it lists only the chains answered so far.
  const going = await exportedCsv(app.page);
  expect(going.slice(1).map((line) => line.split(',').at(-1))).toEqual(going.slice(1).map(() => expect.stringMatching(/^running: \d+\/13 requests answered$/)));
  await compare.progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(compare.progress).toContainText(/Cancelled after \d+\/13 requests: the answers are kept below; every chain is listed, the sides not answered saying cancelled/);
  const cancelled = await exportedCsv(app.page);
  expect(cancelled).toHaveLength(7);
  for (const line of cancelled.slice(1)) expect(line.split(',').at(-1)).toMatch(/^cancelled: \d+\/13 requests answered$/);
  // Every chain of the run is listed, not only those answered before the cancel: a chain cut before
  // its first answer reads cancelled on both sides, and the caption counts the run's 6 chains.
  await expect(compare.rows).toHaveCount(6);
  await expect(app.page.getByText(/^1,000 USDC → WETH on 6 chains$/)).toBeVisible();
  const cut = compare.rows.filter({ has: app.page.locator('td.verdict', { hasText: 'no verdict: cancelled' }) });
  expect(await cut.count()).toBeGreaterThanOrEqual(1);
  const name = (await cut.first().getByRole('rowheader').innerText()).split('\n')[0]!.replace(/\s+\d+$/, '');
  const detail = await compare.openDetail(name);
  await expect(detail.getByRole('alert')).toHaveCount(0);
  await expect(app.page.getByRole('region', { name: 'Past comparisons' })).toContainText('cancelled');
});

test('once the form differs from the run on screen, the screen says in what, until the form states the run again', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base'] });
  await compare.waitForEnd();
  const note = app.page.getByText(/^The form has changed since this comparison/);
  await expect(note).toHaveCount(0);
  // The same amount written with a thousands comma is the same trade.
  await compare.form.getByLabel(/^Amount/).fill('1,000');
  await expect(note).toHaveCount(0);
  // ...and so is one written with zeros that change nothing: the same base units on every chain.
  await compare.form.getByLabel(/^Amount/).fill('2000');
  await expect(note).toHaveCount(1);
  await compare.form.getByLabel(/^Amount/).fill('1000.00');
  await expect(note).toHaveCount(0);
  await compare.form.getByLabel(/^Amount/).fill('2000');
  await compare.pickChains(['Ethereum']);
  await expect(note).toHaveText("The form has changed since this comparison (amount, chains): the figures below are still the comparison's; Compare runs the form.");
  await expect(app.page.getByText(/^1,000 USDC → WETH on 2 chains$/)).toBeVisible();
  await app.expectNoSeriousAxe('the note that the form differs from the run');
  await compare.form.getByLabel(/^Amount/).fill('1000');
  await compare.pickChains(['Ethereum', 'Base']);
  await expect(note).toHaveCount(0);
});

test('once the form has moved on, the note and an export say what the run sent, not what the form now asks', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const advanced = await compare.openAdvanced();
  await advanced.getByLabel(/^Slippage/).fill('30');
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Base'] });
  await compare.waitForEnd();
  // The form moves on: another slippage, a taker, an integrator fee.
  await advanced.getByLabel(/^Slippage/).fill('250');
  await advanced.getByLabel(/^Taker/).fill(DEMO_TAKERS.funded);
  await advanced.getByLabel(/^Integrator fee/).fill('25');
  await advanced.getByLabel(/^Fee recipient/).fill(DEMO_TAKERS.funded);
  // The note names what the run used of them: nothing else on screen does once the form holds others.
  await expect(app.page.getByText(/^The form has changed since this comparison/)).toHaveText(
    "The form has changed since this comparison (taker, slippage, integrator fee): the figures below are still the comparison's, run with no taker, slippage 30 bps, no integrator fee; Compare runs the form.",
  );

  const csvDownload = app.page.waitForEvent('download');
  await app.page.getByRole('button', { name: 'Export CSV' }).click();
  const [header, line] = (await readFile((await (await csvDownload).path())!, 'utf8')).trim().split('\r\n').map((text) => text.split(','));
  const cell = (name: string) => line![header!.indexOf(name)];
  // The min buy is after 30 bps of slippage, the buy after no fee, the issues checked for no taker.
  expect([cell('models'), cell('taker'), cell('slippage_bps'), cell('swap_fee_bps'), cell('swap_fee_recipient')]).toEqual(['allowance-holder; permit2', '', '30', '', '']);
  const jsonDownload = app.page.waitForEvent('download');
  await app.page.getByRole('button', { name: 'Export JSON' }).click();
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8')) as { sent: unknown };
  expect(json.sent).toEqual({ models: ['allowance-holder', 'permit2'], taker: null, slippageBps: 30, swapFeeBps: null, swapFeeRecipient: null });
});

test('a comparison that cannot be saved keeps its rows on screen and says it will not be listed', async ({ app, userDataDir }) => {
  // A file where the runs' folder would be: every answer comes, the save fails.
  await writeFile(join(userDataDir, 'comparisons'), '');
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(compare.progress).toContainText('Done: 2/2 requests on 1 chain.');
  await expect(compare.progress).toContainText(/The comparison could not be saved: .+ \(it will not be listed under Past comparisons\)/);
  await expect(compare.rows).toHaveCount(1);
  await expect(app.page.getByRole('region', { name: 'Past comparisons' })).toContainText('None yet');
  await app.expectNoSeriousAxe('a comparison that was not saved');
});

// Local service at 1 request per second: the 13 requests of a default USDC/WETH run (Polygon's rate request included) take ~13 s.
/** The lines of the CSV that Export CSV downloads now. */
async function exportedCsv(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  return (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
}

async function useSlowProfile(page: Page): Promise<void> {
  const answer = await page.evaluate(() =>
    (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: 1 }),
  );
  expect(answer.ok).toBe(true);
}

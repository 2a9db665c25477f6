import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { SERIES } from '../renderer/views/compare/route-colors.ts';
import { findTokenBySymbol } from '../src/domain/token-registry.ts';

/**
 * Issue 11's six wrong-figure cases: each of these failed on the Compare screen before the fix.
 * TAXD is the local service's demo taxed token on Ethereum (trades against WETH only, so
 * USDC -> TAXD is a two-hop route via WETH).
 */

const TAXD = '0x7a7a000000000000000000000000000000000001';
/** An address no token list knows. */
const UNKNOWN = '0x1234567890abcdef1234567890abcdef12345678';
const HEAVY = { timeout: 30_000 };

function pastRuns(page: Page) {
  return page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison/ });
}

async function setRate(page: Page, rateBudgetRps: number): Promise<void> {
  const answer = await page.evaluate(
    (rps) => (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: rps }),
    rateBudgetRps,
  );
  expect(answer.ok).toBe(true);
}

type Route = { fills: { from: string; to: string; source: string; proportionBps: string }[]; tokens: { address: string; symbol: string }[] };

type Answer = { buyAmount: string; totalNetworkFee: string; route: Route };

/**
 * The run's two answers on a chain, as history kept them, by model name: those selling `sellToken`
 * (the run's other request on the chain prices the native token for the network fee).
 */
async function answeredBodies(page: Page, chainId: number, sellToken: string): Promise<Record<'Allowance Holder' | 'Permit2', Answer>> {
  const bodies = await page.evaluate(async ({ chain, sell }) => {
    type Answer<T> = { ok: boolean; value: T };
    const api = (window as unknown as { api: { history: { search: (input: unknown) => Promise<Answer<{ rows: { id: number; endpoint: string; sellToken: string | null }[] }>>; get: (input: unknown) => Promise<Answer<{ body: unknown }>> } } }).api;
    const found = (await api.history.search({ chainId: chain })).value.rows.filter((row) => row.sellToken?.toLowerCase() === sell.toLowerCase());
    return Promise.all(found.map(async (row) => ({ endpoint: row.endpoint, body: (await api.history.get({ id: row.id })).value.body })));
  }, { chain: chainId, sell: sellToken });
  expect(bodies).toHaveLength(2);
  const of = (prefix: string) => bodies.find((entry) => entry.endpoint.startsWith(prefix))!.body as Answer;
  return { 'Allowance Holder': of('allowance-holder.'), Permit2: of('permit2.') };
}

/** The routes of the run's two answers on a chain (answeredBodies). */
async function answeredRoutes(page: Page, chainId: number, sellToken: string): Promise<Record<'Allowance Holder' | 'Permit2', Route>> {
  const bodies = await answeredBodies(page, chainId, sellToken);
  return { 'Allowance Holder': bodies['Allowance Holder'].route, Permit2: bodies.Permit2.route };
}

/** Each fill of an answer with its hop ("USDC → WETH") and its share of that hop in percent, worked out from the answer. */
function hopShares(route: Route): { hop: string; source: string; percent: number }[] {
  const symbol = (address: string) => route.tokens.find((token) => token.address.toLowerCase() === address.toLowerCase())!.symbol;
  const hopTotal = (fill: Route['fills'][number]) => route.fills.filter((other) => other.from === fill.from && other.to === fill.to).reduce((sum, other) => sum + Number(other.proportionBps), 0);
  return route.fills.map((fill) => ({ hop: `${symbol(fill.from)} → ${symbol(fill.to)}`, source: fill.source, percent: (Number(fill.proportionBps) / hopTotal(fill)) * 100 }));
}

/** What each fill's bar segment in the chart and the table says: "USDC → WETH · RFQ 100.0%". */
function expectedTitles(route: Route): string[] {
  return hopShares(route).map((share) => `${share.hop} · ${share.source} ${share.percent.toFixed(1)}%`);
}

test('1. a past run reopens exactly as it was run: its own overrides, never the form\'s', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(pastRuns(app.page)).toHaveCount(1, HEAVY);
  await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: TAXD, decimals: '18' });
  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(pastRuns(app.page)).toHaveCount(2, HEAVY);

  // The form still carries the override; the first run had none and must reopen without it.
  await pastRuns(app.page).nth(1).click();
  await expect(compare.overrideAddresses).toHaveCount(0);
  await expect(compare.table.getByRole('button', { name: /^Allowance Holder buy on Ethereum: .* WETH, open in history$/ })).toBeVisible();
  // The second run reopens with its override, and its figures are labelled with the token it used.
  await pastRuns(app.page).nth(0).click();
  await expect(compare.overrideAddresses).toHaveCount(1);
  await expect(compare.overrideAddresses).toHaveValue(TAXD);
  await expect(compare.table.getByRole('button', { name: /^Allowance Holder buy on Ethereum: .* TAXD, open in history$/ })).toBeVisible();
});

test('2. an overridden token is labelled with the symbol the run used, not the dropdown\'s', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: TAXD, decimals: '18' });
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(pastRuns(app.page)).toHaveCount(1, HEAVY);
  await expect(compare.table.getByRole('button', { name: /^Permit2 buy on Ethereum: .* TAXD, open in history$/ })).toBeVisible();
  await expect(compare.caption).toContainText('TAXD');
  const detail = await compare.openDetail('Ethereum');
  await expect(detail.getByRole('heading', { level: 2 })).toContainText('→ TAXD');
  const taxes = detail.getByRole('table', { name: 'Allowance Holder token taxes' });
  await expect(taxes.getByRole('rowheader', { name: 'TAXD (buy)' })).toBeVisible();
  await expect(taxes).not.toContainText('WETH (buy)');
});

test('3. an unknown override address with decimals on auto says why in place, and bad decimals or addresses send nothing', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const advanced = await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: UNKNOWN });
  await expect(advanced.getByRole('alert').filter({ hasText: /Decimals.*not in the token list of Ethereum/ })).toBeVisible();
  await advanced.getByLabel(/^Decimals/).fill('18');
  await expect(advanced.getByRole('alert').filter({ hasText: /Decimals/ })).toHaveCount(0);

  await advanced.getByLabel(/^Decimals/).fill('1.5');
  await expect(advanced.getByRole('alert').filter({ hasText: /Decimals.*whole number from 0 to 255/ })).toBeVisible();
  await advanced.getByLabel(/^Address/).fill('0x7a7a');
  await expect(advanced.getByRole('alert').filter({ hasText: /Address.*0x and 40 hex digits/ })).toBeVisible();
  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(app.page.getByRole('region', { name: 'Past comparisons' })).toContainText('None yet');
  await expect(compare.table).toHaveCount(0);
});

test('4. a pending side reads pending with no verdict yet, and a cancelled side reads cancelled', async ({ app }) => {
  const compare = new ComparePage(app.page);
  // 0.1 rps, the lowest budget: requests go out 10 s apart, so once Ethereum's first side is in, its
  // second stays pending for 10 s, ample for the checks and the Cancel click on a busy machine.
  await setRate(app.page, 0.1);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base'] });
  const eth = compare.row('Ethereum');
  await expect(eth).toContainText('pending', HEAVY);
  await expect(eth).not.toContainText('not requested');
  await expect(eth.getByLabel('better')).toHaveCount(0);
  await expect(eth).not.toContainText('only one priced');
  await compare.progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(compare.progress).toContainText('Cancelled', HEAVY);
  // The side seen pending was still queued when Cancel landed: it now says cancelled.
  await expect(eth).toContainText('cancelled');
  await expect(eth).not.toContainText('pending');
  await expect(eth).not.toContainText('not requested');
  await expect(eth).not.toContainText('only one priced');
  await expect(eth.getByLabel('better')).toHaveCount(0);
});

test('5. the verdict shows the net difference it stands on, for every pair', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Arbitrum'] });
  await compare.waitForEnd();
  await expect(pastRuns(app.page)).toHaveCount(1, HEAVY);
  await expect(compare.table.getByRole('columnheader', { name: 'Net diff (bps)' })).toBeVisible();
  const arbitrum = compare.row('Arbitrum');
  await expect(arbitrum.locator('td.net-diff')).toHaveText(/^(0\.00|[+-][0-9]+\.[0-9]{2}|[+-]0\.0[0-9]+)$/);
  await expect(arbitrum.locator('td.verdict')).toContainText('net of network fee');

  // WBTC -> DAI: the buy token is not the wrapped native, yet the fee is priced and the verdict is net.
  await compare.compare({ sell: 'WBTC', buy: 'DAI', amount: '1', chains: ['Ethereum'] });
  await expect(pastRuns(app.page)).toHaveCount(2, HEAVY);
  const ethereum = compare.row('Ethereum');
  await expect(ethereum.locator('td.verdict')).toContainText('net of network fee');
  await expect(ethereum.locator('td.verdict')).not.toContainText('fee not priced');
  await expect(ethereum.locator('td.net-diff')).toHaveText(/^[+-]?[0-9]+\.[0-9]{2}$/);
});

test('6. one colour per source in the table, the chart and the detail; a two-hop route stays inside its small bar', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: TAXD, decimals: '18' });
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(pastRuns(app.page)).toHaveCount(1, HEAVY);

  // The chart and the small bars say what the answers say, hop by hop: USDC → WETH, then WETH →
  // TAXD, each split among its own sources. Added across hops, they read as a made-up 50/50.
  const routes = await answeredRoutes(app.page, 1, findTokenBySymbol(1, 'USDC')!.address);
  for (const [model, route] of Object.entries(routes)) {
    expect(route.tokens.map((token) => token.symbol), model).toEqual(['USDC', 'WETH', 'TAXD']);
  }
  const chart = compare.charts.getByRole('img', { name: 'Route composition per chain' });
  expect((await chart.locator('rect title').allTextContents()).sort()).toEqual(Object.entries(routes).flatMap(([model, route]) => expectedTitles(route).map((title) => `${model} · ${title}`)).sort());
  expect(await chart.locator('text.hop').allTextContents()).toEqual(['USDC → WETH', 'WETH → TAXD', 'USDC → WETH', 'WETH → TAXD']);
  const row = compare.row('Ethereum');
  for (const [index, route] of [[0, routes['Allowance Holder']], [1, routes.Permit2]] as const) {
    expect((await row.locator('td.buy').nth(index).locator('svg.mini rect title').allTextContents()).sort()).toEqual(expectedTitles(route).sort());
  }

  // Every hop's rectangles lie inside the bar's drawn range (viewBox width 10000).
  const bars = compare.table.locator('svg.mini');
  await expect(bars).toHaveCount(2);
  for (const bar of await bars.all()) {
    const ends = await bar.locator('rect').evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('x')) + Number(rect.getAttribute('width'))));
    expect(ends.length).toBeGreaterThanOrEqual(2);
    for (const end of ends) expect(end).toBeLessThanOrEqual(10_000);
  }

  const legend = compare.charts.getByRole('list', { name: 'Sources' });
  const colourOf = new Map<string, string>();
  for (const item of await legend.getByRole('listitem').all()) {
    colourOf.set((await item.innerText()).trim(), await item.locator('.swatch').evaluate((swatch) => getComputedStyle(swatch).backgroundColor));
  }
  expect(colourOf.size).toBeGreaterThanOrEqual(2);
  // The theme has a distinct colour for each of SERIES sources, light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    const colours = await app.page.evaluate((count) => Array.from({ length: count }, (_, index) => getComputedStyle(document.documentElement).getPropertyValue(`--series-${index + 1}`).trim()), SERIES);
    expect(colours.every((colour) => /^#[0-9a-f]{6}$/.test(colour)), colours.join(' ')).toBe(true);
    expect(new Set(colours).size, `${scheme} series colours`).toBe(SERIES);
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
  // The table's small bars draw each source in its legend colour.
  for (const rect of await compare.table.locator('svg.mini rect').all()) {
    const source = / · (\S+) [0-9.]+%$/.exec((await rect.locator('title').textContent())!)![1]!;
    expect(await rect.evaluate((element) => getComputedStyle(element).fill), `small bar ${source}`).toBe(colourOf.get(source));
  }
  const detail = await compare.openDetail('Ethereum');
  const segments = detail.locator('.segment');
  await expect(segments).not.toHaveCount(0);
  for (const segment of await segments.all()) {
    const source = (await segment.getAttribute('title'))!.replace(/ [0-9.]+%$/, '');
    expect(await segment.evaluate((element) => getComputedStyle(element).backgroundColor), source).toBe(colourOf.get(source));
  }
  // The detail names both hops of each model's route, each with its own sources.
  for (const [model, route] of Object.entries(routes)) {
    const bars = detail.getByRole('group', { name: `${model} route` }).getByRole('img');
    await expect(bars).toHaveCount(2);
    const percentText = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
    const expected = ['USDC → WETH', 'WETH → TAXD'].map((hop) => `${hop}: ${hopShares(route).filter((share) => share.hop === hop).map((share) => `${share.source} ${percentText(share.percent)}`).join(', ')}`);
    expect(await bars.evaluateAll((images) => images.map((image) => image.getAttribute('aria-label')))).toEqual(expected);
  }
  await app.expectNoSeriousAxe('a two-hop route in the table, its detail and the route chart');
  await app.page.keyboard.press('Escape');
  await app.screenshotAtBothSizes('compare-charts-two-hop', () => compare.charts.scrollIntoViewIfNeeded());
});

test('the override token picker offers the chain\'s tokens and the demo taxed tokens; TAXD needs no typed decimals and its row carries a tax flag', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const advanced = await compare.addOverride({ chain: 'Ethereum', side: 'buy', address: '' });
  await expect(advanced.locator('datalist#override-tokens-0 option[label^="TAXD"]')).toHaveAttribute('value', TAXD);
  await expect(advanced.locator('datalist#override-tokens-0 option[label^="FOTD"]')).toHaveCount(1);
  await expect(advanced.locator('datalist#override-tokens-0 option[label^="DAI"]')).toHaveCount(1);
  await advanced.getByLabel(/^Address/).fill(TAXD);
  await expect(advanced.getByText(/^TAXD · 18 decimals · demo token with taxes/)).toBeVisible();
  await expect(advanced.getByRole('alert')).toHaveCount(0);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(pastRuns(app.page)).toHaveCount(1, HEAVY);
  const row = compare.row('Ethereum');
  await expect(row.getByRole('rowheader')).toContainText('tax');
  await expect(row.getByRole('rowheader')).toContainText('USDC → TAXD');
});

test('a net difference in bps that cannot be taken says why, in the table and the detail, instead of a bare dash', async ({ app }) => {
  const compare = new ComparePage(app.page);
  // A millionth of a USDC buys far less ETH than the network fee costs: Allowance Holder's net is below zero.
  await compare.compare({ sell: 'USDC', buy: 'ETH', amount: '0.000001', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(pastRuns(app.page)).toHaveCount(1, HEAVY);
  const detail = await compare.openDetail('Ethereum');
  // The fee is in ETH and so is the buy (rate 1:1): each net is the answer's buy less its fee.
  await expect(detail.locator('p.rate')).toContainText('1 ETH = 1 ETH');
  const answers = await answeredBodies(app.page, 1, findTokenBySymbol(1, 'USDC')!.address);
  const net = (answer: Answer) => BigInt(answer.buyAmount) - BigInt(answer.totalNetworkFee);
  expect(net(answers['Allowance Holder'])).toBeLessThanOrEqual(0n);
  const better = net(answers.Permit2) > net(answers['Allowance Holder']) ? 'Permit2' : 'Allowance Holder';
  const reason = "no net difference in bps: Allowance Holder's net buy is not above zero, as its network fee costs more than it buys";
  const row = compare.row('Ethereum');
  await expect(row.locator('td.net-diff [title]')).toHaveAttribute('title', reason);
  await expect(row.locator('td.verdict')).toContainText(better);
  await expect(detail.locator('p.why')).toContainText(`so ${better} gives more net of fees (${reason}).`);
  await expect(detail.locator('p.why')).not.toContainText('— bps');
  await app.expectNoSeriousAxe('a row whose net difference cannot be taken, its detail open');
  await app.screenshotAtBothSizes('compare-net-diff-below-zero', () => compare.row('Ethereum').scrollIntoViewIfNeeded());
});

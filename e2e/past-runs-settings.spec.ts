import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { LadderPage } from './pages/ladder-page.ts';

/**
 * Past runs of one trade that differ only in a setting of the form's advanced section (slippage,
 * integrator fee, taker) are told apart in the list, on screen and by name, without opening each.
 */

async function setSlippage(compare: ComparePage, bps: string): Promise<void> {
  await (await compare.openAdvanced()).getByLabel(/^Slippage/).fill(bps);
}

async function oneSize(page: Page): Promise<ComparePage> {
  await page.getByRole('group', { name: 'Mode' }).getByRole('radio', { name: 'One size' }).check();
  return new ComparePage(page);
}

test('two comparisons of one trade at 50 and 300 bps slippage are listed apart, and each reopens with its own', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await setSlippage(compare, '50');
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await setSlippage(compare, '300');
  await compare.compare();
  await compare.waitForEnd();

  const pastRuns = app.page.getByRole('region', { name: 'Past comparisons' });
  const at = (bps: string) => pastRuns.getByRole('button', { name: new RegExp(`^Open comparison 1,000 USDC to WETH, slippage ${bps} bps from `) });
  await expect(at('50')).toHaveCount(1);
  await expect(at('300')).toHaveCount(1);
  await expect(pastRuns.getByRole('listitem')).toHaveText([/^1,000 USDC → WETH\s*slippage 300 bps\s*Ethereum · 2\/2 · done · /, /^1,000 USDC → WETH\s*slippage 50 bps\s*Ethereum · 2\/2 · done · /]);

  // The entry's slippage is the run's: reopened, the form states the same.
  await at('50').click();
  await expect((await compare.openAdvanced()).getByLabel(/^Slippage/)).toHaveValue('50');
  await expect(app.page.getByText(/changed since/)).toHaveCount(0);
});

test('two size ladders of one trade at different slippages are listed apart', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const ladder = new LadderPage(app.page);
  await setSlippage(compare, '50');
  await ladder.open();
  await ladder.run('100, 1000', ['Ethereum'], { sell: 'USDC', buy: 'WETH' });
  await ladder.waitForEnd();
  await setSlippage(await oneSize(app.page), '300');
  await ladder.open();
  await ladder.run('100, 1000', ['Ethereum']);
  await ladder.waitForEnd();

  const pastLadders = app.page.getByRole('region', { name: 'Past size ladders' });
  for (const bps of ['50', '300']) {
    await expect(pastLadders.getByRole('button', { name: new RegExp(`^Open size ladder USDC to WETH at 100, 1,000, slippage ${bps} bps from `) })).toHaveCount(1);
  }
  await expect(pastLadders.getByRole('listitem')).toHaveText([/slippage 300 bps/, /slippage 50 bps/]);
});

test('a size ladder of one model is listed apart from one of both', async ({ app }) => {
  const ladder = new LadderPage(app.page);
  await ladder.open();
  await ladder.run('100, 1000', ['Ethereum'], { sell: 'USDC', buy: 'WETH' });
  await ladder.waitForEnd();
  await ladder.form.getByRole('checkbox', { name: 'Allowance Holder' }).uncheck();
  await ladder.run('100, 1000', ['Ethereum']);
  await ladder.waitForEnd();
  // The ladder on screen says so too, as a one-model comparison's caption does.
  await expect(app.page.getByText('USDC → WETH at 100, 1,000 on 1 chain, Permit2 only', { exact: true })).toBeVisible();

  const pastLadders = app.page.getByRole('region', { name: 'Past size ladders' });
  await expect(pastLadders.getByRole('button', { name: /^Open size ladder USDC to WETH at 100, 1,000, Permit2 only from / })).toHaveCount(1);
  await expect(pastLadders.getByRole('button', { name: /^Open size ladder USDC to WETH at 100, 1,000 from / })).toHaveCount(1);
  await expect(pastLadders.getByRole('listitem')).toHaveText([/^USDC → WETH at 100, 1,000, Permit2 only\s*Ethereum · /, /^USDC → WETH at 100, 1,000\s*Ethereum · /]);
});

test('runs of one trade on two profiles are listed apart by profile name', async ({ app, userDataDir }) => {
  await writeFile(join(userDataDir, 'profiles.json'), `${JSON.stringify({ version: 1, profiles: [{ id: 'staging', name: 'Staging', baseUrl: 'https://staging.example.test' }] }, null, 2)}\n`);
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  // The same run as one of an earlier session on Staging (a service this machine cannot reach).
  const folder = join(userDataDir, 'comparisons');
  const [file] = await readdir(folder);
  const stored = JSON.parse(await readFile(join(folder, file!), 'utf8')) as { status: { runId: string; profileId: string; startedAt: string; request: object } };
  const startedAt = new Date(Date.parse(stored.status.startedAt) - 60_000).toISOString();
  const request = { ...stored.status.request, profileId: 'staging' };
  await writeFile(join(folder, 'cmp-earlier0001.json'), JSON.stringify({ ...stored, status: { ...stored.status, runId: 'cmp-earlier0001', profileId: 'staging', startedAt, request } }));
  // Compare lists its past runs, and reads the profiles, as it opens.
  await app.show('History');
  await app.show('Compare');

  const pastRuns = app.page.getByRole('region', { name: 'Past comparisons' });
  await expect(pastRuns.getByRole('listitem')).toHaveText([/^1,000 USDC → WETH\s*profile Local service\s*Ethereum · /, /^1,000 USDC → WETH\s*profile Staging\s*Ethereum · /], { timeout: 30_000 });
  await pastRuns.getByRole('button', { name: /^Open comparison 1,000 USDC to WETH, profile Staging from / }).click();
  await expect(compare.form.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('staging');
});

test('runs of one trade on one chain each, Ethereum and Base, are listed apart by chain name', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await compare.compare({ chains: ['Base'] });
  await compare.waitForEnd();
  const pastRuns = app.page.getByRole('region', { name: 'Past comparisons' });
  await expect(pastRuns.getByRole('listitem')).toHaveText([/^1,000 USDC → WETH\s*Base · 2\/2 · done · /, /^1,000 USDC → WETH\s*Ethereum · 2\/2 · done · /]);
});

const TAKER = '0x1234000000000000000000000000000000000bcd';
const RECIPIENT = '0x7a7a00000000000000000000000000000000aa01';

/**
 * A long list: copies of the session's one run file as runs of earlier sessions, each with other
 * settings (the runs of this session are also held in memory, so the copies are read from disk).
 */
async function seedEarlierRuns(userDataDir: string): Promise<void> {
  const folder = join(userDataDir, 'comparisons');
  const [file] = await readdir(folder);
  const stored = JSON.parse(await readFile(join(folder, file!), 'utf8')) as { status: { runId: string; startedAt: string; request: Record<string, unknown> } };
  const variants: Record<string, unknown>[] = [
    { slippageBps: 50 }, { slippageBps: 300 }, { slippageBps: 300, taker: TAKER }, { swapFeeBps: 25, swapFeeRecipient: RECIPIENT },
    { slippageBps: 10, swapFeeBps: 100, swapFeeRecipient: RECIPIENT, taker: TAKER }, {}, { taker: TAKER }, { slippageBps: 0 },
  ];
  for (const [index, settings] of [...variants, ...variants].entries()) {
    const runId = `cmp-earlier${String(index).padStart(4, '0')}`;
    const startedAt = new Date(Date.parse(stored.status.startedAt) - (index + 1) * 60_000).toISOString();
    const { slippageBps: _s, swapFeeBps: _f, swapFeeRecipient: _r, taker: _t, ...request } = stored.status.request;
    await writeFile(join(folder, `${runId}.json`), JSON.stringify({ ...stored, status: { ...stored.status, runId, startedAt, request: { ...request, ...settings } } }));
  }
}

test('a long list of past comparisons keeps each entry on one line at 1280 x 800 and 1920 x 1080, light and dark; axe is clean', async ({ app, userDataDir }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base'] });
  await compare.waitForEnd();
  await seedEarlierRuns(userDataDir);
  // Compare lists its past runs as it opens.
  await app.show('History');
  await app.show('Compare');
  const pastRuns = app.page.getByRole('region', { name: 'Past comparisons' });
  await expect(pastRuns.getByRole('listitem')).toHaveCount(17, { timeout: 30_000 });
  await expect(pastRuns.getByRole('button', { name: /, slippage 10 bps, integrator fee 100 bps to 0x7a7a…aa01, taker 0x1234…0bcd from / })).toHaveCount(2);

  await app.screenshotAtBothSizes('past-runs-settings', async () => {
    await pastRuns.scrollIntoViewIfNeeded();
    const heights = await pastRuns.getByRole('listitem').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
    expect(new Set(heights).size, `entry heights ${heights.join(', ')}`).toBe(1);
  });
  await app.expectNoSeriousAxe('a long list of past comparisons');
});

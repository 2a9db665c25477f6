import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// The exact-out variant end to end: Explorer form (amount side "Buy amount") -> engine -> local
// service over HTTPS -> the result panel reading mode "exact-out".
test('an Allowance Holder quote for an exact buy shows the amount asked, the spend bound, both routes and the calldata check', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder quote', sell: 'WETH', buy: 'USDC', taker: TAKER });
  await explorer.form.getByLabel('Amount side').selectOption('buy');
  await explorer.fill({ amount: '1500' });
  await explorer.send();
  const row = (name: RegExp) => explorer.result.getByRole('row', { name });
  await expect(row(/^Buy amount \(as asked\)/)).toContainText('1,500 USDC', { timeout: 30_000 });
  await expect(row(/^Max sell amount/)).toContainText('WETH');
  await expect(row(/^Estimated net sell amount/)).toContainText('WETH');
  await expect(explorer.result.getByRole('group', { name: 'Forward route' }).getByRole('img').first()).toHaveAttribute('aria-label', /^WETH → /);
  await expect(explorer.result.getByRole('group', { name: 'Refund route' }).getByRole('img').first()).toHaveAttribute('aria-label', /^USDC → /);
  const bounds = explorer.result.getByRole('list', { name: 'Exact-out bounds' });
  await expect(bounds).toContainText('Guarantees the buy amount');
  await expect(bounds).toContainText('Spends at most maxSellAmount');
  // The bounds read in token units through the one formatter, base units on hover.
  await expect(bounds.getByRole('listitem').first()).toHaveText(/minAmountOut [\d,.]+ USDC vs buyAmount 1,500 USDC$/);
  await expect(bounds.getByText('1,500 USDC', { exact: true }).last()).toHaveAttribute('title', '1500000000 base units');
  await expect(bounds.getByRole('listitem').nth(1)).toHaveText(/pulls [\d,.]+ WETH vs [\d,.]+ WETH$/);
  await expect(bounds.locator('[title$=" base units"]')).toHaveCount(4);
  // The taker's issues read in token units too, not in base units.
  const issues = explorer.result.getByRole('list', { name: 'Issues' });
  await expect(issues).toContainText(/current allowance [\d,.]+ WETH/);
  await expect(issues).toContainText(/Balance too low: has [\d,.]+ WETH, needs [\d,.]+ WETH/);
  await expect(issues).not.toContainText('base units');
  // One bound, one figure: what the taker needs, what the calldata lets the settler take and the
  // summary's Max sell amount read alike (0.491044 beside 0.491045 before: cut in two of them).
  const maxSell = (await row(/^Max sell amount/).getByRole('cell').last().textContent())!.match(/[\d,.]+ WETH/)![0];
  await expect(issues).toContainText(`needs ${maxSell}`);
  await expect(explorer.result.getByRole('list', { name: 'What the calldata tells the settler to do' })).toContainText(`take up to ${maxSell} from the taker's allowance`);
  // The raw JSON <pre> (JsonText, shared by every result) is not part of this feature; it is left to its owner.
  const axe = await new AxeBuilder({ page: app.page }).include('[aria-label="Result"]').exclude('[aria-label="Raw JSON"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html.slice(0, 120)) }))).toEqual([]);
  await explorer.result.getByRole('heading', { name: /^Summary/ }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await app.screenshot('explorer-exact-out');
});

test('an exact-out quote selling ETH checks the ETH the call carries against maxSellAmount', async ({ app, engine }) => {
  // Selling the native token, the settler is called directly, with no Allowance Holder exec to pull
  // an amount: the spend is the transaction's value. The bounds read 'No pulled amount to compare
  // with', so an exact-out ETH sell had no spend check.
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder quote', sell: 'ETH', buy: 'USDC', taker: TAKER });
  await explorer.form.getByLabel('Amount side').selectOption('buy');
  await explorer.fill({ amount: '1000' });
  await explorer.send();
  const zid = (await explorer.result.getByLabel('zid', { exact: true }).textContent())!;
  const body = (await engine.history.get((await engine.history.findByZid(zid))[0]!.id))!.body as { maxSellAmount: string; transaction: { value: string } };
  // The local service's call carries at most maxSellAmount (the refund route returns the surplus).
  expect(BigInt(body.transaction.value)).toBeLessThanOrEqual(BigInt(body.maxSellAmount));
  const spend = explorer.result.getByRole('list', { name: 'Exact-out bounds' }).getByRole('listitem').nth(1);
  await expect(spend).toHaveText(/^Spends at most maxSellAmount: the call carries [\d.]+ ETH vs [\d.]+ ETH$/);
  await expect(spend).toHaveClass(/good/);
  await expect(spend.getByText(/ETH$/).first()).toHaveAttribute('title', `${body.transaction.value} base units`);
  // One bound, one figure: the transaction's value and the settler's check of it read as the bound does.
  const carried = (await spend.getByText(/ETH$/).first().textContent())!;
  await expect(explorer.result.getByRole('row', { name: /^value / })).toHaveText(`value${carried}`);
  await expect(explorer.result.getByRole('list', { name: 'What the calldata tells the settler to do' }).getByRole('listitem').first()).toHaveText(`check that the call carries ${carried}`);
  await explorer.result.getByRole('list', { name: 'Exact-out bounds' }).scrollIntoViewIfNeeded();
  await app.screenshotAtBothSizes('explorer-exact-out-native-sell', async () => {
    await explorer.result.getByRole('list', { name: 'Exact-out bounds' }).scrollIntoViewIfNeeded();
  });
  const axe = await new AxeBuilder({ page: app.page }).include('[aria-label="Result"]').exclude('[aria-label="Raw JSON"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

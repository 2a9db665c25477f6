import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

test('the form converts the amount to base units and shows the service reasons inline', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1500.5' });
  await expect(explorer.form.getByLabel('Amount in base units')).toHaveText('= 1500500000 base units');
  // A pasted address the app does not list: the amount is in base units, and the hint says why.
  await explorer.fill({ sell: `0x${'1'.repeat(40)}`, amount: '1' });
  await expect(explorer.form.getByLabel('Amount (base units)')).toBeVisible();
  await expect(explorer.form.getByLabel('Amount in base units')).toHaveText("1 base unit: decimals unknown (the token is not in the app's list)");
  await explorer.fill({ sell: 'USDC', amount: '1500.5' });
  await explorer.advanced('slippageBps', '20000');
  await expect(explorer.form.getByText(/between 0 and 10000/)).toBeVisible();
  await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(explorer.form.getByLabel(/^slippageBps/)).toBeFocused();
  await expect(explorer.form.getByRole('status')).toContainText('1 field to fix before sending');
  await explorer.advanced('slippageBps', '50');
  await explorer.fill({ endpoint: 'Permit2 quote' });
  await expect(explorer.form.getByText('is required for a firm quote')).toBeVisible();
  await app.screenshot('explorer');
});

test('a buy amount typed on Allowance Holder is said to be sent as a sell amount on Permit2, and is a buy amount again on return', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH' });
  await explorer.form.getByLabel('Amount side').selectOption('buy');
  await explorer.fill({ amount: '1' });
  await expect(explorer.form.getByLabel('Amount in base units')).toHaveText('= 1000000000000000000 base units');
  const note = explorer.form.getByRole('note').filter({ hasText: 'Typed as a buy amount' });
  await expect(note).toHaveCount(0);
  await explorer.fill({ endpoint: 'Permit2 price' });
  await expect(note).toHaveText('Typed as a buy amount on Allowance Holder; Permit2 takes only a sell amount, so this is now sent as USDC sold');
  await expect(explorer.form.getByLabel('Amount in base units')).toHaveText('= 1000000 base units');
  await app.screenshot('explorer-buy-amount-on-permit2');
  await explorer.fill({ endpoint: 'Allowance Holder quote' });
  await expect(note).toHaveCount(0);
  await expect(explorer.form.getByLabel('Amount in base units')).toHaveText('= 1000000000000000000 base units');
});

test('slippagePpm and wrapUnwrapMode typed on Allowance Holder are said not to be sent once the endpoint is Permit2, and are sent again on return', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await explorer.advanced('slippagePpm', '3000');
  await explorer.form.getByLabel(/^wrapUnwrapMode/).selectOption('settler');
  const note = explorer.form.getByRole('note').filter({ hasText: 'Not sent' });
  await expect(note).toHaveCount(0);
  await explorer.fill({ endpoint: 'Permit2 price' });
  // Closed, the section still says it: the note is outside it.
  await explorer.form.getByText(/^Advanced/).click();
  await expect(explorer.form.locator('details.advanced')).not.toHaveAttribute('open');
  await expect(note).toHaveText('Not sent: Permit2 does not accept slippagePpm=3000 (slippageBps=30 says the same) and wrapUnwrapMode=settler, typed on Allowance Holder and sent again there. Without slippageBps, Permit2 takes its default of 100 bps.');
  await app.expectNoSeriousAxe('Explorer, parameters held back on Permit2');
  await app.screenshotAtBothSizes('explorer-held-back-on-permit2', () => note.scrollIntoViewIfNeeded());
  await explorer.fill({ endpoint: 'Allowance Holder quote' });
  await expect(note).toHaveCount(0);
});

test.describe('against the engine', () => {

  test('first run on Local service: an Allowance Holder price shows its zid and route bars', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await expect(explorer.form.getByRole('combobox', { name: 'Profile', exact: true })).toContainText('Local service');
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
    await explorer.send();
    await expect(explorer.result.getByLabel('zid', { exact: true })).toHaveText(/^0x[0-9a-f]{24}$/);
    await expect(explorer.result.getByRole('group', { name: 'Route' }).getByRole('img').first()).toHaveAttribute('aria-label', /^WETH → USDC: /);
    await expect(explorer.result.getByRole('table', { name: 'Token taxes' })).toBeVisible();
    // One curl for a result: Copy as curl (key as $SVC_API_KEY, certificate pinned), not a second one with <API_KEY>.
    await expect(app.page.getByRole('group', { name: 'Copy as' }).getByRole('button', { name: 'Copy as curl' })).toBeVisible();
    await expect(app.page.getByRole('button', { name: 'Copy curl', exact: true })).toHaveCount(0);
    await explorer.result.getByRole('heading', { name: 'Route' }).scrollIntoViewIfNeeded();
    await app.screenshot('explorer-result');
  });

  test('a Permit2 quote shows the transaction, decoded calldata and the EIP-712 table with the hash matching', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: TAKER });
    await explorer.send();
    await expect(explorer.result.getByRole('table', { name: 'Transaction' })).toBeVisible();
    await expect(explorer.result.getByLabel('Decoded function')).not.toBeEmpty();
    await expect(explorer.result.getByRole('table', { name: 'EIP-712 data' })).toBeVisible();
    await expect(explorer.result.getByLabel('Hash check')).toContainText('Hash matches');
    // Each value starts just past the longest argument name: the actions calldata, on its own line
    // across the table, does not widen the names' column and push every value away from its name.
    await app.page.setViewportSize({ width: 1280, height: 800 });
    const args = explorer.result.getByRole('table', { name: 'Calldata arguments' });
    await expect(args).toContainText('actions');
    const gap = await args.evaluate((table) => {
      const names = [...table.querySelectorAll('tbody tr:not(.across) td:first-child')].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell.firstChild!);
        return range.getBoundingClientRect().right;
      });
      return table.querySelector('thead th:nth-child(2)')!.getBoundingClientRect().left - Math.max(...names);
    });
    expect(gap, 'space between the longest argument name and the values').toBeLessThanOrEqual(24);
    await explorer.result.getByRole('heading', { name: 'Transaction' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await app.screenshot('explorer-quote');
  });

  // "Send even if invalid" skips the engine's own check: the service's INPUT_INVALID answer is shown.
  test('slippageBps 20000 sent anyway gets the service answer with its name and field details', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
    await explorer.advanced('slippageBps', '20000');
    await explorer.form.getByLabel('Send even if invalid').check();
    await explorer.send();
    await expect(explorer.result.getByRole('heading', { name: 'INPUT_INVALID' })).toBeVisible();
    await expect(explorer.result.getByRole('table', { name: 'Field details' })).toContainText('slippageBps');
    await expect(app.page.getByRole('region', { name: 'Request refused' })).toBeHidden();
    // Said once: the zid beside the result's own, no REMOTE_ERROR line restating the service's error.
    const error = explorer.result.getByRole('alert', { name: 'Error' });
    await expect(error.getByRole('button', { name: 'Copy error zid' })).toHaveCount(0);
    await expect(explorer.result.getByRole('button', { name: 'Copy zid' })).toHaveCount(1);
    await expect(error).not.toContainText('REMOTE_ERROR');
  });
});

test('on Base the network fee says what it is made of: gas × gas price plus the L1 data cost', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', chain: 'Base (8453)', sell: 'WETH', buy: 'USDC', amount: '2' });
  await explorer.send();
  const fee = explorer.result.getByRole('row', { name: /^Network fee/ }).getByRole('cell');
  await expect(fee).toHaveText(/^[0-9.]+ ETH= gas × gas price [0-9.]+ ETH \+ L1 data cost [0-9.]+ ETH$/);
  await fee.scrollIntoViewIfNeeded();
  await app.screenshot('explorer-network-fee-l1');
});

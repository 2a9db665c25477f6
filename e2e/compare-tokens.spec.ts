import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';

// The Sell and Buy token pickers (issue 11, "Tokens"): search by symbol, name or address, the local
// service's demo taxed tokens per chain, and a pasted address whose decimals and symbol are asked for.

const TAXD = '0x7a7a000000000000000000000000000000000001';
const UNKNOWN = '0x1234567890abcdef1234567890abcdef12345678';
const HEAVY = { timeout: 30_000 };

test('a demo taxed token found by name and picked with the keyboard runs on its chain and labels the caption', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const sell = compare.form.getByRole('combobox', { name: 'Sell', exact: true });
  await sell.fill('usd');
  const sellList = compare.form.getByRole('listbox', { name: 'Sell tokens' });
  await expect(sellList.getByRole('option', { name: /^USDC · token · on \d+ chains$/ })).toBeVisible();
  await expect(sellList.getByRole('option', { name: /^WETH/ })).toHaveCount(0);
  await sellList.getByRole('option', { name: /^USDC · / }).click();
  await expect(sell).toHaveValue('USDC');

  // By address prefix: both demo tokens of Ethereum and Base's TAXD.
  const buy = compare.form.getByRole('combobox', { name: 'Buy', exact: true });
  await buy.fill('0x7a7a');
  const buyList = compare.form.getByRole('listbox', { name: 'Buy tokens' });
  await expect(buyList.getByRole('option')).toHaveText([/^TAXD · .* on Ethereum$/, /^FOTD · .* on Ethereum$/, /^TAXD · .* on Base$/]);
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    const serious = (await new AxeBuilder({ page: app.page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `axe, picker open, ${scheme}`).toEqual([]);
    await app.screenshot(`compare-token-picker${scheme === 'dark' ? '-dark' : ''}`);
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
  // By name, then the keyboard: the first option is active, Enter picks it.
  await buy.fill('taxed demo');
  await expect(buy).toHaveAttribute('aria-activedescendant', /option-0$/);
  await buy.press('ArrowDown');
  await buy.press('ArrowUp');
  await buy.press('Enter');
  await expect(buy).toHaveValue('TAXD');
  await expect(compare.form.getByRole('group', { name: /^Chains/ })).toContainText('1 selected');

  // The pick went into the request as Ethereum's buy override, the way an override row does.
  await compare.openAdvanced();
  await expect(compare.overrideAddresses).toHaveValue(TAXD);
  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await compare.waitForEnd();
  await expect(compare.caption).toContainText('1,000 USDC → TAXD (address override) on 1 chain');
  await expect(compare.row('Ethereum').getByRole('rowheader')).toContainText('USDC → TAXD');

  // Picking a listed symbol again drops the address the picker put in.
  await compare.compare({ buy: 'WETH', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(compare.overrideAddresses).toHaveCount(0);
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');
});

test('a pasted unknown address is offered per chain, asks for its decimals in place, and sends nothing until given', async ({ app }) => {
  const compare = new ComparePage(app.page);
  const buy = compare.form.getByRole('combobox', { name: 'Buy', exact: true });
  await buy.fill(UNKNOWN);
  await compare.form.getByRole('listbox', { name: 'Buy tokens' }).getByRole('option', { name: /^0x1234…5678 on Ethereum · not in the token list/ }).click();
  const details = compare.form.getByRole('group', { name: 'Buy token details' });
  await expect(details.getByRole('alert')).toHaveText(/^Buy decimals: 0x1234…5678 is not in the token list of Ethereum: type its decimals/);
  await expect(compare.form.getByRole('button', { name: 'Compare', exact: true })).toBeDisabled();
  await expect(app.page.getByRole('region', { name: 'Past comparisons' })).toContainText('None yet');

  await details.getByLabel('Buy decimals').fill('18');
  await details.getByLabel('Buy symbol').fill('ZZZ');
  await expect(details.getByRole('alert')).toHaveCount(0);
  await expect(buy).toHaveValue('ZZZ');
  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await compare.waitForEnd();
  await expect(app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison/ })).toHaveCount(1, HEAVY);
  await expect(compare.caption).toContainText('USDC → ZZZ (address override) on 1 chain');
});

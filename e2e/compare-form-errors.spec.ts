import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';

/** What the Compare form says when the engine refuses a run before anything is sent. */

test('an amount too large for the chain\'s base units is refused with the field named, not silently', async ({ app }) => {
  const compare = new ComparePage(app.page);
  // 10^80 USDC is 10^86 base units on Ethereum: past the 256 bits a sellAmount may hold.
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: `1${'0'.repeat(80)}`, chains: ['Ethereum'] });
  await expect(compare.form.getByRole('alert').filter({ hasText: /^amount: must fit in 256 bits .*Ethereum/ })).toBeVisible();
  await expect(compare.form.getByLabel(/^Amount/)).toHaveAttribute('aria-invalid', 'true');
  await expect(compare.table).toHaveCount(0);
  await expect(app.page.getByRole('region', { name: 'Past comparisons' })).toContainText('None yet');
});

import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { LadderPage } from './pages/ladder-page.ts';

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

test('a refusal stays beside its field only while the field holds what was refused', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1.0000001', chains: ['Ethereum'] });
  const amountError = compare.form.getByRole('alert').filter({ hasText: /^amount: "1\.0000001" has 7 decimals; USDC has 6 on Ethereum$/ });
  await expect(amountError).toBeVisible();
  // Corrected, the amount no longer carries the refusal of the value it replaced.
  await compare.form.getByLabel(/^Amount/).fill('1.5');
  await expect(amountError).toHaveCount(0);
  await expect(compare.form.getByLabel(/^Amount/)).not.toHaveAttribute('aria-invalid', 'true');
  // Typed back, it is the value refused again.
  await compare.form.getByLabel(/^Amount/).fill('1.0000001');
  await expect(amountError).toBeVisible();
});

test('in Sizes too, an amounts error goes once the list is changed, and comes back with the list refused', async ({ app }) => {
  const ladder = new LadderPage(app.page);
  await ladder.open();
  const refused = ladder.form.getByRole('alert').filter({ hasText: /^amounts: item 2 "0\.0000001" has 7 decimals; USDC has 6 on Ethereum$/ });
  // Refused by the engine (decimals depend on each chain's sell token), then corrected without running.
  await ladder.run('100, 0.0000001', ['Ethereum']);
  await expect(refused).toBeVisible();
  await ladder.amounts.fill('100, 1000');
  await expect(refused).toHaveCount(0);
  await expect(ladder.amounts).not.toHaveAttribute('aria-invalid', 'true');
  await ladder.amounts.fill('100, 0.0000001');
  await expect(refused).toBeVisible();
  // The form's own check (before anything is sent) is held the same way.
  await ladder.run('100, ten');
  const own = ladder.form.getByRole('alert').filter({ hasText: /^amounts: item 2 "ten" is not a number/ });
  await expect(own).toBeVisible();
  await ladder.amounts.fill('100, 10');
  await expect(own).toHaveCount(0);
});

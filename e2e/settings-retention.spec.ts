import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';

// Settings' History card: the retention setting the engine always had, now visible and settable,
// and the comparison runs that go with the requests it removes.

test('a stricter retention says what it removes, removes it only once confirmed, and the comparisons made of it go too', async ({ app, userDataDir }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await compare.compare({ amount: '2000' });
  await compare.waitForEnd();
  const past = app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison/ });
  await expect(past).toHaveCount(2);

  await app.show('Settings');
  const card = app.page.getByRole('region', { name: 'History' });
  // Two runs of one chain, each one request per model (WETH is the wrapped native token: no rate request).
  await expect(card.getByLabel('History size')).toHaveText('The history holds 4 entries.');
  // The engine's default, read back: newest 100,000, any age.
  await expect(card.getByLabel('Entries to keep')).toHaveValue('100000');
  await expect(card.getByLabel('Days to keep')).toBeDisabled();
  const save = card.getByRole('button', { name: 'Save retention' });
  await expect(save).toBeDisabled();

  // Bad input is named in place, with the reason, and cannot be saved.
  const entries = card.getByLabel('Entries to keep');
  await entries.fill('0');
  await expect(card.getByText('must be at least 1', { exact: true })).toBeVisible();
  await expect(entries).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await entries.fill('many');
  await expect(card.getByText('must be a number', { exact: true })).toBeVisible();

  // An age limit that removes nothing here (every request is minutes old) is counted first, so it
  // asks nothing and says so.
  await entries.fill('100000');
  await card.getByRole('checkbox', { name: 'Remove sent requests older than' }).check();
  await card.getByLabel('Days to keep').fill('30');
  await save.click();
  await expect(card.getByRole('status')).toHaveText('Saved; nothing was removed.');
  await expect(card.getByLabel('History size')).toHaveText('The history holds 4 entries.');

  // Fewer entries than the history holds: asked first, with the count; "Keep editing" removes nothing.
  await entries.fill('1');
  await save.click();
  const confirm = card.getByRole('alert');
  await expect(confirm).toContainText('This removes 3 of the 4 entries now');
  await expect(confirm.getByRole('button', { name: 'Remove and save' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByLabel('History size')).toHaveText('The history holds 4 entries.');

  // A yes is for the setting asked about: an edit while asked withdraws the question.
  await save.click();
  await expect(confirm).toContainText('This removes 3 of the 4 entries now');
  await entries.fill('2');
  await expect(confirm).toBeHidden();

  // Removed once confirmed.
  await save.click();
  await expect(confirm).toHaveText(/^This removes 2 of the 4 entries now, with the comparison and size-ladder runs made only of them\. They cannot be brought back\./);
  await app.expectNoSeriousAxe('Settings, asking to confirm a removal');
  await app.screenshotAtBothSizes('settings-retention-confirm', () => confirm.scrollIntoViewIfNeeded());
  await confirm.getByRole('button', { name: 'Remove and save' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved; removed 2 entries, with the comparison and size-ladder runs made only of them.');
  await expect(card.getByLabel('History size')).toHaveText('The history holds 2 entries.');
  await expect(save).toBeDisabled();
  expect(await readdir(join(userDataDir, 'comparisons'))).toHaveLength(1);

  await app.show('Compare');
  await expect(past).toHaveCount(1);
  await expect(past).toHaveAccessibleName(/^Open comparison 2,000 USDC to WETH/);

  // The setting is the engine's: read back on a new visit.
  await app.show('Settings');
  await expect(card.getByLabel('Entries to keep')).toHaveValue('2');
});

import { expect, test } from './fixtures.ts';
import { holdHandler } from './hold-handler.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

// On a slow start the Explorer's profiles may not be listed yet when Send is pressed. Send used to
// do nothing then but move the focus to the selector reading "Listing…": the user (and a CI run on
// two busy cores) waited for an answer that was never asked for.

test('Send pressed before the profiles are listed waits for the list, says so, then sends with the first profile', async ({ app, engine }) => {
  const listing = holdHandler(engine.handlers, 'profiles.list');
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await expect.poll(listing.asked).toBe(1);
  await expect(explorer.form.getByRole('combobox', { name: 'Profile', exact: true })).toHaveText('Listing…');
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000' });
  const send = explorer.form.getByRole('button', { name: 'Send', exact: true });
  await send.click();
  const status = explorer.form.getByRole('status');
  await expect(status).toHaveText('Sending once the profiles are listed…');
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  // A second press meanwhile is not a second request.
  await send.press('Enter');
  expect((await engine.handlers['history.count']()).count).toBe(0);

  listing.release();
  await expect(explorer.result).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveText(/^Answered: 200 OK in \d+ ms$/, { timeout: 30_000 });
  await expect(explorer.form.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('local');
  await expect.poll(async () => (await engine.handlers['history.count']()).count, { timeout: 30_000 }).toBe(1);
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// The Local service profile's rate budget. Settings listed it ("5 rps") and the engine could change it
// (profiles.setRateBudget), but no control did: an analyst pacing comparisons on the local service
// had to edit profiles.json by hand.

test("the Local service's rate budget is set in Settings, out-of-range input refused with its reason, and Compare's picker shows it", async ({ app, userDataDir }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  const card = app.page.getByRole('region', { name: 'Local service' });
  const rate = card.getByRole('textbox', { name: 'Rate budget (requests/s)', exact: true });
  await expect(rate).toHaveValue('5');

  await rate.fill('500');
  await card.getByRole('button', { name: 'Save rate budget' }).click();
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(rate).toHaveAccessibleDescription('must be at most 100');
  await expect(rate).toBeFocused();
  await rate.fill('fast');
  await expect(rate).toHaveAccessibleDescription('must be a number');
  await app.expectNoSeriousAxe('local service rate budget refused');
  await app.screenshotAtBothSizes('settings-local-rate', () => card.scrollIntoViewIfNeeded());

  await rate.fill('2.5');
  await card.getByRole('button', { name: 'Save rate budget' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Saved: at most 2.5 requests/s to the local service' })).toBeVisible();
  await expect(rate).toHaveAttribute('aria-invalid', 'false');
  const localRow = settings.profiles.getByRole('row').filter({ hasText: 'Local service' });
  await expect(localRow.getByRole('cell', { name: '2.5 rps', exact: true })).toBeVisible();
  const file = JSON.parse(await readFile(join(userDataDir, 'profiles.json'), 'utf8')) as { local: { rateBudgetRps: number } };
  expect(file.local.rateBudgetRps).toBe(2.5);

  await app.show('Compare');
  await expect(app.page.getByRole('combobox', { name: 'Profile' }).getByRole('option', { name: 'Local service · 2.5 rps' })).toHaveCount(1);
});

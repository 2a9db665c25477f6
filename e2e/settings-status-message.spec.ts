import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Before the fix "Saved Staging" stayed: at the top of the page once the form was closed, beside Save
// after the form was edited again, and through later unrelated actions (a connection test, the local
// service started), reading as the outcome of each.

test('"Saved" belongs to the save: it goes when the form is edited again, closed, or another action is taken', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  const saved = app.page.getByRole('status').filter({ hasText: 'Saved Staging' });

  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect(settings.form.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  // Edited again, the form is no longer what was saved.
  await settings.field('Base URL').fill('https://eu.staging.example.test');
  await expect(saved).toHaveCount(0);
  await settings.field('Base URL').fill('https://staging.example.test');
  await expect(settings.form.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();

  await settings.form.getByRole('button', { name: 'Close' }).click();
  await expect(settings.form).toHaveCount(0);
  await expect(saved).toHaveCount(0);

  await app.page.getByRole('button', { name: 'Edit Staging' }).click();
  await settings.save();
  await expect(settings.form.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(app.page.getByRole('button', { name: 'Stop local service' })).toBeEnabled({ timeout: 60_000 });
  await expect(saved).toHaveCount(0);
  await app.expectNoSeriousAxe('Settings after an unrelated action');
  await app.screenshotAtBothSizes('settings-status-message', () => settings.form.scrollIntoViewIfNeeded());
});

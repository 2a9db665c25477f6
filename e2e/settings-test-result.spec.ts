import { closedPort } from '../src/core/http/test-support.ts';
import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// A connection test's result is about the profile as it was tested. Before the fix it stayed under
// the row after the profile was saved with another base URL (a failure shown for settings no longer
// in use, or a success for ones that no longer hold), and said nothing of the form's unsaved edits,
// which the test never used.

test('a test result says the form has unsaved edits it did not use, and goes once the profile is saved otherwise', async ({ app }) => {
  const port = await closedPort();
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Remote', baseUrl: `https://127.0.0.1:${port}`, key: 'remote-key-1234' });
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Remote' })).toBeVisible();
  await app.page.getByRole('button', { name: 'Test Remote' }).click();
  const result = app.page.getByLabel('Test result Remote');
  await expect(result).toContainText('nothing accepted the connection', { timeout: 30_000 });
  await expect(result).not.toContainText('unsaved');

  await settings.field('Base URL').fill('https://api.example.test');
  await expect(result).toContainText("Tested as saved: the form's unsaved edits were not part of this test.");
  await app.expectNoSeriousAxe('test result with unsaved edits');
  await app.screenshotAtBothSizes('settings-test-result-unsaved', () => result.scrollIntoViewIfNeeded());

  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Remote' })).toBeVisible();
  await expect(settings.profiles.getByRole('cell', { name: 'https://api.example.test', exact: true })).toBeVisible();
  await expect(result).toHaveCount(0);
});

import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Before the fix one click on Delete removed the profile and its API key from the keychain at once,
// with no way back: a key the user may hold nowhere else, gone on a slip of the pointer.

test('Delete asks first, saying the key goes too; Keep leaves the profile, and confirming deletes it', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  await settings.form.getByRole('button', { name: 'Close' }).click();

  await settings.profiles.getByRole('button', { name: 'Delete Staging' }).click();
  const question = settings.profiles.getByRole('alert').filter({ hasText: 'Delete Staging?' });
  await expect(question).toBeFocused();
  await expect(question).toContainText('Its stored API key is removed too, and neither can be brought back.');
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();
  await app.expectNoSeriousAxe('settings, delete question');
  await app.screenshotAtBothSizes('settings-delete-profile', () => question.scrollIntoViewIfNeeded());

  await question.getByRole('button', { name: 'Keep' }).click();
  await expect(question).toHaveCount(0);
  await expect(settings.profiles.getByRole('button', { name: 'Delete Staging' })).toBeFocused();
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();

  await settings.profiles.getByRole('button', { name: 'Delete Staging' }).click();
  await question.getByRole('button', { name: 'Delete profile and key' }).click();
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toHaveCount(0);
  await expect(app.page.getByRole('status').filter({ hasText: 'Profile deleted' })).toBeVisible();
});

test("Delete says how many saved requests the Explorer will no longer list, and how to keep them", async ({ app, engine }) => {
  const staging = await engine.handlers['profiles.save']({ name: 'Staging', baseUrl: 'https://staging.example.test', version: 'v2', rateBudgetRps: 5, trustSystemCertificates: true, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' } });
  for (const name of ['Chains', 'Sources']) await engine.handlers['savedRequests.save']({ profileId: staging.id, name, endpoint: 'swap.chains', params: {} });
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.profiles.getByRole('button', { name: 'Delete Staging' }).click();
  const question = settings.profiles.getByRole('alert').filter({ hasText: 'Delete Staging?' });
  await expect(question).toContainText('It cannot be brought back. Its 2 saved requests will no longer be listed in the Explorer: export them first (Explorer, Saved requests, Export JSON) to keep them.');
  await expect(question).toBeFocused();
});

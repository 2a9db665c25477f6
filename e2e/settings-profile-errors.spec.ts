import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// The profile form's errors: one rule with the save (src/ipc/channels/profiles.ts), shown under the
// field they name, with the focus moved there, and gone once a save succeeds. Before the fix the
// renderer's URL parser (Chromium's) let "https://exa mple.com" through, the save refused it with a
// wrong reason shown only at the top of the page, and that error stayed after a good save.

// A certificate by shape only: the form's check passes it; the store's X509 parse refuses it.
const NOT_A_CERTIFICATE = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';

test('a base URL with a space is refused under the field before any save, and a fixed one saves with no stale error', async ({ app }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('Remote');
  await settings.field('Base URL').fill('https://exa mple.com');
  await settings.field('Base URL').press('Tab');
  await settings.expectFieldError('Base URL', 'is not a valid URL: it contains a space');

  await settings.field('Name').focus();
  await settings.save();
  await expect(settings.field('Base URL')).toBeFocused();
  await expect(app.page.getByRole('alert')).toHaveCount(0);
  await expect(settings.profiles.getByRole('cell', { name: 'Remote', exact: true })).toBeHidden();
  await app.expectNoSeriousAxe('profile form, base URL with a space');

  await settings.field('Base URL').fill('https://api.0x.org/swap/v1/');
  await settings.expectFieldError('Base URL', 'must be the service root, without /swap/v1: v1 was sunset and v2 takes its version from a header');

  await settings.field('Base URL').fill('https://api.example.com');
  await settings.expectFieldValid('Base URL');
  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Remote' })).toBeVisible();
  await expect(settings.profiles.getByRole('cell', { name: 'Remote', exact: true })).toBeVisible();
  await expect(app.page.getByRole('alert')).toHaveCount(0);
  await expect(app.page.locator('main')).not.toContainText(/INVALID_INPUT|must be an https/);
  await expect(settings.form.getByRole('button', { name: 'Save profile' })).toBeFocused();
  await app.expectNoSeriousAxe('profile saved after a fix');
});

test('a refusal only the save can make goes under its field with the focus, without the code, and a good save clears it', async ({ app }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('Pinned');
  await settings.field('Base URL').fill('https://api.example.com');
  await settings.field('Extra CA certificate (PEM)').fill(NOT_A_CERTIFICATE);
  await settings.save();

  await settings.expectFieldError('Extra CA certificate (PEM)', 'is not a valid certificate');
  await expect(settings.field('Extra CA certificate (PEM)')).toBeFocused();
  await expect(app.page.getByRole('alert')).toHaveCount(0);
  await expect(app.page.locator('main')).not.toContainText('INVALID_INPUT');
  await expect(settings.profiles.getByRole('cell', { name: 'Pinned', exact: true })).toBeHidden();
  await app.expectNoSeriousAxe('profile form, save refused');

  await settings.field('Extra CA certificate (PEM)').fill('');
  await settings.expectFieldValid('Extra CA certificate (PEM)');
  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Pinned' })).toBeVisible();
  await expect(settings.form.getByText('is not a valid certificate')).toBeHidden();
  await expect(app.page.getByRole('alert')).toHaveCount(0);
});

test('a name another profile has, the built-in Local service included, is refused whatever its case', async ({ app }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('local SERVICE');
  await settings.field('Base URL').fill('https://api.example.com');
  await settings.save();
  await settings.expectFieldError('Name', "is the built-in profile's name");
  await expect(settings.field('Name')).toBeFocused();
  await expect(settings.profiles.getByRole('cell', { name: /^local service/i })).toHaveCount(1);
  await app.expectNoSeriousAxe('profile form, built-in name');

  await settings.field('Name').fill('Remote');
  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Remote' })).toBeVisible();
  await settings.form.getByRole('button', { name: 'Close' }).click();

  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('REMOTE');
  await settings.field('Base URL').fill('https://other.example.com');
  await settings.save();
  await settings.expectFieldError('Name', "is already another profile's name");
  await expect(settings.field('Name')).toBeFocused();
  await expect(settings.profiles.getByRole('cell', { name: /^remote$/i })).toHaveCount(1);

  // Its own name is no clash: editing Remote keeps it.
  await settings.form.getByRole('button', { name: 'Close' }).click();
  await app.page.getByRole('button', { name: 'Edit Remote' }).click();
  await settings.expectFieldValid('Name');
  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Remote' })).toBeVisible();
});

import { expect, test } from './fixtures.ts';
import { holdHandler } from './hold-handler.ts';
import { SettingsPage } from './pages/settings-page.ts';

// The profile form's unsaved edits. Before the fix Close, Add profile and another profile's Edit
// replaced the form at once: a half-typed profile (a pasted CA, a new base URL) was gone without a word.

test('Close, Add profile and another Edit ask before dropping unsaved edits, and Keep editing keeps them', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  // Saved and untouched: closing asks nothing.
  await settings.form.getByRole('button', { name: 'Close' }).click();
  await expect(settings.form).toHaveCount(0);

  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('Production');
  await settings.field('Base URL').fill('https://api.example.test');
  const prompt = settings.form.getByRole('alert').filter({ hasText: 'unsaved edits' });

  await app.page.getByRole('button', { name: 'Edit Staging' }).click();
  await expect(prompt).toBeFocused();
  await expect(prompt).toContainText('Discard them and edit Staging?');
  await expect(settings.field('Name')).toHaveValue('Production');
  await app.expectNoSeriousAxe('profile form, discard prompt');
  await app.screenshotAtBothSizes('settings-unsaved-edits', () => prompt.scrollIntoViewIfNeeded());
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(settings.field('Base URL')).toHaveValue('https://api.example.test');

  await settings.form.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toContainText('Discard them and close the form?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await expect(prompt).toContainText('Discard them and start a new profile?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(settings.field('Name')).toHaveValue('Production');

  await app.page.getByRole('button', { name: 'Edit Staging' }).click();
  await prompt.getByRole('button', { name: 'Discard edits' }).click();
  await expect(settings.form.getByRole('heading', { name: 'Edit Staging' })).toBeVisible();
  await expect(settings.field('Name')).toHaveValue('Staging');
});

// Close pressed a moment after Save asked to discard the edits being saved (or closed the form with
// the save still under way, its outcome said nowhere).
test('Close or Edit pressed while the save is under way asks nothing: done once saved, given up when the save is refused', async ({ app, engine }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  const firstSave = holdHandler(engine.handlers, 'profiles.save');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect.poll(firstSave.asked).toBe(1);
  await settings.form.getByRole('button', { name: 'Close' }).click();
  await expect(settings.form.getByRole('status')).toHaveText('Saving: the form closes once saved');
  await expect(settings.form.getByRole('alert')).toHaveCount(0);
  await app.screenshotAtBothSizes('settings-close-while-saving', () => settings.form.getByRole('status').scrollIntoViewIfNeeded());
  firstSave.release();
  await expect(settings.form).toHaveCount(0);
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();

  const refusedSave = holdHandler(engine.handlers, 'profiles.save');
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('Pinned');
  await settings.field('Base URL').fill('https://api.example.com');
  await settings.field('Extra CA certificate (PEM)').fill('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----');
  await settings.save();
  await expect.poll(refusedSave.asked).toBe(1);
  await app.page.getByRole('button', { name: 'Edit Staging' }).click();
  await expect(settings.form.getByRole('status')).toHaveText('Saving: Staging opens once saved');
  refusedSave.release();
  await settings.expectFieldError('Extra CA certificate (PEM)', 'is not a valid certificate');
  await expect(settings.form.getByRole('heading', { name: 'New profile' })).toBeVisible();
  await expect(settings.form.getByRole('status')).toHaveCount(0);
  await expect(settings.profiles.getByRole('cell', { name: 'Pinned', exact: true })).toHaveCount(0);
});

// The saved profile used to be loaded over the whole form, so what was typed while the save was
// under way was dropped without a word, and Close then closed the form.
test('what is typed while the save is under way is kept, and Close pressed then asks before dropping it', async ({ app, engine }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  const save = holdHandler(engine.handlers, 'profiles.save');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect.poll(save.asked).toBe(1);
  await settings.field('Base URL').fill('https://staging-2.example.test');
  await settings.form.getByRole('button', { name: 'Close' }).click();
  await expect(settings.form.getByRole('status')).toHaveText('Saving: the form closes once saved');
  save.release();
  const prompt = settings.form.getByRole('alert').filter({ hasText: 'unsaved edits' });
  await expect(prompt).toContainText('Discard them and close the form?');
  await expect(settings.field('Base URL')).toHaveValue('https://staging-2.example.test');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  // Saved as it was when Save was pressed; the later edit waits in the form for its own save.
  await expect(settings.profiles.getByRole('row', { name: /Staging/ })).toContainText('https://staging.example.test');
  await expect(settings.field('Base URL')).toHaveValue('https://staging-2.example.test');
  await expect(settings.form.getByRole('heading', { name: 'Edit Staging' })).toBeVisible();
});

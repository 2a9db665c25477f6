import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// profiles.json edited by hand (or by a provisioning script) while the app runs. Before the fix the
// Settings list showed the file as the app last wrote it until the next change made in the app, and
// an invalid edit was said nowhere until a save was refused.

interface ProfilesFile {
  version: 1;
  profiles: { id: string; name: string; baseUrl: string; rateBudgetRps?: number }[];
}

async function readProfilesFile(userDataDir: string): Promise<ProfilesFile> {
  return JSON.parse(await readFile(join(userDataDir, 'profiles.json'), 'utf8')) as ProfilesFile;
}

async function writeProfilesFile(userDataDir: string, file: unknown): Promise<void> {
  await writeFile(join(userDataDir, 'profiles.json'), `${JSON.stringify(file, null, 2)}\n`);
}

/** The window losing the focus to the editor and getting it back, as Electron reports it to the page. */
async function refocusWindow(settings: SettingsPage): Promise<void> {
  await settings.page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('a profile added to profiles.json by hand shows when Settings is shown and when the window gets the focus back', async ({ app, userDataDir }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();
  await settings.form.getByRole('button', { name: 'Close' }).click();

  const file = await readProfilesFile(userDataDir);
  await writeProfilesFile(userDataDir, { ...file, profiles: [...file.profiles, { id: 'provisioned', name: 'Provisioned', baseUrl: 'https://provisioned.example.test' }] });
  await refocusWindow(settings);
  await expect(settings.profiles.getByRole('cell', { name: 'Provisioned', exact: true })).toBeVisible();
  await expect(settings.profiles.getByRole('cell', { name: 'https://provisioned.example.test', exact: true })).toBeVisible();

  await app.show('Compare');
  await writeProfilesFile(userDataDir, { ...file, profiles: file.profiles.map((profile) => ({ ...profile, name: 'Staging EU' })) });
  await app.show('Settings');
  await expect(settings.profiles.getByRole('cell', { name: 'Staging EU', exact: true })).toBeVisible();
  await expect(settings.profiles.getByRole('cell', { name: 'Provisioned', exact: true })).toHaveCount(0);
});

test('a file changed under unsaved edits in the form says so and lets the user choose: keep the edits, or take the file', async ({ app, userDataDir }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  const saved = await readProfilesFile(userDataDir);

  // Unedited, the form follows the file as the list does.
  await writeProfilesFile(userDataDir, { ...saved, profiles: saved.profiles.map((profile) => ({ ...profile, rateBudgetRps: 2 })) });
  await refocusWindow(settings);
  await expect(settings.form.getByLabel('Rate budget (requests/s)')).toHaveValue('2');
  await expect(settings.form.getByRole('alert')).toHaveCount(0);

  // Edited, it keeps the edit and asks.
  await settings.field('Base URL').fill('https://eu.staging.example.test');
  await writeProfilesFile(userDataDir, { ...saved, profiles: saved.profiles.map((profile) => ({ ...profile, rateBudgetRps: 3 })) });
  await refocusWindow(settings);
  const note = settings.form.getByRole('alert').filter({ hasText: 'changed in profiles.json outside the app' });
  await expect(note).toContainText('the file differs in: Base URL, Rate budget');
  await expect(settings.field('Base URL')).toHaveValue('https://eu.staging.example.test');
  await expect(settings.profiles.getByRole('cell', { name: '3 rps', exact: true })).toBeVisible();
  // The earlier save's "Saved Staging" is no longer what the file holds.
  await expect(settings.form.getByRole('status')).toHaveCount(0);
  await app.expectNoSeriousAxe('profile form, file changed under edits');
  await app.screenshotAtBothSizes('settings-profiles-file-changed', () => note.scrollIntoViewIfNeeded());

  // Save waits for the choice: nothing is written over the file's version.
  await settings.save();
  await expect(note).toBeFocused();
  expect((await readProfilesFile(userDataDir)).profiles[0]).toMatchObject({ baseUrl: 'https://staging.example.test', rateBudgetRps: 3 });

  await note.getByRole('button', { name: 'Keep my edits' }).click();
  await expect(note).toHaveCount(0);
  await expect(settings.form.getByLabel('Rate budget (requests/s)')).toHaveValue('2');
  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  await expect.poll(async () => (await readProfilesFile(userDataDir)).profiles[0]).toMatchObject({ baseUrl: 'https://eu.staging.example.test', rateBudgetRps: 2 });

  // The other choice: the file's version replaces the edit.
  await settings.field('Name').fill('Staging (mine)');
  const current = await readProfilesFile(userDataDir);
  await writeProfilesFile(userDataDir, { ...current, profiles: current.profiles.map((profile) => ({ ...profile, name: 'Staging (theirs)' })) });
  await refocusWindow(settings);
  await note.getByRole('button', { name: "Use the file's version" }).click();
  await expect(settings.field('Name')).toHaveValue('Staging (theirs)');
  await expect(note).toHaveCount(0);
});

test('a profile removed from the file under the form is said, and the form can be kept as a new profile', async ({ app, userDataDir }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Staging' })).toBeVisible();
  await settings.field('Name').fill('Staging again');
  await writeProfilesFile(userDataDir, { version: 1, profiles: [] });
  await refocusWindow(settings);
  const note = settings.form.getByRole('alert').filter({ hasText: 'removed from profiles.json outside the app' });
  await expect(note).toBeVisible();
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toHaveCount(0);
  await note.getByRole('button', { name: 'Keep as a new profile' }).click();
  await expect(settings.form.getByRole('heading', { name: 'New profile' })).toBeVisible();
  await settings.save();
  await expect(settings.profiles.getByRole('cell', { name: 'Staging again', exact: true })).toBeVisible();
  expect((await readProfilesFile(userDataDir)).profiles.map((profile) => profile.name)).toEqual(['Staging again']);
});

test('an invalid hand edit is named with its file, field and reason, and the list stays as last read', async ({ app, userDataDir }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await settings.addProfile({ name: 'Staging', baseUrl: 'https://staging.example.test', key: 'staging-key-1234' });
  await settings.form.getByRole('button', { name: 'Close' }).click();
  // Close may come before the save lands (the form closes once it has): the list shows it saved.
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();
  const saved = await readProfilesFile(userDataDir);
  await writeProfilesFile(userDataDir, { ...saved, profiles: saved.profiles.map((profile) => ({ ...profile, name: 'Staging EU', rateBudgetRps: 0 })) });
  await refocusWindow(settings);
  const path = join(userDataDir, 'profiles.json');
  await expect(app.page.getByRole('status').filter({ hasText: path })).toContainText('(profiles.0.rateBudgetRps must be at least 0.1)');
  await expect(settings.profiles.getByRole('cell', { name: 'Staging', exact: true })).toBeVisible();
  await app.expectNoSeriousAxe('settings, profiles file invalid');
  await app.screenshotAtBothSizes('settings-profiles-file-invalid', () => app.heading('Settings').scrollIntoViewIfNeeded());

  await writeProfilesFile(userDataDir, { ...saved, profiles: saved.profiles.map((profile) => ({ ...profile, name: 'Staging EU' })) });
  await refocusWindow(settings);
  await expect(settings.profiles.getByRole('cell', { name: 'Staging EU', exact: true })).toBeVisible();
  await expect(app.page.getByRole('status').filter({ hasText: path })).toHaveCount(0);
});

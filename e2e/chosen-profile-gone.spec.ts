import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

// A profile the user chose in Compare or the Explorer that goes (removed from profiles.json by hand,
// or deleted in Settings). Before the fix both screens switched to the built-in Local service without
// a word, and the next comparison or request ran on a service the user had not picked.

const STAGING = { id: 'staging', name: 'Staging', baseUrl: 'https://staging.example.test' };

async function writeProfiles(userDataDir: string, profiles: readonly object[]): Promise<void> {
  await writeFile(join(userDataDir, 'profiles.json'), `${JSON.stringify({ version: 1, profiles }, null, 2)}\n`);
}

test('Compare keeps a chosen profile that went, says so, and runs nothing until another is picked', async ({ app, userDataDir }) => {
  await writeProfiles(userDataDir, [STAGING]);
  const compare = new ComparePage(app.page);
  // The app opens on Compare, before the file was written: showing it again lists the profiles anew.
  await app.show('Settings');
  await app.show('Compare');
  const picker = compare.form.getByRole('combobox', { name: 'Profile', exact: true });
  await picker.selectOption({ label: 'Staging · 5 rps' });

  await writeProfiles(userDataDir, []);
  // Leaving the screen and coming back reads the profiles again, as after a delete in Settings.
  await app.show('Settings');
  await app.show('Compare');
  const gone = compare.form.getByRole('alert').filter({ hasText: 'The profile you chose, Staging, is no longer in your profiles' });
  await expect(gone).toBeVisible();
  await expect(picker).toHaveValue('staging');
  await expect(picker).toHaveAttribute('aria-invalid', 'true');

  await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(picker).toBeFocused();
  await expect(compare.progress).toHaveCount(0);
  expect(JSON.parse(await readFile(join(userDataDir, 'profiles.json'), 'utf8'))).toMatchObject({ profiles: [] });

  await app.expectNoSeriousAxe('Compare, chosen profile gone');
  await app.screenshotAtBothSizes('compare-chosen-profile-gone', () => gone.scrollIntoViewIfNeeded());

  await picker.selectOption({ label: 'Local service · 5 rps' });
  await expect(gone).toHaveCount(0);
  await compare.compare({ chains: ['Ethereum'] });
  await compare.waitForEnd();
});

test('the Explorer keeps a chosen profile that went, says so, and sends nothing until another is picked', async ({ app, userDataDir }) => {
  await writeProfiles(userDataDir, [STAGING]);
  const explorer = new ExplorerPage(app.page);
  await app.show('Explorer');
  await explorer.fill({ profile: 'Staging' });

  await writeProfiles(userDataDir, []);
  await app.show('Settings');
  await app.show('Explorer');
  const picker = explorer.form.getByRole('combobox', { name: 'Profile', exact: true });
  const gone = explorer.form.getByRole('alert').filter({ hasText: 'The profile you chose, Staging, is no longer in your profiles' });
  await expect(gone).toBeVisible();
  await expect(picker).toHaveValue('staging');

  await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(picker).toBeFocused();
  await expect(explorer.result).toHaveCount(0);

  await app.expectNoSeriousAxe('Explorer, chosen profile gone');
  await app.screenshotAtBothSizes('explorer-chosen-profile-gone', () => gone.scrollIntoViewIfNeeded());

  await explorer.fill({ profile: 'Local service' });
  await expect(gone).toHaveCount(0);
  await explorer.send();
});

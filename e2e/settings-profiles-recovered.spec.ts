import { expect, test } from '@playwright/test';
import { mendAndRefocus, withFolderInPlaceOf } from './left-in-place.ts';
import { SettingsPage } from './pages/settings-page.ts';

// A profiles.json the app could not read at start (here a folder in its place) is left as it is. Before
// the fix it stayed blocked until a restart, even once the user had mended it.

test('a profiles file left in place at start is taken once it reads again, and Settings says so', async ({ page }) => {
  await withFolderInPlaceOf(page, 'profiles.json', async ({ path, app, log }) => {
    const settings = new SettingsPage(page);
    await app.show('Settings');
    await expect(page.getByRole('status').filter({ hasText: 'could not be read (it is a folder). It was left as it is' })).toBeVisible();

    await mendAndRefocus(page, path, `${JSON.stringify({ version: 1, profiles: [{ id: 'mine', name: 'Mine', baseUrl: 'https://mine.example.test' }] }, null, 2)}\n`);
    const taken = page.getByRole('status').filter({ hasText: 'can be read now: it was taken as it is (1 profile), and profiles can be saved again' });
    await expect(taken).toBeVisible();
    await expect(settings.profiles.getByRole('cell', { name: 'Mine', exact: true })).toBeVisible();
    await app.expectNoSeriousAxe('Settings, profiles file taken again');
    await app.screenshotAtBothSizes('settings-profiles-recovered', () => taken.scrollIntoViewIfNeeded());
    expect(log.bugs).toEqual([]);
  });
});

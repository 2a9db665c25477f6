import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { mendAndRefocus, withFolderInPlaceOf } from './left-in-place.ts';

// A saved-requests.json the app could not read at start (here a folder in its place) is left as it
// is. Before the fix it stayed blocked until a restart, even once the user had mended it.

test('a saved-requests file left in place at start is taken once it reads again, and the Explorer says so', async ({ page }) => {
  await withFolderInPlaceOf(page, 'saved-requests.json', async ({ path, app, log }) => {
    await app.show('Explorer');
    await expect(page.getByRole('status').filter({ hasText: 'could not be read (it is a folder). It was left as it is' })).toBeVisible();

    const mended = `${JSON.stringify({ version: 1, requests: [{ id: 'a', profileId: 'local', name: 'USDC price', savedAt: '2026-01-02T03:04:05.000Z', endpoint: 'swap.chains', params: {} }] }, null, 2)}\n`;
    await mendAndRefocus(page, path, mended);
    const taken = page.getByRole('status').filter({ hasText: 'can be read now: it was taken as it is (1 saved request), and requests can be saved again' });
    await expect(taken).toBeVisible();
    await page.getByText('Saved requests (1)').click();
    await expect(page.getByRole('list', { name: 'Saved requests' })).toContainText('USDC price');
    expect(await readFile(path, 'utf8')).toBe(mended);

    // And a save works again, on the file as taken.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Chains again');
    await page.getByRole('button', { name: 'Save current form' }).click();
    await expect(page.getByRole('list', { name: 'Saved requests' })).toContainText('Chains again');
    expect(JSON.parse(await readFile(path, 'utf8')).requests.map((request: { name: string }) => request.name)).toEqual(['USDC price', 'Chains again']);
    await app.expectNoSeriousAxe('Explorer, saved requests file taken again');
    await app.screenshotAtBothSizes('explorer-saved-requests-recovered', () => taken.scrollIntoViewIfNeeded());
    expect(log.bugs).toEqual([]);
  });
});

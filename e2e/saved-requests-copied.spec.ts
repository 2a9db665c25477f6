import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test as base } from './fixtures.ts';

// A saved-requests.json where a request was copied by hand to make another: the copy kept the id.
const original = { id: 'a1', profileId: 'local', name: 'Chains', savedAt: '2026-11-20T09:30:00.000Z', endpoint: 'swap.chains', params: {} };
const COPIED = JSON.stringify({ version: 1, requests: [original, { ...original, name: 'Chains again' }] });

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await writeFile(join(userDataDir, 'saved-requests.json'), COPIED);
    await use(userDataDir);
  },
});

test('a request copied by hand in the saved-requests file is listed beside the original, and deleting it leaves the original', async ({ app }) => {
  await app.show('Explorer');
  await app.page.getByText(/^Saved requests \(/).click();
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  await expect(list.getByRole('listitem')).toHaveText([/^Chains\b/, /^Chains again\b/]);
  await list.getByRole('button', { name: 'Delete Chains again' }).click();
  await list.getByRole('alert').getByRole('button', { name: 'Delete request' }).click();
  await expect(list.getByRole('listitem')).toHaveText([/^Chains\b/]);
  await expect(app.page.getByText(/^Saved requests \(1\)/)).toBeVisible();
});

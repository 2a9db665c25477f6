import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test as base } from './fixtures.ts';

// Before the fix one click on a saved request's Delete removed it at once: the store keeps no copy,
// so a slip of the pointer lost a request for good. It now asks first, as Settings does for a profile.
const saved = { profileId: 'local', savedAt: '2026-11-20T09:30:00.000Z', endpoint: 'swap.chains', params: {} };
const FILE = JSON.stringify({ version: 1, requests: [{ ...saved, id: 'a1', name: 'Chains' }, { ...saved, id: 'b2', name: 'Chains on Base' }] });

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await writeFile(join(userDataDir, 'saved-requests.json'), FILE);
    await use(userDataDir);
  },
});

test('deleting a saved request asks first; Keep leaves it with the focus on its Delete, and confirming deletes it', async ({ app }) => {
  await app.show('Explorer');
  await app.page.getByText(/^Saved requests \(/).click();
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  const remove = list.getByRole('button', { name: 'Delete Chains on Base' });
  await remove.click();
  const question = list.getByRole('alert').filter({ hasText: 'Delete "Chains on Base"?' });
  await expect(question).toBeFocused();
  await expect(question).toContainText('It cannot be brought back: Export JSON first to keep a copy.');
  await expect(app.page.getByText(/^Saved requests \(2\)/)).toBeVisible();
  await app.expectNoSeriousAxe('explorer, delete saved request question');
  await app.screenshotAtBothSizes('explorer-delete-saved-request', () => question.scrollIntoViewIfNeeded());

  await question.getByRole('button', { name: 'Keep' }).click();
  await expect(question).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(list.getByRole('listitem')).toHaveText([/^Chains\b/, /^Chains on Base\b/]);

  await remove.click();
  await question.getByRole('button', { name: 'Delete request' }).click();
  await expect(list.getByRole('listitem')).toHaveText([/^Chains\b/]);
  await expect(app.page.getByText(/^Saved requests \(1\)/)).toBeVisible();
  // The focus is not dropped on the page with the question.
  await expect(app.page.getByText(/^Saved requests \(1\)/)).toBeFocused();
});

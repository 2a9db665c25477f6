import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test as base } from './fixtures.ts';

// A saved-requests.json edited by hand (a date typed as a word) before the app starts.
const HAND_EDITED = JSON.stringify({
  version: 1,
  requests: [{ id: 'a', profileId: 'local', name: 'USDC price', savedAt: 'yesterday', endpoint: 'swap.chains', params: {} }],
});

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await writeFile(join(userDataDir, 'saved-requests.json'), HAND_EDITED);
    await use(userDataDir);
  },
});

test('a saved-requests file that cannot be read is set aside and the Explorer says where, and why', async ({ app, userDataDir }) => {
  await app.show('Explorer');
  const aside = (await readdir(userDataDir)).find((name) => name.startsWith('saved-requests.invalid-'));
  expect(aside).toBeDefined();
  expect(await readFile(join(userDataDir, aside!), 'utf8')).toBe(HAND_EDITED);
  const notice = app.page.getByRole('status').filter({ hasText: 'saved requests file could not be read' });
  await expect(notice).toHaveText(`The saved requests file could not be read (requests.0.savedAt must be an ISO date-time). It was moved to ${join(userDataDir, aside!)} and the app started with no saved requests.`);
});

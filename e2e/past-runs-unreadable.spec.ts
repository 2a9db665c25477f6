import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test as base } from './fixtures.ts';

// A comparison file edited by hand (its rows removed) before the app starts, beside a good one.
const GOOD = {
  version: 1,
  status: {
    runId: 'cmp-aaaaaa', state: 'done', profileId: 'local', done: 0, total: 0, etaMs: null,
    startedAt: '2026-11-22T10:00:00.000Z', finishedAt: '2026-11-22T10:00:01.000Z', rows: [], error: null,
    request: { sell: 'USDC', buy: 'WETH', amount: '5', models: ['allowance-holder', 'permit2'], overrides: [] },
  },
  details: {},
};

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await mkdir(join(userDataDir, 'comparisons'));
    await writeFile(join(userDataDir, 'comparisons', 'cmp-aaaaaa.json'), JSON.stringify(GOOD));
    const { rows: _rows, ...cut } = GOOD.status;
    await writeFile(join(userDataDir, 'comparisons', 'cmp-bbbbbb.json'), JSON.stringify({ ...GOOD, status: { ...cut, runId: 'cmp-bbbbbb' } }));
    await use(userDataDir);
  },
});

test('a past comparison whose file cannot be read is named under the list with why, the others listed', async ({ app, userDataDir }) => {
  await app.show('Compare');
  const past = app.page.getByRole('region', { name: 'Past comparisons' });
  await expect(past.getByRole('button', { name: /^Open comparison 5 USDC to WETH/ })).toHaveCount(1);
  await expect(past.getByRole('status')).toHaveText(
    `1 past comparison could not be read and is not listed. The comparison cmp-bbbbbb could not be read: its file ${join(userDataDir, 'comparisons', 'cmp-bbbbbb.json')} is damaged (status.rows is required). It was left as it is.`,
  );
  expect(JSON.parse(await readFile(join(userDataDir, 'comparisons', 'cmp-bbbbbb.json'), 'utf8')).status.runId).toBe('cmp-bbbbbb');
});

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

// The profiles file edited by hand into something that does not validate while the app runs: a
// send on a saved profile is refused with STORAGE, and the refusal is explained as the file the
// message names. The explanation said "The history database could not be read or written", a file
// the request never touched, and sent the user to free disk space.

test('a send refused for an unreadable profiles file is explained as that file, not the history', async ({ app, engine, userDataDir }) => {
  await engine.handlers['profiles.save']({ name: 'Staging', baseUrl: 'https://staging.example.test', version: 'v2', rateBudgetRps: 5, trustSystemCertificates: true, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' } });
  const path = join(userDataDir, 'profiles.json');
  const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: { rateBudgetRps: unknown }[] };
  file.profiles[0]!.rateBudgetRps = 'fast';
  await writeFile(path, JSON.stringify(file));

  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ profile: 'Staging', endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
  const refused = app.page.getByRole('region', { name: 'Request refused' });
  await expect(refused.getByRole('heading', { name: 'STORAGE' })).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText(`Not sent: the profiles file ${path}`);
  await expect(refused).not.toContainText('history database');
  await expect(refused).toContainText('mend the file the message names');
});

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';
import { HARNESS_ORIGIN } from './harness.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

// The local service refuses a request without its key (401), and its key is the app's own: Settings
// named the certificate ("curl --cacert …") and Copy as read the key from $SVC_API_KEY, but nothing
// said where that key was, so an integrator's copied request could only be refused. Each copy below
// is run as a user pastes it into a shell, with nothing but what the app gave.
const run = promisify(execFile);
const SHELL_ENV = { ...process.env, SVC_API_KEY: '' };

test('Settings names the local service\'s key file, and its example request is answered as copied', async ({ app, context, userDataDir }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HARNESS_ORIGIN });
  await app.show('Settings');
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(new SettingsPage(app.page).localState).toContainText('running', { timeout: 30_000 });
  const card = app.page.getByRole('region', { name: 'Local service' });
  await expect(card.getByLabel('API key file', { exact: true })).toHaveText(join(userDataDir, 'local-service', 'key'));

  await card.getByRole('button', { name: 'Copy example request' }).click();
  const clipboard = () => app.page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(clipboard).toContain('--cacert');
  const curl = await clipboard();
  expect(curl).not.toMatch(/local_[0-9a-f]/);
  const { stdout } = await run('sh', ['-c', `${curl} --silent --show-error --fail-with-body`], { env: SHELL_ENV });
  expect(JSON.parse(stdout)).toHaveProperty('chains');
  await app.expectNoSeriousAxe('the local service running, its key file named');
});

test('a Local service request\'s Copy as curl runs once the copied SVC_API_KEY line is pasted before it', async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HARNESS_ORIGIN });
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000' });
  await explorer.send();
  const copyAs = app.page.getByRole('group', { name: 'Copy as' });
  const clipboard = () => app.page.evaluate(() => navigator.clipboard.readText());

  await copyAs.getByRole('button', { name: 'Copy export SVC_API_KEY' }).click();
  await expect.poll(clipboard).toMatch(/^export SVC_API_KEY=/);
  const exportLine = await clipboard();
  expect(exportLine).not.toMatch(/local_[0-9a-f]/);
  await copyAs.getByRole('button', { name: 'Copy as curl' }).click();
  await expect.poll(clipboard).toMatch(/^curl /);
  const curl = await clipboard();

  const { stdout } = await run('sh', ['-c', `${exportLine}\n${curl}`], { env: SHELL_ENV });
  expect(JSON.parse(stdout)).toHaveProperty('buyAmount');
});

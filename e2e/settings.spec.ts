import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

const KEY = 'e2e-secret-KEY-7f3a9c1d0b';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test('a profile with a key: the key appears nowhere in the DOM, the data files or the console', async ({ app, userDataDir }) => {
  const console: string[] = [];
  app.page.on('console', (message) => console.push(message.text()));
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('running');
  const baseUrl = (await settings.localState.locator('.mono').textContent()) ?? '';
  expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+/);

  await settings.addProfile({ name: 'E2E remote', baseUrl, key: KEY });
  await expect(app.page.getByLabel('Key status')).toContainText('Key stored');
  await expect(settings.form.getByLabel('New API key')).toHaveValue('');
  await expect(settings.profiles.getByRole('cell', { name: 'E2E remote', exact: true })).toBeVisible();
  await app.screenshot('settings');

  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.form.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: 'E2E remote' });
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await explorer.send();

  expect(await app.page.content()).not.toContain(KEY);
  for (const file of await filesUnder(userDataDir)) {
    expect((await readFile(file)).includes(Buffer.from(KEY)), file).toBe(false);
  }
  expect(console.join('\n')).not.toContain(KEY);
});

test('before its first request the local service reads as not started yet, not as stopped by the user', async ({ app }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  // "State: stopped" alone read as if Explorer's requests would fail until Start was pressed.
  await expect(settings.localState).toContainText('stopped');
  const note = app.page.getByText(/^Not running yet: it starts with the first request to the Local service profile/);
  await expect(note).toBeVisible();
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await explorer.send();
  await expect(explorer.result.getByLabel('zid', { exact: true })).toHaveText(/^0x/);
  await app.show('Settings');
  await expect(settings.localState).toContainText('running');
  await expect(note).toHaveCount(0);
  await app.page.getByRole('button', { name: 'Stop local service' }).click();
  await expect(settings.localState).toContainText('stopped', { timeout: 30_000 });
  await expect(app.page.getByText(/^Stopped until you press Start local service/)).toBeVisible();
  await expect(note).toHaveCount(0);
  await app.expectNoSeriousAxe('local service stopped by the user');
});

test("the Local service row shows the address the service runs at, and no old port once it is stopped", async ({ app }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  const row = settings.profiles.getByRole('row').filter({ hasText: 'Local service' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('chosen at start');
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  const baseUrl = (await settings.localState.locator('.mono').textContent()) ?? '';
  expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  await expect(row.getByRole('cell').nth(1)).toHaveText(baseUrl);
  await app.page.getByRole('button', { name: 'Stop local service' }).click();
  await expect(settings.localState).toContainText('stopped', { timeout: 30_000 });
  await expect(row.getByRole('cell').nth(1)).toHaveText('chosen at start');
});

test('an http:// base URL is refused inline before anything is sent', async ({ app }) => {
  await app.show('Settings');
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  const form = new SettingsPage(app.page).form;
  await form.getByLabel('Name').fill('Plain');
  await form.getByLabel('Base URL').fill('http://example.com');
  await form.getByLabel('Base URL').press('Tab');
  await expect(form.getByText(/must use https:\/\//)).toBeVisible();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByLabel('Base URL')).toBeFocused();
  await expect(new SettingsPage(app.page).profiles.getByRole('cell', { name: 'Plain', exact: true })).toBeHidden();
});

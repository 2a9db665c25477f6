import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Issue 13, "Settings": every test here failed on the settings screen before the issue.

test('the new-profile form takes the focus and shows errors only after a touch or a submit', async ({ app }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await expect(settings.form.getByLabel('Name')).toBeFocused();
  await expect(settings.form.getByText('must not be empty')).toBeHidden();
  await expect(settings.form.getByText('must be an https:// URL')).toBeHidden();
  await settings.form.getByLabel('Name').press('Tab');
  await expect(settings.form.getByText('must not be empty')).toBeVisible();
  await expect(settings.form.getByText('must be an https:// URL')).toBeHidden();
  await settings.form.getByRole('button', { name: 'Save profile' }).click();
  await expect(settings.form.getByText('must be an https:// URL')).toBeVisible();
  await expect(settings.form.getByLabel('Name')).toBeFocused();
  await expect(settings.form.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
});

test.describe('on a machine without a keychain', () => {
  // As the app behaves with no D-Bus session bus (src/core/secrets/test-support/no-session-bus.ts).
  test.use({ noKeychain: true });

  test('with no keychain, saving a key says so once: one line, the D-Bus reason once, no keychain promise', async ({ app }) => {
    await app.show('Settings');
    const settings = new SettingsPage(app.page);
    await settings.addProfile({ name: 'No keychain', baseUrl: 'https://api.example.com', key: 'e2e-no-keychain-key-1234' });
    await expect(app.page.getByRole('status').filter({ hasText: 'Saved No keychain' })).toBeVisible();
    const state = settings.form.getByLabel('Key status');
    await expect(state).toHaveCount(1);
    await expect(state).toHaveText(/^Key stored: no keychain is available \(.+\); the key is kept in memory for this run only\. Enter it again after a restart\.$/);
    const reason = /\((.+)\); the key is kept/.exec((await state.textContent()) ?? '')?.[1] ?? '';
    expect(reason).not.toBe('');
    const pageText = (await app.page.locator('main').textContent()) ?? '';
    expect(pageText.split(reason).length - 1, 'the D-Bus reason is said once').toBe(1);
    expect(pageText.split('memory for this run only').length - 1).toBe(1);
    expect(pageText).not.toMatch(/OS keychain|sent once to the keychain/);
    await expect(settings.profiles.getByRole('row', { name: /No keychain/ })).toContainText('stored (memory)');
  });
});

test.describe('local service', () => {
  test('shows the CA certificate path and SHA-256 fingerprint with copy buttons', async ({ app, userDataDir }) => {
    await app.show('Settings');
    await app.page.getByRole('button', { name: 'Start local service' }).click();
    const card = app.page.getByRole('region', { name: 'Local service' });
    await expect(card.getByLabel('Certificate file')).toHaveText(`${userDataDir}/local-service/cert.pem`, { timeout: 30_000 });
    await expect(card.getByLabel('SHA-256 fingerprint')).toHaveText(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    await expect(card.getByRole('button', { name: 'Copy certificate path' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copy certificate PEM' })).toBeVisible();
  });

  test('Stop stays stopped: a request fails naming Start, the service is not restarted, Start brings it back', async ({ app }) => {
    await app.show('Settings');
    const settings = new SettingsPage(app.page);
    await settings.startThenStopLocalService();

    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Swap chains' });
    await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
    const refused = app.page.getByRole('region', { name: 'Request refused' });
    await expect(refused.getByRole('heading', { name: 'LOCAL_SERVICE_STOPPED' })).toBeVisible({ timeout: 30_000 });
    await expect(refused).toContainText('Start local service');

    await app.show('Settings');
    await expect(settings.localState).toContainText('stopped');
    await app.page.getByRole('button', { name: 'Start local service' }).click();
    await expect(settings.localState).toContainText('running', { timeout: 30_000 });
    await app.show('Explorer');
    await explorer.send();
    await expect(explorer.result).toContainText('200');
  });
});

test('one chain name on every screen and one heading and button scale', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await expect(explorer.form.getByRole('combobox', { name: 'Chain', exact: true }).locator('option', { hasText: 'Ethereum (1)' })).toHaveCount(1);
  await app.show('History');
  await expect(app.page.getByRole('combobox', { name: 'Chain' }).locator('option', { hasText: 'Ethereum (1)' })).toHaveCount(1);

  await app.show('Settings');
  await app.page.getByRole('button', { name: 'Add profile' }).click();
  const headings = await app.page.getByRole('heading', { level: 2 }).evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).fontSize));
  expect(new Set(headings).size).toBe(1);
  const buttons = await app.page.locator('main button').evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).fontSize));
  expect(new Set(buttons).size).toBe(1);

  // The same h2 size on the other screens' panels: Compare's past runs and the paste dialog.
  const settingsH2 = headings[0];
  await app.show('Compare');
  for (const name of ['Past comparisons', 'Past size ladders']) {
    expect(await app.page.getByRole('heading', { level: 2, name }).evaluate((node) => getComputedStyle(node).fontSize), name).toBe(settingsH2);
  }
  await app.page.keyboard.press('Control+k');
  expect(await app.page.getByRole('heading', { level: 2, name: 'Paste anything' }).evaluate((node) => getComputedStyle(node).fontSize)).toBe(settingsH2);
});

test('the result panel heading and its buttons use the same scale as Settings', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Swap chains' });
  await explorer.send();
  const size = (name: string) => explorer.result.getByRole('button', { name }).evaluate((node) => getComputedStyle(node).fontSize);
  expect(await size('Copy raw JSON')).toBe(await size('Open in history'));
  const resultHeading = await explorer.result.getByRole('heading', { level: 2 }).evaluate((node) => getComputedStyle(node).fontSize);
  await app.show('Settings');
  expect(await app.page.getByRole('heading', { level: 2, name: 'Profiles' }).evaluate((node) => getComputedStyle(node).fontSize)).toBe(resultHeading);
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { HARNESS_ORIGIN } from './harness.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';

test('the About screen shows app.info from the real handlers through the preload API', async ({ app, userDataDir }) => {
  await app.show('About');
  await expect(app.heading('About')).toBeVisible();
  await expect(app.page.getByTestId('data-dir')).toHaveText(userDataDir);
  await expect(app.page.getByTestId('app-name')).toHaveText('swap-explorer 0.0.0-e2e');
});

// About said only "Data directory": where the history, the profiles and the keys were (the CLI's
// messages send users here for --data-dir, a user asks where a key goes) was nowhere in the app.
test('About says what is kept where, each path one the app writes, and copies the data directory', async ({ app, context, userDataDir }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HARNESS_ORIGIN });
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '10' });
  await explorer.send();
  await app.show('About');
  const kept = app.page.getByRole('heading', { name: 'What is kept where' });
  await expect(kept).toBeVisible();
  const place = (what: string) => app.page.getByRole('term').filter({ hasText: what }).locator('xpath=following-sibling::dd[1]');
  await expect(place('History of requests')).toHaveText(historyFileIn(userDataDir));
  await expect(place('Profiles (no keys)')).toHaveText(join(userDataDir, 'profiles.json'));
  await expect(place("Local service's certificate and key")).toHaveText(join(userDataDir, 'local-service'));
  await expect(place('API keys')).toContainText('OS keychain');
  await expect(place('API keys')).not.toContainText(userDataDir);
  // What a request made is where About says it is.
  for (const path of [historyFileIn(userDataDir), join(userDataDir, 'local-service', 'key'), join(userDataDir, 'local-service', 'cert.pem')]) {
    expect(existsSync(path), path).toBe(true);
  }

  await app.page.getByRole('button', { name: 'Copy data directory' }).click();
  await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toBe(userDataDir);
  await app.expectNoSeriousAxe('About with what is kept where');
});

test('window.api refuses bad input with INVALID_INPUT instead of calling the handler', async ({ app }) => {
  const answer = await app.page.evaluate(() => (window as unknown as { api: { app: { info: (input: unknown) => Promise<unknown> } } }).api.app.info({ __proto__: { polluted: true }, x: 1 }));
  expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
});

test('the renderer has no network: fetch is refused by the CSP', async ({ app }) => {
  const outcome = await app.page.evaluate(async () => {
    try {
      await fetch('https://example.com/');
      return 'reached';
    } catch (error) {
      return String(error);
    }
  });
  expect(outcome).not.toBe('reached');
  const violations = await app.page.evaluate(() => {
    const list = (window as unknown as { __cspViolations: string[] }).__cspViolations;
    return list.splice(0, list.length);
  });
  expect(violations.some((entry) => entry.startsWith('connect-src'))).toBe(true);
});

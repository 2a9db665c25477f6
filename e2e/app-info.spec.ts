import { expect, test } from './fixtures.ts';

test('the About screen shows app.info from the real handlers through the preload API', async ({ app, userDataDir }) => {
  await app.show('About');
  await expect(app.heading('About')).toBeVisible();
  await expect(app.page.getByTestId('data-dir')).toHaveText(userDataDir);
  await expect(app.page.getByTestId('app-name')).toHaveText('swap-explorer 0.0.0-e2e');
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

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

// Issue 13: axe-core finds no serious or critical violation on Explorer and Settings in each main
// state, in light and dark.
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('Explorer: empty, errors shown, result, quote with calldata, saved requests open', async ({ app }) => {
      test.setTimeout(120_000);
      await app.show('Explorer');
      const explorer = new ExplorerPage(app.page);
      expect(await seriousViolations(app.page), 'empty').toEqual([]);

      await explorer.fill({ endpoint: 'Allowance Holder quote', sell: 'FOO', amount: 'abc' });
      await explorer.advanced('slippageBps', '20000');
      await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(explorer.form.getByRole('status')).toContainText('to fix before sending');
      expect(await seriousViolations(app.page), 'errors shown').toEqual([]);

      await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0xde30000000000000000000000000000000000003' });
      await explorer.advanced('slippageBps', '50');
      await explorer.send();
      expect(await seriousViolations(app.page), 'result').toEqual([]);
      await explorer.fill({ amount: '2000' });
      await expect(app.page.getByText(/The form has changed since/)).toBeVisible();
      expect(await seriousViolations(app.page), 'stale result').toEqual([]);
      await app.page.setViewportSize({ width: 1920, height: 1080 });
      await app.screenshot(`explorer-stale-1920-${scheme}`);
      await app.page.setViewportSize({ width: 1280, height: 800 });

      await explorer.fill({ endpoint: 'Permit2 quote', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
      await explorer.send();
      await explorer.result.getByRole('button', { name: 'Expand data' }).click();
      expect(await seriousViolations(app.page), 'quote with calldata').toEqual([]);

      await app.page.getByText(/^Saved requests \(/).click();
      await app.page.getByRole('form', { name: 'Save request' }).getByLabel('Name').fill('Quote');
      await app.page.getByRole('button', { name: 'Save current form' }).click();
      await expect(app.page.getByRole('list', { name: 'Saved requests' })).toContainText('Quote');
      expect(await seriousViolations(app.page), 'saved requests open').toEqual([]);
    });

    test('Settings: default, local service running with its certificate, profile form with errors', async ({ app }) => {
      test.setTimeout(120_000);
      await app.show('Settings');
      expect(await seriousViolations(app.page), 'default').toEqual([]);
      await app.page.getByRole('button', { name: 'Start local service' }).click();
      await expect(app.page.getByLabel('SHA-256 fingerprint')).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(app.page), 'running').toEqual([]);
      await app.page.getByRole('button', { name: 'Add profile' }).click();
      expect(await seriousViolations(app.page), 'profile form open').toEqual([]);
      await app.page.getByRole('form', { name: 'Profile' }).getByRole('button', { name: 'Save profile' }).click();
      await expect(app.page.getByRole('form', { name: 'Profile' }).getByText('must not be empty')).toBeVisible();
      await expect(app.page.getByRole('form', { name: 'Profile' }).getByText('must be an https:// URL')).toBeVisible();
      expect(await seriousViolations(app.page), 'profile form errors').toEqual([]);
      await app.screenshot(`settings-form-${scheme}`);
      await app.page.setViewportSize({ width: 1920, height: 1080 });
      await app.page.getByRole('heading', { level: 1, name: 'Settings' }).scrollIntoViewIfNeeded();
      await app.screenshot(`settings-1920-${scheme}`);
    });
  });
}

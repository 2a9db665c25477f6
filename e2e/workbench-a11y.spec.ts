import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { AppPage } from './pages/app-page.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Issue 13: axe-core finds no serious or critical violation on Explorer and Settings in each main
// state, in light and dark.
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/**
 * The fields whose placeholder reads below 4.5:1 against the field, which axe does not check:
 * "name: ratio" for each, measured from the computed colours.
 */
async function faintPlaceholders(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const backgroundOf = (element: Element | null): string => {
      for (let at = element; at; at = at.parentElement) {
        const color = getComputedStyle(at).backgroundColor;
        if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
      }
      return 'rgb(255, 255, 255)';
    };
    return [...main.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')].flatMap((field) => {
      const [light, dark] = [luminance(getComputedStyle(field, '::placeholder').color), luminance(backgroundOf(field))].sort((a, b) => b - a);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      return ratio < 4.5 ? [`${field.placeholder}: ${ratio.toFixed(2)}`] : [];
    });
  });
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

// The README's screenshots at both sizes (docs/screenshots with UPDATE_SCREENSHOTS=1), each checked
// to fit the window's width (no horizontal scrolling); the viewport is left at 1280 x 800.
async function screenshotsAtBothSizes(app: AppPage, name: string, scheme: 'light' | 'dark', top: () => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await app.page.setViewportSize(viewport);
    await top();
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} fits ${viewport.width} px`).toBeLessThanOrEqual(0);
    await app.screenshot(`${name}-${viewport.width}${scheme === 'dark' ? '-dark' : ''}`);
  }
  await app.page.setViewportSize(VIEWPORTS[0]);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('Explorer: empty, errors shown, result, quote with calldata, saved requests open', async ({ app }) => {
      await app.show('Explorer');
      const explorer = new ExplorerPage(app.page);
      expect(await seriousViolations(app.page), 'empty').toEqual([]);
      expect(await faintPlaceholders(app.page), 'placeholders').toEqual([]);

      await explorer.fill({ endpoint: 'Allowance Holder quote', sell: 'FOO', amount: 'abc' });
      await explorer.advanced('slippageBps', '20000');
      await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(explorer.form.getByRole('status')).toContainText('to fix before sending');
      expect(await seriousViolations(app.page), 'errors shown').toEqual([]);

      await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0xde30000000000000000000000000000000000003' });
      await explorer.advanced('slippageBps', '50');
      await explorer.send();
      expect(await seriousViolations(app.page), 'result').toEqual([]);
      await screenshotsAtBothSizes(app, 'explorer', scheme, () => app.heading('Explorer').scrollIntoViewIfNeeded());
      await explorer.fill({ amount: '2000' });
      await expect(app.page.getByText(/The form has changed since/)).toBeVisible();
      expect(await seriousViolations(app.page), 'stale result').toEqual([]);

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
      await app.show('Settings');
      expect(await seriousViolations(app.page), 'default').toEqual([]);
      await app.page.getByRole('button', { name: 'Start local service' }).click();
      await expect(app.page.getByLabel('SHA-256 fingerprint')).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(app.page), 'running').toEqual([]);
      await app.page.getByRole('button', { name: 'Add profile' }).click();
      expect(await seriousViolations(app.page), 'profile form open').toEqual([]);
      expect(await faintPlaceholders(app.page), 'placeholders').toEqual([]);
      await app.page.getByRole('form', { name: 'Profile' }).getByRole('button', { name: 'Save profile' }).click();
      await expect(app.page.getByRole('form', { name: 'Profile' }).getByText('must not be empty')).toBeVisible();
      await expect(app.page.getByRole('form', { name: 'Profile' }).getByText('must be an https:// URL')).toBeVisible();
      expect(await seriousViolations(app.page), 'profile form errors').toEqual([]);
      await screenshotsAtBothSizes(app, 'settings', scheme, () => app.heading('Settings').scrollIntoViewIfNeeded());
    });

    test('Explorer: the Request refused box and the import-problems table', async ({ app }) => {
      await app.show('Settings');
      const settings = new SettingsPage(app.page);
      await settings.startThenStopLocalService();
      await app.show('Explorer');
      const explorer = new ExplorerPage(app.page);
      await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(app.page.getByRole('region', { name: 'Request refused' })).toContainText('LOCAL_SERVICE_STOPPED', { timeout: 30_000 });
      expect(await seriousViolations(app.page), 'request refused').toEqual([]);

      await app.page.getByText(/^Saved requests \(/).click();
      const bad = { format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: '', endpoint: 'swap.trade', params: {} }] };
      await app.page.getByRole('form', { name: 'Save request' }).getByLabel('Import JSON…').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
      await expect(app.page.getByRole('table', { name: 'Import problems' })).toContainText('must not be empty');
      expect(await seriousViolations(app.page), 'import problems').toEqual([]);
    });

    test.describe('without a keychain', () => {
      test.use({ noKeychain: true });

      test('Settings: after Stop, the no-keychain key warning, editing an existing profile', async ({ app }) => {
        await app.show('Settings');
        const settings = new SettingsPage(app.page);
        await settings.startThenStopLocalService();
        await expect(app.page.getByText(/^Stopped until you press Start local service/)).toBeVisible();
        expect(await seriousViolations(app.page), 'after Stop').toEqual([]);

        // No keychain on this machine (the describe's noKeychain): the key is kept in memory.
        await settings.addProfile({ name: 'Remote', baseUrl: 'https://api.example.com', key: 'e2e-a11y-key-5678' });
        await expect(settings.form.getByLabel('Key status')).toHaveText(/^Key stored: no keychain is available/);
        expect(await seriousViolations(app.page), 'no-keychain warning').toEqual([]);

        await settings.form.getByRole('button', { name: 'Close' }).click();
        await app.page.getByRole('button', { name: 'Edit Remote' }).click();
        await expect(settings.form.getByRole('heading', { name: 'Edit Remote' })).toBeVisible();
        await expect(settings.form.getByLabel('Base URL')).toHaveValue('https://api.example.com');
        expect(await seriousViolations(app.page), 'editing a profile').toEqual([]);
      });
    });
  });
}

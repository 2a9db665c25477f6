import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download } from '@playwright/test';
import { allowanceHolderPriceBody } from '../src/spec/test-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { customerEntry, HistoryPage } from './pages/history-page.ts';
import { saveScreenshot } from './screenshot.ts';

// A support engineer opens a customer's Allowance Holder answer from a server that dropped `mode`
// and `buyAmount`: the schema report names both, not only the discriminator zod stopped at, and the
// exported support report says the same, in the same words.
const { mode: _mode, buyAmount: _buyAmount, ...body } = allowanceHolderPriceBody();
const zid = body.zid as string;
const SUMMARY = "The body differs from the spec's schema for allowance-holder.price in 2 places:";
const ROWS = ['KindPathDetail', 'missing$.modeexpected "exact-in" or "exact-out"', 'missing$.buyAmountexpected string'];

test("an imported Allowance Holder answer without mode has the missing buyAmount in its schema report, beside mode's values, and the exported report shows it in the same words", async ({ app }) => {
  await app.show('History');
  const entry = customerEntry('https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=100000000', JSON.stringify(body), zid);
  const history = new HistoryPage(app.page);
  await history.importEntries([entry]);
  await history.row(zid).getByRole('button').click();
  await history.tab('Request and response');
  const report = history.detail.getByRole('table', { name: 'Schema report' });
  await expect(report.getByRole('row')).toHaveText(ROWS, { timeout: 20_000 });
  await expect(history.detail.getByText(SUMMARY)).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  await app.screenshotAtBothSizes('history-schema-report-no-mode', () => report.scrollIntoViewIfNeeded());
  await app.expectNoSeriousAxe('an entry with its schema report');

  const seen: Download[] = [];
  app.page.on('download', (download) => seen.push(download));
  await history.detail.getByRole('button', { name: 'Export report' }).click();
  await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(2);
  const html = await readFile(await seen.find((download) => download.suggestedFilename().endsWith('.html'))!.path(), 'utf8');
  const page = await app.page.context().newPage();
  try {
    await page.setContent(html);
    await expect(page.getByText(SUMMARY)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schema report' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Differences from the spec' }).getByRole('row')).toHaveText(ROWS);
    for (const [label, viewport] of [['1280', { width: 1280, height: 800 }], ['1920', { width: 1920, height: 1080 }]] as const) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByRole('heading', { name: 'Schema report' }).scrollIntoViewIfNeeded();
        await saveScreenshot(page, { path: `test-results/screenshots/support-report-schema-${label}-${scheme}.png` });
        const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(serious.map((violation) => violation.id), `axe on the report, ${label} ${scheme}`).toEqual([]);
      }
    }
  } finally {
    await page.close();
  }
});

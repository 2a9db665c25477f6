import AxeBuilder from '@axe-core/playwright';
import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshotSet } from './screenshot.ts';

// A customer's log line drops the 0x of the zid. History's search box finds it so; the paste box
// reads the same text the same way (src/domain/support/zid.ts), and Enter opens its entry.

test('a zid pasted without its 0x is read as that zid, as History\'s search box reads it, and Enter opens its entry', async ({ app, engine }, testInfo) => {
  const zid = '0x5c4ee75c00000000000000b2';
  await engine.history.insertMany([sampleEntry({ zid })]);
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(zid.slice(2).toUpperCase());
  await expect(paste.recognised).toContainText('a zid', { timeout: 20_000 });
  await expect(paste.dialog.getByRole('list', { name: 'Matching entries' })).toContainText(zid, { timeout: 20_000 });
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'bare-zid');
  const axe = await new AxeBuilder({ page: app.page }).include('dialog[open]').analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  await paste.box.press('Enter');
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid, { timeout: 20_000 });
});

import AxeBuilder from '@axe-core/playwright';
import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { saveScreenshotSet } from './screenshot.ts';

// All a customer sent is a screenshot of their app's error, typed out or copied from it: a line of
// text with the zid in it. The zid is what leads to the request, so the box finds it and looks it up.

test("a screenshot's text with a zid in it is read as that zid: it is looked up, and Enter opens its entry", async ({ app, engine }, testInfo) => {
  const zid = '0x5c4ee75c0000000000000042';
  const body = { name: 'TOKEN_NOT_SUPPORTED', message: 'Token not supported', data: { zid } };
  await engine.history.insertMany([sampleEntry({ zid, status: 400, statusText: 'Bad Request', errorName: 'TOKEN_NOT_SUPPORTED', bodyText: JSON.stringify(body), body })]);
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(`Swap failed — TOKEN_NOT_SUPPORTED\nRequest ID: ${zid}\nTry again later`);
  await expect(paste.recognised).toContainText('a zid, found in the text');
  await expect(paste.dialog.getByRole('list', { name: 'Matching entries' })).toContainText(zid);
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'screenshot-text');
  const axe = await new AxeBuilder({ page: app.page }).include('dialog[open]').analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  await paste.box.press('Enter');
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
});

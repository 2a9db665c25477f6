import { readFile } from 'node:fs/promises';
import { expect, test } from './app-session.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { wordsSplitAcrossLines } from './line-breaks.ts';
import { SEND, v1Curl, sendPrice, customerFileFrom, downloads, screenshot, seriousAxe } from './support-session.ts';

// Issue 17, "Paste anything": each kind of paste result, the corrected request and the exported
// report, at 1280x800 and 1920x1080, light and dark; axe on the price body.

test('screenshots: paste results, the corrected request and the report, at 1280x800 and 1920x1080, light and dark', async ({ page, openSession }) => {
  test.setTimeout(240_000);
  const { engine } = await openSession(page);
  const ours = await sendPrice(page, '1');
  const customer = await customerFileFrom(engine, ours);
  const paste = new PasteBox(page);
  const shots = [
    { name: 'support-paste-request', text: v1Curl('sk_live_screenshot_key_0001'), ready: paste.corrected },
    { name: 'support-paste-unknown-zid', text: customer.zid, ready: paste.dialog.getByRole('alert', { name: 'Not in History' }) },
    // The customer's price body as they would paste it: what it answered, laid out under its summary.
    { name: 'support-paste-price', text: JSON.stringify(JSON.parse((JSON.parse(customer.text) as { entries: { bodyText: string }[] }).entries[0]!.bodyText), null, 2), ready: paste.dialog.getByRole('table', { name: 'What the answer says' }) },
    { name: 'support-paste-error', text: JSON.stringify({ name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid: customer.zid, details: [{ field: 'takerAddress', reason: 'is a v1 parameter; in v2 use taker' }, { field: 'slippagePercentage', reason: 'is a v1 parameter; in v2 use slippageBps' }] } }, null, 2), ready: paste.dialog.getByRole('region', { name: 'Body explanation' }) },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      for (const shot of shots) {
        if (!(await paste.dialog.isVisible())) await paste.open();
        await paste.paste(shot.text);
        await expect(shot.ready).toBeVisible();
        await screenshot(page, `${shot.name}-${size.width}-${scheme}`);
        if (shot.name === 'support-paste-price') {
          expect(await seriousAxe(page), `axe: ${shot.name} ${size.width} ${scheme}`).toEqual([]);
          // A zid of an answer that went well: the advice presumes no failure.
          await expect(paste.dialog.getByRole('alert', { name: 'Not in History' })).toContainText('what was sent and what came back');
          await expect(paste.dialog.getByRole('alert', { name: 'Not in History' })).not.toContainText('failed');
          // The body names no chain: base units until the customer's chain is named, then token units.
          const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
          await expect(explained).toContainText('Amounts in base units: the body names no chain');
          await paste.dialog.getByLabel("Customer's chain").selectOption({ label: 'Ethereum (1)' });
          await expect(explained).toContainText('Amounts read with the token list of Ethereum (1), the chain named for this body.');
          await expect(explained.getByText(/^A price: sells [\d,.]+ \S+ \(\d+ base units\) for [\d,.]+ \S+ \(\d+ base units\)\./)).toBeVisible();
          await expect(explained.getByRole('table', { name: 'What the answer says' })).toContainText(/network fee[\d.]+ ETH \(\d+ base units\)/);
          await screenshot(page, `support-paste-price-on-chain-${size.width}-${scheme}`);
          expect(await seriousAxe(page), `axe: ${shot.name} on a chain ${size.width} ${scheme}`).toEqual([]);
        }
        if (shot.name === 'support-paste-request') {
          // The corrected request sits below the findings: scrolled into view for its own screenshot.
          await paste.corrected.getByRole('heading', { name: 'Corrected v2 request' }).scrollIntoViewIfNeeded();
          await screenshot(page, `support-corrected-request-${size.width}-${scheme}`);
        }
      }
    }
  }
  await paste.dialog.getByLabel("Import the customer's HAR/JSON file").setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(customer.text) });
  const history = new HistoryPage(page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(customer.zid, SEND);
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.diff).toBeVisible(SEND);
  const seen = downloads(page);
  await history.diff.getByRole('button', { name: 'Export report' }).click();
  await expect.poll(() => seen.length, SEND).toBe(2);
  const html = await readFile(await seen.find((download) => download.suggestedFilename().endsWith('.html'))!.path(), 'utf8');
  const report = await page.context().newPage();
  await report.setContent(html);
  // At 1280 px a request's curl, its corrected URL and each entry's request line wrap between parameters, not inside one
  // ("sellAmount=1000000" / "000000000000" read as two numbers).
  await report.setViewportSize({ width: 1280, height: 800 });
  const requests = report.locator('pre, p').filter({ hasText: /^(curl|GET) / });
  // The customer's curl and its corrected URL, then each entry's request line.
  expect(await requests.count()).toBeGreaterThanOrEqual(3);
  expect(await wordsSplitAcrossLines(requests), 'report: parameters split').toEqual([]);
  // ...and within the page: the request line of an entry ran past its right edge, unwrapped.
  expect(await report.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'report wider than the window').toBeLessThanOrEqual(0);
  for (const scheme of ['light', 'dark'] as const) {
    await report.emulateMedia({ colorScheme: scheme });
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await report.setViewportSize(size);
      await screenshot(report, `support-report-${size.width}-${scheme}`);
    }
  }
  await report.close();
});

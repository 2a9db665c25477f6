import { expect, test } from './fixtures.ts';
import type { Locator } from '@playwright/test';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';

// The local service's demo taxed tokens read as Compare reads them (TAXD, not base units), and the
// token field's messages are read whole.
const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }] as const;
const TOKEN_AMOUNT = /^[0-9][0-9,]*(\.[0-9]+)? TAXD$/;

// A message is read whole when its box holds all its text and lies inside its field's label.
async function expectWhole(message: Locator, label: string): Promise<void> {
  await expect(message).toBeVisible();
  const fit = await message.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const field = element.closest('label')!.getBoundingClientRect();
    return { overflowX: element.scrollWidth - element.clientWidth, overflowY: element.scrollHeight - element.clientHeight, outside: box.right - field.right };
  });
  expect({ overflowX: fit.overflowX, overflowY: fit.overflowY, isInside: fit.outside <= 0 }, label).toEqual({ overflowX: 0, overflowY: 0, isInside: true });
}

test.describe('against the engine', () => {
  test('a demo token typed by its symbol is sent by address, and its amounts read in TAXD in the result and in History', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'taxd', amount: '70' });
    await expect(explorer.form.getByLabel('Buy token')).toHaveAttribute('aria-invalid', 'false');
    // Only the local service trades it, and the field says so (on the Local service profile here).
    const note = explorer.form.getByRole('note').filter({ hasText: 'TAXD is a demo taxed token of the local service (0x7a7a…0001)' });
    for (const viewport of VIEWPORTS) {
      await app.page.setViewportSize(viewport);
      await expectWhole(note, `demo token note at ${viewport.width}px`);
    }
    await explorer.send();
    await expect(app.page.getByLabel('Request URL')).toContainText('buyToken=0x7a7a000000000000000000000000000000000001');
    // The URL wraps between its parameters: each token's address reads on one line at both sizes.
    for (const viewport of VIEWPORTS) {
      await app.page.setViewportSize(viewport);
      const split = await app.page.getByLabel('Request URL').evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const out: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/0x[0-9a-fA-F]{40}/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) out.push(match[0]);
          }
        }
        return out;
      });
      expect(split, `addresses split in the request URL at ${viewport.width}px`).toEqual([]);
    }
    const buyAmount = explorer.result.getByRole('row', { name: /^Buy amount/ }).getByRole('cell');
    await expect(buyAmount).toHaveText(TOKEN_AMOUNT);
    await expect(explorer.result.getByRole('row', { name: /^Min buy amount/ }).getByRole('cell')).toHaveText(TOKEN_AMOUNT);
    await expect(explorer.result.getByRole('table', { name: 'Fees' })).toContainText('TAXD');
    await expect(explorer.result.getByRole('table', { name: 'Fees' })).not.toContainText('base units');
    const shown = (await buyAmount.textContent())!;
    await app.expectNoSeriousAxe('Explorer, a USDC → TAXD price');
    await app.screenshotAtBothSizes('explorer-demo-token', () => explorer.result.getByRole('heading', { name: 'Summary' }).evaluate((element) => element.scrollIntoView({ block: 'start' })));

    await explorer.result.getByRole('button', { name: 'Open in history' }).click();
    const history = new HistoryPage(app.page);
    await expect(history.detail.getByLabel('Entry summary')).toContainText('USDC → TAXD');
    await expect(history.detail.getByRole('row', { name: /^Buy amount/ }).getByRole('cell')).toHaveText(shown);
    await expect(history.detail.getByRole('table', { name: 'Fees' })).not.toContainText('base units');
    await app.expectNoSeriousAxe('History detail of a USDC → TAXD price');
  });
});

test('a token field says a malformed address is one, with its hex digits counted, and its messages wrap whole', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: '0x1234', buy: 'NOPE', amount: '1' });
  const malformed = explorer.form.getByText('is a malformed address: it has 4 hex digits after 0x, 40 needed', { exact: true });
  const unknown = explorer.form.getByText('"NOPE" is not a token symbol on Ethereum; paste an address instead', { exact: true });
  for (const viewport of VIEWPORTS) {
    await app.page.setViewportSize(viewport);
    await expectWhole(malformed, `malformed address at ${viewport.width}px`);
    await expectWhole(unknown, `unknown symbol at ${viewport.width}px`);
  }
  await app.expectNoSeriousAxe('Explorer, token field messages');
  await app.screenshotAtBothSizes('explorer-token-message', () => app.heading('Explorer').scrollIntoViewIfNeeded());
});
